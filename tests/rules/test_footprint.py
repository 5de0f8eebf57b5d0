"""Footprints against the truth: what a move's effects really move first, in every pack."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.packs.test_conformance import GAMES
from tests.rules.oracle import run_step
from vtt.janken import Card
from vtt.resources import rulesets_dir
from vtt.rules.engine import Game, GameOver, State
from vtt.rules.expr import METER_KEY, start_work
from vtt.rules.finder import load_game, pack_folders
from vtt.rules.footprint import Footprint
from vtt.rules.moves import Move
from vtt.rules.values import Cell, Piece

Places = dict[tuple[Any, ...], Counter[Any]]


def _game_packs() -> list[str]:
    """Every pack in rulesets/ that has rules (of the packs the conformance tests load
    once per test process, not loaded again here)."""
    shipped = {folder.resolve() for folder in pack_folders(rulesets_dir())}
    return sorted(game.id for game in GAMES if Path(game.path).parent.resolve() in shipped)


def _places(state: State) -> Places:
    """Every stack by its key (zone name, then indexes), as counts of what it holds;
    a piece counts as its kind, which is what a move names."""
    found: Places = {}

    def walk(node: Any, depth: int, key: tuple[Any, ...]) -> None:
        if depth == 0:
            found[key] = Counter(c.kind if isinstance(c, Piece) else c for c in node)
            return
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for index, child in items:
            walk(child, depth - 1, (*key, index))

    for zone in state.game.zones.values():
        walk(state.zone(zone.name), zone.depth, (zone.name,))
    return found


def _first_change(state: State, move: Move) -> tuple[Places, Places] | None:
    """What the move's effects change first in the zones, run step by step on a copy:
    what left each place and what reached each place; None if they change nothing."""
    copy = state.copy()
    kind, values = move.kind, move.values
    env = copy.env
    env["me"] = copy.to_move
    kind.bind(env, values)
    before = _places(copy)
    start_work(env[METER_KEY])
    for step in copy._rules.effects[kind.name]:
        with contextlib.suppress(GameOver):
            run_step(step, copy)
        after = _places(copy)
        if after != before:
            left = {k: before[k] - after.get(k, Counter()) for k in before}
            reached = {k: after[k] - before.get(k, Counter()) for k in after}
            return {k: c for k, c in left.items() if c}, {k: c for k, c in reached.items() if c}
        if copy.outcome is not None:
            return None
    return None


def _option_sets(game: Game) -> list[dict[str, object]]:
    return [{}, *(dict(options) for options in game.variants.values())]


def _positions(game: Game, options: dict[str, object], seed: int, players: int | None):
    """Positions of a random game, one after each move."""
    state = game.new_state(options, seed, players=players)
    chooser = random.Random(seed)
    for _ in range(25):
        if state.outcome is not None:
            return
        yield state
        moves = state.legal_list()
        state.apply_unchecked(moves[chooser.randrange(len(moves))])


def _moved_argument(move: Move, left: Places, reached: Places) -> bool:
    """True if the first change is one component, an argument of the move, moving."""
    sizes = [sum(c.values()) for c in (*left.values(), *reached.values())]
    if sizes != [1, 1]:
        return False
    (moved,) = next(iter(left.values()))
    return isinstance(moved, Card | str) and moved in move.values


@pytest.mark.parametrize("pack", _game_packs())
def test_every_footprint_is_what_the_move_moves_first(pack: str) -> None:
    game = load_game(pack)
    checked = Counter[str]()
    for number, options in enumerate(_option_sets(game)):
        more = number == 0 and game.players[1] > game.players[0]
        for players in (None, game.players[1]) if more else (None,):  # the most seats too
            for seed in range(2):
                for state in _positions(game, options, seed, players):
                    feet = state.footprints()
                    for move in state.legal_list():
                        truth = _first_change(state, move)
                        foot = feet.get(move)
                        assert foot == state.footprint(move)
                        if foot is None:
                            # No footprint: the move does not begin by moving an argument.
                            assert truth is None or not _moved_argument(move, *truth), move
                            continue
                        assert truth is not None, f"{move} moves nothing"
                        left, reached = truth
                        assert left == {foot.source: Counter([foot.component])}, move
                        assert reached == {foot.target: Counter([foot.component])}, move
                        checked[move.kind.name] += 1
    assert checked, f"{pack}: no move with a footprint was checked"


def test_moves_that_move_nothing_of_their_own_have_no_footprint() -> None:
    war = load_game("war")
    state = war.new_state({"mode": "classic"}, 1)
    assert state.footprint("flip") is None  # the top card, not an argument
    assert state.footprints() == {}
    ttr = load_game("tic-tac-rock").new_state(seed=1)
    assert ttr.footprint("pass") is None
    move = ttr.legal_list()[0]
    assert ttr.footprint(move) == Footprint(
        move.values[0], ("hand", ttr.to_move), ("board", 0, move.values[1])
    )


def test_a_footprint_follows_the_seat_to_move_and_the_board_played_on() -> None:
    state = load_game("tic-tac-rock").new_state({"boards": 2}, seed=5)
    mover = state.to_move
    card = state.zone("hand")[mover][0]
    foot = state.footprint(f"play {card} at c3 on Board 1")
    assert foot == Footprint(card, ("hand", mover), ("board", 0, Cell.parse("c3")))
    assert foot.what == str(card)
    state.apply(next(m for m in state.legal_list() if m.kind.name == "play_on"))
    assert state.to_move == mover  # the same player goes on to the second board
    card = state.zone("hand")[mover][0]
    foot = state.footprint(f"play {card} at a1 on Board 2")
    assert foot is not None and foot.target == ("board", 1, Cell.parse("a1"))


def test_a_footprint_needs_a_move_step_that_nothing_before_changes() -> None:
    from vtt.rules import load_pack_text

    text = """\
format: 1
id: steps
name: Steps
players: {min: 2, max: 2}
components:
  pieces: {pieces: [R], count: 2, per: player, start: "pool[seat]"}
zones:
  pool: {per: player}
  row: {grid: [3, 1]}
vars:
  at: 0
flow:
  start: go
  phases:
    go: {turn: single, moves: [logged, shifted, guarded, counted]}
moves:
  logged:
    text: "logged {piece} {square}"
    args: {piece: {type: piece, from: "pool[me]"}, square: {type: cell, grid: row}}
    effects:
      - log: "{piece} goes"
      - move: {what: piece, from: "pool[me]", to: "row[square]"}
  shifted:
    text: "shifted {piece} {square}"
    args: {piece: {type: piece, from: "pool[me]"}, square: {type: cell, grid: row}}
    effects:
      - set: {at: 1}
      - move: {what: piece, from: "pool[at]", to: "row[square]"}
  guarded:
    text: "guarded {piece} {square}"
    args: {piece: {type: piece, from: "pool[me]"}, square: {type: cell, grid: row}}
    effects:
      - if: "at == 0"
        then: [{move: {what: piece, from: "pool[me]", to: "row[square]"}}]
  counted:
    text: "counted {piece} {square}"
    args: {piece: {type: piece, from: "pool[me]"}, square: {type: cell, grid: row}}
    effects:
      - move: {from: "pool[me]", count: 1, to: "row[square]"}
"""
    state = load_pack_text(text).new_state()
    foot = state.footprint("logged R a1")
    assert foot == Footprint("R", ("pool", 0), ("row", Cell.parse("a1")))
    assert state.footprint("shifted R a1") is None  # 'at' changes before the move reads it
    assert state.footprint("guarded R a1") is None  # the move may not run
    assert state.footprint("counted R a1") is None  # the top piece, not the argument
