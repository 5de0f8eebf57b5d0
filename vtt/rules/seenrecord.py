"""A record of a game under way as one seat saw it: it holds what that seat's views
held, move by move, and nothing else.

A plain record carries the seed, and the seed deals every card: replayed, or started
again with ``vtt play --seed``, it shows every hand. So a record made before the game
ends is written for the seat that made it, from that seat's views alone:

- no seed of the game (``seed: 0``), but an explicit ``deal:`` of the position after
  the setup, in which every component the seat has not seen (a card never in its view
  nor named in a line of its log or its history, every piece of a stack it could not
  see) is written ``?``;
- each move as the seat's history reads it: another seat's move still hidden from it
  (a secret choice, a bid) is ``NAME: chooses`` (``views.hidden_move``), whatever its
  arguments;
- ``seen_by:`` the seat, so a replay shows the game as that seat saw it and no other
  way.

Replayed, the ``?`` places take the components the deal does not name, in a fixed
order (``vtt.rules.deal``), and a hidden move is made as a stand-in, the first move of
its seat naming none of the record's cards (``records.apply_recorded``). The record is
replayed before it is given out, and each of its positions must look to the seat
exactly as the game did; where that cannot be (chance after the deal, such as a
shuffle in the middle of the game, is not in a record without the seed; a hidden move
whose stand-in changes what the seat sees later), a RecordError says so instead. Two
games the seat cannot tell apart give the same record.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import Any

from vtt.janken import Card, NotationError
from vtt.rules.deal import UNSHOWN
from vtt.rules.engine import Game, State
from vtt.rules.errors import RulesError
from vtt.rules.outcome import seen_by
from vtt.rules.records import (
    Record,
    RecordError,
    apply_recorded,
    record_of,
    start_state,
)
from vtt.rules.values import Cell, Component, Grid, Piece
from vtt.rules.views import UNSEEN, hidden_move

__all__ = ["record_seen_by"]

_WORD = re.compile(r"[0-9A-Za-z]+")
#: Vars a deal may set: values a record writes as they are.
_PLAIN = (int, str, bool, type(None))


class _Unwritable(Exception):
    """Part of a position a deal cannot write (a piece that belongs to nobody)."""


def record_seen_by(state: State, seat: int, *, deal: Mapping[str, Any] | None = None) -> Record:
    """The record of ``state``'s game for ``seat``: the whole record once the game is
    over, else one that holds only what ``seat``'s views held (see the module's doc);
    RecordError when the game cannot be written so."""
    full = record_of(state, deal=deal)
    if state.outcome is not None:
        return full
    names = state.seat_names
    if not 0 <= seat < len(names):
        raise RecordError(f"seat {seat} is not a seat of this {len(names)}-player game")
    states = _replayed(full, state.game)
    seen = _seen(states, seat)
    first = states[0]
    note = (
        f"The game under way as {names[seat]} saw it: what {names[seat]} had not seen "
        "is written ?, and dealt in a fixed order when replayed, not as it lay; the moves "
        f"hidden from {names[seat]} are written as it read them."
    )
    base = Record(
        pack=full.pack,
        options=full.options,
        players=full.players,
        seats=list(names),
        seed=0,
        moves=_moves_seen(state, seat),
        seen_by=names[seat],
        note=note,
    )
    candidates = []
    with contextlib.suppress(_Unwritable):
        candidates.append(_with_deal(base, first, seen, seat))
    if not any(_hidden(s, seat) for s in states):
        candidates.append(base)  # nothing was ever hidden: the start needs no deal
    for record in candidates:
        if _looks_the_same(record, states, seat):
            return record
    raise RecordError(
        f"this game of {state.game.name} cannot be written as {names[seat]} saw it while "
        "it is under way: its setup's log, chance after the deal or a move hidden from "
        f"{names[seat]} would need what {names[seat]} has not seen. Save the game to keep "
        "it, and export its record once it is over"
    )


def _moves_seen(state: State, seat: int) -> list[str]:
    """The moves made, as ``seat``'s history reads them (``vtt.rules.views``)."""
    names = state.seat_names
    movers = [entry for entry in state.log if entry.seat is not None]
    return [
        move.text if seen_by(entry.secret, entry.seat, seat) else hidden_move(names[entry.seat])
        for entry, move in zip(movers, state.history, strict=True)
        if entry.seat is not None
    ]


