"""tools/best_response.py: the most any player can win against Greedy, on a Corner to
Corner position small enough to work out by hand, and Greedy's choices read from its
own ``best`` (the moves ``choose`` draws from)."""

from __future__ import annotations

from tests.ai.tools import load_tool
from vtt.ai.greedy import GreedyAgent
from vtt.rules.engine import State
from vtt.rules.records import Record, start_state
from vtt.rules.stdlib import deck

# Red (seat 0) walks a column of Rocks, e2 e3 e4 e5, to its corner e5: three steps,
# its third move. Blue (Greedy, seat 1) stands on b2, two steps from its corner a1,
# and has two steps toward it, tied for Greedy: a2 (Scissors), from which a1
# (Scissors, the same suit) is one step more, and b1 (Lizard), from which a1 is
# not (Scissors beats Lizard). On a2 Blue wins at its second move, before Red's third;
# on b1 it can only change its card at its second move, and Red wins at its third.
# Nothing Red does reaches Blue in time, so the best Red can win is one half.
FIELD = {
    "e2": ["pawn@1", "9R"],
    "e3": ["8R"],
    "e4": ["6R"],
    "e5": ["5R"],
    "b2": ["pawn@2", "KR"],
    "a2": ["5S"],
    "b1": ["5L"],
    "a1": ["4S"],
}
RED_FIRST = ["7R", "2R"]  # drawn for the first turn: the higher Rock, Red's


def _race() -> State:
    named = {word for stack in FIELD.values() for word in stack} | set(RED_FIRST)
    spare = iter(str(c) for c in deck() if str(c) not in named)
    cells = [f"{c}{r}" for c in "abcde" for r in range(1, 6)]
    field = {cell: FIELD.get(cell) or [next(spare)] for cell in cells}
    deal = {"stock": RED_FIRST, "field": field}
    state = start_state(Record(pack="corner-edge", options={"game": "corner"}, deal=deal))
    state.apply("draw")
    state.apply("draw")
    assert state.to_move == 0
    return state


def test_greedy_chooses_among_its_best_moves_each_alike() -> None:
    state = _race()
    state.apply("step pawn e2 e3")
    legal = list(state.legal_moves)
    agent = GreedyAgent(seed=3)
    best = sorted(move.text for move in agent.best(state.view(1), legal))
    assert best == ["step pawn b2 a2", "step pawn b2 b1"]
    # The true position as the deal judged on gives the same two.
    assert sorted(m.text for m in agent.best(state.view(1), legal, deal=state)) == best
    # choose draws one of them, with the seeds given both.
    picks = {GreedyAgent(seed=s).choose(state.view(1), legal).text for s in range(12)}
    assert picks == set(best)


def test_the_best_against_greedy_in_a_race_is_one_half() -> None:
    tool = load_tool("best_response")
    # Five moves settle it (Red, Blue, Red, Blue, Red): one half exactly.
    search = tool.BestResponse(0)
    assert search.bounds(_race(), 5) == (0.5, 0.5)
    # Cut after four: Blue's a2 has won by then, its b1 has not ended: 0 to one half.
    search = tool.BestResponse(0)
    assert search.bounds(_race(), 4) == (0.0, 0.5)
    # Counting Red's steps to go (three) cuts the line at once when it has two moves;
    # with three, the low bound is the same, but the high one counts every line cut
    # short as won (after a2, Red's replace leaves two steps for one move): 1.
    search = tool.BestResponse(0, tool.corner_steps)
    assert search.bounds(_race(), 4) == (0.0, 1.0)
    assert search.capped == 1
    assert tool.BestResponse(0, tool.corner_steps).bounds(_race(), 5) == (0.5, 1.0)
    # In Blue's seat against a Greedy Red, Blue takes a2 every time and wins.
    assert tool.BestResponse(1).bounds(_race(), 5) == (1.0, 1.0)
