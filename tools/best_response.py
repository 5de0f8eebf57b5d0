"""The most any player can win against Greedy on a deal: an exact expectimax.

docs/ai.md quotes these figures. For game ``i`` of a ``vtt simulate`` batch (its
deal, and the seats as the simulator seats them: the first agent's seat is the one
replaced), a player who sees everything (the draw pile, the cards drawn for the
first turn, Greedy's tie-breaking aside) plays the best it can: at its turns the
move of highest win probability, at Greedy's turns each of Greedy's tied best moves
as likely (Greedy's own ``GreedyAgent.best``, the set its ``choose`` draws from).
The game's own chance is all in the deal (the pile's order), so that is the whole
expectimax, and no honest agent, which sees less, can win more often.

The search runs to a depth of ``--plies`` moves from the deal (the draw for the
first turn included). Each answer is a pair of bounds: a game still going at the
cap counts as lost for the low one and won for the high one, so the true best lies
between them (equal when no line reaches the cap). A transposition table on the
position's key (``State.key``) keeps each position's bounds and the depth they were
searched to.

    .venv/bin/python tools/best_response.py corner-edge --agents hard,greedy \
        --games 2 --seed 11 [--plies 30] [--cut] [--play]

Greedy judges a move on one deal sampled from its view; in Corner to Corner its
value reads only where the pawns stand, and a replaced card never ends the game, so
its best moves are the same on every sample and the set is Greedy's exact choice.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from vtt.ai.greedy import GreedyAgent
from vtt.ai.simulate import Batch, play_game
from vtt.ai.value import edge, judge
from vtt.rules.commands import parse_options
from vtt.rules.finder import load_game

#: The depth searched when none is given: Corner to Corner's games end in 17 to 24
#: moves as a rule.
PLIES = 30


class BestResponse:
    """Expectimax for seat ``me`` against Greedy in every other seat, to a depth."""

    def __init__(self, me: int, steps: Callable[[Any, int], int] | None = None) -> None:
        self.me = me
        #: The fewest of its own moves a seat needs to win from a position, if known:
        #: a line that cannot win before the depth is cut there.
        self.steps = steps
        self.greedy = GreedyAgent()
        #: position key -> (plies searched, low, high)
        self.table: dict[tuple[object, ...], tuple[int, float, float]] = {}
        self.positions = 0  # positions expanded (again when searched deeper)
        self.capped = 0  # lines cut at the depth, or sure not to win before it

    def bounds(self, state: Any, plies: int) -> tuple[float, float]:
        """Low and high bounds on ``me``'s best win probability from ``state``."""
        if state.is_terminal():
            won = float(self.me in state.outcome.winners)
            return won, won
        if plies == 0 or (self.steps is not None and self._too_far(state, plies)):
            self.capped += 1
            return 0.0, 1.0
        key = state.key()
        known = self.table.get(key)
        if known is not None and (known[0] >= plies or known[1] == known[2]):
            return known[1], known[2]
        self.positions += 1
        seat = state.to_move
        legal = list(state.legal_moves)
        if seat == self.me:
            low, high = self._best(state, legal, plies)
        else:
            replies = self.greedy.best(state.view(seat), legal, deal=state)
            low = high = 0.0
            for move in replies:
                child = state.clone()
                child.apply_unchecked(move)
                a, b = self.bounds(child, plies - 1)
                low += a
                high += b
            low /= len(replies)
            high /= len(replies)
        self.table[key] = (plies, low, high)
        return low, high

    def _too_far(self, state: Any, plies: int) -> bool:
        # The seats take turns, so of the next ``plies`` moves this many are ours.
        assert self.steps is not None
        ours = (plies + (state.to_move == self.me)) // 2
        return self.steps(state, self.me) > ours

    def _best(self, state: Any, legal: list[Any], plies: int) -> tuple[float, float]:
        children = []
        for move in legal:
            child = state.clone()
            child.apply_unchecked(move)
            children.append(child)
        # The likeliest winners first: a sure win ends the search of this position.
        children.sort(key=lambda child: -self._promise(child))
        low = high = 0.0
        for child in children:
            a, b = self.bounds(child, plies - 1)
            low, high = max(low, a), max(high, b)
            if low == 1.0:
                break
        return low, high

    def _promise(self, child: Any) -> float:
        if child.is_terminal():
            return 1000.0 * float(self.me in child.outcome.winners)
        return edge(child, self.me)


