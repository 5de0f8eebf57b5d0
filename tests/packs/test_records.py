"""Every shipped record replays to the outcome worked out by hand; the CLI reports it."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import replay_command, validate_command
from vtt.rules.records import Record, RecordError, load_record, replay
from vtt.textplay import play_command

RECORDS = sorted(rulesets_dir().glob("*/records/*.yaml"))


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.parent.name}/{p.stem}" for p in RECORDS])
def test_record_reaches_its_expected_outcome(path: Path) -> None:
    record = load_record(path)
    assert record.expect is not None, "every shipped record states its outcome"
    report = replay(record)
    assert report["ok"], report.get("error")
    assert all(move["legal"] != move.get("refused", False) for move in report["moves"])


def test_replay_prints_json_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    path = rulesets_dir() / "war" / "records" / "lizard-eats-paper.yaml"
    assert replay_command(str(path)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["outcome"]["winners"] == ["P2"] and report["outcome"]["scores"] == [0, 2]
    assert [m["move"] for m in report["moves"]] == ["flip", "flip"]


def test_replay_stops_at_the_first_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("pack: jantori\nmoves: [place R at b3, place R at a1, place S at b1]\n")
    assert replay_command(str(path)) == 1
    report = json.loads(capsys.readouterr().out)
    assert [m["legal"] for m in report["moves"]] == [True, False]
    assert "next to your marker" in report["moves"][1]["reason"]


def test_replay_reports_a_pack_that_fails_while_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A pack bug met during a move (here a division by zero in a log line) is a
    # rules error like a bad record: a JSON report and exit 1, not a traceback.
    text = (rulesets_dir() / "war" / "pack.yaml").read_text()
    line = '- log: "{a} against {b}: {rule_between(a, b)}, {seat_names[w]} wins"'
    assert line in text
    (tmp_path / "pack.yaml").write_text(text.replace(line, '- log: "{a}: {1 // (w - w)}"'))
    record = tmp_path / "record.yaml"
    record.write_text("pack: pack.yaml\ndeal: {stock: [[JP], [2L]]}\nmoves: [flip, flip]\n")
    assert replay_command(str(record)) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["ok"] and "ZeroDivisionError" in report["error"]


def test_a_record_with_seat_names_replays_with_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "named.yaml"
    path.write_text(
        "pack: war\nseats: [Ann, Ben]\ndeal: {stock: [[JP], [2L]]}\nmoves: [flip, flip]\n"
        "expect: {winners: [Ben]}\n"
    )
    assert replay_command(str(path)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["outcome"]["winners"] == ["Ben"]
    assert [m["player"] for m in report["moves"]] == ["Ann", "Ben"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seats: Ann\n", r"bad.yaml:2:\d+ \(seats\): expected a list of seat names"),
        ("seats: [Ann, Ben]\nplayers: 3\n", r"bad.yaml:2:\d+ \(seats\): 2 seat names for 3"),
    ],
)
def test_a_record_with_bad_seat_names_says_what_is_wrong(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"pack: war\n{text}moves: []\n")
    with pytest.raises(RecordError, match=message):
        load_record(path)
    path.write_text("pack: war\nseats: [Ann, ann]\nmoves: [flip]\n")
    report = replay(load_record(path))
    assert not report["ok"] and "two seats are named 'ann'" in report["error"]


def test_replay_fails_on_a_wrong_expected_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    record = Record(pack="war", deal={"stock": [["JP"], ["2L"]]}, moves=["flip", "flip"])
    record.expect = {"winners": [1]}
    report = replay(record)
    assert not report["ok"] and "expected winners ['P1'], got ['P2']" in report["error"]


def test_validate_reports_every_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "broken"
    pack.mkdir()
    text = (rulesets_dir() / "jantori" / "pack.yaml").read_text()
    (pack / "pack.yaml").write_text(text.replace("visibility: everyone", "visibilty: everyone"))
    assert validate_command([str(pack)]) == 1
    err = capsys.readouterr().err
    assert err.count("unknown key 'visibilty'") == 2
    assert validate_command([str(rulesets_dir())]) == 0


def _play_args(**given: object) -> argparse.Namespace:
    values = {
        "pack": "war",
        "text": True,
        "players": None,
        "names": None,
        "option": [],
        "seed": 3,
        "random": [],
    }
    values.update(given)
    return argparse.Namespace(**values)


def test_play_text_names_the_seats_as_asked() -> None:
    out = io.StringIO()
    assert play_command(_play_args(names="Ann,Ben"), io.StringIO("\n1\n\n1\n"), out) == 0
    text = out.getvalue()
    assert "--- Ann to move" in text and "--- Ben to move" in text and "| Ann: flip" in text
    assert "face-down stack: Ann: [" in text  # the zone's label, the seats' names
    assert "P1" not in text and "P2" not in text
    assert play_command(_play_args(names="Ann,Ann"), io.StringIO(""), io.StringIO()) == 1


def test_play_text_handles_eof_and_random_seats() -> None:
    out = io.StringIO()
    code = play_command(_play_args(option=["mode=high-card"], random=[1]), io.StringIO("1\n"), out)
    assert code == 0
    assert "Game over" in out.getvalue() and "(random) plays draw" in out.getvalue()
    out = io.StringIO()
    assert play_command(_play_args(pack="jantori"), io.StringIO(""), out) == 0
    assert "game stopped" in out.getvalue()


def test_play_text_explains_an_illegal_move() -> None:
    out = io.StringIO()
    play_command(_play_args(pack="jantori"), io.StringIO("place R at c3\nquit\n"), out)
    assert "not allowed: You can only place next to your marker" in out.getvalue()


def test_play_text_speaks_the_packs_words() -> None:
    out = io.StringIO()
    play_command(_play_args(pack="tic-tac-rock"), io.StringIO("\nquit\n"), out)
    shown = out.getvalue()
    assert "to move (playing a card)" in shown  # the phase's label, not its name
    assert "  dealer = P1\n" in shown and "  rounds won = 0 0\n" in shown
    assert "on_board" not in shown and "playing on" not in shown  # one board: left out
    out = io.StringIO()
    play_command(_play_args(pack="tic-tac-rock", option=["boards=2"]), io.StringIO("\nquit\n"), out)
    shown = out.getvalue()
    assert "\n    Board 1:\n" in shown and "\n    Board 2:\n" in shown  # as the moves say
    assert "  playing on Board = 1\n" in shown


def test_tic_tac_rock_sample_positions() -> None:
    """The sample's three cards may go exactly where the text (and its ruling) says."""
    record = load_record(rulesets_dir() / "tic-tac-rock" / "records" / "sample.yaml")
    from vtt.rules.records import start_state

    state = start_state(record)
    covers = {
        card: sorted(
            str(m).split(" at ")[1]
            for m in state.legal_moves
            if str(m).startswith(f"play {card} ")
            and str(m).split(" at ")[1] in ("a1", "b2", "a3", "c3")
        )
        for card in ("10R", "4S", "3W")
    }
    assert covers == {"10R": ["a1", "b2"], "4S": ["a1", "c3"], "3W": ["a3", "b2"]}


