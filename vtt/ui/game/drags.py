"""The legal moves of the seat to move, split into drags onto places and actions (no Qt)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from vtt.rules import Move, State
from vtt.rules.footprint import Footprint
from vtt.ui.game.places import Key


@dataclass
class Drags:
    """The legal moves of the seat to move, split into drags and actions.

    ``targets[what][place key]`` is the move that putting a component written
    ``what`` (``QL``, ``R``) on that place means; ``footprints`` tells, for each
    of those moves, where the component comes from too, and ``sources[what, place
    key]`` holds the targets of a component taken from that place (Edge to Edge's
    five pawns of one player, each with steps of its own).
    """

    targets: dict[str, dict[Key, Move]] = field(default_factory=dict)
    sources: dict[tuple[str, Key], dict[Key, Move]] = field(default_factory=dict)
    actions: list[Move] = field(default_factory=list)
    footprints: dict[Move, Footprint] = field(default_factory=dict)
    #: (what, place) that several legal moves share (a Joker played calling one suit
    #: or another): a drop cannot tell which is meant, so they are all actions.
    several: set[tuple[str, Key]] = field(default_factory=set)
    #: Moves that take a set of cards (pass three cards), by kind: the cards are
    #: picked in the hand, then the move is made from the action bar.
    picks: dict[str, Picking] = field(default_factory=dict)

    def pickable(self, what: str) -> bool:
        """True if a component written ``what`` is one a set of cards may hold."""
        return any(what in picking.cards for picking in self.picks.values())

    def draggable(self, what: str, source: Key | None = None) -> bool:
        """True if a component written ``what`` (taken from ``source``, when given)
        has somewhere to go (a drop that several moves share says to choose in the
        action bar)."""
        found = what in self.targets if source is None else (what, source) in self.sources
        return found or any(item == what for item, _ in self.several)

    def targets_of(self, what: str, source: Key | None = None) -> dict[Key, Move]:
        """Where a component written ``what``, taken from ``source`` when given, may go."""
        if source is None:
            return self.targets.get(what, {})
        return self.sources.get((what, source), {})


@dataclass
class Picking:
    """The legal moves of one kind whose one argument is a set of cards (``pass 4R 9S
    KW``): too many to list (560 ways to pass three of sixteen cards), so the person
    picks the cards and the set picked is the move."""

    kind: str
    least: int
    most: int
    moves: dict[frozenset[str], Move] = field(default_factory=dict)
    cards: set[str] = field(default_factory=set)

    def add(self, move: Move, picked: frozenset[str]) -> None:
        """Count ``move``, which takes the cards written ``picked``, among these."""
        self.moves[picked] = move
        self.cards |= picked

    def move_for(self, picked: set[str]) -> Move | None:
        """The move taking exactly the cards picked, if it is legal."""
        return self.moves.get(frozenset(picked))

    def wanted(self) -> str:
        """How many cards a move takes, in words: "3 cards", "1 to 3 cards"."""
        if self.least == self.most:
            return f"{self.least} {'card' if self.least == 1 else 'cards'}"
        return f"{self.least} to {self.most} cards"


def _picked_cards(move: Move) -> frozenset[str] | None:
    """The cards a move takes when its kind's one argument is a set of cards, else None."""
    kind = move.kind
    if kind is None or len(kind.args) != 1 or kind.args[0].type != "cards":
        return None
    return frozenset(str(card) for card in move.values[0])


def drags_of(state: State, feet: Mapping[Move, Footprint] | None = None) -> Drags:
    """The legal moves of the seat to move, as drags onto places and as actions: a move
    with a footprint (it moves a card or piece of its own) is a drag onto the place it
    reaches, any other an action; so are moves that put the same component on the same
    place, since a drop could not tell them apart. ``feet``: ``state.footprints()``,
    when the caller has them already."""
    drags = Drags()
    feet = state.footprints() if feet is None else feet
    legal = state.legal_list()
    # The same component from different places (two pawns of one player) are different
    # drags; only moves a drop from one place cannot tell apart go to the action bar.
    places = Counter((foot.what, foot.source, foot.target) for foot in map(feet.get, legal) if foot)
    for move in legal:
        foot = feet.get(move)
        if foot is not None and places[foot.what, foot.source, foot.target] > 1:
            drags.several.add((foot.what, foot.target))
            foot = None
        picked = _picked_cards(move) if foot is None else None
        if picked is not None:
            kind = move.kind
            assert kind is not None
            arg = kind.args[0]
            picking = drags.picks.setdefault(kind.name, Picking(kind.name, arg.low, arg.high))
            picking.add(move, picked)
            continue
        if foot is None:
            drags.actions.append(move)
            continue
        drags.targets.setdefault(foot.what, {})[foot.target] = move
        drags.sources.setdefault((foot.what, foot.source), {})[foot.target] = move
        drags.footprints[move] = foot
    return drags
