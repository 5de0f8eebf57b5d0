"""A seat's legal moves as a table client uses them: drags onto places, actions, cards
to pick, and built moves; worked out from a frame alone (no state).

A move with a footprint (it moves a card or piece of the seat's own) is a drag onto
the place it reaches, any other an action; so are moves that put the same component
from the same place on the same place, since a drop could not tell them apart, and
moves whose component the seat cannot see (a card drawn from a face-down pile). A
move whose kind's one argument is a set of cards is picked: the person picks the
cards in the hand, then makes the move from the action bar.

:func:`sorted_drags` does the sorting for any kind of move value; :func:`drags_of_frame`
gives it a frame's moves, :func:`builds_of_frame` the built moves of a frame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

from vtt.janken import Card
from vtt.match.frames import HIDDEN_COMPONENT, FrameMove, SeatFrame
from vtt.rules.build import Builds, Target
from vtt.rules.footprint import Footprint
from vtt.rules.moves import Move

__all__ = ["Drags", "Picking", "builds_of_frame", "drags_of_frame", "sorted_drags"]

Key: TypeAlias = tuple[Any, ...]
M = TypeVar("M")


@dataclass
class Picking(Generic[M]):
    """The legal moves of one kind whose one argument is a set of cards (``pass 4R 9S
    KW``): too many to list (560 ways to pass three of sixteen cards), so the person
    picks the cards and the set picked is the move."""

    kind: str
    least: int
    most: int
    moves: dict[frozenset[str], M] = field(default_factory=dict)
    cards: set[str] = field(default_factory=set)

    def add(self, move: M, picked: frozenset[str]) -> None:
        """Count ``move``, which takes the cards written ``picked``, among these."""
        self.moves[picked] = move
        self.cards |= picked

    def move_for(self, picked: set[str]) -> M | None:
        """The move taking exactly the cards picked, if it is legal."""
        return self.moves.get(frozenset(picked))

    def wanted(self) -> str:
        """How many cards a move takes, in words: "3 cards", "1 to 3 cards"."""
        if self.least == self.most:
            return f"{self.least} {'card' if self.least == 1 else 'cards'}"
        return f"{self.least} to {self.most} cards"


@dataclass
class Drags(Generic[M]):
    """The legal moves of the seat to move, split into drags and actions.

    ``targets[what][place key]`` is the move that putting a component written
    ``what`` (``QL``, ``R``) on that place means; ``footprints`` tells, for each
    of those moves, where the component comes from too, and ``sources[what, place
    key]`` holds the targets of a component taken from that place (Edge to Edge's
    five pawns of one player, each with steps of its own).
    """

    targets: dict[str, dict[Key, M]] = field(default_factory=dict)
    sources: dict[tuple[str, Key], dict[Key, M]] = field(default_factory=dict)
    actions: list[M] = field(default_factory=list)
    footprints: dict[M, Footprint] = field(default_factory=dict)
    #: (what, place) that several legal moves share (a Joker played calling one suit
    #: or another): a drop cannot tell which is meant, so they are all actions.
    several: set[tuple[str, Key]] = field(default_factory=set)
    #: Moves that take a set of cards (pass three cards), by kind: the cards are
    #: picked in the hand, then the move is made from the action bar.
    picks: dict[str, Picking[M]] = field(default_factory=dict)

    def pickable(self, what: str) -> bool:
        """True if a component written ``what`` is one a set of cards may hold."""
        return any(what in picking.cards for picking in self.picks.values())

    def draggable(self, what: str, source: Key | None = None) -> bool:
        """True if a component written ``what`` (taken from ``source``, when given)
        has somewhere to go (a drop that several moves share says to choose in the
        action bar)."""
        found = what in self.targets if source is None else (what, source) in self.sources
        return found or any(item == what for item, _ in self.several)

    def targets_from(self, source: Key) -> set[Key]:
        """Every place a component taken from the place ``source`` may go (the places a
        hand's playable cards go: the trick, the discard pile)."""
        return {
            key
            for (_, place), targets in self.sources.items()
            if place == source
            for key in targets
        }

    def targets_of(self, what: str, source: Key | None = None) -> dict[Key, M]:
        """Where a component written ``what``, taken from ``source`` when given, may go."""
        if source is None:
            return self.targets.get(what, {})
        return self.sources.get((what, source), {})


#: One move to sort: the move, its footprint (or None), and, for a move whose kind's
#: one argument is a set of cards, its kind's name, least and most and the cards.
Sortable: TypeAlias = tuple[M, Footprint | None, tuple[str, int, int, frozenset[str]] | None]


def sorted_drags(moves: Iterable[Sortable[M]]) -> Drags[M]:
    """The moves as drags onto places, cards to pick and actions (see the module's doc)."""
    drags: Drags[M] = Drags()
    listed = list(moves)
    # The same component from different places (two pawns of one player) are different
    # drags; only moves a drop from one place cannot tell apart go to the action bar.
    places = Counter((foot.what, foot.source, foot.target) for _, foot, _ in listed if foot)
    for move, foot, pick in listed:
        if foot is not None and places[foot.what, foot.source, foot.target] > 1:
            drags.several.add((foot.what, foot.target))
            foot = None
        if foot is None and pick is not None:
            kind, least, most, cards = pick
            drags.picks.setdefault(kind, Picking(kind, least, most)).add(move, cards)
            continue
        if foot is None or foot.what == HIDDEN_COMPONENT:
            drags.actions.append(move)
            continue
        drags.targets.setdefault(foot.what, {})[foot.target] = move
        drags.sources.setdefault((foot.what, foot.source), {})[foot.target] = move
        drags.footprints[move] = foot
    return drags


def drags_of_frame(frame: SeatFrame) -> Drags[FrameMove]:
    """The frame's legal moves as drags, cards to pick and actions."""
    return sorted_drags(
        (
            move,
            move.footprint,
            None
            if move.pick is None
            else (move.kind, move.pick.least, move.pick.most, frozenset(move.pick.cards)),
        )
        for move in frame.moves
    )


def builds_of_frame(frame: SeatFrame) -> Builds:
    """The frame's built moves as ``vtt.rules.build.Builds`` (its moves read from their
    text: send ``move.text``)."""
    builds = Builds(pool=frozenset(Card.parse(card) for card in frame.builds.pool))
    for built in frame.builds.moves:
        target = Target(Card.parse(built.target), built.place)
        cards = frozenset(Card.parse(card) for card in built.cards)
        builds.moves.setdefault(target, {}).setdefault(cards, Move.parse(built.text))
        builds.pool |= cards
    return builds
