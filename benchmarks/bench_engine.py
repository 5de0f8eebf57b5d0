"""Rule-pack engine speed: random playouts per second, legal-move latency, pack / hand-coded.

Playouts use ``apply_unchecked`` and uniformly random legal moves, on one core. The
hand-coded games in ``benchmarks/reference/`` play the same rules in plain Python, the
way a careful programmer writes a game for search (a flat list of small integers,
moves as ints); the ratio pack / hand-coded is playouts per second of the pack divided
by the reference's (the goal: at least 0.5), taken from short runs of each in turn.

Both sides of a ratio run the same driver: deal a game, then until it ends list the
legal moves once, pick one with ``randrange`` and play it (War: each player flips in
turn).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from benchmarks import Result, percentile
from benchmarks.reference import jantori as jantori_reference
from benchmarks.reference import war as war_reference
from vtt.rules.engine import Game, State
from vtt.rules.finder import load_game

GROUP = "Rule-pack engine"
SECONDS = 1.5

#: (pack, options) measured for playouts and legal-move latency, with the pack's default
#: number of players: every shipped pack with rules, each main option set (the free-form
#: layouts, janken-deck-games and janken-sandbox, have no moves).
CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("jantori", {}),
    ("war", {"mode": "classic", "jokers": True}),
    ("war", {"mode": "five-card"}),
    ("tic-tac-rock", {}),
    ("tic-tac-rock", {"jokers": True, "boards": 2}),
    ("jokers-wild", {}),
    ("jokers-wild", {"extra_wild": True}),
    ("battlefront", {}),
    ("battlefront", {"jokers": True, "deck_per_player": True}),
    ("stones", {}),
    ("stones", {"jokers": True}),
    ("stones", {"rock_breaks": True}),
    ("stones", {"ghost_hand": True}),
    ("green-queen", {}),
    ("green-queen", {"jokers": True, "point_suit": "rotating"}),
    ("corner-edge", {"game": "corner"}),
    ("corner-edge", {"game": "edge"}),
    ("corner-edge", {"game": "corner", "size": 7}),
    ("dueling-wizards", {}),
    ("dueling-wizards", {"spells": "two-card"}),
    ("janken-go", {}),
    ("janken-go", {"size": 13}),
)
#: (pack, options, players) measured the same way at another number of players.
SEATED: tuple[tuple[str, dict[str, object], int], ...] = (
    ("battlefront", {"jokers": True}, 4),
    ("battlefront", {"jokers": True, "deck_per_player": True}, 4),
    # Three players hold the most cards: the pass of three is 1,330 sets of 21 cards.
    ("green-queen", {}, 3),
    ("green-queen", {"jokers": True}, 5),
    ("stones", {}, 3),
    ("stones", {}, 5),
    ("corner-edge", {"game": "corner"}, 4),
)


def pack_playout(
    game: Game, options: dict[str, object], seed: int, players: int | None = None
) -> State:
    """One game of random legal moves through the fast path."""
    state = game.new_state(options, seed, players=players)
    rng = random.Random(seed)
    while state.outcome is None:
        moves = state.legal_list()
        state.apply_unchecked(moves[rng.randrange(len(moves))])
    return state


def rate(playout: Callable[[int], object], seconds: float = SECONDS) -> float:
    """Playouts per second over about ``seconds`` of wall time."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        playout(count)
        count += 1
    return count / elapsed


#: Pairs of short runs behind each ratio: this machine's speed can halve for a few
#: seconds at a time, and short runs taken in turn see the same speed.
ROUNDS = 15
ROUND_SECONDS = 0.2


def paired_ratio(
    pack: Callable[[int], object], hand_coded: Callable[[int], object], rounds: int = ROUNDS
) -> tuple[float, float]:
    """The median ratio pack / hand-coded over ``rounds`` short runs taken in turn, and the
    hand-coded median rate: on a shared machine the speed drifts, and alternating runs
    see the same drift."""
    ratios, speeds = [], []
    for _ in range(rounds):
        pack_speed = rate(pack, ROUND_SECONDS)
        hand_speed = rate(hand_coded, ROUND_SECONDS)
        ratios.append(pack_speed / hand_speed)
        speeds.append(hand_speed)
    return statistics.median(ratios), statistics.median(speeds)


#: How legal-move latencies are timed: by the thread's CPU time, which the time slices
#: other processes take on a shared machine do not inflate (by wall clock the p99 of a
#: loaded 2-core machine is those slices, tens of times the work itself).
CPU_NOTE = "thread CPU time"


def latencies(
    game: Game, options: dict[str, object], games: int = 30, players: int | None = None
) -> list[float]:
    """Milliseconds of the thread's CPU time to generate the legal moves, for every
    position of some random games (see ``CPU_NOTE``)."""
    found: list[float] = []
    clock = time.thread_time
    for seed in range(games):
        state = game.new_state(options, seed, players=players)
        rng = random.Random(seed)
        while state.outcome is None:
            state.invalidate()
            start = clock()
            moves = state.legal_list()
            found.append((clock() - start) * 1000.0)
            state.apply_unchecked(moves[rng.randrange(len(moves))])
    return found


def _label(pack: str, options: dict[str, object]) -> str:
    return pack + (" " + ", ".join(f"{k}={v}" for k, v in options.items()) if options else "")


@dataclass(frozen=True)
class Reference:
    """A hand-coded playout and the pack game it is compared with."""

    game: str  # the name in the figures, e.g. "war"
    playout: Callable[[int], object]
    pack: str
    options: dict[str, object]


def compare(reference: Reference) -> list[Result]:
    """The hand-coded playouts per second and the ratio pack / hand-coded."""
    game, options = load_game(reference.pack), reference.options
    ratio, hand_coded = paired_ratio(partial(pack_playout, game, options), reference.playout)
    runs = f"median of {ROUNDS} alternating runs"
    name = reference.game
    return [
        Result(GROUP, f"hand-coded playouts: {name}", hand_coded, "playouts/s"),
        Result(
            GROUP,
            f"pack / hand-coded: {name}",
            ratio,
            "x",
            ">= 0.5x",
            ratio >= 0.5,
            note="; ".join(filter(None, [_label(reference.pack, options), runs])),
        ),
    ]


def run() -> list[Result]:
    """Every figure of this module."""
    results: list[Result] = []
    seated = [(pack, options, None) for pack, options in CASES] + list(SEATED)
    for pack, options, players in seated:
        game = load_game(pack)
        label = _label(pack, options) + (f", {players} players" if players else "")
        speed = rate(partial(pack_playout, game, options, players=players))
        results.append(Result(GROUP, f"random playouts: {label}", speed, "playouts/s"))
        times = latencies(game, options, players=players)
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        results.append(
            Result(GROUP, f"legal moves, median: {label}", p50, "ms", "< 2 ms", p50 < 2.0, CPU_NOTE)
        )
        results.append(
            Result(GROUP, f"legal moves, p99: {label}", p99, "ms", "< 2 ms", p99 < 2.0, CPU_NOTE)
        )
    war_options: dict[str, object] = {"mode": "classic", "jokers": True}
    references = (
        Reference("jantori", jantori_reference.playout, "jantori", {}),
        Reference("war", partial(war_reference.playout_moves, jokers=True), "war", war_options),
    )
    for reference in references:
        results += compare(reference)
    return results


if __name__ == "__main__":
    for result in run():
        print(f"{result.name}: {result.value:.3f} {result.unit} {result.goal}")
