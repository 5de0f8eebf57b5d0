"""What one player may see of a state: zone visibility applied, secret choices masked.

A face-down stack shows only how many components it holds, never their order; a
player's own hand shows in full; a var shows as its ``visibility`` says (else
``UNSEEN``); the log and the history show another player's secret move only as
"chooses" until the phase reveals it, or for good if it is not told to the viewer. A
view with open hands, for watching a record, shows every player's own zones, vars and
choices, but still no face-down stack nor a var nobody sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vtt.janken import Card
from vtt.rules.model import VarDef, ZoneDef
from vtt.rules.outcome import seen_by
from vtt.rules.played import played_by
from vtt.rules.values import Component, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import Outcome, State
    from vtt.rules.game import Game

__all__ = ["UNSEEN", "Hidden", "Unseen", "View", "hidden_move", "view_of"]


@dataclass(frozen=True)
class Hidden:
    """A stack whose faces the viewer may not see: only its size."""

    count: int

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True)
class Unseen:
    """A var's value the viewer may not see (its ``visibility``)."""

    def __str__(self) -> str:
        return "?"


#: The one value standing for every hidden var value.
UNSEEN = Unseen()

#: A visible stack (bottom first) or a hidden one.
StackView = tuple[Component, ...] | Hidden


@dataclass(frozen=True)
class View:
    """One seat's view: zones (same shape as the state's, hidden stacks masked), vars, log."""

    seat: int
    seat_names: tuple[str, ...]
    phase: str
    to_move: int | None
    current: int
    players: tuple[int, ...]
    zones: Mapping[str, Any]
    vars: Mapping[str, Any]  # a value the seat may not see is UNSEEN
    log: tuple[str, ...]
    outcome: Outcome | None
    #: The moves made, as this seat may read them: another's secret move is "chooses".
    history: tuple[str, ...] = ()
    #: What every player knows besides the table: the options, the seats still to
    #: choose, the direction of play, the stacks shown to all, and the rules (the pack),
    #: so that an agent can search from its view alone (``vtt.rules.sampling``): this
    #: seat's own copy of the pack (``Game.for_seat``), whose caches hold no Move of
    #: the game played.
    options: Mapping[str, object] = field(default_factory=dict)
    pending: tuple[int, ...] = ()
    direction: int = 1
    revealed: frozenset[tuple[object, ...]] = frozenset()
    game: Game | None = field(default=None, repr=False, compare=False)
    #: Who played each card of the shared places everyone sees (a trick), by place,
    #: bottom first (None: not played there by a move); see ``vtt.rules.played``.
    played: Mapping[tuple[Any, ...], tuple[int | None, ...]] = field(
        default_factory=dict, compare=False
    )

    def visible_components(self) -> list[Component]:
        """Every component whose face this seat can see."""
        found: list[Component] = []
        for zone in self.zones.values():
            _collect(zone, found)
        return found


def hidden_move(seat_name: str) -> str:
    """How a view's log (and a record written for that seat) writes a move of
    ``seat_name``'s hidden from the viewer."""
    return f"{seat_name}: chooses"


def _collect(node: Any, found: list[Component]) -> None:
    if isinstance(node, Hidden):
        return
    if isinstance(node, tuple) and (not node or isinstance(node[0], Card | Piece)):
        found.extend(node)
        return
    for child in node.values() if isinstance(node, dict) else node:
        _collect(child, found)


def _sees(zone: ZoneDef, path: tuple[object, ...], seat: int | None, state: State) -> bool:
    """True if ``seat`` sees the stack at ``path``; None: every player's own zones show."""
    if zone.visibility == "everyone":
        return True
    if zone.visibility == "owner" and zone.per_player and (seat is None or path[1] == seat):
        return True
    return any(path[: len(key)] == key for key in state.revealed)


def _masked(
    node: Any, zone: ZoneDef, path: tuple[object, ...], depth: int, seat: int | None, state: State
) -> Any:
    if depth == 0:
        if _sees(zone, path, seat, state):
            return tuple(node)
        return Hidden(len(node))
    if isinstance(node, dict):
        return {
            cell: _masked(child, zone, (*path, cell), depth - 1, seat, state)
            for cell, child in node.items()
        }
    return tuple(
        _masked(child, zone, (*path, index), depth - 1, seat, state)
        for index, child in enumerate(node)
    )


def view_of(state: State, seat: int, open_hands: bool = False) -> View:
    """The view of ``seat``; with ``open_hands``, what a spectator of a finished game may
    see: every player's own zones and secret choices too (zones nobody sees stay hidden,
    so a deck keeps its order), laid out as ``seat`` sees the table."""
    env = state.env
    names = env["seat_names"]
    sees = None if open_hands else seat
    zones = {
        zone.name: _masked(env[zone.name], zone, (zone.name,), zone.depth, sees, state)
        for zone in state.game.zones.values()
    }
    variables = {var.name: _var_seen(var, env[var.name], sees) for var in state.game.vars.values()}
    log: list[str] = []
    history: list[str] = []
    made = iter(state.history)
    for entry in state.log:
        shown = open_hands or seen_by(entry.secret, entry.seat, seat)
        log.append(entry.text if shown else hidden_move(names[entry.seat or 0]))
        if entry.seat is not None:  # a move's own line: the history pairs with these
            move = next(made)
            history.append(move.text if shown else "chooses")
    return View(
        seat=seat,
        seat_names=names,
        phase=state.phase,
        to_move=state.to_move,
        current=env["current"],
        players=env["players"],
        zones=zones,
        vars=variables,
        log=tuple(log),
        outcome=state.outcome,
        history=tuple(history),
        options=dict(state.options),
        pending=state.pending,
        direction=env["direction"],
        revealed=state.revealed,
        game=state.game.for_seat(seat),
        played=played_by(state),
    )


def _var_seen(var: VarDef, value: Any, seat: int | None) -> Any:
    """A var's value as ``seat`` sees it (None: every player's own values show)."""
    if var.visibility == "everyone":
        return tuple(value) if var.per_player else value
    if not var.per_player:
        return UNSEEN
    own = var.visibility == "owner"
    return tuple(
        item if own and (seat is None or owner == seat) else UNSEEN
        for owner, item in enumerate(value)
    )
