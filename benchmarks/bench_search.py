"""Search nodes per second: the engine's search interface against hand-coded games.

A node is what tree search does at every step: copy the position, play one move in
the copy, and list the moves of the new position. Both sides run the same loop
(``walk``) down one random line: the pack's ``clone``, ``apply_action`` and
``legal_actions`` (integer actions, checked) against the hand-coded games of
``benchmarks/reference/`` (a slice of a flat list, ``play``, ``legal_moves``; moves
are the packs' action numbers). Each node lists its moves once, and the next node
plays from that list. A finished game starts again from a copy of one of ``ROOTS``
starting positions made before the clock starts (search copies its root; it does not
deal games). The ratio pack / hand-coded is taken from short runs of each in turn
(``bench_engine.paired_ratio``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from benchmarks import Result
from benchmarks.bench_engine import GROUP, ROUNDS, paired_ratio
from benchmarks.reference import jantori as jantori_reference
from benchmarks.reference import war as war_reference
from vtt.rules.engine import State
from vtt.rules.finder import load_game

#: Nodes per timed call.
NODES = 200
#: Starting positions a walk restarts from (War: that many deals).
ROOTS = 16
WAR_OPTIONS: dict[str, object] = {"mode": "classic", "jokers": True}

Position = TypeVar("Position")


def walk(
    seed: int,
    *,
    roots: Sequence[Position],
    copy: Callable[[Position], Position],
    play: Callable[[Position, int], object],
    moves_of: Callable[[Position], list[int]],
) -> int:
    """``NODES`` search nodes down a random line; the number of games finished."""
    rng = random.Random(seed)
    games = seed
    position = copy(roots[games % len(roots)])
    moves = moves_of(position)
    for _ in range(NODES):
        child = copy(position)
        play(child, moves[rng.randrange(len(moves))])
        moves = moves_of(child)
        if not moves:
            games += 1
            child = copy(roots[games % len(roots)])
            moves = moves_of(child)
        position = child
    return games


def cases() -> list[tuple[str, dict[str, object], Callable[[int], int], Callable[[int], int]]]:
    """(pack, options, pack walk, hand-coded walk) for JANTORI and War: both walk from the
    same starting positions (War's hand-coded deals are read from the pack's)."""
    jantori, war = load_game("jantori"), load_game("war")
    war_roots = [war.new_state(WAR_OPTIONS, seed) for seed in range(ROOTS)]
    war_stacks = [[stack[::-1] for stack in root.env["stock"]] for root in war_roots]  # top last
    pack = partial(walk, copy=State.clone, play=State.apply_action, moves_of=State.legal_actions)
    hand_coded = partial(walk, copy=list.copy)
    return [
        (
            "jantori",
            {},
            partial(pack, roots=[jantori.new_state({}, 0)]),
            partial(
                hand_coded,
                roots=[jantori_reference.new()],
                play=jantori_reference.play,
                moves_of=jantori_reference.legal_moves,
            ),
        ),
        (
            "war",
            WAR_OPTIONS,
            partial(pack, roots=war_roots),
            partial(
                hand_coded,
                roots=[war_reference.from_stacks(stacks) for stacks in war_stacks],
                play=war_reference.play,
                moves_of=war_reference.legal_moves,
            ),
        ),
    ]


def run() -> list[Result]:
    """Search nodes per second of JANTORI and War, and the ratio to hand-coded."""
    results: list[Result] = []
    for name, options, pack, hand_coded in cases():
        ratio, hand_speed = paired_ratio(pack, hand_coded)
        label = ", ".join(f"{k}={v}" for k, v in options.items())
        note = "; ".join(filter(None, [label, f"median of {ROUNDS} alternating runs"]))
        results += [
            Result(GROUP, f"search nodes: {name}", ratio * hand_speed * NODES, "nodes/s"),
            Result(GROUP, f"hand-coded search nodes: {name}", hand_speed * NODES, "nodes/s"),
            Result(
                GROUP,
                f"search nodes, pack / hand-coded: {name}",
                ratio,
                "x",
                ">= 0.5x",
                ratio >= 0.5,
                note="clone, apply_action, legal_actions against a list slice, play, legal_moves; "
                + note,
            ),
        ]
    return results


if __name__ == "__main__":
    for result in run():
        print(f"{result.name}: {result.value:,.3f} {result.unit} {result.goal}")
