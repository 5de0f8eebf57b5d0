"""Which pack a record plays: an id among the shipped packs, the user's packs folder,
then the record's own folder (in that order, and said); a path only inside the
record's folder; anything else only when given on the command line (``--pack``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import replay_command
from vtt.rules.records import RecordError, load_record, record_source

WAR = (rulesets_dir() / "war" / "pack.yaml").read_text()
#: A War whose cards all tie: the stranger's rules, under the id war.
STRANGER = WAR.replace("name: War", "name: Stranger War")
RECORD = "pack: {pack}\ndeal: {{stock: [[JP], [2L]]}}\nmoves: [flip, flip]\n"


def pack_folder(folder: Path, text: str = STRANGER) -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(text)
    return folder


def report_of(record: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, str]:
    replay_command(str(record), *extra)
    report: dict[str, str] = json.loads(capsys.readouterr().out)
    return report


def test_a_strangers_folder_never_shadows_a_shipped_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stranger = pack_folder(tmp_path / "war")
    record = tmp_path / "game.yaml"
    record.write_text(RECORD.format(pack="war"))
    report = report_of(record, capsys)
    assert report["ok"], report
    assert Path(report["pack_file"]) == rulesets_dir() / "war" / "pack.yaml"
    assert report["pack_from"] == "a pack shipped with Janken Table"
    assert str(stranger) in report["pack_note"] and "was not used" in report["pack_note"]


@pytest.mark.parametrize("named", ["../elsewhere", "../elsewhere/pack.yaml", "{absolute}"])
def test_a_pack_outside_the_records_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    elsewhere = pack_folder(tmp_path / "elsewhere")
    (tmp_path / "records").mkdir()
    record = tmp_path / "records" / "game.yaml"
    record.write_text(RECORD.format(pack=named.format(absolute=elsewhere)))
    report = report_of(record, capsys)
    assert not report["ok"] and "is not a pack" in report["error"], report
    assert "no '..', no absolute path" in report["error"]
    # Given on the command line, it is played, and the report says so.
    report = report_of(record, capsys, str(elsewhere))
    assert report["ok"], report
    assert report["pack_from"] == "the pack given on the command line"
    assert report["pack_file"] == str(elsewhere / "pack.yaml")


@pytest.mark.parametrize(
    ("where", "named"),
    [("mine/records/game.yaml", "mine"), ("mine/game.yaml", "mine"), ("game.yaml", "mine")],
)
def test_a_record_plays_its_own_pack_by_id(tmp_path: Path, where: str, named: str) -> None:
    mine = pack_folder(tmp_path / "mine", STRANGER.replace("id: war", "id: mine"))
    record = tmp_path / where
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(RECORD.format(pack=named))
    source = record_source(load_record(record))
    assert source.path.resolve() == (mine / "pack.yaml").resolve()
    assert source.place == "beside" and not source.installed and source.note == ""


def test_a_pack_in_the_folder_above_is_not_searched(tmp_path: Path) -> None:
    """The record's folder's neighbours are not its own folder."""
    pack_folder(tmp_path / "mine", STRANGER.replace("id: war", "id: mine"))
    record = tmp_path / "games" / "game.yaml"
    record.parent.mkdir()
    record.write_text(RECORD.format(pack="mine"))
    with pytest.raises(RecordError, match="no pack with the id 'mine'"):
        record_source(load_record(record))


def test_a_link_out_of_the_records_folder_is_refused(tmp_path: Path) -> None:
    elsewhere = pack_folder(tmp_path / "elsewhere")
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "inside").symlink_to(elsewhere)
    record = tmp_path / "records" / "game.yaml"
    record.write_text(RECORD.format(pack="./inside"))
    with pytest.raises(RecordError, match="is not a pack"):
        record_source(load_record(record))
