"""JANTORI written directly in Python for search, following jantori.txt and RULINGS.md.

A 3x3 board of stacks. Each player has 4 Rock, 4 Paper and 4 Scissors pieces and a
marker; White's marker starts on a3 (top-left), Black's on c1 (bottom-right), and
White moves first. A placement goes next to your marker, or two cells away when the
opponent's marker stands between (a jump), onto a cell that is empty, shows one of
your own pieces, or shows an opponent piece that yours beats; never onto the
opponent's marker. Your marker follows your piece. A player with pieces left and no
placement loses at once; after all 24 placements the top pieces score (Rock 0,
Scissors 2, Paper 5) and a tie goes to White.

Written the way a careful programmer writes a game for search: a position is one
flat ``list`` of small integers (copied by one slice, ``position[:]``), a move is an
``int``, and a node lists its legal moves once. Only the top piece of a cell decides
anything, so the board keeps the tops alone. The layout (indices into the list):

* 0-8: each cell's top piece, ``0`` for empty, else ``1 + 3 * owner + piece``
  (piece: Rock 0, Paper 1, Scissors 2); cells by index ``(row - 1) * 3 + column``;
* 9-14 (``LEFT``): the pieces each player has still to place, ``3 * owner + piece``;
* 15-16 (``HAND``): a bit per piece type the player still has;
* 17-18 (``MARKER``): the cell under each player's marker; 19 (``TURN``): 0 or 1.

A move is ``3 * cell + piece``: the pack's action number for the same placement.

>>> position = new()
>>> [move_text(move) for move in sorted(legal_moves(position))][:3]
['place R at a2', 'place P at a2', 'place S at a2']
>>> play(position, parse_move("place P at b3")); markers(position)
('b3', 'c1')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from vtt.janken import Suit, beats

__all__ = [
    "BLACK",
    "CELLS",
    "PIECES",
    "VALUES",
    "WHITE",
    "from_position",
    "hand",
    "legal_moves",
    "markers",
    "move_text",
    "new",
    "parse_move",
    "perft",
    "play",
    "play_text",
    "playout",
    "render",
    "scores",
    "top",
    "winner",
]

WHITE, BLACK = 0, 1
#: Piece letters, indexed by their suit number (Rock 0, Paper 1, Scissors 2).
PIECES = ("R", "P", "S")
PIECES_OF_EACH_TYPE = 4
#: Points of a piece on top of a cell at the end: the fingers of the hand sign.
VALUES = {"R": 0, "S": 2, "P": 5}
#: Cell names by index; index = (row - 1) * 3 + column, row 1 at the bottom.
CELLS = tuple(f"{column}{row}" for row in (1, 2, 3) for column in "abc")

LEFT, HAND, MARKER, TURN = 9, 15, 17, 19
_START = [0] * 9 + [PIECES_OF_EACH_TYPE] * 6 + [0b111, 0b111]
_START += [CELLS.index("a3"), CELLS.index("c1"), WHITE]

_CELL_INDEX = {name: index for index, name in enumerate(CELLS)}
_PIECE_INDEX = {letter: index for index, letter in enumerate(PIECES)}


def _targets(here: int, theirs: int) -> tuple[int, ...]:
    """The cells a marker on ``here`` reaches with the opponent's on ``theirs``."""
    column, row = here % 3, here // 3
    found = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        near = (column + dc, row + dr)
        if 0 <= near[0] < 3 and 0 <= near[1] < 3 and near[1] * 3 + near[0] != theirs:
            found.append(near[1] * 3 + near[0])
        far = (column + 2 * dc, row + 2 * dr)
        if 0 <= far[0] < 3 and 0 <= far[1] < 3 and near[1] * 3 + near[0] == theirs:
            found.append(far[1] * 3 + far[0])
    return tuple(found)


def _allowed(me: int, code: int) -> int:
    """The bits of the pieces ``me`` may place on a cell whose top piece is ``code``."""
    if code == 0 or (code - 1) // 3 == me:
        return 0b111
    under = Suit((code - 1) % 3)
    return sum(1 << piece for piece in range(3) if beats(Suit(piece), under))


# _TARGETS[9 * here + theirs]: the cells a placement may go to.
_TARGETS = tuple(_targets(here, theirs) for here in range(9) for theirs in range(9))
# _ALLOWED[me][top code]: the bits of the pieces that may go on that top.
_ALLOWED = tuple(tuple(_allowed(me, code) for code in range(7)) for me in (WHITE, BLACK))
# _CELL_MOVES[cell][bits]: the moves placing those pieces on that cell.
_CELL_MOVES = tuple(
    tuple(tuple(3 * cell + p for p in range(3) if bits >> p & 1) for bits in range(8))
    for cell in range(9)
)
_POINTS = (0,) + tuple(VALUES[letter] for letter in PIECES) * 2


def new() -> list[int]:
    """The starting position."""
    return _START[:]


def legal_moves(position: list[int]) -> list[int]:
    """Every legal placement for the player to move (empty when the game is over)."""
    me = position[TURN]
    bits = position[HAND + me]
    moves: list[int] = []
    if not bits:  # players alternate, so an empty hand means all 24 pieces are placed
        return moves
    allowed = _ALLOWED[me]
    for cell in _TARGETS[9 * position[MARKER + me] + position[MARKER + 1 - me]]:
        moves += _CELL_MOVES[cell][bits & allowed[position[cell]]]
    return moves


