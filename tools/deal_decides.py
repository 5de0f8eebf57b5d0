"""How often the deal alone decides a game between two copies of one agent.

Each deal of a ``vtt simulate`` batch (game ``i``'s seed) is played ``--replays``
times by the agent in every seat, each replay with other seeds for the agents' own
choices. A deal whose every replay the same seat wins is "decided by the deal" for
that agent: its play could not turn it. Prints the share of such deals, how often
the first seat wins, and the ceiling that leaves a better agent against it if those
deals are decided for it too: there it wins only when it sits on the winning side.

    .venv/bin/python tools/deal_decides.py corner-edge --agent greedy --games 100 --replays 8
"""

from __future__ import annotations

import argparse
import sys

from vtt.ai.levels import make_agent
from vtt.ai.simulate import Batch, _seed
from vtt.rules.commands import parse_options
from vtt.rules.finder import load_game


def winners(batch: Batch, index: int, replay: int, agent: str) -> frozenset[int]:
    game = batch.game()
    state = game.new_state(dict(batch.options), batch.game_seed(index), players=batch.players)
    agents = [make_agent(agent, _seed(replay, index, f"seat{s}")) for s in range(state.players)]
    moves = 0
    while not state.is_terminal() and moves < batch.move_cap(game):
        seat = state.to_move
        state.apply_unchecked(agents[seat].choose(state.view(seat), list(state.legal_moves)))
        moves += 1
    outcome = state.outcome
    return frozenset(outcome.winners) if outcome is not None else frozenset()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--replays", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    options = parse_options(load_game(args.pack), args.option)
    batch = Batch(
        args.pack, args.games, (args.agent,), tuple(options.items()), args.seed, args.players
    )
    decided = first = played = 0
    for index in range(args.games):
        seen = [winners(batch, index, 1000 + replay, args.agent) for replay in range(args.replays)]
        played += len(seen)
        first += sum(0 in w and len(w) == 1 for w in seen)
        if len(set(seen)) == 1 and len(seen[0]) == 1:
            decided += 1
    share = decided / args.games
    print(
        f"{args.pack} {options}, {args.agent} v {args.agent}: {decided} of {args.games} deals "
        f"({share:.0%}) won by the same seat in all {args.replays} replays; the first seat "
        f"won {first} of {played} games ({first / played:.0%}); if a better agent cannot "
        f"turn those deals either, it wins at most {1 - share / 2:.0%} against {args.agent} "
        f"(it loses the half of them it sits on the wrong side of)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
