"""Every error the rules raise shares one base, RulesError, and keeps its older base."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import vtt.rules
from vtt.rules import RulesError
from vtt.rules.deal import DealError
from vtt.rules.errors import PackError, PackErrors, RuleError
from vtt.rules.expr import EvalError, ExprError
from vtt.rules.model import StopSteps
from vtt.rules.moves import IllegalMove, InvalidMove
from vtt.rules.outcome import GameOver
from vtt.rules.records import RecordError
from vtt.rules.setups import SetupError


def _public_exceptions() -> set[type[BaseException]]:
    """The exception classes the modules of vtt.rules define, found by walking them."""
    found: set[type[BaseException]] = set()
    for info in pkgutil.walk_packages(vtt.rules.__path__, "vtt.rules."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.add(value)
    return found


#: Exceptions that are signals, not errors: StopSteps ends a step list (a stop step);
#: GameOver unwinds the effect steps once
#: ``end_game`` has run, and never leaves the engine.
SIGNALS = {GameOver, StopSteps}


def test_every_public_rules_exception_is_a_rules_error() -> None:
    found = _public_exceptions() - SIGNALS
    assert len(found) >= 10  # the walk reached the modules
    outside = sorted(kind.__qualname__ for kind in found if not issubclass(kind, RulesError))
    assert outside == []


@pytest.mark.parametrize(
    ("kind", "older"),
    [
        (PackError, ValueError),
        (PackErrors, ValueError),
        (ExprError, ValueError),
        (EvalError, RuntimeError),
        (RuleError, RuntimeError),
        (IllegalMove, ValueError),
        (InvalidMove, ValueError),
        (RecordError, ValueError),
        (DealError, ValueError),
        (SetupError, ValueError),
    ],
)
def test_each_keeps_its_older_base(kind: type[Exception], older: type[Exception]) -> None:
    assert issubclass(kind, RulesError)
    assert issubclass(kind, older)
    error = kind([PackError("bad")]) if kind is PackErrors else kind("bad")
    with pytest.raises(older):  # an ``except`` written before RulesError still catches it
        raise error


def test_one_except_catches_a_bad_move_and_a_bad_pack() -> None:
    game = vtt.rules.load_game("jantori")
    state = game.new_state()
    caught: list[str] = []
    for attempt in (
        lambda: state.apply("place R at z9"),
        lambda: vtt.rules.load_pack_text("id: 3\n"),
    ):
        try:
            attempt()
        except RulesError as error:
            caught.append(type(error).__name__)
    assert caught == ["IllegalMove", "PackErrors"]
