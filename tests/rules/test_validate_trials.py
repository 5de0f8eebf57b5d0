"""``vtt validate`` plays trial games: a pack that loads but fails once it runs, at the
start or after some moves, with its defaults or only with some option, is reported
with the pack file and the line of the expression or step that failed; the work is
bounded in games, moves and time, so a stranger's pack cannot hang it."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.rules.test_pack_limits import JANTORI
from tests.rules.test_stranger_packs import PLACE_EFFECTS
from vtt.resources import rulesets_dir
from vtt.rules.commands import validate_command
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.trial import trial_games

#: A seat computed to be one the game does not have: fails only when it runs.
NO_SEAT = '"3 if seats else 0"'
#: An option added to those JANTORI has.
OPTION = "options:\n  boom: {label: Boom, type: bool, default: false}\n"


def pack(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "stranger"
    folder.mkdir()
    (folder / "pack.yaml").write_text(text)
    return folder


def line_of(text: str, part: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if part in line)


def validated(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    folder = pack(tmp_path, text)
    assert validate_command([str(folder)]) == 1
    captured = capsys.readouterr()
    assert "ok" not in captured.out
    return captured.err


def test_a_pack_that_cannot_start_fails_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = JANTORI.replace("flow:\n", f"setup:\n  - give_turn: {NO_SEAT}\nflow:\n", 1)
    err = validated(tmp_path, text, capsys)
    place = f"{tmp_path / 'stranger' / 'pack.yaml'}:{line_of(text, 'give_turn')}:"
    assert "with the default options: the game cannot start: " in err, err
    assert place in err and "give_turn: 3 is not a seat" in err, err


def test_a_pack_that_fails_only_with_an_option_fails_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = JANTORI.replace("options:\n", OPTION, 1).replace(
        "flow:\n", f"setup:\n  - if: boom\n    then: [give_turn: {NO_SEAT}]\nflow:\n", 1
    )
    err = validated(tmp_path, text, capsys)
    assert "with option boom=True: the game cannot start: " in err, err
    assert f"pack.yaml:{line_of(text, 'give_turn')}:" in err, err
    assert "default options" not in err


def test_a_pack_that_fails_after_some_moves_fails_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    step = '      - give_turn: "5 if len(reserve[me]) < 10 else 1 - me"\n'
    text = JANTORI.replace(PLACE_EFFECTS, PLACE_EFFECTS + step, 1)
    err = validated(tmp_path, text, capsys)
    assert "with the default options: after " in err and "random moves (the last: place" in err
    assert f"pack.yaml:{line_of(text, 'give_turn')}:" in err, err


def test_a_value_of_the_wrong_shape_fails_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = JANTORI.replace("scores: points\n", 'scores: points\nvalue: "[1] if seats else []"\n')
    err = validated(tmp_path, text, capsys)
    assert f"pack.yaml:{line_of(text, 'value:')}:" in err and "one number per seat" in err, err


def test_a_game_that_never_ends_is_played_a_bounded_number_of_moves() -> None:
    endless = JANTORI.replace(PLACE_EFFECTS, PLACE_EFFECTS + "      - shuffle: board\n", 1)
    endless = endless.replace("empty(reserve[0]) and empty(reserve[1])", "False")
    trial = trial_games(load_pack_text(endless), games=3, moves=40)
    assert trial.problems == [] or all("no seat has a legal move" in p for p in trial.problems)
    assert trial.moves <= 3 * 40


def test_the_time_allowed_bounds_a_trial() -> None:
    """Driven by the test's clock: each reading is a second later."""
    seconds = itertools.count()
    game = load_pack(rulesets_dir() / "war")
    trial = trial_games(game, seconds=10, clock=lambda: float(next(seconds)))
    assert trial.cut_short and trial.moves < 10 and trial.problems == []
    assert "stopped when the time allowed ran out" in trial.summary()


def test_the_shipped_packs_pass_their_trials(capsys: pytest.CaptureFixture[str]) -> None:
    assert validate_command([str(rulesets_dir() / "tic-tac-rock")]) == 0
    out = capsys.readouterr().out
    assert "ok (" in out and "trial games started" in out


WAR = (rulesets_dir() / "war" / "pack.yaml").read_text()


@pytest.mark.parametrize(
    ("step", "said"),
    [
        ("{deal: {from: pool, to: stock, count: '\"5x\"'}}", "gives '5x' where a whole number"),
        ("{deal: {from: pool, to: stock, count: even, start: 7}}", "gives 7, not a seat"),
    ],
    ids=["a count that is no number", "a first seat the game lacks"],
)
def test_a_deal_that_fails_at_the_start_is_named_at_its_line_not_passed_as_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], step: str, said: str
) -> None:
    """A deal whose count is a text, or whose first seat is none of the game's, once
    passed validate as "ok (0 trial games started)": its bare ValueError was taken
    for options the constraints refuse."""
    text = WAR.replace("{deal: {from: pool, to: stock, count: even}}", step, 1)
    assert text != WAR
    err = validated(tmp_path, text, capsys)
    place = f"{tmp_path / 'stranger' / 'pack.yaml'}:{line_of(text, step)}:"
    assert "the game cannot start: " in err and place in err and said in err, err
