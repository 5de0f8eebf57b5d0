"""JANTORI written directly in Python, following jantori.txt and RULINGS.md ("JANTORI").

A 3x3 board of stacks. Each player has 4 Rock, 4 Paper and 4 Scissors pieces and a
marker; White's marker starts on a3 (top-left), Black's on c1 (bottom-right), and
White moves first. A placement goes next to your marker, or two cells away when the
opponent's marker stands between (a jump), onto a cell that is empty, shows one of
your own pieces, or shows an opponent piece that yours beats; never onto the
opponent's marker. Your marker follows your piece. A player with pieces left and no
placement loses at once; after all 24 placements the top pieces score (Rock 0,
Scissors 2, Paper 5) and a tie goes to White.

Cells are named like chess squares: columns a-c left to right, row 1 at the bottom.
A move is ``(piece letter, cell)``, written ``place R at b2``.

>>> game = Jantori()
>>> sorted(game.legal_moves())[:3]
[('P', 'a2'), ('P', 'b3'), ('R', 'a2')]
>>> game.play(("P", "b3")); game.markers
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
    "Jantori",
    "Move",
    "move_text",
    "parse_move",
    "perft",
    "playout",
]

WHITE, BLACK = 0, 1
#: Piece letters, indexed by their suit number (Rock 0, Paper 1, Scissors 2).
PIECES = ("R", "P", "S")
PIECES_OF_EACH_TYPE = 4
TOTAL_PLACEMENTS = 2 * PIECES_OF_EACH_TYPE * len(PIECES)
#: Points of a piece on top of a cell at the end: the fingers of the hand sign.
VALUES = {"R": 0, "S": 2, "P": 5}
#: Cell names by index; index = (row - 1) * 3 + column, row 1 at the bottom.
CELLS = tuple(f"{column}{row}" for row in (1, 2, 3) for column in "abc")
START_MARKERS = (CELLS.index("a3"), CELLS.index("c1"))

Move = tuple[str, str]

_CELL_INDEX = {name: index for index, name in enumerate(CELLS)}
_PIECE_INDEX = {letter: index for index, letter in enumerate(PIECES)}
_POINTS = tuple(VALUES[letter] for letter in PIECES)
# _BEATS[a][b]: piece a may be placed on an opponent's piece b.
_BEATS = tuple(tuple(beats(Suit(a), Suit(b)) for b in range(3)) for a in range(3))
# Every move value is built once, so generating moves allocates only the list.
_MOVES = tuple(tuple((letter, cell) for cell in CELLS) for letter in PIECES)


def _steps(index: int) -> list[tuple[int, int]]:
    column, row = index % 3, index // 3
    return [(column + dc, row + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]


def _on_board(column: int, row: int) -> bool:
    return 0 <= column < 3 and 0 <= row < 3


_ADJACENT = tuple(
    tuple(row * 3 + column for column, row in _steps(index) if _on_board(column, row))
    for index in range(9)
)
# For each cell, the (cell jumped over, landing cell) pairs in the four directions.
_JUMPS = tuple(
    tuple(
        ((index // 3 + dr) * 3 + index % 3 + dc, (index // 3 + 2 * dr) * 3 + index % 3 + 2 * dc)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if _on_board(index % 3 + 2 * dc, index // 3 + 2 * dr)
    )
    for index in range(9)
)


class Jantori:
    """A JANTORI position with its history, so moves can be undone."""

    def __init__(self) -> None:
        # Each stack holds (owner, piece index) from bottom to top.
        self.stacks: list[list[tuple[int, int]]] = [[] for _ in CELLS]
        self.pieces_left = [[PIECES_OF_EACH_TYPE] * 3, [PIECES_OF_EACH_TYPE] * 3]
        self._markers = list(START_MARKERS)
        self.turn = WHITE
        self.placed = 0
        self._history: list[tuple[int, int]] = []

    @classmethod
    def from_position(
        cls,
        stacks: Mapping[str, Sequence[tuple[int, str]]],
        markers: tuple[str, str],
        turn: int,
    ) -> Jantori:
        """A position given by its stacks (cell -> (owner, letter) bottom to top).

        The pieces in hand are whatever is not on the board.
        """
        game = cls()
        for cell, stack in stacks.items():
            for owner, letter in stack:
                piece = _PIECE_INDEX[letter.upper()]
                game.stacks[_CELL_INDEX[cell]].append((owner, piece))
                game.pieces_left[owner][piece] -= 1
                game.placed += 1
        if any(count < 0 for hand in game.pieces_left for count in hand):
            raise ValueError(f"more than {PIECES_OF_EACH_TYPE} pieces of one type on the board")
        game._markers = [_CELL_INDEX[markers[WHITE]], _CELL_INDEX[markers[BLACK]]]
        game.turn = turn
        return game

    @property
    def markers(self) -> tuple[str, str]:
        """The cells under White's and Black's markers."""
        return CELLS[self._markers[WHITE]], CELLS[self._markers[BLACK]]

    def top(self, cell: str) -> tuple[int, str] | None:
        """The (owner, letter) of the piece on top of ``cell``, or None when empty."""
        stack = self.stacks[_CELL_INDEX[cell]]
        return (stack[-1][0], PIECES[stack[-1][1]]) if stack else None

    def hand(self, player: int) -> dict[str, int]:
        """How many pieces of each letter ``player`` still has to place."""
        return dict(zip(PIECES, self.pieces_left[player], strict=True))

    def legal_moves(self) -> list[Move]:
        """Every legal placement for the player to move (empty when the game is over)."""
        if self.placed == TOTAL_PLACEMENTS:
            return []
        me = self.turn
        theirs = self._markers[1 - me]
        here = self._markers[me]
        left = self.pieces_left[me]
        targets = [cell for cell in _ADJACENT[here] if cell != theirs]
        targets += [landing for over, landing in _JUMPS[here] if over == theirs]
        moves: list[Move] = []
        for cell in targets:
            stack = self.stacks[cell]
            if stack and stack[-1][0] != me:
                beaten = stack[-1][1]
                moves += [_MOVES[p][cell] for p in range(3) if left[p] and _BEATS[p][beaten]]
            else:
                moves += [_MOVES[p][cell] for p in range(3) if left[p]]
        return moves

    def play(self, move: Move) -> None:
        """Place a piece and move the marker there; fast and unchecked (see play_text)."""
        piece = _PIECE_INDEX[move[0]]
        cell = _CELL_INDEX[move[1]]
        me = self.turn
        self.stacks[cell].append((me, piece))
        self.pieces_left[me][piece] -= 1
        self._history.append((cell, self._markers[me]))
        self._markers[me] = cell
        self.placed += 1
        self.turn = 1 - me

    def play_text(self, text: str) -> None:
        """Play a move written ``place R at b2``, raising ValueError if it is illegal."""
        move = parse_move(text)
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {text!r} for {_PLAYER_NAMES[self.turn]}")
        self.play(move)

    def undo(self) -> None:
        """Take back the last placement."""
        cell, previous = self._history.pop()
        self.turn = me = 1 - self.turn
        _, piece = self.stacks[cell].pop()
        self.pieces_left[me][piece] += 1
        self._markers[me] = previous
        self.placed -= 1

    def copy(self) -> Jantori:
        """An independent copy of this position and its history."""
        twin = Jantori.__new__(Jantori)
        twin.stacks = [list(stack) for stack in self.stacks]
        twin.pieces_left = [list(hand) for hand in self.pieces_left]
        twin._markers = list(self._markers)
        twin.turn = self.turn
        twin.placed = self.placed
        twin._history = list(self._history)
        return twin

    def scores(self) -> tuple[int, int]:
        """Each player's points from the top pieces on the board."""
        totals = [0, 0]
        for stack in self.stacks:
            if stack:
                owner, piece = stack[-1]
                totals[owner] += _POINTS[piece]
        return totals[WHITE], totals[BLACK]

    @property
    def winner(self) -> int | None:
        """WHITE or BLACK once the game is over, None while it goes on."""
        if self.placed == TOTAL_PLACEMENTS:
            white, black = self.scores()
            return WHITE if white >= black else BLACK
        if not self.legal_moves():
            return 1 - self.turn
        return None

    @property
    def is_over(self) -> bool:
        """True once all pieces are placed or the player to move is blocked."""
        return self.winner is not None

    def __str__(self) -> str:
        rows = []
        for row in (2, 1, 0):
            cells = []
            for column in range(3):
                index = row * 3 + column
                stack = self.stacks[index]
                text = f"{'WB'[stack[-1][0]]}{PIECES[stack[-1][1]]}" if stack else ".."
                marks = "".join("wb"[p] for p in (WHITE, BLACK) if self._markers[p] == index)
                cells.append(f"{text}{marks:<2}")
            rows.append(f"{row + 1} " + " ".join(cells))
        return "\n".join([*rows, "  a    b    c"])


_PLAYER_NAMES = ("White", "Black")


def parse_move(text: str) -> Move:
    """Read ``place R at b2`` (any case) into ``("R", "b2")``."""
    words = text.split()
    if (
        len(words) != 4
        or words[0].lower() != "place"
        or words[2].lower() != "at"
        or words[1].upper() not in _PIECE_INDEX
        or words[3].lower() not in _CELL_INDEX
    ):
        raise ValueError(f"{text!r} is not a JANTORI move: expected 'place R|P|S at a1..c3'")
    return words[1].upper(), words[3].lower()


def move_text(move: Move) -> str:
    """Write a move in the shared notation, e.g. ``place R at b2``."""
    return f"place {move[0]} at {move[1]}"


def perft(position: Jantori, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``position``."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        position.play(move)
        total += perft(position, depth - 1)
        position.undo()
    return total


def playout(seed: int) -> int:
    """Play one game of uniformly random moves; the winner's index (never -1: no draws)."""
    rng = random.Random(seed)
    game = Jantori()
    while moves := game.legal_moves():
        game.play(rng.choice(moves))
    winner = game.winner
    assert winner is not None
    return winner
