"""Search nodes per second: the engine's search interface against hand-coded games.

A node is what tree search does at every step: copy the position, play one move in
the copy, and list the moves of the new position. The pack side runs ``clone``,
``apply_action`` and ``legal_actions`` (integer actions, checked); the hand-coded
games in ``benchmarks/reference/`` run ``copy``, ``play`` and ``legal_moves``. Both
walk down one random line, starting a new game when one ends, and the ratio pack /
hand-coded is taken from short runs of each in turn (``bench_engine.paired_ratio``).
"""

from __future__ import annotations

import random
from functools import partial

from benchmarks import Result
from benchmarks.bench_engine import GROUP, ROUNDS, paired_ratio
from benchmarks.reference import jantori as jantori_reference
from benchmarks.reference import war as war_reference
from vtt.rules.engine import Game
from vtt.rules.finder import load_game

#: Nodes per timed call.
NODES = 200
WAR_OPTIONS: dict[str, object] = {"mode": "classic", "jokers": True}


def pack_nodes(game: Game, options: dict[str, object], seed: int) -> int:
    """``NODES`` search nodes down a random line of a pack's game; new games as needed."""
    rng = random.Random(seed)
    games = seed * NODES
    state = game.new_state(options, games)
    for _ in range(NODES):
        actions = state.legal_actions()
        child = state.clone()
        child.apply_action(actions[rng.randrange(len(actions))])
        child.legal_actions()
        if child.is_terminal():
            games += 1
            child = game.new_state(options, games)
        state = child
    return games


def jantori_nodes(seed: int) -> int:
    """The same loop over the hand-coded JANTORI."""
    rng = random.Random(seed)
    games = 0
    position = jantori_reference.Jantori()
    for _ in range(NODES):
        moves = position.legal_moves()
        child = position.copy()
        child.play(moves[rng.randrange(len(moves))])
        if not child.legal_moves():
            games += 1
            child = jantori_reference.Jantori()
        position = child
    return games


def war_nodes(seed: int) -> int:
    """The same loop over the hand-coded War (each player flips in turn)."""
    rng = random.Random(seed)
    games = seed * NODES
    position = war_reference.deal(games, jokers=True)
    for _ in range(NODES):
        moves = position.legal_moves()
        child = position.copy()
        child.play(moves[rng.randrange(len(moves))])
        if not child.legal_moves():
            games += 1
            child = war_reference.deal(games, jokers=True)
        position = child
    return games


def run() -> list[Result]:
    """Search nodes per second of JANTORI and War, and the ratio to hand-coded."""
    results: list[Result] = []
    cases = (
        ("jantori", {}, jantori_nodes),
        ("war", WAR_OPTIONS, war_nodes),
    )
    for name, options, hand_coded in cases:
        game = load_game(name)
        ratio, hand_speed = paired_ratio(partial(pack_nodes, game, options), hand_coded)
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
                note="clone, apply_action, legal_actions against copy, play, legal_moves; " + note,
            ),
        ]
    return results


if __name__ == "__main__":
    for result in run():
        print(f"{result.name}: {result.value:,.3f} {result.unit} {result.goal}")
