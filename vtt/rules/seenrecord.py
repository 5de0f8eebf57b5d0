"""A record of a game under way as one seat saw it: nothing in it is hidden from that seat.

A plain record carries the seed, and the seed deals every card: replayed, or started
again with ``vtt play --seed``, it shows every hand. So a record made before the game
ends is written for the seat that made it:

- no seed of the game (``seed: 0``), but an explicit ``deal:`` of the position after
  the setup, in which every card the seat had not seen by now (never in its view, never
  named in a log line it read) lies where a card it had not seen lay, in a fixed
  order (by suit and rank), not where it really lay;
- the other seats' moves it had not seen (secret choices) written as the moves of the
  cards now in their place;
- ``seen_by:`` the seat, so a replay shows the game as that seat saw it and no other
  way (its hidden cards are stand-ins).

The record is replayed before it is given out, and each of its positions must look to
the seat exactly as the game did; where that cannot be (chance after the deal, such as
a shuffle in the middle of the game, is not in a record without the seed), a
RecordError says so instead. Two games the seat cannot tell apart give the same record.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping
from typing import Any

from vtt.janken import Card, NotationError
from vtt.rules.engine import Game, State
from vtt.rules.errors import RulesError
from vtt.rules.moves import Move
from vtt.rules.records import Record, RecordError, record_of, start_state
from vtt.rules.values import Cell, Component, Grid, Piece
from vtt.rules.views import UNSEEN

__all__ = ["record_seen_by"]

_WORD = re.compile(r"[0-9A-Za-z]+")
#: Vars a deal may set: values a record writes as they are.
_PLAIN = (int, str, bool, type(None))


class _Unwritable(Exception):
    """Part of a position a deal cannot write (a piece that belongs to nobody)."""


def record_seen_by(state: State, seat: int, *, deal: Mapping[str, Any] | None = None) -> Record:
    """The record of ``state``'s game for ``seat``: the whole record once the game is
    over, else one that holds nothing hidden from ``seat`` (see the module's doc);
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
    stand_ins = _stand_ins(first, seen)
    swapped = _swaps(first, stand_ins)
    note = (
        f"The game under way as {names[seat]} saw it: the cards {names[seat]} had not seen "
        "are dealt in a fixed order, not as they lay."
    )
    base = Record(
        pack=full.pack,
        options=full.options,
        players=full.players,
        seats=list(names),
        seed=0,
        moves=[_rewritten(state.game, move, swapped, names) for move in states[-1].history],
        seen_by=names[seat],
        note=note,
    )
    candidates = []
    with contextlib.suppress(_Unwritable):
        candidates.append(_with_deal(base, first, stand_ins, seat))
    if not any(_hidden(s, seat) for s in states):
        candidates.append(base)  # nothing was ever hidden: the start needs no deal
    for record in candidates:
        if _looks_the_same(record, states, seat):
            return record
    raise RecordError(
        f"this game of {state.game.name} cannot be written as {names[seat]} saw it while "
        "it is under way: its setup's log or chance after the deal would need the seed, "
        "and the seed deals every hidden card. Save the game to keep it, and export its "
        "record once it is over"
    )


def _replayed(record: Record, game: Game) -> list[State]:
    state = start_state(record, game)
    found = [state.copy()]
    for text in record.moves:
        state.apply(Move.parse(text))
        found.append(state.copy())
    return found


def _seen(states: list[State], seat: int) -> set[Component]:
    """Every component ``seat`` has seen: in its view of some position, or named in a
    line of the log it read."""
    seen: set[Component] = set()
    for state in states:
        view = state.view(seat)
        seen.update(view.visible_components())
        for line in view.log:
            for word in _WORD.findall(line):
                with contextlib.suppress(NotationError):
                    seen.add(Card.parse(word))
    return seen


def _places(state: State) -> Iterator[tuple[list[Component], int]]:
    """Every place of a component in the state: (stack, index), in the zones' order."""
    for zone in state.game.zones.values():
        for stack in _stacks(state.env[zone.name], zone.depth):
            for index in range(len(stack)):
                yield stack, index


def _stacks(node: Any, depth: int) -> Iterator[list[Component]]:
    if depth == 0:
        yield node
        return
    for child in node.values() if isinstance(node, dict) else node:
        yield from _stacks(child, depth - 1)


def _stand_ins(first: State, seen: set[Component]) -> dict[tuple[int, int], Component]:
    """The card each place of an unseen card gets: the unseen cards in a fixed order."""
    unseen = [
        (stack, index)
        for stack, index in _places(first)
        if isinstance(stack[index], Card) and stack[index] not in seen
    ]
    cards = sorted((stack[index] for stack, index in unseen), key=_card_order)
    return {(id(stack), index): card for (stack, index), card in zip(unseen, cards, strict=True)}


def _card_order(card: Component) -> tuple[int, int]:
    assert isinstance(card, Card)
    return card.sort_key()


def _swaps(first: State, stand_ins: Mapping[tuple[int, int], Component]) -> dict[Card, Card]:
    """Each unseen card and the card standing in its place (when no card is there twice)."""
    swapped: dict[Card, Card] = {}
    for stack, index in _places(first):
        card = stack[index]
        stand_in = stand_ins.get((id(stack), index))
        if isinstance(card, Card) and isinstance(stand_in, Card):
            if card in swapped:
                return {}  # cards alike: which one a move took is not known
            swapped[card] = stand_in
    return swapped


def _rewritten(game: Game, move: Move, swapped: Mapping[Card, Card], names: tuple[str, ...]) -> str:
    """A move as made in the dealt game: an unseen card it names becomes its stand-in."""
    kind = move.kind
    if kind is None or not swapped:
        return str(move)
    values = tuple(_swap(value, swapped) for value in move.values)
    return str(game.move_of(kind, values, names)) if values != move.values else str(move)


def _swap(value: Any, swapped: Mapping[Card, Card]) -> Any:
    if isinstance(value, Card):
        return swapped.get(value, value)
    if isinstance(value, tuple) and not isinstance(value, Cell):
        found = tuple(_swap(item, swapped) for item in value)
        return (
            tuple(sorted(found, key=_card_order))
            if all(isinstance(item, Card) for item in found) and found
            else found
        )
    return value


def _with_deal(
    base: Record, first: State, stand_ins: Mapping[tuple[int, int], Component], seat: int
) -> Record:
    """``base`` starting from ``first`` written out as a deal, stand-ins in place."""
    deal: dict[str, Any] = {
        zone.name: _written(first.env[zone.name], zone.depth, stand_ins)
        for zone in first.game.zones.values()
    }
    deal["current"] = first.env["current"]
    plain = start_state(Record(base.pack, base.options, base.players, base.seats), first.game)
    seen = first.view(seat).vars
    # Only a var the seat sees whole is written: another's would tell what it holds.
    changed = {
        name: first.env[name]
        for name in first.game.vars
        if first.env[name] != plain.env[name]
        and _writable(first.env[name])
        and not _holds_unseen(seen.get(name, UNSEEN))
    }
    if changed:
        deal["vars"] = {name: _var_text(value) for name, value in changed.items()}
    return Record(**{**base.__dict__, "deal": deal})


def _written(node: Any, depth: int, stand_ins: Mapping[tuple[int, int], Component]) -> Any:
    if isinstance(node, Grid):
        return {
            cell.name: _stack_text(stack, stand_ins)
            for cell, stack in sorted(node.items())
            if stack
        }
    if depth == 0:
        return _stack_text(node, stand_ins)
    return [_written(child, depth - 1, stand_ins) for child in node]


def _stack_text(
    stack: list[Component], stand_ins: Mapping[tuple[int, int], Component]
) -> list[str]:
    """A stack as a deal lists it: top first, each card its stand-in if it has one."""
    shown = [stand_ins.get((id(stack), index), item) for index, item in enumerate(stack)]
    return [_component_text(item) for item in reversed(shown)]


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


def _hidden(state: State, seat: int) -> bool:
    from vtt.rules.search import hidden_stacks

    return any(hidden_stacks(state, seat))


def _looks_the_same(record: Record, states: list[State], seat: int) -> bool:
    """True if each position of ``record`` looks to ``seat`` as the game's did."""
    try:
        replayed = _replayed(record, states[0].game)
    except (RulesError, ValueError):
        return False
    return len(replayed) == len(states) and all(
        mine.view(seat) == theirs.view(seat) for mine, theirs in zip(replayed, states, strict=True)
    )