def play(position: list[int], move: int) -> None:
    """Place a piece and move the marker there; fast and unchecked (see play_text)."""
    cell, piece = divmod(move, 3)
    me = position[TURN]
    position[cell] = 1 + 3 * me + piece
    index = LEFT + 3 * me + piece
    left = position[index] = position[index] - 1
    if not left:
        position[HAND + me] &= ~(1 << piece)
    position[MARKER + me] = cell
    position[TURN] = 1 - me


def scores(position: list[int]) -> tuple[int, int]:
    """Each player's points from the top pieces on the board."""
    totals = [0, 0]
    for code in position[:9]:
        if code:
            totals[(code - 1) // 3] += _POINTS[code]
    return totals[WHITE], totals[BLACK]


def winner(position: list[int]) -> int | None:
    """WHITE or BLACK once the game is over, None while it goes on."""
    if legal_moves(position):
        return None
    if position[HAND] or position[HAND + 1]:
        return 1 - position[TURN]  # pieces left and no placement: lost at once
    white, black = scores(position)
    return WHITE if white >= black else BLACK


# --- reading and writing positions and moves (tests, fixtures) -------------------------


def from_position(
    stacks: Mapping[str, Sequence[tuple[int, str]]], marker_cells: tuple[str, str], turn: int
) -> list[int]:
    """A position given by its stacks (cell -> (owner, letter) bottom to top).

    The pieces in hand are whatever is not on the board.
    """
    position = new()
    for cell, stack in stacks.items():
        for owner, letter in stack:
            piece = _PIECE_INDEX[letter.upper()]
            position[_CELL_INDEX[cell]] = 1 + 3 * owner + piece
            position[LEFT + 3 * owner + piece] -= 1
    for owner in (WHITE, BLACK):
        counts = position[LEFT + 3 * owner : LEFT + 3 * owner + 3]
        if min(counts) < 0:
            raise ValueError(f"more than {PIECES_OF_EACH_TYPE} pieces of one type on the board")
        position[HAND + owner] = sum(1 << piece for piece in range(3) if counts[piece])
        position[MARKER + owner] = _CELL_INDEX[marker_cells[owner]]
    position[TURN] = turn
    return position


def markers(position: list[int]) -> tuple[str, str]:
    """The cells under White's and Black's markers."""
    return CELLS[position[MARKER + WHITE]], CELLS[position[MARKER + BLACK]]


def top(position: list[int], cell: str) -> tuple[int, str] | None:
    """The (owner, letter) of the piece on top of ``cell``, or None when empty."""
    code = position[_CELL_INDEX[cell]]
    return None if code == 0 else ((code - 1) // 3, PIECES[(code - 1) % 3])


def hand(position: list[int], player: int) -> dict[str, int]:
    """How many pieces of each letter ``player`` still has to place."""
    start = LEFT + 3 * player
    return dict(zip(PIECES, position[start : start + 3], strict=True))


_PLAYER_NAMES = ("White", "Black")


def parse_move(text: str) -> int:
    """Read ``place R at b2`` (any case) into its move number."""
    words = text.split()
    if (
        len(words) != 4
        or words[0].lower() != "place"
        or words[2].lower() != "at"
        or words[1].upper() not in _PIECE_INDEX
        or words[3].lower() not in _CELL_INDEX
    ):
        raise ValueError(f"{text!r} is not a JANTORI move: expected 'place R|P|S at a1..c3'")
    return 3 * _CELL_INDEX[words[3].lower()] + _PIECE_INDEX[words[1].upper()]


def move_text(move: int) -> str:
    """Write a move in the shared notation, e.g. ``place R at b2``."""
    cell, piece = divmod(move, 3)
    return f"place {PIECES[piece]} at {CELLS[cell]}"


def play_text(position: list[int], text: str) -> None:
    """Play a move written ``place R at b2``, raising ValueError if it is illegal."""
    move = parse_move(text)
    if move not in legal_moves(position):
        raise ValueError(f"illegal move {text!r} for {_PLAYER_NAMES[position[TURN]]}")
    play(position, move)


def render(position: list[int]) -> str:
    """The board's top pieces and markers, row 3 at the top."""
    rows = []
    for row in (2, 1, 0):
        cells = []
        for column in range(3):
            index = row * 3 + column
            code = position[index]
            text = f"{'WB'[(code - 1) // 3]}{PIECES[(code - 1) % 3]}" if code else ".."
            marks = "".join("wb"[p] for p in (WHITE, BLACK) if position[MARKER + p] == index)
            cells.append(f"{text}{marks:<2}")
        rows.append(f"{row + 1} " + " ".join(cells))
    return "\n".join([*rows, "  a    b    c"])


def perft(position: list[int], depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``position``."""
    moves = legal_moves(position)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for move in moves:
        child = position[:]
        play(child, move)
        total += perft(child, depth - 1)
    return total


def playout(seed: int) -> int:
    """Play one game of uniformly random moves; the winner's index (never -1: no draws)."""
    rng = random.Random(seed)
    position = new()
    while moves := legal_moves(position):
        play(position, moves[rng.randrange(len(moves))])
    found = winner(position)
    assert found is not None
    return found
