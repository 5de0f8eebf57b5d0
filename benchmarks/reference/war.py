"""War written directly in Python for search, following janken-deck-games.txt and RULINGS.md.

Both players turn up the top card of their stack; the stronger suit takes both.
With Jokers in play, if either card is a Joker the weaker suit wins instead. Cards
of the same suit (a Joker included: JkR vs 5R) start a war: three cards face down
each, then one face up, repeated while the suits match. A player who cannot
complete a war lays down what they have and their last card is the face-up one; a
player with no card at all loses the war. If neither has a card left the cards on
the table stay there, won by nobody. Won cards are set aside; the game ends when a
stack is empty and the player who won more cards wins (equal: a draw).

Player 0 and then player 1 make the only move, ``FLIP`` (0, the pack's action
number), and the second flip resolves the round. The deal goes one card at a time,
starting with player 0, so without Jokers (65 cards) player 0 holds 33 cards.

Written the way a careful programmer writes a game for search: a position is one
flat ``list`` of small integers (copied by one slice, ``position[:]``). A card is its
code ``suit + 5 * joker`` (only the suit and whether it is a Joker decide a round),
and the cards won are counted, not kept. Classic War only ever takes cards off the
top of a stack, so each stack is a run of the list read from a moving index. The
layout (indices into the list):

* 0 (``TO_MOVE``): the player who flips next, or -1 once the game is over;
* 1 (``UP``): the card player 0 has turned up while player 1 has yet to flip;
* 2-3 (``WON``): the cards each player has won; 4 (``UNCLAIMED``): cards won by nobody;
* 5-6 (``NEXT``): the index of each stack's top card; 7-8 (``END``): past its last;
* 9 on (``CARDS``): player 0's stack from the top, then player 1's.

>>> from vtt.janken import Card
>>> position = from_stacks([[Card.parse("JP")], [Card.parse("2L")]])
>>> play(position, FLIP); position[TO_MOVE], legal_moves(position)
(1, [0])
>>> play(position, FLIP); legal_moves(position), winner(position), position[WON : WON + 2]
([], 1, [0, 2])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vtt.janken import Card, Suit, beats, deck

__all__ = [
    "CARDS",
    "DRAW",
    "FLIP",
    "TO_MOVE",
    "UNCLAIMED",
    "WON",
    "card_code",
    "deal",
    "from_stacks",
    "legal_moves",
    "play",
    "playout_moves",
    "stack_sizes",
    "winner",
]

DRAW = -1
#: The only move: the player to move turns up the top card of their stack.
FLIP = 0
CARDS_DOWN_IN_A_WAR = 3

TO_MOVE, UP, WON, UNCLAIMED, NEXT, END, CARDS = 0, 1, 2, 4, 5, 7, 9


def card_code(card: Card) -> int:
    """The code of a card: its suit number, plus 5 for a Joker."""
    return int(card.suit) + 5 * card.is_joker


def _round_winner(a: int, b: int) -> int:
    """0 or 1 for the code that wins, 2 for the same suit (a war)."""
    if a % 5 == b % 5:
        return 2
    return 0 if beats(Suit(a % 5), Suit(b % 5), jokers=a >= 5 or b >= 5) else 1


# _WINNER[10 * a + b]: who wins card code a (player 0) against b (player 1); 2: a war.
_WINNER = tuple(_round_winner(a, b) for a in range(10) for b in range(10))


def from_stacks(stacks: Sequence[Sequence[Card]]) -> list[int]:
    """A new game with these stacks (top card first)."""
    if len(stacks) != 2:
        raise ValueError(f"War is for 2 players, got {len(stacks)} stacks")
    first, second = ([card_code(card) for card in stack] for stack in stacks)
    return _position(first, second)


def _position(first: list[int], second: list[int]) -> list[int]:
    split, end = CARDS + len(first), CARDS + len(first) + len(second)
    to_move = 0 if first and second else -1
    return [to_move, 0, 0, 0, 0, CARDS, split, split, end, *first, *second]


def legal_moves(position: list[int]) -> list[int]:
    """``[FLIP]`` for the player to move, or ``[]`` once the game is over."""
    return [FLIP] if position[TO_MOVE] >= 0 else []


def play(position: list[int], move: int) -> None:
    """The player to move turns up their top card; the second flip resolves the round.

    Fast and unchecked, like a search's move: ``move`` can only be ``FLIP``.
    """
    me = position[TO_MOVE]
    index = position[NEXT + me]
    position[NEXT + me] = index + 1
    if me == 0:
        position[UP] = position[index]
        position[TO_MOVE] = 1
        return
    won = _WINNER[10 * position[UP] + position[index]]
    if won == 2:
        _war(position)
    else:
        position[WON + won] += 2
    first, second = position[NEXT], position[NEXT + 1]
    position[TO_MOVE] = 0 if first < position[END] and second < position[END + 1] else -1


def _war(position: list[int]) -> None:
    """Fight out a war over the two face-up cards of the same suit."""
    table = 2
    while True:
        first, second = position[NEXT], position[NEXT + 1]
        left_first, left_second = position[END] - first, position[END + 1] - second
        if not left_first or not left_second:  # a player with no card loses the war
            won = (WON + 1 if left_second else UNCLAIMED) if not left_first else WON
            position[won] += table
            return
        up_first = first + min(CARDS_DOWN_IN_A_WAR, left_first - 1)
        up_second = second + min(CARDS_DOWN_IN_A_WAR, left_second - 1)
        position[NEXT], position[NEXT + 1] = up_first + 1, up_second + 1
        table += up_first + 1 - first + up_second + 1 - second
        won = _WINNER[10 * position[up_first] + position[up_second]]
        if won != 2:
            position[WON + won] += table
            return


def winner(position: list[int]) -> int | None:
    """0 or 1 for the player with more cards won, DRAW when equal, None while playing."""
    if position[TO_MOVE] >= 0:
        return None
    first, second = position[WON], position[WON + 1]
    return DRAW if first == second else (0 if first > second else 1)


def stack_sizes(position: list[int]) -> tuple[int, int]:
    """How many cards each player still has in their stack."""
    return position[END] - position[NEXT], position[END + 1] - position[NEXT + 1]


# Every game starts from a copy of the same deck's codes.
_DECKS = {jokers: tuple(map(card_code, deck(jokers=jokers))) for jokers in (False, True)}


def deal(seed: int, *, jokers: bool = True) -> list[int]:
    """A new game: the deck shuffled by ``random.Random(seed)`` and dealt out one by one."""
    codes = list(_DECKS[jokers])
    random.Random(seed).shuffle(codes)
    return _position(codes[0::2], codes[1::2])


def playout_moves(seed: int, jokers: bool = True) -> int:
    """Play a seeded game of random legal moves; the winner's index, or -1 (a draw)."""
    rng = random.Random(seed)
    position = deal(seed, jokers=jokers)
    while moves := legal_moves(position):
        play(position, moves[rng.randrange(len(moves))])
    found = winner(position)
    assert found is not None
    return found