def _replayed(record: Record, game: Game) -> list[State]:
    state = start_state(record, game)
    found = [state.copy()]
    for text in record.moves:
        apply_recorded(state, text, record)
        found.append(state.copy())
    return found


def _seen(states: list[State], seat: int) -> set[Component]:
    """Every component ``seat`` has seen: in its view of some position, or named in a
    line of the log or the history it read."""
    seen: set[Component] = set()
    for state in states:
        view = state.view(seat)
        seen.update(view.visible_components())
        for line in (*view.log, *view.history):
            for word in _WORD.findall(line):
                with contextlib.suppress(NotationError):
                    seen.add(Card.parse(word))
    return seen


def _with_deal(base: Record, first: State, seen: set[Component], seat: int) -> Record:
    """``base`` starting from ``first`` written out as a deal: what ``seat`` has not
    seen written ``?``."""
    hidden = {id(stack) for stack in _hidden_stacks(first, seat)}
    deal: dict[str, Any] = {
        zone.name: _written(first.env[zone.name], zone.depth, hidden, seen)
        for zone in first.game.zones.values()
    }
    deal["current"] = first.env["current"]
    plain = start_state(Record(base.pack, base.options, base.players, base.seats), first.game)
    shown = first.view(seat).vars
    # Only a var the seat sees whole is written: another's would tell what it holds.
    changed = {
        name: first.env[name]
        for name in first.game.vars
        if first.env[name] != plain.env[name]
        and _writable(first.env[name])
        and not _holds_unseen(shown.get(name, UNSEEN))
    }
    if changed:
        deal["vars"] = {name: _var_text(value) for name, value in changed.items()}
    return Record(**{**base.__dict__, "deal": deal})


def _written(node: Any, depth: int, hidden: set[int], seen: set[Component]) -> Any:
    if isinstance(node, Grid):
        return {
            cell.name: _stack_text(stack, hidden, seen)
            for cell, stack in sorted(node.items())
            if stack
        }
    if depth == 0:
        return _stack_text(node, hidden, seen)
    return [_written(child, depth - 1, hidden, seen) for child in node]


def _stack_text(stack: list[Component], hidden: set[int], seen: set[Component]) -> list[str]:
    """A stack as a deal lists it, top first: in a stack hidden from the seat, each
    component it has not seen (every piece: a piece is known by its place) is ``?``."""
    if id(stack) not in hidden:
        return [_component_text(item) for item in reversed(stack)]
    return [
        str(item) if isinstance(item, Card) and item in seen else UNSHOWN
        for item in reversed(stack)
    ]


def _component_text(item: Component) -> str:
    if isinstance(item, Piece):
        if item.owner < 0:
            raise _Unwritable(item)
        return f"{item.kind}@{item.owner + 1}"
    return str(item)


def _holds_unseen(value: object) -> bool:
    if isinstance(value, list | tuple):
        return any(_holds_unseen(item) for item in value)
    return value is UNSEEN


def _writable(value: object) -> bool:
    if isinstance(value, list | tuple) and not isinstance(value, Cell):
        return all(_writable(item) for item in value)
    return isinstance(value, (*_PLAIN, Cell))


def _var_text(value: object) -> object:
    if isinstance(value, Cell):
        return value.name
    if isinstance(value, list | tuple):
        return [_var_text(item) for item in value]
    return value


def _hidden_stacks(state: State, seat: int) -> list[list[Component]]:
    from vtt.rules.search import hidden_stacks

    return list(hidden_stacks(state, seat))


def _hidden(state: State, seat: int) -> bool:
    return any(_hidden_stacks(state, seat))


def _looks_the_same(record: Record, states: list[State], seat: int) -> bool:
    """True if each position of ``record`` looks to ``seat`` as the game's did."""
    try:
        replayed = _replayed(record, states[0].game)
    except (RulesError, ValueError):
        return False
    return len(replayed) == len(states) and all(
        mine.view(seat) == theirs.view(seat) for mine, theirs in zip(replayed, states, strict=True)
    )