def corner_steps(state: Any, seat: int) -> int:
    """Corner to Corner: the steps from ``seat``'s pawn to its far corner (the pack's
    value is minus them), each of them one move of its own. Its seats take turns: no
    one is ever stuck, since the draw pile never runs out (a replaced card goes under
    it)."""
    standing = judge(state.game)
    assert standing is not None
    return -int(standing(state.env)[seat])


def deal(batch: Batch, index: int) -> tuple[Any, int]:
    """Game ``index``'s first position and the seat of the batch's first agent."""
    game = batch.game()
    state = game.new_state(dict(batch.options), batch.game_seed(index), players=batch.players)
    names = batch.seat_agents(index, state.players)
    return state, names.index(batch.agents[0])


def solve(
    batch: Batch, index: int, plies: int, cut: bool = False
) -> tuple[float, float, BestResponse]:
    """The bounds on the best win probability against Greedy in game ``index``;
    ``cut``: Corner to Corner's lines that cannot reach the corner before the depth
    are cut (the same low bound, sooner; the high one looser)."""
    state, me = deal(batch, index)
    if cut and (batch.game().id != "corner-edge" or state.options["game"] != "corner"):
        raise ValueError("only Corner to Corner counts its steps to go")
    search = BestResponse(me, corner_steps if cut else None)
    low, high = search.bounds(state, plies)
    return low, high, search


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pack")
    parser.add_argument("--agents", default="hard,greedy", help="as vtt simulate's")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--plies", type=int, default=PLIES, help="the depth searched")
    parser.add_argument(
        "--cut",
        action="store_true",
        help="Corner to Corner: cut a line as soon as the pawn cannot reach its corner "
        "in the moves left (the same low bound, found sooner; a looser high one)",
    )
    parser.add_argument(
        "--play", action="store_true", help="play each game too, as vtt simulate does"
    )
    parser.add_argument(
        "--max-moves", type=int, help="with --play: stop a game after N moves, as vtt simulate's"
    )
    parser.add_argument("--skip", type=int, action="append", default=[], help="a game left out")
    args = parser.parse_args(argv)
    agents = tuple(args.agents.split(","))
    if any(name != "greedy" for name in agents[1:]):
        parser.error("every agent but the first must be greedy")
    options = parse_options(load_game(args.pack), args.option)
    batch = Batch(
        args.pack,
        args.games,
        agents,
        tuple(options.items()),
        args.seed,
        args.players,
        args.max_moves,
    )
    first = agents[0]
    lows = highs = won = 0.0
    count = 0
    for index in range(args.first, args.games):
        if index in args.skip:
            continue
        low, high, search = solve(batch, index, args.plies, args.cut)
        lows += low
        highs += high
        count += 1
        played = ""
        if args.play:
            result = play_game(batch, index)
            win = result.seat_score(search.me)
            won += win
            done = "won" if win == 1 else "drew" if win else "lost" if result.ended else "stopped"
            played = f"; {first} {done} in {result.moves} moves"
        print(
            f"seed {args.seed} game {index} seat {search.me}: best v greedy "
            f"{low:.4f} to {high:.4f} ({search.positions} positions, "
            f"{search.capped} lines cut at {args.plies} plies){played}",
            flush=True,
        )
    if count:
        also = f"; {first} won {won:g}" if args.play else ""
        print(f"{count} deals: best v greedy {lows:g} to {highs:g} in all{also}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