def test_validate_says_when_a_folder_holds_no_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a pack")
    assert validate_command([str(empty)]) == 1
    captured = capsys.readouterr()
    assert f"{empty}: no rule pack here" in captured.err
    assert captured.out == ""


def test_validate_replays_a_record_instead_of_reading_it_as_a_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = Path("rulesets/war/records/war-same-suit.yaml")
    assert validate_command([str(good)]) == 0
    captured = capsys.readouterr()
    assert captured.out == (
        f"{good}: ok (a game record of war, a pack shipped with Janken Table: 2 moves replay)\n"
    )
    assert captured.err == ""
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(good.read_text().replace("scores: [10, 0]", "scores: [9, 1]"))
    assert validate_command([str(wrong)]) == 1
    captured = capsys.readouterr()
    assert f"{wrong}: expected scores [9, 1], got [10, 0]" in captured.err
    assert "unknown key" not in captured.err and captured.out == ""


def test_a_record_may_expect_vars_in_the_middle_of_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A worked example of one hand (Dueling Wizards' damage tables) stops mid-game: it
    # states the vars the hand leaves, not an outcome.
    path = tmp_path / "mid.yaml"
    text = "pack: war\ndeal: {stock: [[JP, 3R], [2L, 4W]]}\nmoves: [flip, flip]\n"
    path.write_text(text + "expect: {vars: {played: 1}}\n")
    assert replay_command(str(path)) == 0
    path.write_text(text + "expect: {vars: {played: 2, wins: [0, 1], nothing: 3}}\n")
    assert replay_command(str(path)) == 1
    capsys.readouterr()  # (the two reports printed)
    report = replay(load_record(path))
    assert not report["ok"]
    assert "expected played 2, got 1" in report["error"]
    assert "expected wins [0, 1], got [0, 0]" in report["error"]
    assert "'nothing', which the pack does not have" in report["error"]
    path.write_text(text + "expect: {vars: {played: 1}, winners: [P2]}\n")
    assert "the game did not end" in replay(load_record(path))["error"]


def test_a_record_names_moves_the_rules_refuse_and_why(tmp_path: Path) -> None:
    path = tmp_path / "refused.yaml"
    path.write_text(
        "pack: jantori\nmoves:\n  - place R at b3\n"
        "  - {refused: place R at a1, because: next to your marker}\n"
        "  - place R at b1\n"
    )
    record = load_record(path)
    assert record.moves == ["place R at b3", "place R at b1"]
    assert record.refusals == [(1, "place R at a1", "next to your marker")]
    report = replay(record)
    assert report["ok"], report.get("error")
    assert [(m["move"], m["legal"]) for m in report["moves"]] == [
        ("place R at b3", True),
        ("place R at a1", False),
        ("place R at b1", True),
    ]
    assert report["moves"][1]["refused"] and report["moves"][1]["player"] == "Black"
    # Written back, the refusal stands where it was.
    again = tmp_path / "again.yaml"
    again.write_text(record.to_yaml())
    assert load_record(again).refusals == record.refusals


@pytest.mark.parametrize(
    ("refused", "error"),
    [
        ("{refused: place R at b1, because: marker}", "should be refused (marker) but is legal"),
        ("{refused: place R at a1, because: Ko}", "not because of 'Ko'"),
    ],
)
def test_a_refusal_that_does_not_happen_fails_the_replay(
    tmp_path: Path, refused: str, error: str
) -> None:
    path = tmp_path / "wrong.yaml"
    path.write_text(f"pack: jantori\nmoves:\n  - place R at b3\n  - {refused}\n")
    report = replay(load_record(path))
    assert not report["ok"] and error in report["error"]


def test_a_refusal_written_wrongly_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("pack: jantori\nmoves:\n  - place R at b3\n  - {refused: place R at a1}\n")
    with pytest.raises(RecordError, match=r"bad.yaml:4.*refused: MOVE, because"):
        load_record(path)
