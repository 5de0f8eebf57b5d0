"""Which cards each seat held, played and captured in one game, noted while it is played.

A batch asked to (``Batch(cards=True)``) notes, for every seat of every game:

- **held**: the cards in the seat's own zones once the game is set up (its hand,
  its stack);
- **played**: the cards a move of the seat plays: those the move names that the
  seat held (``play QL``); for a move naming none of its cards (War's ``flip``),
  the cards the move takes out of the seat's zones;
- **captured**: the cards that end a move in one of the seat's zones, from which
  they were absent, taken from another seat's zone or from the table; a card drawn
  from a shared pile the pack's cards are dealt from (the stock) is not captured.

``vtt.ai.findings.contribution`` turns these into the win rate of a seat holding,
playing or capturing each card and each suit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from vtt.ai.restricted import cards_named
from vtt.janken import Card
from vtt.rules.moves import Move

__all__ = ["CardTracker", "SeatCards"]

#: Where a card lies: its zone, the seat owning the zone (None: shared), the stack.
Place = tuple[Card, str, int | None, int]


@dataclass(frozen=True)
class SeatCards:
    """One seat's cards in one game, by notation (``QL``); a card played or captured
    twice is listed twice."""

    held: tuple[str, ...] = ()
    played: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()


@dataclass
class CardTracker:
    """Notes a game's cards move by move: made on the state once set up, told each
    move after it is applied (``moved``)."""

    state: Any
    supply: frozenset[str] = field(init=False)
    last: Counter[Place] = field(init=False)
    held: list[list[str]] = field(init=False)
    played: list[list[str]] = field(init=False)
    captured: list[list[str]] = field(init=False)

    def __post_init__(self) -> None:
        game = self.state.game
        self.supply = frozenset(
            c.start.zone.name for c in game.components if not c.start.zone.per_player
        )
        self.last = places(self.state)
        seats = self.state.players
        self.held = [[] for _ in range(seats)]
        self.played = [[] for _ in range(seats)]
        self.captured = [[] for _ in range(seats)]
        for card, _, owner, _ in sorted(self.last.elements(), key=_order):
            if owner is not None:
                self.held[owner].append(card.notation)

    def moved(self, seat: int, move: Move) -> None:
        """Note what ``seat``'s move (just applied to the state) played and captured."""
        now = places(self.state)
        before = self.last
        owned: list[set[Card]] = [set() for _ in self.held]
        for card, _, owner, _ in before:
            if owner is not None:
                owned[owner].add(card)
        gone = before - now
        named = (
            [c for c in cards_named(move.kind, move.values) if c in owned[seat]]
            if (move.kind is not None)
            else []
        )
        if not named:
            named = list(dict.fromkeys(c for c, _, owner, _ in gone if owner == seat))
        self.played[seat].extend(c.notation for c in named)
        taken: set[tuple[Card, int]] = set()
        for card, _, owner, _ in now - before:
            if owner is None or card in owned[owner] or (card, owner) in taken:
                continue
            sources = [zone for c, zone, _, _ in gone if c == card]
            if any(zone not in self.supply for zone in sources):
                taken.add((card, owner))
                self.captured[owner].append(card.notation)
        self.last = now

    def result(self) -> tuple[SeatCards, ...]:
        """Every seat's cards, in seat order."""
        return tuple(
            SeatCards(tuple(h), tuple(p), tuple(c))
            for h, p, c in zip(self.held, self.played, self.captured, strict=True)
        )


def places(state: Any) -> Counter[Place]:
    """Where every card of the state lies."""
    found: Counter[Place] = Counter()
    for name, zone in state.game.zones.items():
        node = state.env[name]
        if zone.per_player:
            for seat, part in enumerate(node):
                _count(found, part, zone.depth - 1, name, seat)
        else:
            _count(found, node, zone.depth, name, None)
    return found


def _count(found: Counter[Place], node: Any, depth: int, zone: str, owner: int | None) -> None:
    for index, stack in enumerate(_stacks(node, depth)):
        for component in stack:
            if isinstance(component, Card):
                found[(component, zone, owner, index)] += 1


def _stacks(node: Any, depth: int) -> Iterator[Any]:
    if depth == 0:
        yield node
        return
    for child in node.values() if isinstance(node, dict) else node:
        yield from _stacks(child, depth - 1)


def _order(place: Place) -> tuple[int, int]:
    return place[0].sort_key()
