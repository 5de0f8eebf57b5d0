"""War written directly in Python, following janken-deck-games.txt and RULINGS.md ("War").

Both players turn up the top card of their stack; the stronger suit takes both.
With Jokers in play, if either card is a Joker the weaker suit wins instead. Cards
of the same suit (a Joker included: JkR vs 5R) start a war: three cards face down
each, then one face up, repeated while the suits match. A player who cannot
complete a war lays down what they have and their last card is the face-up one; a
player with no card at all loses the war. If neither has a card left the cards on
the table stay there, won by nobody. Won cards are set aside; the game ends when a
stack is empty and the player who won more cards wins (equal: a draw).

The deal goes one card at a time, starting with player 0, until the deck is gone,
so without Jokers (65 cards) player 0 holds 33 cards and player 1 holds 32.

A game can be played a round at a time (``play_round``) or a move at a time, like
the other references: player 0 and then player 1 make the only move, ``"flip"``,
and the second flip resolves the round the same way.

>>> from vtt.janken import Card
>>> game = War([[Card.parse("JP")], [Card.parse("2L")]])
>>> game.play_round(), game.winner
(1, 1)
>>> game = War([[Card.parse("JP")], [Card.parse("2L")]])
>>> game.play("flip"); game.to_move, game.legal_moves()
(1, ['flip'])
>>> game.play("flip"); game.to_move, game.legal_moves(), game.winner
(None, [], 1)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from vtt.janken import Card, Suit, beats, deck

__all__ = ["DRAW", "FLIP", "War", "card_wins", "deal", "playout", "playout_moves"]

DRAW = -1
#: The only move: the player to move turns up the top card of their stack.
FLIP = "flip"
CARDS_DOWN_IN_A_WAR = 3

# _WINS[jokers][a][b]: a card of suit a beats one of suit b (jokers: a Joker is showing).
_WINS = tuple(
    tuple(tuple(beats(Suit(a), Suit(b), jokers=jokers) for b in Suit) for a in Suit)
    for jokers in (False, True)
)


def card_wins(mine: Card, theirs: Card) -> bool:
    """True when ``mine`` beats ``theirs`` (their suits differ); a Joker reverses the rules."""
    return _WINS[mine.is_joker or theirs.is_joker][mine.suit][theirs.suit]


class War:
    """A two-player game of War: the stacks (top first), the cards won, the table."""

    def __init__(self, stacks: Sequence[Sequence[Card]]) -> None:
        if len(stacks) != 2:
            raise ValueError(f"War is for 2 players, got {len(stacks)} stacks")
        self.stacks = [deque(stack) for stack in stacks]
        self.won: list[list[Card]] = [[], []]
        #: Cards of a war that neither player could finish; they count for nobody.
        self.unclaimed: list[Card] = []
        self.rounds = 0
        #: The card player 0 has turned up while player 1 has yet to flip, else empty.
        self.face_up: list[Card] = []
        #: The player who flips next: 0 or 1, or None once the game is over.
        self.to_move: int | None = 0 if self.stacks[0] and self.stacks[1] else None

    @property
    def is_over(self) -> bool:
        """True once a stack is empty and no round is left half played."""
        return self.to_move is None

    @property
    def winner(self) -> int | None:
        """0 or 1 for the player with more cards won, DRAW when equal, None while playing."""
        if self.to_move is not None:
            return None
        first, second = len(self.won[0]), len(self.won[1])
        return DRAW if first == second else (0 if first > second else 1)

    def copy(self) -> War:
        """An independent copy of this game (for search: copy, play, look at the moves)."""
        twin = War.__new__(War)
        twin.stacks = [deque(stack) for stack in self.stacks]
        twin.won = [list(cards) for cards in self.won]
        twin.unclaimed = list(self.unclaimed)
        twin.rounds = self.rounds
        twin.face_up = list(self.face_up)
        twin.to_move = self.to_move
        return twin

    def legal_moves(self) -> list[str]:
        """``["flip"]`` (a new list) for the player to move, or ``[]`` once the game is over."""
        return [] if self.to_move is None else [FLIP]

    def play(self, move: str) -> None:
        """The player to move turns up their top card; the second flip resolves the round."""
        player = self.to_move
        if player is None:
            raise ValueError("the game is over: a stack is empty")
        if move != FLIP:
            raise ValueError(f"{move!r} is not a War move: the only move is {FLIP!r}")
        self.face_up.append(self.stacks[player].popleft())
        if player == 0:
            self.to_move = 1
        else:
            self._resolve()

    def play_round(self) -> int | None:
        """Turn up a card each and fight any wars; the round's winner, or None if unresolved.

        A round player 0 has begun with ``play`` is finished: only player 1 flips.
        """
        if self.to_move is None:
            raise ValueError("the game is over: a stack is empty")
        if self.to_move == 0:
            self.face_up.append(self.stacks[0].popleft())
        self.face_up.append(self.stacks[1].popleft())
        return self._resolve()

    def _resolve(self) -> int | None:
        """Fight out the round over the two face-up cards and pass the turn to player 0."""
        table, self.face_up = self.face_up, []
        self.rounds += 1
        winner = self._fight(table)
        self.to_move = 0 if self.stacks[0] and self.stacks[1] else None
        return winner

    def _fight(self, table: list[Card]) -> int | None:
        up = table.copy()
        while up[0].suit == up[1].suit:
            short = [not stack for stack in self.stacks]
            if short[0] and short[1]:
                self.unclaimed += table
                return None
            if short[0] or short[1]:
                return self._take(1 if short[0] else 0, table)
            up = [self._lay_war(stack, table) for stack in self.stacks]
        return self._take(0 if card_wins(up[0], up[1]) else 1, table)

    def _take(self, player: int, table: list[Card]) -> int:
        self.won[player] += table
        return player

    @staticmethod
    def _lay_war(stack: deque[Card], table: list[Card]) -> Card:
        for _ in range(min(CARDS_DOWN_IN_A_WAR, len(stack) - 1)):
            table.append(stack.popleft())
        face_up = stack.popleft()
        table.append(face_up)
        return face_up


# Cards are immutable, so every game can start from a copy of the same two decks.
_DECKS = {jokers: tuple(deck(jokers=jokers)) for jokers in (False, True)}


def deal(seed: int, *, jokers: bool = True) -> War:
    """A new game: the deck shuffled by ``random.Random(seed)`` and dealt out one by one."""
    cards = list(_DECKS[jokers])
    random.Random(seed).shuffle(cards)
    return War([cards[0::2], cards[1::2]])


def playout(seed: int, jokers: bool = True) -> int:
    """Play a seeded game round by round, making no moves; the winner's index, or -1 (a draw)."""
    game = deal(seed, jokers=jokers)
    while not game.is_over:
        game.play_round()
    winner = game.winner
    assert winner is not None
    return winner


def playout_moves(seed: int, jokers: bool = True) -> int:
    """Play ``playout``'s game as random legal moves; the winner's index, or -1 (a draw)."""
    rng = random.Random(seed)
    game = deal(seed, jokers=jokers)
    while moves := game.legal_moves():
        game.play(rng.choice(moves))
    winner = game.winner
    assert winner is not None
    return winner
