"""The kinds of move argument, in one registry that the loader, the notation, the
legal-move search, the action codec, the schema, the docs and the table read.

Each type is one module of ``vtt.rules.argtypes``: how its value is read from and
written in a move's notation, where its candidates come from, how it becomes a digit
of an action (and that digit's row of ``docs/engine.md``), and its role: what the
value stands for (a component the move moves, a set picked together, a cell of a
grid, a seat...), which is all the rest of the engine and the table ask of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from vtt.janken import Suit
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.sets import unique
from vtt.rules.errors import RulesError

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef, Env

__all__ = ["ARG_TYPES", "ArgType", "Role", "UnknownArgType", "arg_type", "register"]


class Role(Enum):
    """What an argument's value stands for, as the engine and the table use it."""

    #: One component the move may move (a card; a piece, by its kind): a drag gives it.
    COMPONENT = "component"
    #: A set of ``min`` to ``max`` distinct values picked together (cards to play).
    SET = "set"
    #: A cell of a grid (``grid:`` offers every cell of one).
    CELL = "cell"
    #: A seat, by its number from 0, written with the player's name.
    SEAT = "seat"
    #: A whole number (a bid, a count): the table offers a run of them as one choice.
    NUMBER = "number"
    #: Any other value the move's text names (a suit, a word).
    VALUE = "value"


def _plain(value: Any, seat_names: Sequence[str]) -> str:
    return str(value)


@dataclass(frozen=True)
class ArgType:
    """One type of move argument."""

    name: str
    doc: str  # one line for the language reference and, in the schema, for editors
    read: Callable[[str, Sequence[str]], Any]  # a word of notation -> the value
    role: Role
    #: The argument's digit of an action (``vtt.rules.actions``), for one pack.
    digit: Callable[[Game, ArgDef], Digit]
    #: Its rows of the "Actions" table of ``docs/engine.md``: (argument, its number,
    #: radix), each cell as the table writes it (a test keeps the table equal).
    codes: tuple[tuple[str, str, str], ...]
    write: Callable[[Any, Sequence[str]], str] = _plain  # the value -> its notation
    #: Where the candidates come from without ``from``: None when ``from`` is needed.
    default: str | None = None  # "suits", "players" or "grid"
    #: The helper that turns the ``from`` values into distinct candidates (its name in
    #: generated code is ``_`` + its ``__name__``); a SET's takes ``min`` and ``max`` too.
    candidates: Callable[..., Any] = unique
    several_words: bool = False  # its notation may span several words
    #: A COMPONENT's value for a component, or for a text naming one (``QL``, ``R``):
    #: what a drag of it gives; None when it cannot be one.
    component: Callable[[object], Any] | None = None
    #: Its values are cards of the deck (one, or a set of them).
    of_cards: bool = False

    def domain(self, raw: Iterable[Any], low: int = 1, high: int = 1) -> Sequence[Any]:
        """The candidates from the values of ``from``."""
        if self.role is Role.SET:
            found: Sequence[Any] = self.candidates(raw, low, high)
        else:
            found = self.candidates(raw)
        return found

    def values(self, arg: ArgDef, env: Env, source: Callable[[Env], Any] | None = None) -> Any:
        """The values ``arg`` (of this type) may take in ``env``: every cell of its grid,
        its ``from`` made candidates (``source`` in place of ``from`` when given: a
        narrower form of it), or the type's own (every suit, every seat)."""
        if arg.grid is not None:
            return arg.grid.stack(env)
        if arg.domain is None:
            return _DEFAULTS[self.default](env)
        raw: Any = (arg.domain if source is None else source)(env)
        return self.domain(raw, arg.low, arg.high)


#: Every suit, in order: a ``suit`` argument's candidates without ``from``.
SUITS: tuple[Suit, ...] = tuple(Suit)

#: The candidates of an argument without ``from`` or ``grid:``, by its type's ``default``
#: (generated code reads the same: ``_SUITS``, the ``players`` of the environment).
_DEFAULTS: dict[str | None, Callable[[Env], Any]] = {
    "suits": lambda env: SUITS,
    "players": lambda env: env["players"],
}


class UnknownArgType(RulesError, ValueError):
    """A name that is no argument type."""


#: Every argument type by name, in the order the language reference lists them.
ARG_TYPES: dict[str, ArgType] = {}


def register(kind: ArgType) -> ArgType:
    """Add a type of argument to the language."""
    if kind.name in ARG_TYPES:
        raise ValueError(f"two argument types are called {kind.name!r}")
    if kind.default not in (None, "grid", *_DEFAULTS):
        raise ValueError(f"argument type {kind.name!r}: no default {kind.default!r}")
    ARG_TYPES[kind.name] = kind
    return kind


def arg_type(name: object) -> ArgType:
    """The argument type called ``name``; UnknownArgType naming every type when none is."""
    found = ARG_TYPES.get(name) if isinstance(name, str) else None
    if found is None:
        raise UnknownArgType(
            f"{name!r} is not a type of argument; the types are: {', '.join(ARG_TYPES)}"
        )
    return found
