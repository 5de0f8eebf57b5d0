"""The things on a free-form table: cards, stacks, dice, tokens, bags, counters and hands.

Every piece has an id, a position (its centre, in table units), a rotation in
degrees, a face (up or down), a lock, and, where it matters, an owner seat.
Containers (stacks, hands, bags) hold the ids of their pieces in ``contents``;
a contained piece names its container in ``parent`` and its own position is
not used until it comes out again.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from vtt.janken import Card, NotationError

#: Size of a card on the table, in table units (63 x 88 mm at 1.6 units per mm).
CARD_WIDTH = 100.0
CARD_HEIGHT = 140.0

#: Faces of the six-sided suit die ("pip die"), in order.
PIP_FACES: tuple[str, ...] = ("R", "P", "S", "W", "L", "Jk")
#: Faces of a twelve-sided rank die: 2 to Queen, then the suit pip (Ace or King).
RANK_FACES: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "pip")


@dataclass(slots=True)
class Piece:
    """What every object on the table has."""

    KIND: ClassVar[str] = "piece"

    id: str
    x: float = 0.0
    y: float = 0.0
    rotation: float = 0.0
    face_up: bool = True
    locked: bool = False
    owner: int | None = None
    parent: str | None = None
    z: int = 0
    label: str = ""

    def clone(self) -> Piece:
        """An independent copy (lists are copied, never shared).

        Undo snapshots every changed piece, so this is on the hot path: it copies
        the slots directly, which is several times faster than ``copy.copy``.
        """
        cls = type(self)
        twin = cls.__new__(cls)
        for name in _field_names(cls):
            value = getattr(self, name)
            setattr(twin, name, list(value) if type(value) is list else value)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The piece as plain JSON data, with its kind."""
        data: dict[str, Any] = {"kind": self.KIND}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, list) else value
        return data

    @property
    def is_container(self) -> bool:
        """True for stacks, hands and bags."""
        return False

    def describe(self) -> str:
        """A short name for messages and undo labels."""
        return self.label or self.id


@dataclass(slots=True)
class Container(Piece):
    """A piece that holds other pieces, listed in ``contents``."""

    contents: list[str] = field(default_factory=list)

    @property
    def is_container(self) -> bool:
        return True


@dataclass(slots=True)
class CardPiece(Piece):
    """A card. ``face`` names its front (a Janken card's notation, or e.g. ``rule-card``)."""

    KIND: ClassVar[str] = "card"

    face: str = ""
    back: str = "back"

    @property
    def card(self) -> Card | None:
        """The Janken card this is, or None for other cards such as the Rule Card."""
        try:
            return Card.parse(self.face)
        except NotationError:
            return None

    @property
    def face_words(self) -> str:
        """The face as a player says it: its label, a Janken card's name ("the Joker
        of Scissors", not ``JkS``), or the face."""
        card = self.card
        return self.label or (f"the {card.name}" if card is not None else self.face)

    def describe(self) -> str:
        """The face only where everybody sees it (loose and face up): labels are public."""
        if self.parent is None and self.face_up:
            return self.label or self.face
        return "a face-down card" if self.parent is None else "a card"


@dataclass(slots=True)
class Stack(Container):
    """A deck or pile of cards; ``contents`` runs from the bottom card to the top card."""

    KIND: ClassVar[str] = "stack"

    @property
    def top(self) -> str:
        """The id of the top card."""
        return self.contents[-1]

    def describe(self) -> str:
        return self.label or f"stack of {len(self.contents)}"


@dataclass(slots=True)
class Hand(Container):
    """The private hand of one seat (``owner``); ``contents`` runs left to right."""

    KIND: ClassVar[str] = "hand"

    def describe(self) -> str:
        return self.label or f"hand of seat {self.owner}"


@dataclass(slots=True)
class Bag(Container):
    """A bag: pieces go in, one comes out at random."""

    KIND: ClassVar[str] = "bag"


@dataclass(slots=True)
class Die(Piece):
    """A die showing ``faces[value]``; ``style`` picks its art (``pip``, ``rank-R`` ...).

    ``reversed`` marks a pip die that rolled the Joker and was rolled again: the
    suit it shows is played under the reversed (Joker) rules.
    """

    KIND: ClassVar[str] = "die"

    faces: list[str] = field(default_factory=lambda: list(PIP_FACES))
    value: int = 0
    style: str = "pip"
    reversed: bool = False

    @property
    def shown(self) -> str:
        """The face on top."""
        return self.faces[self.value]

    def describe(self) -> str:
        return self.label or f"die ({self.shown})"


@dataclass(slots=True)
class Token(Piece):
    """A token; ``face`` names its art (``seat-3``, ``suit-W`` ...)."""

    KIND: ClassVar[str] = "token"

    face: str = ""


@dataclass(slots=True)
class Board(Piece):
    """A board: one of a pack's images (``image``, the art ``@pack/image``) lying on the
    table, ``width`` x ``height`` table units, always under the other pieces."""

    KIND: ClassVar[str] = "board"

    image: str = ""
    width: float = 600.0
    height: float = 400.0

    def describe(self) -> str:
        return self.label or "board"


@dataclass(slots=True)
class Counter(Piece):
    """A number on the table, for scores and hit points."""

    KIND: ClassVar[str] = "counter"

    value: int = 0

    def describe(self) -> str:
        return f"{self.label or 'counter'} ({self.value})"


_FIELD_NAMES: dict[type[Piece], tuple[str, ...]] = {}


def _field_names(cls: type[Piece]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


PIECE_KINDS: dict[str, type[Piece]] = {
    kind.KIND: kind for kind in (CardPiece, Stack, Hand, Bag, Die, Token, Counter, Board)
}
