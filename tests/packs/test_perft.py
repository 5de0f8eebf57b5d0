"""Perft: the number of legal move sequences of depth 1-3, against independent fixtures.

The fixtures (tests/packs/perft/*.yaml) were worked out with the hand-coded games in
benchmarks/reference/. Their deals use the fixture's own words (``hands``,
``center``, ``stock``, ``dealer``), translated here to the packs' zones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vtt.rules.engine import State
from vtt.rules.finder import load_game
from vtt.rules.yamlsource import load_yaml_file

FIXTURES = sorted((Path(__file__).parent / "perft").glob("*.yaml"))


def perft(state: State, depth: int) -> int:
    """Legal move sequences of exactly ``depth`` moves (a finished game has none)."""
    moves = list(state.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.copy()
        child.apply_unchecked(move)
        total += perft(child, depth - 1)
    return total


def _deal(pack: str, raw: dict[str, Any] | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    if pack != "tic-tac-rock":
        return raw
    players = len(raw["hands"])
    return {
        "hand": raw["hands"],
        "board": [{"b2": [raw["center"]]}],
        "stock": raw["stock"],
        "vars": {"dealer": raw["dealer"]},
        "current": (raw["dealer"] + 1) % players,
    }


def _options(pack: str, raw: dict[str, Any]) -> dict[str, Any]:
    # The fixtures count within one round: a won round ends the tree.
    return {"wins_needed": 1, **raw} if pack == "tic-tac-rock" else dict(raw)


def _cases() -> list[Any]:
    cases = []
    for path in FIXTURES:
        data = load_yaml_file(path).data
        assert isinstance(data, dict)
        for position in data["positions"]:
            cases.append(
                pytest.param(data["pack"], position, id=f"{data['pack']}:{position['name']}")
            )
    return cases


@pytest.mark.parametrize(("pack", "position"), _cases())
def test_perft_matches_the_fixture(pack: str, position: dict[str, Any]) -> None:
    game = load_game(pack)
    deal = position.get("deal") or {}
    players = position.get("players") or (len(deal["hands"]) if "hands" in deal else None)
    state = game.new_state(
        _options(pack, position.get("options") or {}),
        0,
        players=players,
        deal=_deal(pack, position.get("deal")),
    )
    for move in position.get("moves", []):
        state.apply(move)
    counts = [perft(state, depth) for depth in range(1, min(3, len(position["counts"])) + 1)]
    assert counts == position["counts"][: len(counts)]
