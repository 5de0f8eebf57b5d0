"""Generated code reaches the state only through its public runtime interface.

The engine writes each step list, the settle loop, every move's aftermath and each
move search as Python functions (``vtt.rules.stepgen``, ``flowgen``, ``generate``).
That code may use the names in ``vtt.rules.engine.RUNTIME`` and nothing private: a
change to the state's insides then cannot silently break the code it generates.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.packs.test_conformance import GAMES, option_sets
from vtt.rules import flowgen, generate, stepgen
from vtt.rules.engine import RUNTIME, Game, State


def _generated(state: State) -> Iterator[Any]:
    """Every generated function a state of this game runs."""
    rules = state._rules
    yield rules.settle
    yield from rules.play.values()
    yield from (run for run in (rules.run_setup, rules.run_end) if run is not None)
    for runners in (rules.run_then, rules.run_stuck):
        yield from (run for run in runners.values() if run is not None)
    for kinds in rules.generators.values():
        yield from (generator for _, generator, *_ in kinds)


def _private_uses(source: str) -> list[str]:
    """The attributes generated ``source`` reads that are private, or that are not in
    the state's runtime interface when read from the state."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            found.append(name)
        elif isinstance(node.value, ast.Name) and node.value.id == "_state" and name not in RUNTIME:
            found.append(f"_state.{name}")
    return found


PLAYABLE = [game for game in GAMES if game.kind != "setup"]


@pytest.mark.parametrize("game", PLAYABLE, ids=[game.id for game in PLAYABLE])
def test_generated_code_uses_only_the_runtime_interface(game: Game) -> None:
    checked = 0
    for options, players in option_sets(game):
        state = game.new_state(options, players=players)
        for function in _generated(state):
            source = function.source
            assert not _private_uses(source), (game.id, options, _private_uses(source))
            checked += 1
    assert checked > len(option_sets(game))


def test_the_check_finds_a_private_name() -> None:
    assert _private_uses("def _run(_state):\n    _state._legal = None") == ["_legal"]
    assert _private_uses("def _run(_state):\n    _state.outcome = None") == ["_state.outcome"]
    assert _private_uses("def _run(_state):\n    x = y.__class__") == []


@pytest.mark.parametrize("module", [flowgen, stepgen, generate], ids=lambda m: m.__name__)
def test_the_templates_use_only_the_runtime_interface(module: object) -> None:
    # Scaffolding that only some packs reach is checked as text, every line of it.
    text = inspect.getsource(module)  # type: ignore[arg-type]
    used = set(re.findall(r"_state\.(\w+)", text))
    assert used <= RUNTIME, sorted(used - RUNTIME)


def test_the_runtime_interface_is_public_and_real() -> None:
    for name in RUNTIME:
        assert not name.startswith("_")
        assert name in State.__slots__ or callable(getattr(State, name, None)), name
