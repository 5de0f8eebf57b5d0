"""Whether a move is legal now, and why not: the one place that decides.

A move is legal when it is one of the legal moves (``State.legal_list``, found by
each kind's search generated from its plan): ``verdict`` is the one test, and
``State.apply``, ``State.explain``, a move built on the table (``vtt.rules.build``)
and a drop all go by it, so they never differ from the list. For a move that is not
legal it gives the reason: the engine's own when the move cannot be made at all now
(the game is over, it is someone else's turn, the phase has no such move, a value is
not one to choose) and else the message of the pack's first failing condition
(``failure``). A *partial* move, the arguments a drag gives, is judged on what it
gives: only the domains and conditions that read known arguments are checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from vtt.janken import Card
from vtt.rules.argtypes import Role
from vtt.rules.candidates import candidates
from vtt.rules.footprint import UNKNOWN, Footprint, Key, component_value
from vtt.rules.model import ArgDef, MoveDef
from vtt.rules.moves import Move
from vtt.rules.plan import domain_names
from vtt.rules.stdlib import describe
from vtt.rules.values import Cell, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = [
    "NOT_A_VALUE",
    "NOT_NOW",
    "Drop",
    "drop_reason",
    "failure",
    "listed",
    "reason",
    "verdict",
]


@dataclass(frozen=True)
class Drop:
    """A drag's partial move: a component (``QL``, ``R``, a Card or a Piece) put on the
    place ``target``, taken from the place ``source`` when that is known."""

    component: object
    target: Key
    source: Key | None = None

    @property
    def what(self) -> str:
        """The component as written."""
        component = self.component
        return component.kind if isinstance(component, Piece) else str(component)


def turn_reason(state: State, seat: int | None) -> str | None:
    """Why nothing can be played now (by ``seat``, when given), or None."""
    outcome = state.outcome
    if outcome is not None:
        return f"The game is over: {outcome.reason}"
    mover = state.to_move
    if seat is not None and seat != mover and mover is not None:
        return f"It is {state.seat_names[mover]}'s turn"
    return None


def verdict(
    state: State, move: Move, kind: MoveDef, values: Sequence[Any], seat: int | None = None
) -> str | None:
    """None when the canonical ``move`` (of ``kind``, with ``values``) is legal now for
    the seat to move (or for ``seat``): it is one of the legal moves. Else why not."""
    why = turn_reason(state, seat)
    if why is not None:
        return why
    if listed(state, move, kind, values):
        return None
    failed = failure(state, kind, values)
    return f"'{move.text}' is not a legal move now" if failed is None else failed[1]


def listed(state: State, move: Move, kind: MoveDef, values: Sequence[Any]) -> bool:
    """True when the canonical ``move`` is one of the legal moves now."""
    legal = state.legal_list()
    if any(map(is_, legal, repeat(move))):  # the very Move the search made: the usual case
        return True
    values = tuple(values)
    return any(found.kind is kind and found.values == values for found in legal)


def reason(
    state: State, kind: MoveDef, values: Sequence[Any], seat: int | None = None
) -> str | None:
    """Why the move ``kind`` with ``values`` (``UNKNOWN`` for a value not given) is not
    legal now for the seat to move (or for ``seat``), or None when nothing known is
    wrong: the reason for a partial move (a complete one is judged by ``verdict``)."""
    failed = failure(state, kind, values, seat)
    return None if failed is None else failed[1]


#: How far a move got when the turn, the phase or one of its values is wrong.
NOT_NOW, NOT_A_VALUE = -2, -1


def failure(
    state: State, kind: MoveDef, values: Sequence[Any], seat: int | None = None
) -> tuple[int, str] | None:
    """What ``reason`` says, with how far the move got: the index of the pack's condition
    that failed, or ``NOT_NOW`` / ``NOT_A_VALUE`` (the turn or phase, a value); None when
    nothing known is wrong. A move built on the table is explained by the reading of its
    cards that got furthest."""
    why = turn_reason(state, seat)
    if why is not None:
        return NOT_NOW, why
    if kind not in state._phase_moves.get(state.phase, ()):
        return NOT_NOW, f"'{kind.name}' is not a move you can make now"
    env = dict(state.env)
    env["me"] = state.to_move
    unknown: set[str] = set()
    for arg, value in zip(kind.args, values, strict=True):
        if value is UNKNOWN:
            unknown.add(arg.name)
            continue
        if not domain_names(arg) & unknown and value not in candidates(arg, env):
            return (
                NOT_A_VALUE,
                f"{_value_text(state, arg, value)} is not a {arg.name} you can choose now",
            )
        env[arg.name] = value
    for index, condition in enumerate(kind.conditions):
        if condition.check.names & unknown:
            continue
        if not condition.check(env):
            message = condition.message
            for name in message.names & unknown:
                env[name] = name  # a message naming an argument not given shows its name
            return index, message.render(env)
    return None


def _value_text(state: State, arg: ArgDef, value: object) -> str:
    """A move's value as the move's text writes it: a seat by its name, not its number."""
    if arg.argtype.role is Role.SEAT and type(value) is int and 0 <= value < len(state.seat_names):
        return state.seat_names[value]
    return describe(value)


def drop_reason(state: State, drop: Drop, seat: int | None = None) -> str | None:
    """Why putting a component on a place (a drag) is no legal move now, or None when
    a legal move does just that: the reason of the first kind of move it could be,
    the moves of the current phase first."""
    why = turn_reason(state, seat)
    if why is not None:
        return why
    env = dict(state.env)
    env["me"] = state.to_move
    allowed = state._phase_moves.get(state.phase, ())
    found: list[tuple[bool, MoveDef, tuple[Any, ...]]] = []
    for trace in state._rules.traces.values():
        values = trace.partial(dict(env), drop.component, drop.target, drop.source)
        if values is not None:
            found.append((trace.kind not in allowed, trace.kind, values))
    found.sort(key=lambda item: item[0])  # stable: pack order within each group
    reasons = [reason(state, kind, values, seat) for _, kind, values in found]
    if found and None not in reasons:
        return reasons[0]
    if any(_fits(foot, drop) for foot in state.footprints().values()):
        return None
    return _nowhere(state, drop)


def _fits(foot: Footprint, drop: Drop) -> bool:
    """True if a move with this footprint is what the drop does."""
    if foot.target != drop.target or (drop.source is not None and foot.source != drop.source):
        return False
    component = drop.component
    if isinstance(foot.component, Card):
        return foot.component == _card(component)
    written = component.kind if isinstance(component, Piece) else component
    return isinstance(written, str) and foot.component == written


def _card(component: object) -> object:
    """A component as a card, or itself when it names none."""
    return component_value(_CARD, component) or component


#: Any card argument: how a dragged component reads as a card.
_CARD = ArgDef("card", "card")


def _nowhere(state: State, drop: Drop) -> str:
    """The reason for a drop no move makes: where it cannot go (or come from), in words."""
    if drop.source is not None:
        anywhere = Drop(drop.component, drop.target)
        env = dict(state.env)
        env["me"] = state.to_move
        traces = state._rules.traces.values()
        if any(t.partial(dict(env), drop.component, drop.target) for t in traces):
            return f"{drop.what} cannot be taken from {_words(state, drop.source)}"
        drop = anywhere
    if isinstance(drop.target[-1], Cell):
        return f"{drop.what} cannot go on {_words(state, drop.target)}"
    return f"{drop.what} cannot go to {_words(state, drop.target)}"


def _words(state: State, key: Key) -> str:
    """A place as players say it: ``c3``, ``Black's reserve``, ``the stock``."""
    if len(key) > 1 and isinstance(key[-1], Cell):
        return key[-1].name
    zone = state.game.zones.get(str(key[0]))
    words = str(key[0]).replace("_", " ")
    names = state.seat_names
    if zone is not None and zone.per_player and len(key) > 1:
        seat = key[1]
        if isinstance(seat, int) and 0 <= seat < len(names):
            return f"{names[seat]}'s {words}"
    return f"the {words}"
