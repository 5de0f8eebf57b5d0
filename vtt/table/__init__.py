"""The free-form table model: pieces, seats, undoable operations and save files.

Pure Python (no Qt): the window observes a :class:`Table` and turns every user
action into one of its operations, so undo is always the model's.
"""

from vtt.table.marks import Mark
from vtt.table.model import Change, Table, TableError, hand_id
from vtt.table.pieces import (
    CARD_HEIGHT,
    CARD_WIDTH,
    PIP_FACES,
    RANK_FACES,
    Bag,
    Board,
    CardPiece,
    Container,
    Counter,
    Die,
    Hand,
    Piece,
    Stack,
    Token,
)
from vtt.table.seats import MAX_SEATS, MIN_SEATS, SEAT_COLOURS, Seat, default_seats

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "MAX_SEATS",
    "MIN_SEATS",
    "PIP_FACES",
    "RANK_FACES",
    "SEAT_COLOURS",
    "Bag",
    "Board",
    "CardPiece",
    "Change",
    "Container",
    "Counter",
    "Die",
    "Hand",
    "Mark",
    "Piece",
    "Seat",
    "Stack",
    "Table",
    "TableError",
    "Token",
    "default_seats",
    "hand_id",
]
