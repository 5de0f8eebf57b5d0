"""Table files: atomic writes, clear errors on broken or newer files, the autosave."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vtt.table import Mark, Table
from vtt.table.layout import build_table
from vtt.table.savefile import (
    VERSION,
    SaveFileError,
    load_table,
    save_table,
    table_autosave,
    table_to_data,
    write_atomically,
)

LAYOUT = {"objects": [{"stack": "deck", "cards": {}, "face_up": False}]}


def saved(tmp_path: Path, mutate: object = None) -> Path:
    data = table_to_data(build_table(LAYOUT, 2))
    if callable(mutate):
        mutate(data)
    path = tmp_path / "t.jtable"
    path.write_text(json.dumps(data, indent=1))
    return path


def _die(**fields: object) -> dict[str, object]:
    return {"kind": "die", "id": "d", "faces": ["R", "P", "S", "W", "L", "Jk"], **fields}


def _card(face: str, **fields: object) -> dict[str, object]:
    return {"kind": "card", "id": "c", "face": face, **fields}


def _put_die_in_deck(data: dict) -> None:
    data["objects"].append(_die(parent="deck"))
    deck = next(o for o in data["objects"] if o["id"] == "deck")
    deck["contents"].append("d")


def test_load_gives_an_equal_table(tmp_path: Path) -> None:
    table = build_table(LAYOUT, 4, seed=3)
    table.shuffle("deck")
    table.deal("deck", 5)
    save_table(table, tmp_path / "a.jtable")
    assert load_table(tmp_path / "a.jtable") == table


def test_a_boards_marks_are_saved_and_older_files_have_none(tmp_path: Path) -> None:
    table = build_table(LAYOUT, 2)
    table.marks = (Mark(-62.0, -92.0, 124.0, 184.0, "b2", at_foot=True), Mark(0, 0, 120, 186))
    save_table(table, tmp_path / "a.jtable")
    assert load_table(tmp_path / "a.jtable").marks == table.marks
    older = saved(tmp_path, lambda d: d.pop("marks"))
    assert load_table(older).marks == ()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=VERSION + 1), "written by a newer Janken Table"),
        (lambda d: d.update(format="something"), "not a Janken Table file"),
        (lambda d: d.update(seed="x"), "'seed': expected a whole number"),
        (lambda d: d["objects"][3].update(kind="spaceship"), "objects[3]: unknown kind of piece"),
        (lambda d: d["objects"][3].update(x="left"), "objects[3].x: expected float"),
        (lambda d: d["objects"][3].update(colour="red"), "unknown field 'colour'"),
        (lambda d: d["objects"].pop(), "do not fit together"),
        (lambda d: d["objects"].append(dict(d["objects"][3])), "is used twice"),
        (lambda d: d.update(seats="Ann"), "'seats': expected a list"),
        (lambda d: d.update(seats=[]), "'seats': a table has 1 to 8 seats, not 0"),
        (lambda d: d.update(seats=d["seats"] * 5), "'seats': a table has 1 to 8 seats, not 10"),
        (lambda d: d["objects"][0].update(owner=1), "hand hand-0 belongs to seat 1"),
        (lambda d: d["objects"][3].update(x=float("nan")), "is not a number"),
        (lambda d: d["objects"][3].update(x=10**400), "objects[3].x: expected float, found a huge"),
        (lambda d: d["objects"][3].update(y=-1e300), "objects[3].y: expected float, found -1e+300"),
        (lambda d: d["objects"][3].update(x=float("inf")), "Infinity is not a number"),
        (
            lambda d: d["objects"].append(_card("../../../../etc/passwd")),
            "'../../../../etc/passwd' cannot name the art of the card's face",
        ),
        (
            lambda d: d["objects"].append(_card("QL", back="/etc/passwd")),
            "cannot name the art of the card's back",
        ),
        (
            lambda d: d["objects"].append(_die(faces=["R", "P/../../x"])),
            "'P/../../x' cannot name the art of a face of the die",
        ),
        (lambda d: d["objects"].append(_die(value=99)), "die d shows face 99 of 6"),
        (lambda d: d["objects"].append(_die(value=0, faces=[])), "die d shows face 0 of 0"),
        (lambda d: _put_die_in_deck(d), "deck holds d, which is not a card"),
        (
            lambda d: d.update(marks=[{"x": 0, "y": 0, "width": "wide", "height": 1}]),
            "marks[0].width: expected a number",
        ),
        (
            lambda d: d.update(marks=[{"x": 0, "y": 0, "width": 1, "height": 1, "label": 3}]),
            "marks[0].label: expected text",
        ),
    ],
)
def test_broken_files_say_what_is_wrong(tmp_path: Path, mutate: object, message: str) -> None:
    path = saved(tmp_path, mutate)
    with pytest.raises(SaveFileError) as caught:
        load_table(path)
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_broken_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.jtable"
    path.write_text('{\n  "format": "janken-table",\n  "version": 1,,\n}')
    with pytest.raises(SaveFileError, match=r"line 3, column 16: broken JSON"):
        load_table(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "broken JSON: nested too deeply"),
        ('{"seed": ' + "9" * 5000 + "}", "broken JSON: Exceeds the limit"),
        ('{"seed": NaN}', "broken JSON: NaN is not a number"),
        ('{"seed": -Infinity}', "broken JSON: -Infinity is not a number"),
    ],
)
def test_damaged_json_says_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "t.jtable"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message) as caught:
        load_table(path)
    assert str(caught.value).startswith(str(path))


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot be read"):
        load_table(tmp_path / "nothing.jtable")
    (tmp_path / "bin.jtable").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="not a text file"):
        load_table(tmp_path / "bin.jtable")


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.jtable"
    path.write_text("old contents")

    def crash(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, "new contents")
    assert path.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.jtable"]  # no temporary left


def test_autosave_cycle(tmp_path: Path) -> None:
    autosave = table_autosave(tmp_path / "deep" / "autosave.jtable")
    assert not autosave.exists()
    table = Table(3)
    autosave.write(table)
    assert autosave.exists() and autosave.load() == table
    autosave.discard()
    assert not autosave.exists()
    autosave.discard()  # discarding twice is fine


def test_an_unreadable_autosave_is_kept_aside(tmp_path: Path) -> None:
    autosave = table_autosave(tmp_path / "autosave.jtable")
    autosave.path.write_text("{ half a file")
    with pytest.raises(SaveFileError):
        autosave.load()
    kept = autosave.set_aside()
    assert not autosave.exists()
    assert kept.read_text() == "{ half a file" and kept.suffix == ".jtable"


_KILLED_SAVE = """
import os, signal, sys
from pathlib import Path
from vtt.table.savefile import write_atomically

def killed(*_):
    os.kill(os.getpid(), signal.SIGKILL)  # the program dies between writing and renaming

os.replace = killed
write_atomically(Path(sys.argv[1]), "new contents")
"""


def test_a_save_killed_before_its_rename_keeps_the_old_file_and_the_next_save_cleans_up(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    path = tmp_path / "keep.jtable"
    path.write_text("old contents")
    for _ in range(3):
        run = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(path)], check=False)
        assert run.returncode == -9
    assert path.read_text() == "old contents"
    # each save removes what the kill before it left: one temporary at most, not three
    assert len(list(tmp_path.glob(".keep.jtable.*.tmp"))) == 1
    (tmp_path / ".other.jtable.x.tmp").write_text("another file's")
    write_atomically(path, "new contents")
    assert path.read_text() == "new contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.jtable.x.tmp", "keep.jtable"]


def test_a_failed_write_to_a_full_disk_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "keep.jtable"
    path.write_text("old contents")

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    for _ in range(2):
        with pytest.raises(OSError, match="No space left"):
            write_atomically(path, "new contents")
    assert path.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.jtable"]
