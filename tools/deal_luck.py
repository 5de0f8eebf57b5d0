"""How far the deal caps the computer: Hard against Hard that sees every card.

docs/ai.md quotes these figures. The same games as ``vtt simulate`` plays (the same
seeds for the game and every seat's agent, the first agent seated in turn) are
played twice: once by the honest Hard, which searches deals sampled from its view,
and once by a cheat, the same search run on the true position (every hidden card
and, where the rules draw on chance, the future too). No agent can be the cheat:
agents get their own view. What the cheat cannot win is the deal's.

    .venv/bin/python tools/deal_luck.py PACK --agents hard,random,random,random \
        --players 4 --games 12 --seed 1 [--option hand_limit=1]...
"""

from __future__ import annotations

import argparse
from typing import Any

import vtt.ai.mcts as mcts
from vtt.ai.levels import make_agent
from vtt.ai.simulate import Batch, _seed, wilson
from vtt.rules.commands import parse_options
from vtt.rules.finder import load_game

_TRUE: list[Any] = [None]  # the position the cheat's search starts from


def _true_sample(view: Any, rng: Any, base: Any = None) -> Any:
    return _TRUE[0].clone()


def play(batch: Batch, index: int, cheat: bool) -> tuple[str, ...]:
    """The winners' agent names of game ``index``, the first agent cheating or not."""
    game = load_game(batch.pack)
    seed = _seed(batch.seed, index, "game")
    state = game.new_state(dict(batch.options), seed, players=batch.players)
    names = batch.seat_agents(index, state.players)
    agents = [make_agent(n, _seed(batch.seed, index, f"seat{s}")) for s, n in enumerate(names)]
    honest = mcts.__dict__["sample"]
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        if cheat and names[seat] == batch.agents[0]:
            _TRUE[0] = state
            mcts.__dict__["sample"] = _true_sample  # the search's deals: the true one
        try:
            move = agents[seat].choose(state.view(seat), list(state.legal_moves))
        finally:
            mcts.__dict__["sample"] = honest
        state.apply_unchecked(move)
    assert state.outcome is not None
    return tuple(names[w] for w in state.outcome.winners)


def main() -> None:
    """Play the batch honest and cheating; print the first agent's wins both ways."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pack")
    parser.add_argument("--agents", default="hard,random")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--cheat-only", action="store_true", help="skip the honest run")
    args = parser.parse_args()
    options = parse_options(load_game(args.pack), args.option)
    batch = Batch(
        args.pack,
        args.games,
        tuple(args.agents.split(",")),
        tuple(options.items()),
        args.seed,
        args.players,
    )
    first = batch.agents[0]
    for cheat in (False, True) if not args.cheat_only else (True,):
        wins = draws = 0
        for index in range(batch.games):
            winners = play(batch, index, cheat)
            wins += first in winners
            draws += not winners
        rate = (wins + draws / 2) / batch.games
        low, high = wilson(wins + draws / 2, batch.games)
        label = "sees every card" if cheat else "honest"
        print(
            f"{first} ({label}): {wins} won, {draws} drawn of {batch.games} "
            f"({100 * rate:.0f}%, 95% {100 * low:.0f}-{100 * high:.0f}%)",
            flush=True,
        )


if __name__ == "__main__":
    main()
