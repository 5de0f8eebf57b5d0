"""A pack is one record: ``PackSpec`` (what the check pass found) holds the fields, and a
``Game`` is that record compiled, restating none of them."""

from __future__ import annotations

import dataclasses

import pytest

from vtt.resources import rulesets_dir
from vtt.rules import load_game
from vtt.rules.game import Game, PackSpec
from vtt.rules.loader import check_pack, compile_pack
from vtt.rules.model import MoveDef, PhaseDef


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


def test_every_step_list_has_one_home_the_packs_step_lists() -> None:
    game = load_game("war")
    assert not any(
        part.name in ("effects", "enter", "after_move", "then", "stuck", "setup")
        for record in (MoveDef, PhaseDef, PackSpec)
        for part in dataclasses.fields(record)
    )
    assert set(game.steps.effects) == set(game.moves)
    assert set(game.steps.enter) == set(game.phases)
    state = game.new_state(seed=1)
    # A set of options' lists are the pack's, decided: where no option is tested, the same.
    decided = state._rules.steps
    assert decided.effects["flip"] == game.steps.effects["flip"]
