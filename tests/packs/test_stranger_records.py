"""Records from someone else: ``vtt replay`` always answers with its JSON report, names
the file and what is wrong, and never reads or shows a file that is not a pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import replay_command

JANTORI = (rulesets_dir() / "jantori" / "pack.yaml").read_text()
SECRET = "root:x:0:0:the secret line"


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """Replay the record at ``path``; its JSON report (which says ok: false)."""
    assert replay_command(str(path)) == 1
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    return report


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("seed: text", "(seed): expected a whole number, not 'text'"),
        ("seed: 2.5", "(seed): expected a whole number, not 2.5"),
        ("seed: [1]", "(seed): expected a whole number, not [1]"),
        ("options: [1, 2]", "(options): expected a mapping of option names to values"),
        ("deal: text", "(deal): expected a mapping of zones to what they hold, not 'text'"),
        ("players: 2.5", "(players): expected a whole number of players, not 2.5"),
        ("players: true", "(players): expected a whole number of players, not True"),
        ("pack: [war]", "(pack): expected a pack id, like war"),
        ("expect: {winners: 1}", "(expect.winners): expected a list"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, said: str
) -> None:
    path = tmp_path / "bad.yaml"
    key = line.split(":")[0]
    rest = "" if key == "pack" else "pack: war\n"
    path.write_text(f"{rest}{line}\nmoves: []\n")
    report = replayed(path, capsys)
    assert str(report["error"]).startswith(f"{path}:2:") or str(report["error"]).startswith(
        f"{path}:1:"
    ), report
    assert said in str(report["error"]), report


@pytest.mark.parametrize(
    "deal",
    ["{vars: 5}", "{current: text}", "{current: 7}", "{vars: {wins: 3}}", "{stock: 5}"],
)
def test_a_deal_of_the_wrong_shape_cannot_start_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], deal: str
) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(f"pack: war\ndeal: {deal}\nmoves: [flip]\n")
    report = replayed(path, capsys)
    assert str(report["error"]).startswith("cannot start the game: "), report


def evil_pack(folder: Path) -> Path:
    """A pack beside the records whose end names a seat that does not exist."""
    folder.mkdir(parents=True)
    text = JANTORI.replace('winners: "[0]"', 'winners: "[99]"').replace(
        'winners: "[0] if points[0] > points[1] else [1]"', 'winners: "[99]"'
    )
    (folder / "pack.yaml").write_text(text)
    return folder


MOVES = (
    "[place R at b3, place R at c2, place R at c3, place R at c1, place P at c2, "
    "place R at b1, place R at c3, place R at b2, place R at c2, place P at b3, place "
    "P at c3, place P at b2, place P at c2, place P at b3, place P at c3, place P at "
    "b2, place S at c2, place S at b3, place S at c3, place S at b2, place S at c2, "
    "place S at b3, place S at c3, place S at b2]"
)


@pytest.mark.parametrize("named", ["evil", "./evil", "evil/pack.yaml"])
def test_an_error_during_a_move_is_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    evil_pack(tmp_path / "evil")
    path = tmp_path / "fails.yaml"
    path.write_text(f"pack: {named}\nseed: 1\nmoves: {MOVES}\n")
    report = replayed(path, capsys)
    error = str(report["error"])
    assert error.startswith("the pack failed during move 'place S at b2': "), error
    assert "pack.yaml:70:15 (end[0].winners): `[99]`" in error
    moves = report["moves"]
    assert isinstance(moves, list) and moves[-1]["legal"] is None and len(moves) == 24


@pytest.mark.parametrize(
    "named",
    ["{secret}", "../{name}", "{folder}", "../outside", "/etc/passwd", "{secret_folder}"],
)
def test_a_pack_path_that_is_no_pack_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n")
    secret_folder = tmp_path / "private"
    secret_folder.mkdir()
    (secret_folder / "notes.yaml").write_text(SECRET + "\n")
    records = tmp_path / "records"
    records.mkdir()
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "pack.txt").write_text(SECRET)
    text = named.format(
        secret=secret, name=secret.name, folder=tmp_path, secret_folder=secret_folder
    )
    path = records / "record.yaml"
    path.write_text(f"pack: {text}\nmoves: []\n")
    report = replayed(path, capsys)
    error = str(report["error"])
    assert "is not a pack: write a pack id, or a pack folder relative to the record" in error
    assert SECRET not in json.dumps(report)


def test_an_unknown_pack_id_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.yaml"
    path.write_text("pack: no-such-game\nmoves: []\n")
    report = replayed(path, capsys)
    assert "pack: no pack with the id 'no-such-game' is installed" in str(report["error"])
