"""How often a guess at the hidden hands would be impossible without a pack's ``lacks:``.

docs/ai.md quotes these figures for Stones and Green Queen: at the start of each trick
of random games, the seat to lead guesses the others' hands by dealing the cards it
has not seen at random into them, as searching agents do; the share of those deals
that give some seat a card play has shown it does not hold (a suit it did not
follow), by how many tricks have been played. Those are the deals ``lacks:`` rules
out.

    .venv/bin/python tools/void_deals.py PACK [PLAYERS] [GAMES]
"""

from __future__ import annotations

import random
import sys

from vtt.rules import load_game
from vtt.rules.search import _banned, _hidden_with_paths


def impossible_shares(pack: str, players: int, games: int) -> dict[int, tuple[int, int]]:
    """Per number of tricks played: (deals made, deals breaking the pack's lacks:)."""
    game = load_game(pack)
    found: dict[int, tuple[int, int]] = {}
    for index in range(games):
        state = game.new_state({"hand_limit": 1}, seed=index, players=players)
        rng = random.Random(index)
        while not state.is_terminal():
            if state.phase == "play" and not state.env["trick"]:
                seat = state.to_move
                assert seat is not None
                with_paths = _hidden_with_paths(state, seat)
                pool = [card for _, stack in with_paths for card in stack]
                banned = _banned(state.copy(), [path for path, _ in with_paths], pool)
                played = sum(state.env["tricks"])
                for _ in range(20):
                    rng.shuffle(pool)
                    start, wrong = 0, False
                    for (_, stack), bans in zip(with_paths, banned, strict=True):
                        dealt = pool[start : start + len(stack)]
                        start += len(stack)
                        wrong = wrong or any(card in bans for card in dealt)
                    made, bad = found.get(played, (0, 0))
                    found[played] = (made + 1, bad + wrong)
            state.apply_unchecked(rng.choice(list(state.legal_moves)))
    return found


def main() -> None:
    """Print the shares for a pack (Stones by default)."""
    pack = sys.argv[1] if len(sys.argv) > 1 else "stones"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    found = impossible_shares(pack, players, games)
    made = sum(m for m, _ in found.values())
    bad = sum(b for _, b in found.values())
    print(f"{pack}, {players} players, {games} random games: {made} deals at a trick's start")
    print(f"impossible without lacks: {100 * bad / made:.1f}%")
    for played, (m, b) in sorted(found.items()):
        print(f"  after {played:2} tricks: {100 * b / m:5.1f}% of {m}")


if __name__ == "__main__":
    main()
