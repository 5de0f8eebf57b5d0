"""What a game works out per tuple of seat names stays bounded: a host that plays game
after game with ever new names keeps no more than ``SEAT_NAMES_KEPT`` of them, and a
game whose names were let go still plays exactly as before."""

from __future__ import annotations

import random

from vtt.rules.engine import Game, State
from vtt.rules.finder import find_pack
from vtt.rules.loader import load_pack
from vtt.rules.recent import SEAT_NAMES_KEPT
from vtt.rules.sampling import sample
from vtt.rules.search import codec_of


def _fresh(pack: str) -> Game:
    return load_pack(find_pack(pack))  # its own caches: load_game's game is shared


def _moves(state: State, count: int, seed: int) -> None:
    """``count`` random moves, by text and by action in turn (both read the seat names)."""
    rng = random.Random(seed)
    for index in range(count):
        if state.is_terminal():
            return
        if index % 2:
            state.apply(str(rng.choice(list(state.legal_moves))))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _ann_and_ben(game: Game, between: int = 0) -> State:
    """A game of Ann and Ben, with ``between`` games of other seats played meanwhile."""
    state = game.new_state({}, 1, seat_names=("Ann", "Ben"))
    _moves(state, 4, 1)
    for index in range(between):
        _moves(game.new_state({}, index, seat_names=(f"A{index}", f"B{index}")), 4, index)
        _sampled(game, index)
    _moves(state, 1000, 2)
    return state


def _sampled(game: Game, index: int) -> None:
    """A search's position from a seat's view: the seat's own copy of the pack keeps
    caches per seat names too."""
    state = game.new_state({}, index, seat_names=(f"C{index}", f"D{index}"))
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    sample(view, random.Random(index)).legal_actions()
    assert view.game is not None and len(view.game._blanks) <= 2 * SEAT_NAMES_KEPT


def test_games_with_ever_new_seat_names_keep_the_caches_bounded() -> None:
    game = _fresh("tic-tac-rock")  # small rules: each new tuple of names compiles them
    played = _ann_and_ben(game, between=SEAT_NAMES_KEPT + 8)
    assert len(game._spellings) == SEAT_NAMES_KEPT
    assert len(game._blanks) <= 2 * SEAT_NAMES_KEPT
    assert len(game._started) <= SEAT_NAMES_KEPT
    assert len(codec_of(game)._moves) <= SEAT_NAMES_KEPT
    # Ann and Ben's names were let go meanwhile: their game played on as it would have.
    alone = _ann_and_ben(_fresh("tic-tac-rock"))
    assert played.key() == alone.key() and played.outcome == alone.outcome
    assert [str(m) for m in played.history] == [str(m) for m in alone.history]
