"""A pack is one record: ``PackSpec`` (what the check pass found) holds the fields, and a
``Game`` is that record compiled, restating none of them."""

from __future__ import annotations

import dataclasses

import pytest

from vtt.resources import rulesets_dir
from vtt.rules import load_game
from vtt.rules.game import Game, PackSpec
from vtt.rules.loader import check_pack, compile_pack


def test_a_game_is_its_spec_compiled_with_no_field_of_its_own_to_give() -> None:
    given = [part.name for part in dataclasses.fields(Game) if part.init]
    assert given == [part.name for part in dataclasses.fields(PackSpec)]
    assert "id" not in Game.__annotations__  # the fields are written once, in PackSpec


def test_a_game_has_every_fact_of_its_spec() -> None:
    checked = check_pack(rulesets_dir() / "war")
    assert checked.spec is not None
    game = compile_pack(checked.spec)
    assert isinstance(game, PackSpec)
    for part in dataclasses.fields(PackSpec):
        if part.name in ("moves", "phases", "source"):
            continue
        assert getattr(game, part.name) == getattr(checked.spec, part.name), part.name
    assert list(game.moves) == list(checked.spec.moves)
    assert game.source is None  # the YAML read stays with the spec


def test_a_game_is_frozen_and_its_seat_copies_keep_caches_of_their_own() -> None:
    game = load_game("war")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.name = "Peace"  # type: ignore[misc]
    copy = game.for_seat(0)
    assert copy is not game and copy == game  # the same record
    assert copy._spellings is not game._spellings and copy._seat == 0
