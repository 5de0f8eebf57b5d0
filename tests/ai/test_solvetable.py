"""``vtt solve --table FILE``: a solve stopped part-way resumes from its file to the same
answer; a file of another pack or position, cut short or damaged, is refused clearly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from vtt.ai.solver import Solver
from vtt.ai.solvetable import fixed_key
from vtt.cli import main
from vtt.rules import load_game

ROOT = Path(__file__).resolve().parents[2]
SOLVE = ["solve", "jantori", "--option", "pieces=1"]


def _solve(capsys, *args: str) -> tuple[int, str, str]:
    code = main([*SOLVE, *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _answer(out: str) -> list[str]:
    """Who wins and each first move's value: the output less its count of positions."""
    return [line for line in out.splitlines() if "positions searched" not in line]


def _searched(out: str) -> int:
    found = re.search(r"([\d,]+) positions searched", out)
    assert found, out
    return int(found.group(1).replace(",", ""))


def test_a_solve_stopped_twice_resumes_from_its_file_to_the_same_answer(
    tmp_path, capsys, monkeypatch
):
    code, whole, _ = _solve(capsys)
    assert code == 0 and "White wins with perfect play" in whole
    table = str(tmp_path / "jantori-1.table")

    # Stopped by its time limit (looked at every 16 positions: at once here).
    code, out, _ = _solve(capsys, "--table", table, "--max-seconds", "1e-9")
    assert code == 2
    assert f"kept in {table}: the same command resumes the solve" in out

    # Stopped by Ctrl+C, part-way through the one-piece game (1,040 positions).
    made = 0
    child = Solver._child

    def interrupted(self, state, action):
        nonlocal made
        made += 1
        if made == 400:
            raise KeyboardInterrupt
        return child(self, state, action)

    monkeypatch.setattr(Solver, "_child", interrupted)
    code, _, err = _solve(capsys, "--table", table)
    assert code == 130
    assert "Resuming from" in err and "the same command resumes the solve" in err
    monkeypatch.undo()

    code, out, err = _solve(capsys, "--table", table)
    assert code == 0
    assert "Resuming from" in err
    assert _answer(out) == _answer(whole)
    assert _searched(out) < _searched(whole)  # what was proved before is not searched again

    # Solved and saved: asked again, the answer comes from the file.
    code, again, _ = _solve(capsys, "--table", table)
    assert code == 0 and _answer(again) == _answer(whole)
    assert _searched(again) <= 6  # the first moves, each found in the table


def test_a_table_of_another_pack_or_position_is_refused(tmp_path, capsys):
    table = str(tmp_path / "t.table")
    assert _solve(capsys, "--table", table)[0] == 0
    code, _, err = _solve(capsys, "--table", table, "--seed", "3")
    assert code == 1
    assert f"{table} holds a solve of another position of jantori: its seed 0, not 3" in err
    assert main(["solve", "tic-tac-rock", "--table", table]) == 1
    err = capsys.readouterr().err
    assert f"{table} holds a solve of another pack: jantori (content " in err
    assert "not tic-tac-rock" in err


def test_a_cut_short_or_damaged_table_is_refused_with_a_message(tmp_path, capsys):
    table = tmp_path / "t.table"
    assert _solve(capsys, "--table", str(table))[0] == 0
    whole = table.read_bytes()
    flipped = whole[:-40] + bytes([whole[-40] ^ 1]) + whole[-39:]  # a bit of a key
    cases = {
        b"a note\n": "is not a solver's table",
        whole[:30]: "is cut short in its header",
        whole[:-3]: "is cut short in part 1 of its table",
        flipped: "part 1 of its table fails its checksum",
        whole + b"junk": "part 2 of its table does not start as one",
    }
    for data, message in cases.items():
        table.write_bytes(data)
        code, _, err = _solve(capsys, "--table", str(table))
        assert code == 1, message
        assert message in err
        assert "Traceback" not in err


def test_a_position_is_named_the_same_in_another_process():
    """Python's hash of a text, bytes or None changes from one process to the next: a
    table keyed by it would find nothing (or the wrong position) when resumed."""
    state = load_game("jantori").new_state({"pieces": 1}, 0)
    state.apply("place R at b3")
    code = (
        "from vtt.rules import load_game; from vtt.ai.solvetable import fixed_key;"
        "s = load_game('jantori').new_state({'pieces': 1}, 0); s.apply('place R at b3');"
        "print(fixed_key(s))"
    )
    there = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "random"},
    )
    assert int(there.stdout) == fixed_key(state)


def test_a_position_is_named_the_same_whatever_order_the_process_met_its_pieces_in():
    """The engine numbers a game's pieces in the order a process first meets them: a
    process that played another variant first numbers them otherwise (the key then
    differed, and a resumed table could take one position for another)."""
    from vtt.rules import search

    game = load_game("jantori")
    state = game.new_state({"pieces": 1}, 0)
    state.apply("place R at b3")
    here = fixed_key(state), state.key()
    saved = game.__dict__.pop("_component_codes")
    try:
        search._codes_of(game).learn(reversed(list(state.components())))
        assert state.key() != here[1]  # the engine's own key: this process's numbers
        assert fixed_key(state) == here[0]
    finally:
        game.__dict__["_component_codes"] = saved


def test_the_fixed_key_tells_the_positions_apart_as_the_engines_key_does():
    game = load_game("jantori")
    level = [game.new_state({"pieces": 1}, 0)]
    keys: dict[object, int] = {}
    for _ in range(3):
        following = []
        for state in level:
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                keys[child.key()] = fixed_key(child)
                following.append(child)
        level = following
    assert len(set(keys.values())) == len(keys) > 100
