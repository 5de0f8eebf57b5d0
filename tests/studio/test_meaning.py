"""Checks on a pack's meaning (``vtt.studio.meaning``): each kind of warning at its line,
from the spec alone or from random games; nothing where a check cannot be sure; none
on the shipped packs; ``stop()`` cancels the games; ``vtt validate`` prints them."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.cli import main
from vtt.resources import rulesets_dir
from vtt.rules.loader import Diagnostic, check_pack, check_pack_text
from vtt.studio.meaning import meaning_warnings

#: A small shedding game in which every part is used.
SHED = """\
format: 1
id: shed
name: Shed
players: {min: 2, max: 3}
options:
  mode: {choices: [short, long], default: short}
constants:
  hand_size: 3
components:
  deck: {cards: "cards('AR 2R 3R AP 2P 3P AS 2S 3S')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
  pile: {}
vars:
  played: {per: player, initial: 0}
setup:
  - shuffle: pool
  - deal: {from: pool, to: hand, count: hand_size}
flow:
  start: play
  phases:
    play: {turn: single, moves: [play]}
moves:
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    effects:
      - move: {what: card, from: "hand[me]", to: pile}
      - add: {"played[me]": 1}
end:
  - check: "any(len(hand[p]) == 0 for p in seats)"
    winners: "[p for p in seats if len(hand[p]) == 0]"
    reason: a hand is empty
scores: "[played[p] for p in seats]"
"""


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


#: One of each fault the spec alone shows.
FAULTY = edited(
    SHED,
    ("start: pool}\n", "start: pool}\n  spare: {cards: \"cards('AW AL')\", start: box}\n"),
    (
        "start: pool}\n",
        "start: pool}\n  jokers: {cards: \"cards('Jk')\", start: pile, when: \"mode == 'wild'\"}\n",
    ),
    ("  pile: {}\n", "  pile: {}\n  box: {visibility: nobody}\n"),
    ("initial: 0}\n", "initial: 0}\n  tally: {initial: 0, visibility: nobody}\n"),
    ('"played[me]": 1}', '"played[me]": 1, tally: 1}'),
    ("moves: [play]}\n", "moves: [play, rush]}\n    bonus: {turn: single, moves: [play]}\n"),
    (
        "end:\n",
        "  rush:\n    text: rush\n    when:\n      - check: \"mode == 'quick' and len(pile) > 0\"\n"
        "        message: Only in a quick game\n  discard: {text: discard}\nend:\n",
    ),
    (
        "scores:",
        "  - check: \"len(pile) > hand_size and mode == 'long' and mode == 'short'\"\n"
        '    winners: "[]"\n    reason: never\n'
        "  - check: \"mode != 'quick'\"\n"
        '    winners: "[]"\n    reason: at once\nscores:',
    ),
)


def line_of(text: str, part: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if part in line)


def places(found: tuple[Diagnostic, ...]) -> dict[int, str]:
    return {warning.line: warning.message for warning in found}


def test_each_fault_the_spec_shows_is_a_warning_at_its_line() -> None:
    checked = check_pack_text(FAULTY)
    assert checked.ok, checked.diagnostics
    found = meaning_warnings(checked)
    assert all(warning.severity == "warning" for warning in found)
    expected = {
        line_of(FAULTY, "spare:"): "the components of 'spare' are never used",
        line_of(FAULTY, "jokers:"): "the components of 'jokers' are in no game",
        line_of(FAULTY, "tally: {"): "var 'tally' is set but never read",
        line_of(FAULTY, "bonus:"): "phase 'bonus' can never be reached",
        line_of(FAULTY, "mode == 'quick'"): "move 'rush' can never be legal: this check is",
        line_of(FAULTY, "discard:"): "move 'discard' can never be legal: no phase",
        line_of(FAULTY, "len(pile) > hand_size"): "this end check never fires",
        line_of(FAULTY, "mode != 'quick'"): "this end check always holds",
    }
    assert places(found).keys() == expected.keys()
    for line, message in places(found).items():
        assert message.startswith(expected[line]), (line, message)
    rush = next(w for w in found if "rush" in w.message)
    assert rush.path == "moves.rush.when[0].check"
    assert str(rush).startswith(f"pack.yaml:{rush.line}:{rush.column} (moves.rush.when[0].check): ")
    assert ": warning: move 'rush'" in str(rush)


def test_a_pack_whose_every_part_is_used_gets_no_warning() -> None:
    checked = check_pack_text(SHED)
    assert meaning_warnings(checked, games=4) == ()


def test_nothing_is_said_where_a_check_cannot_be_sure() -> None:
    text = edited(
        SHED,
        # Shown to players: read by them, though no expression reads it.
        ("initial: 0}\n", "initial: 0}\n  tally: {initial: 0}\n"),
        ('"played[me]": 1}', '"played[me]": 1, tally: 1}'),
        # Reached only through a var naming the phase: any phase may be.
        ("moves: [play]}\n", "moves: [play, rush]}\n    bonus: {turn: single, moves: [play]}\n"),
        ("  played: {", "  resume: \"'play'\"\n  played: {"),
        ("      - move: {what", "      - phase: resume\n      - move: {what"),
        # False with the constant's value (a switch the designer may change).
        (
            "scores:",
            '  - check: "hand_size > 5 and len(pile) > 0"\n'
            '    winners: "[]"\n    reason: a switch\nscores:',
        ),
        # False with one choice of the option only.
        (
            "end:\n",
            "  rush:\n    text: rush\n    when:\n      - check: \"mode == 'long'\"\n"
            "        message: Only in a long game\nend:\n",
        ),
        # Face down in a zone a gather empties.
        ("start: pool}\n", "start: pool}\n  spare: {cards: \"cards('AW AL')\", start: box}\n"),
        ("  pile: {}\n", "  pile: {}\n  box: {visibility: nobody}\n"),
        ("  - shuffle: pool\n", "  - gather: pool\n  - shuffle: pool\n"),
    )
    checked = check_pack_text(text)
    assert checked.ok, checked.diagnostics
    assert meaning_warnings(checked) == ()


def test_a_pack_with_errors_gets_no_warning() -> None:
    checked = check_pack_text(FAULTY.replace("len(pile) > 0", "len(piel) > 0"))
    assert not checked.ok
    assert meaning_warnings(checked, games=2) == ()


@pytest.mark.parametrize("pack", sorted(p.name for p in rulesets_dir().iterdir() if p.is_dir()))
def test_the_shipped_packs_get_no_warning_from_the_spec(pack: str) -> None:
    assert meaning_warnings(check_pack(rulesets_dir() / pack)) == ()


#: Faults only play shows: a move never legal, a phase never entered, an end check
#: that never ends a game (Shed deals at most nine cards).
PLAYED = edited(
    SHED,
    (
        "    play: {turn: single, moves: [play]}\n",
        "    play:\n      turn: single\n      moves: [play, hoard]\n      after_move:\n"
        '        - if: "len(pile) > 20"\n          then: [{phase: extra}]\n'
        "    extra: {turn: single, moves: [play]}\n",
    ),
    (
        "end:\n",
        "  hoard:\n    text: hoard\n    when:\n"
        '      - check: "len(hand[me]) > 5"\n        message: Too few cards\nend:\n',
    ),
    ("scores:", '  - check: "len(pile) > 8"\n    winners: "[]"\n    reason: full\nscores:'),
)


def test_random_games_show_what_the_spec_cannot() -> None:
    checked = check_pack_text(PLAYED)
    assert meaning_warnings(checked) == ()
    found = places(meaning_warnings(checked, games=4, seed=7))
    assert found == {
        line_of(PLAYED, "extra:"): "phase 'extra' was never entered in 4 random games",
        line_of(PLAYED, "hoard:"): "move 'hoard' was offered but never legal in 4 random games",
        line_of(PLAYED, "len(pile) > 8"): "this end check never ended a game: it held at the "
        "end of none of the 4 of 4 random games that ended",
    }


def test_what_the_options_of_the_games_played_rule_out_is_not_said() -> None:
    # Only in a long game: a move enabled, a phase gone to, an end check that may hold.
    # One game, with the default options (a short game), can show none of them.
    text = edited(
        SHED,
        ("moves: [play]}", "moves: [play, slam]}\n    extra: {turn: single, moves: [play]}"),
        ("end:\n", "  slam: {text: slam, enabled: \"mode == 'long'\"}\nend:\n"),
        (
            "      - add: {",
            "      - if: \"mode == 'long'\"\n        then: [{phase: extra}]\n      - add: {",
        ),
        (
            "scores:",
            "  - check: \"mode == 'long' and len(pile) > 1\"\n"
            '    winners: "[]"\n    reason: long\nscores:',
        ),
    )
    assert meaning_warnings(check_pack_text(text), games=1) == ()
    # Offered, with the check never holding: said.
    hopeless = text.replace(
        "enabled: \"mode == 'long'\"", 'when: [{check: "len(pile) > 50", message: Later}]'
    )
    (warning,) = meaning_warnings(check_pack_text(hopeless), games=1)
    assert warning.message == "move 'slam' was offered but never legal in 1 random game"


def test_a_game_that_does_not_end_is_a_warning_at_the_end_section() -> None:
    text = edited(
        SHED,
        ("players: {min: 2, max: 3}\n", "players: {min: 2, max: 3}\nmax_moves: 30\n"),
        ("moves: [play]}", "moves: [play, pass]}"),
        ("end:\n", "  pass: {text: pass}\nend:\n"),
        ("any(len(hand[p]) == 0 for p in seats)", "len(pile) > 9"),
    )
    (warning,) = meaning_warnings(check_pack_text(text), games=3)
    assert warning.line == line_of(text, "end:") and warning.path == "end"
    assert warning.message == (
        "3 of 3 random games did not end within 30 moves, the most a game may take "
        "(max_moves); the first: seed 0, the default options, 2 players"
    )


def test_stop_cancels_the_random_games() -> None:
    checked = check_pack_text(FAULTY.replace("mode != 'quick'", "len(pile) > 99"))
    static = meaning_warnings(checked)
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 3

    assert meaning_warnings(checked, games=50, stop=stop) == static
    assert asked == 3  # asked no more once it said stop
    asked = -(10**9)  # never says stop: every game is played, and it is asked at each move
    assert len(meaning_warnings(checked, games=2, stop=stop)) > len(static)
    assert asked > -(10**9) + 4


def test_a_warning_reads_as_a_warning() -> None:
    plain = Diagnostic("p.yaml", 3, 5, "phase 'x' can never be reached", "flow.phases.x")
    assert plain.severity == "error" and str(plain) == "p.yaml:3:5: phase 'x' can never be reached"
    warning = Diagnostic("p.yaml", 3, 5, "phase 'x'", "flow.phases.x", severity="warning")
    assert str(warning) == "p.yaml:3:5: warning: phase 'x'"


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "shed"
    folder.mkdir()
    (folder / "pack.yaml").write_text(text)
    return folder


def test_validate_prints_the_warnings_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write(tmp_path, FAULTY)
    assert main(["validate", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(f"{folder / 'pack.yaml'}: ok (") and out[-1].endswith(", 8 warnings)")
    place = f"{folder / 'pack.yaml'}:{line_of(FAULTY, 'bonus:')}:5 (flow.phases.bonus): warning: "
    assert any(line.startswith(place + "phase 'bonus' can never be reached") for line in out[:-1])
    assert len(out) == 9


def test_validate_plays_random_games_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write(tmp_path, PLAYED)
    assert main(["validate", str(folder)]) == 0
    assert "warning" not in capsys.readouterr().out
    assert main(["validate", str(folder), "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "move 'hoard' was offered but never legal in 2 random games" in out
    assert "3 warnings" in out


def test_validate_prints_the_warnings_after_the_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It loads, but cannot start: an error; and a phase never reached: a warning.
    failing = FAULTY.replace("  - shuffle: pool\n", '  - give_turn: "3 if seats else 0"\n')
    folder = write(tmp_path, failing)
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert "the game cannot start" in err[1]
    warnings = [n for n, line in enumerate(err) if ": warning: " in line]
    errors = [n for n, line in enumerate(err) if "cannot start" in line]
    assert len(warnings) == 8 and max(errors) < min(warnings)
    assert err[-1].endswith("problem(s), 8 warnings")
