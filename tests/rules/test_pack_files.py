"""A pack folder from someone else can make the program read only its own plain files,
and an error quotes at most one short line of any file (it may not be a pack at all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import replay_command, validate_command
from vtt.rules.errors import PackError
from vtt.rules.finder import pack_readme
from vtt.rules.loader import check_pack, load_pack

SECRET = "root:x:0:0:the first line\nsecond:x:1:1:the second line\nthird:x:2:2:the third\n"


def secret_file(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(SECRET)
    return path


@pytest.mark.parametrize("name", ["pack.yaml", "README.md"])
def test_a_pack_file_that_is_a_link_is_refused_unread(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    (folder / "pack.yaml").write_text((rulesets_dir() / "war" / "pack.yaml").read_text())
    (folder / name).unlink(missing_ok=True)
    (folder / name).symlink_to(secret_file(tmp_path))
    if name == "README.md":
        assert pack_readme(folder) is None
        assert pack_readme(rulesets_dir() / "war") is not None
        return
    with pytest.raises(PackError, match="symbolic link") as caught:
        load_pack(folder)
    assert "root:x" not in str(caught.value)


def test_validate_and_replay_never_show_a_linked_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    (folder / "pack.yaml").symlink_to(secret_file(tmp_path))
    assert validate_command([str(folder)]) == 1
    record = tmp_path / "record.yaml"
    record.write_text("pack: x\nmoves: []\n")
    assert replay_command(str(record)) == 1
    out = capsys.readouterr()
    assert "symbolic link" in out.err and "symbolic link" in out.out
    assert "root:x" not in out.out + out.err


@pytest.mark.parametrize(
    "text",
    [
        SECRET,  # a whole file that is no pack: one text
        "- " + SECRET.replace("\n", "\n- "),  # or a list
        "id: x\nname: |\n  " + SECRET.replace("\n", "\n  ") + "\nplayers: 1\n",
        "id: x\nname: x\nplayers: {min: 2, max: 2}\nsummary: [" + "'word', " * 300 + "]\n",
        "id: x\nname: x\nflow: {start: a, phases: {a: {moves: [m]}}}\nmoves:\n"
        "  m: {text: m, effects: ['" + "long step " * 50 + "']}\n",
    ],
)
def test_an_error_quotes_at_most_one_short_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(text)
    problems = check_pack(path).diagnostics
    assert problems
    for problem in problems:
        message = str(problem)
        assert "\n" not in message and "second" not in message, message
        assert len(problem.message) < 400, message


@pytest.mark.parametrize(
    "text",
    [
        "id: x\n? " + "k" * 5000 + "\n: 1\n? " + "k" * 5000 + "\n: 2\n",  # a duplicate key
        "id: x\n? " + "k" * 5000 + "\n: 1\n",  # an unknown key
        "a: *" + "n" * 5000 + "\n",  # an unknown alias
    ],
)
def test_a_long_key_or_name_is_quoted_short(tmp_path: Path, text: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(text)
    for problem in check_pack(path).diagnostics:
        assert "k" * 100 not in str(problem) and "n" * 100 not in str(problem), problem


def test_a_record_with_a_long_unknown_key_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "record.yaml"
    record.write_text("pack: war\n? " + "k" * 5000 + "\n: 1\nmoves: []\n")
    assert replay_command(str(record)) == 1
    out = capsys.readouterr().out
    assert "unknown key" in out and "k" * 100 not in out
