"""A record names its pack's fingerprint (and may keep its text): `vtt replay` says when
the pack has changed since, and `--pinned` replays the copy the record keeps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import replay_command
from vtt.rules.finder import pack_digest
from vtt.rules.pinned import pinned_pack, text_digest
from vtt.rules.records import KEPT_COPY, Record, RecordError, load_record

TINY = """\
format: 1
id: tiny
name: Tiny
players: {min: 2, max: 2}
components:
  deck: {cards: "deck()", start: pile}
zones:
  pile: {visibility: nobody}
  hand: {per: player, visibility: everyone}
  middle: {visibility: everyone}
setup:
  - deal: {from: pile, to: hand, count: 3}
flow:
  start: play
  phases: {play: {turn: single, moves: [play, pass]}}
moves:
  pass: {text: pass}
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    effects:
      - move: {what: card, from: "hand[me]", to: middle}
end:
  - check: "all(empty(hand[p]) for p in players)"
    winners: "[]"
    reason: every card is played
"""
#: The middle holds two cards at most: the third card of the record no longer applies.
TWO_AT_MOST = TINY.replace(
    "    effects:\n",
    '    when: [{check: "count(middle) < 2", message: two cards at most}]\n    effects:\n',
)


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A record of Tiny, three cards played, beside the pack's folder; it keeps the text."""
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "pack.yaml").write_text(TINY, "utf-8")
    hands = ("AR", "AP", "AS"), ("KR", "KP", "KS")
    moves = [f"play {hands[0][0]}", f"play {hands[1][0]}", f"play {hands[0][1]}"]
    deal = {"hand": [list(hands[0]), list(hands[1])], "pile": []}
    path = tmp_path / "game.yaml"
    path.write_text(Record("tiny", deal=deal, moves=moves).pin(TINY, keep=True).to_yaml())
    return path


def replayed(path: Path, capsys, pinned: bool = False) -> tuple[int, dict, str]:
    status = replay_command(str(path), pinned=pinned)
    out, err = capsys.readouterr()
    return status, json.loads(out), err


def test_a_record_names_the_fingerprint_and_keeps_the_text(record, capsys):
    read = load_record(record)
    assert read.pack_digest == text_digest(TINY) == pack_digest(record.parent / "tiny")
    assert read.pack_text == TINY
    status, report, err = replayed(record, capsys)
    assert (status, report["ok"], err) == (0, True, "")
    assert report["pack_digest"] == read.pack_digest and "pack_changed" not in report


def test_a_changed_pack_is_said_on_stderr_and_pinned_replays_the_copy(record, capsys):
    then = text_digest(TINY)
    (record.parent / "tiny" / "pack.yaml").write_text("# edited\n" + TINY, "utf-8")
    now = pack_digest(record.parent / "tiny")
    status, report, err = replayed(record, capsys)
    assert status == 0 and report["ok"]  # the same moves apply: the exit status is the replay's
    assert err.startswith(
        f"vtt replay: Tiny has changed since this record was written (pack {then[:4]}... then, "
        f"{now[:4]}... now). Replaying on the pack as it is now ("
    )
    assert "--pinned replays the copy the record keeps" in err
    assert report["pack_digest"] == now and "has changed" in report["pack_changed"]
    # Rules under which the third card no longer applies: it fails; the copy still plays.
    (record.parent / "tiny" / "pack.yaml").write_text(TWO_AT_MOST, "utf-8")
    status, report, err = replayed(record, capsys)
    assert status == 1 and "two cards at most" in report["error"] and "has changed" in err
    status, report, err = replayed(record, capsys, pinned=True)
    assert (status, report["ok"], err) == (0, True, "")
    assert report["pack_from"] == KEPT_COPY and report["pack_digest"] == then


def test_a_record_without_a_copy_cannot_be_replayed_pinned(record, capsys):
    data = record.read_text("utf-8").split("pack_text:")[0]
    record.write_text(data, "utf-8")
    status, report, _ = replayed(record, capsys, pinned=True)
    assert status == 1 and "keeps no copy of its pack" in report["error"]


def test_a_pack_found_nowhere_is_played_from_the_copy_only_when_kept(tmp_path):
    with pytest.raises(FileNotFoundError, match="no pack with the id 'gone'"):
        pinned_pack("gone", tmp_path, "0123456789abcdef")
    kept = pinned_pack("gone", tmp_path, None, TINY)
    assert kept.found is None and kept.copy == TINY and not kept.changed
    with pytest.raises(RecordError, match="16 hexadecimal digits"):
        path = tmp_path / "bad.yaml"
        path.write_text("pack: war\npack_digest: 12\nmoves: []\n")
        load_record(path)


def test_a_war_beside_a_record_never_replaces_the_shipped_one_even_pinned(tmp_path, capsys):
    theirs = (rulesets_dir() / "war" / "pack.yaml").read_text("utf-8") + "# theirs\n"
    (tmp_path / "war").mkdir()
    (tmp_path / "war" / "pack.yaml").write_text(theirs, "utf-8")
    path = tmp_path / "game.yaml"
    record = Record("war", deal={"stock": [["JP"], ["2L"]]}, moves=["flip"]).pin(theirs)
    path.write_text(record.to_yaml(), "utf-8")
    status, report, err = replayed(path, capsys)
    assert report["pack_from"] == "a pack shipped with Janken Table"
    assert "War has changed since this record was written" in err
    assert "the record keeps no copy" in err and status == 0
