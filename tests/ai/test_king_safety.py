"""Janken Go over positions, not one game: a computer never ends its turn with its King
within a turn's reach of the other seat's Stone, Paper or Scissors when it can keep it
out of reach, and blocks (or takes) a King that could reach its back row next turn.

Blue is to move at the start of its turn in every position; the agent plays its whole
turn (fixed iterations, so the same moves on any machine) and the board after it is
checked by a walk over empty cells, written here apart from the pack."""

from __future__ import annotations

from typing import Any

import pytest

from vtt.ai.levels import make_agent
from vtt.rules import State, load_game
from vtt.rules.deal import apply_deal
from vtt.rules.stdlib import cells, neighbours

BLUE, RED = 0, 1
STEPS = 3

#: Blue's King in reach of a Red Stone, and able to walk out of it.
FLEE = {"current": 0, "board": {"e5": ["K@1"], "e1": [], "e7": ["R@2"]}}
#: Blue's King out of reach of a Red Stone: walking up the middle walks into reach.
DONT_APPROACH = {"current": 0, "board": {"e3": ["K@1"], "e1": [], "e8": ["R@2"], "e9": []}}
#: The same off the middle, with a Paper and a Scissors.
FLEE_SIDE = {"current": 0, "board": {"c5": ["K@1"], "e1": [], "c7": ["P@2"]}}
DONT_APPROACH_SIDE = {"current": 0, "board": {"g4": ["K@1"], "e1": [], "g8": ["S@2"]}}
#: Red's King two and three steps from Blue's back row, at either side.
BLOCK_LEFT = {"current": 0, "board": {"a3": ["K@2"], "e9": []}}
BLOCK_RIGHT = {"current": 0, "board": {"i4": ["K@2"], "e9": []}}


def _position(deal: dict[str, Any]) -> State:
    state = load_game("janken-go").new_state({}, 1)
    apply_deal(state, deal)
    return state


def _play_turn(state: State, level: str) -> list[str]:
    agent = make_agent(level, 1)
    seat, played = state.to_move, []
    while not state.is_terminal() and state.to_move == seat:
        move = agent.choose(state.view(seat), list(state.legal_moves))
        played.append(move.text)
        state.apply_unchecked(move)
    return played


def _owned(state: State, seat: int, kinds: str) -> list[Any]:
    board = state.env["board"]
    return [
        c
        for c in cells(board)
        if board[c] and board[c][-1].owner == seat and board[c][-1].kind in kinds
    ]


def _walk(state: State, start: list[Any], steps: int) -> set[Any]:
    board = state.env["board"]
    seen = set(start)
    for _ in range(steps):
        seen |= {n for c in seen for n in neighbours(board, c) if not board[n]}
    return seen


def king_in_reach(state: State, seat: int) -> bool:
    """An R/P/S of the other seat can step onto ``seat``'s King within a turn."""
    kings = _owned(state, seat, "K")
    reach = _walk(state, _owned(state, 1 - seat, "RPS"), STEPS - 1)
    return not kings or any(k in neighbours(state.env["board"], c) for k in kings for c in reach)


def king_gets_home(state: State, seat: int) -> bool:
    """``seat``'s King can walk to its far row within a turn."""
    far = state.env["size"] - 1 if seat == BLUE else 0
    return any(c.row == far for c in _walk(state, _owned(state, seat, "K"), STEPS))


def test_the_positions_are_what_they_say():
    for deal in (FLEE, FLEE_SIDE):
        assert king_in_reach(_position(deal), BLUE)
    for deal in (DONT_APPROACH, DONT_APPROACH_SIDE):
        assert not king_in_reach(_position(deal), BLUE)
    for deal in (BLOCK_LEFT, BLOCK_RIGHT):
        assert king_gets_home(_position(deal), RED)


CASES = [
    pytest.param("normal", FLEE, id="normal-flee"),
    pytest.param("normal", DONT_APPROACH, id="normal-dont-approach"),
    pytest.param("normal", FLEE_SIDE, id="normal-flee-side"),
    pytest.param("normal", DONT_APPROACH_SIDE, id="normal-dont-approach-side"),
    pytest.param("normal", BLOCK_LEFT, id="normal-block-left"),
    pytest.param("normal", BLOCK_RIGHT, id="normal-block-right"),
    pytest.param("hard", FLEE, id="hard-flee"),
    pytest.param("hard", BLOCK_RIGHT, id="hard-block-right"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("level", "deal"), CASES)
def test_a_turn_leaves_no_king_in_reach_and_no_way_home(level, deal):
    state = _position(deal)
    played = _play_turn(state, level)
    if state.is_terminal():  # a King taken or home: Blue's
        assert state.outcome.winners == [BLUE] or tuple(state.outcome.winners) == (BLUE,), played
        return
    assert not king_in_reach(state, BLUE), played
    assert not king_gets_home(state, RED), played
