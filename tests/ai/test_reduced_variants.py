"""A designer's reduced variant: JANTORI with fewer pieces, small enough for `vtt solve`
to prove who wins from the start; the rules as written stay the default."""

from __future__ import annotations

import argparse
import io

from vtt.agentcommands import solve_command
from vtt.ai.solver import Solver
from vtt.rules.finder import load_game


def pieces_in_hand(options: dict[str, object]) -> list[int]:
    state = load_game("jantori").new_state(options, seed=0)
    return [len(state.zone("reserve")[seat]) for seat in range(2)]


def test_the_rules_as_written_are_the_default_and_fewer_pieces_an_option():
    assert pieces_in_hand({}) == [12, 12]
    assert pieces_in_hand({"pieces": 4}) == [12, 12]
    assert pieces_in_hand({"pieces": 1}) == [3, 3]


def test_vtt_solve_proves_jantori_with_one_piece_of_each_kind():
    out = io.StringIO()
    args = argparse.Namespace(
        pack="jantori", option=["pieces=1"], players=None, seed=0, moves="", max_seconds=None
    )
    assert solve_command(args, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "JANTORI: White wins with perfect play."
    firsts = [line.split("->")[0].strip() for line in lines[1:] if "->" in line]
    assert len(firsts) == 6  # three pieces, two cells next to White's marker
    winning = [line for line in lines if line.endswith("(keeps the value)")]
    assert winning == [
        "  White: place R at b3  -> White wins (keeps the value)",
        "  White: place R at a2  -> White wins (keeps the value)",
    ]
    # Solved again from the position after a losing first move: lost for White.
    state = load_game("jantori").new_state({"pieces": 1}, seed=0)
    state.apply("place P at b3")
    assert Solver().solve(state).value == -1  # a Paper first loses
