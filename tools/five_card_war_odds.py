"""How much skill 5 Card War allows against a player who picks at random.

docs/ai.md quotes these figures: a player who plays the card with the best one-card
odds against the cards it has not seen (what an honest player can know) wins about
as often as chance, while one who sees the opponent's hand (a cheat no agent can
be: agents get their own view only) wins four games in five. So the luck of the
deal and the hidden hand cap every honest agent near 50% against Random here.

    .venv/bin/python tools/five_card_war_odds.py [GAMES]
"""

from __future__ import annotations

import random
import sys

from vtt.rules import State, load_game
from vtt.rules.moves import Move
from vtt.rules.sampling import state_of_view
from vtt.rules.stdlib import suit_winner


def _odds(move: Move, against: list[object]) -> int:
    card = move.values[0]
    results = (suit_winner(card, other) for other in against)
    return sum(0 if won is None else (1 if won == 0 else -1) for won in results)


def _unseen(state: State, seat: int) -> list[object]:
    rebuilt = state_of_view(state.view(seat))  # the hidden stacks hold the unseen cards
    env = rebuilt.env
    return [*env["pool"], *env["hand"][1 - seat], *env["chosen"][1 - seat]]


def _opponents_hand(state: State, seat: int) -> list[object]:
    return [*state.env["hand"][1 - seat], *state.env["chosen"][1 - seat]]


def win_rate(games: int, sees_hand: bool) -> float:
    """The share of games (draws count half) the odds player wins against Random."""
    game = load_game("war")
    score = 0.0
    for index in range(games):
        state = game.new_state({"mode": "five-card"}, seed=10_000 + index)
        player, rng = index % 2, random.Random(index)
        while not state.is_terminal():
            moves = list(state.legal_moves)
            if state.to_move == player and len(moves) > 1:
                against = (_opponents_hand if sees_hand else _unseen)(state, player)
                best = max(_odds(m, against) for m in moves)
                move = rng.choice([m for m in moves if _odds(m, against) == best])
            else:
                move = rng.choice(moves)
            state.apply(move)
        winners = state.outcome.winners if state.outcome else ()
        score += 0.5 if not winners else float(player in winners)
    return score / games


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"best odds against the unseen cards: {win_rate(count, False):.1%} of {count} games")
    print(f"best odds against the opponent's hand (a cheat): {win_rate(count, True):.1%}")
