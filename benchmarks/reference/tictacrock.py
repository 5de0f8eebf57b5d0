"""One round of basic Tic-Tac-Rock written directly in Python (janken-deck-games.txt).

The standard game: the 65 cards without Jokers, three cards dealt to each player,
one face up in the centre of an imagined 3x3 board, the rest a face-down stock.
The player left of the dealer starts. On a turn you play a card from your hand onto
an empty space (any card) or onto a card whose suit yours beats, then draw one card
while the stock lasts. Three top cards of one suit in a row (across, down or
diagonal) win the round for the player who made it; covered cards do not count.

The text does not say what a player who cannot play does. Reading of this module:
that player passes (the only legal move is ``pass``); when no player has a card
they can play, nothing can change any more and the round is a draw (RULINGS.md:
"a round with no cards left to play and no line is a drawn round").

Cells are named like chess squares (columns a-c left to right, row 1 at the
bottom). A move is ``(card, cell)`` such as ``("QL", "b2")``, written ``play QL at b2``.

>>> from vtt.janken import Card
>>> cards = [Card.parse(text) for text in "AR 5P 9S 2W 3L 4R 7S 8P".split()]
>>> game = TicTacRock(hands=[cards[:3], cards[3:6]], center=cards[6], stock=cards[7:])
>>> game.turn, len(game.legal_moves())
(1, 26)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from vtt.janken import Card, Suit, beats, deck

__all__ = [
    "CELLS",
    "HAND_SIZE",
    "PASS",
    "Move",
    "TicTacRock",
    "move_text",
    "parse_move",
    "perft",
    "playout",
]

HAND_SIZE = 3
#: Cell names by index; index = (row - 1) * 3 + column, row 1 at the bottom.
CELLS = tuple(f"{column}{row}" for row in (1, 2, 3) for column in "abc")
CENTER = CELLS.index("b2")

Move = tuple[str, str]
#: The move of a player who has no card they can play.
PASS: Move = ("pass", "")

_CELL_INDEX = {name: index for index, name in enumerate(CELLS)}
_LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
_LINES_THROUGH = tuple(tuple(line for line in _LINES if cell in line) for cell in range(9))
_BEATS = tuple(tuple(beats(a, b) for b in Suit) for a in Suit)
# Card.notation is computed on each call; moves need it often, so look it up once.
_TEXT = {card: card.notation for card in deck()}


class TicTacRock:
    """A round of Tic-Tac-Rock: the board's stacks, the hands, the stock and the turn."""

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        center: Card,
        stock: Sequence[Card],
        dealer: int = 0,
    ) -> None:
        if not 2 <= len(hands) <= 4:
            raise ValueError(f"Tic-Tac-Rock is for 2-4 players, got {len(hands)} hands")
        self.board: list[list[Card]] = [[] for _ in CELLS]
        self.board[CENTER].append(center)
        self.hands = [list(hand) for hand in hands]
        # Stored bottom first so that drawing is a pop from the end.
        self._stock = list(reversed(stock))
        self.turn = (dealer + 1) % len(hands)
        #: The player who made three in a row, once someone has.
        self.line_maker: int | None = None
        self.drawn = False

    @classmethod
    def with_board(
        cls,
        board: Mapping[str, Sequence[Card]],
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        turn: int,
    ) -> TicTacRock:
        """A position part-way through a round: stacks per cell (bottom first)."""
        unknown = set(board) - set(CELLS)
        if unknown:
            raise ValueError(f"not cells of the board: {sorted(unknown)}")
        game = cls(hands, Card.parse("AR"), stock)  # its centre is replaced just below
        game.board = [list(board.get(cell, ())) for cell in CELLS]
        if any(game._makes_line(cell) for cell in range(len(CELLS))):
            raise ValueError("the board already has three in a row: the round would be over")
        game.turn = turn
        game._settle()
        return game

    @classmethod
    def deal(cls, seed: int, players: int = 2, dealer: int = 0) -> TicTacRock:
        """A new round: the 65-card deck shuffled by ``random.Random(seed)`` and dealt."""
        cards = deck(jokers=False)
        random.Random(seed).shuffle(cards)
        # Dealt one at a time from the top, starting left of the dealer.
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            hands[(dealer + 1 + i) % players].append(cards[i])
        dealt = HAND_SIZE * players
        return cls(hands, cards[dealt], cards[dealt + 1 :], dealer)

    @property
    def stock(self) -> list[Card]:
        """The draw pile, top card first."""
        return self._stock[::-1]

    @property
    def is_over(self) -> bool:
        """True once someone made three in a row or no one can play any more."""
        return self.line_maker is not None or self.drawn

    @property
    def winner(self) -> int | None:
        """The player who made three in a row, -1 for a drawn round, None while it goes on."""
        if self.line_maker is not None:
            return self.line_maker
        return -1 if self.drawn else None

    def top(self, cell: str) -> Card | None:
        """The card on top of ``cell``, or None for an empty space."""
        stack = self.board[_CELL_INDEX[cell]]
        return stack[-1] if stack else None

    def cells_for(self, card: Card) -> list[str]:
        """The cells where ``card`` may be played: empty ones and those it beats."""
        beaten = _BEATS[card.suit]
        return [
            CELLS[i] for i, stack in enumerate(self.board) if not stack or beaten[stack[-1].suit]
        ]

    def legal_moves(self) -> list[Move]:
        """Every legal play for the player to move, ``[PASS]`` if none, ``[]`` at the end."""
        if self.is_over:
            return []
        moves: list[Move] = []
        for card in self.hands[self.turn]:
            text = _TEXT[card]
            moves += [(text, cell) for cell in self.cells_for(card)]
        return moves or [PASS]

    def play(self, move: Move) -> None:
        """Play a card (or pass), draw back up and pass the turn; unchecked (see play_text)."""
        if move != PASS:
            hand = self.hands[self.turn]
            card = next(card for card in hand if _TEXT[card] == move[0])
            hand.remove(card)
            cell = _CELL_INDEX[move[1]]
            self.board[cell].append(card)
            if self._makes_line(cell):
                self.line_maker = self.turn
                return
            if self._stock:
                hand.append(self._stock.pop())
        self.turn = (self.turn + 1) % len(self.hands)
        self._settle()

    def play_text(self, text: str) -> None:
        """Play a move written ``play QL at b2`` or ``pass``; ValueError if it is illegal."""
        move = parse_move(text)
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {text!r} for player {self.turn}")
        self.play(move)

    def copy(self) -> TicTacRock:
        """An independent copy of this position."""
        twin = TicTacRock.__new__(TicTacRock)
        twin.board = [list(stack) for stack in self.board]
        twin.hands = [list(hand) for hand in self.hands]
        twin._stock = list(self._stock)
        twin.turn = self.turn
        twin.line_maker = self.line_maker
        twin.drawn = self.drawn
        return twin

    def _makes_line(self, cell: int) -> bool:
        board = self.board
        return any(
            board[a]
            and board[b]
            and board[c]
            and board[a][-1].suit == board[b][-1].suit == board[c][-1].suit
            for a, b, c in _LINES_THROUGH[cell]
        )

    def _can_play(self, player: int) -> bool:
        tops = [stack[-1].suit for stack in self.board if stack]
        if len(tops) < len(self.board):
            return bool(self.hands[player])
        return any(_BEATS[card.suit][top] for card in self.hands[player] for top in tops)

    def _settle(self) -> None:
        """End the round as a draw when no player can play any card."""
        players = range(len(self.hands))
        self.drawn = not any(self._can_play((self.turn + k) % len(players)) for k in players)


def parse_move(text: str) -> Move:
    """Read ``play QL at b2`` (any case) or ``pass``."""
    words = text.split()
    if [word.lower() for word in words] == ["pass"]:
        return PASS
    shape = [word.lower() for word in words[::2]]
    if len(words) == 4 and shape == ["play", "at"] and words[3].lower() in _CELL_INDEX:
        return Card.parse(words[1]).notation, words[3].lower()
    raise ValueError(f"{text!r} is not a Tic-Tac-Rock move: expected 'play QL at b2' or 'pass'")


def move_text(move: Move) -> str:
    """Write a move in the shared notation: ``play QL at b2`` or ``pass``."""
    return "pass" if move == PASS else f"play {move[0]} at {move[1]}"


def perft(position: TicTacRock, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``position``."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = position.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total


def playout(seed: int, players: int = 2) -> int:
    """Deal and play one round of uniformly random moves; the line maker, or -1 for a draw."""
    game = TicTacRock.deal(seed, players)
    rng = random.Random(seed)
    while moves := game.legal_moves():
        game.play(rng.choice(moves))
    winner = game.winner
    assert winner is not None
    return winner
