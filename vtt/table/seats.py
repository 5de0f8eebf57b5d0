"""Seats at the table: one to eight players, each with a name and a colour."""

from __future__ import annotations

from dataclasses import dataclass

MIN_SEATS = 1
MAX_SEATS = 8

#: Seat colours, in seat order (the same as the token art in assets/).
SEAT_COLOURS: tuple[str, ...] = (
    "#e74c3c",
    "#3498db",
    "#2ecc71",
    "#f1c40f",
    "#9b59b6",
    "#e67e22",
    "#1abc9c",
    "#ff6fa8",
)
#: What the colours above are called, in the same order (menus name them).
COLOUR_NAMES: tuple[str, ...] = (
    "Red",
    "Blue",
    "Green",
    "Yellow",
    "Purple",
    "Orange",
    "Teal",
    "Pink",
)
#: Colours a game's seats may be named after beyond those above (JANTORI's White and
#: Black), light and dark enough to tell apart on the felt.
GAME_COLOURS: tuple[tuple[str, str], ...] = (("White", "#f4f1e8"), ("Black", "#262626"))
DEFAULT_NAMES: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def named_colour(name: str) -> str | None:
    """The colour a seat's name names (``#rrggbb``), if it is a colour's name.

    >>> named_colour("White"), named_colour("blue"), named_colour("Ann")
    ('#f4f1e8', '#3498db', None)
    """
    colours = dict(zip(COLOUR_NAMES, SEAT_COLOURS, strict=True)) | dict(GAME_COLOURS)
    found = {word.lower(): colour for word, colour in colours.items()}
    return found.get(name.strip().lower())


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table and the person sitting there."""

    name: str
    colour: str


def default_seats(count: int) -> tuple[Seat, ...]:
    """``count`` seats with the default names and colours.

    >>> [s.name for s in default_seats(3)]
    ['Ann', 'Ben', 'Cat']
    """
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {count}")
    return tuple(Seat(DEFAULT_NAMES[i], SEAT_COLOURS[i]) for i in range(count))
