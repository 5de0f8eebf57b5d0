"""Every command prints text from a pack, a record or the command line as text: an escape
sequence or an invisible formatting character is shown as its escape, never acted on,
and a value of 98,000 characters is cut short (issue 14)."""

from __future__ import annotations

import argparse
import io
import json
import re
from pathlib import Path

import pytest

from tests.rules.test_pack_limits import JANTORI
from vtt.rules.commands import replay_command, validate_command
from vtt.rules.shown import ERROR_CHARS, LINE_CHARS
from vtt.textplay import play_command

#: What a hostile pack builds at run time: escapes written in its expressions' strings.
ESCAPES = "'\\x1b]0;pwned\\x07 \\x1b[2J \\u202eevil \\x9b31m \\r'"
HOSTILE = (
    JANTORI.replace(
        "vars:\n",
        f"vars:\n  motto:\n    label: motto\n    initial: >-\n      {ESCAPES} + 'a' * 49000\n",
        1,
    )
    # 98,000 characters: near the most a var may hold
    .replace("\nflow:", '\nsetup:\n  - set: {motto: "motto + motto"}\n\nflow:', 1)
    .replace(
        '      - set: {"marker[me]": square}\n',
        '      - set: {"marker[me]": square}\n'
        f"      - log: >-\n          {{{ESCAPES}}} {{seat_names[me]}} placed {{motto}}\n",
        1,
    )
)
#: What no line printed may hold: ESC, BEL, CSI, CR, and the bidirectional controls.
RAW = re.compile("[\x1b\x07\x9b\r\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def hostile_pack(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(HOSTILE, encoding="utf-8")
    return folder


def printed_lines(text: str) -> list[str]:
    assert not RAW.search(text), RAW.findall(text)[:5]
    return text.splitlines()


def play(pack: Path, names: str | None, moves: int) -> str:
    args = argparse.Namespace(
        text=True, pack=str(pack), players=None, names=names, option=[], seed=1, random=[]
    )
    out = io.StringIO()
    play_command(args, io.StringIO("1\n" * moves), out)
    return out.getvalue()


@pytest.mark.parametrize("names", [None, "Ann\u202eLee,Bob", "A\x1b[31mred,B\x9b2J"])
def test_play_text_shows_escapes_and_cuts_long_values(tmp_path: Path, names: str | None) -> None:
    out = play(hostile_pack(tmp_path / "evil"), names, 3)
    lines = printed_lines(out)
    assert any("\\x1b]0;pwned\\x07" in line and "\\u202eevil" in line for line in lines)
    assert "\\u202eevil" in out and "\\x1b[2J" in out
    assert max(len(line) for line in lines) <= LINE_CHARS + 10  # "  | " and the like
    motto = next(line for line in lines if line.strip().startswith("motto ="))
    assert motto.endswith("…")


def test_validate_shows_a_pack_path_and_its_errors_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = hostile_pack(tmp_path / "ok\x1b[31m\u202e")
    bad = tmp_path / "bad\x1b]0;x\x07"
    bad.mkdir()
    (bad / "pack.yaml").write_text(JANTORI.replace("name: JANTORI", 'name: "J\\e[5m"'))
    assert validate_command([str(good), str(bad)]) == 1
    captured = capsys.readouterr()
    out, err = printed_lines(captured.out), printed_lines(captured.err)
    assert any(": ok (" in line and "\\x1b[31m\\u202e" in line for line in out)
    assert any("U+001B" in line and "bad\\x1b]0;x\\x07" in line for line in err)
    assert max(len(line) for line in err) <= ERROR_CHARS


@pytest.mark.parametrize(
    "moves", ['["nonsense \\e[2J"]', '["x\\u202ey"]', "[\"place R at a2\", 'go \u2066']"]
)
def test_replay_refuses_hostile_text_in_a_record_by_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], moves: str
) -> None:
    hostile_pack(tmp_path / "evil")
    record = tmp_path / "game.yaml"
    record.write_text(f"pack: evil\nseed: 1\nmoves: {moves}\n", encoding="utf-8")
    assert replay_command(str(record)) == 1
    text = capsys.readouterr().out
    printed_lines(text)
    error = json.loads(text)["error"]
    assert f"{record}:3:" in error and "invisible character U+" in error


def test_play_text_exports_the_game_as_the_seat_to_move_saw_it(tmp_path: Path) -> None:
    from vtt.rules.records import load_record

    target = tmp_path / "under-way.yaml"
    args = argparse.Namespace(
        text=True,
        pack="war",
        players=None,
        names=None,
        option=["mode=five-card"],
        seed=424242,
        random=[],
    )
    out = io.StringIO()
    play_command(args, io.StringIO(f"\n1\n\nexport {target}\nquit\n"), out)
    assert f"record as P2 saw it written to {target}" in out.getvalue()
    record = load_record(target)
    assert record.seen_by == "P2" and record.seed == 0
    assert "424242" not in target.read_text(encoding="utf-8")
