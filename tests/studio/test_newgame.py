"""New game: the five questions, the packs they compose, the templates, and ``vtt new``."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import pytest

from vtt.cli import build_parser, main
from vtt.resources import HOME_VARIABLE, user_packs_dir
from vtt.rules.finder import load_game
from vtt.rules.loader import check_pack_text, compile_pack
from vtt.rules.records import load_record, replay
from vtt.rules.setups import load_setup
from vtt.studio import newgame
from vtt.studio.commands import new_command
from vtt.studio.meaning import meaning_warnings
from vtt.studio.newgame import (
    HEADINGS,
    QUESTIONS,
    TEMPLATES,
    answers_for,
    combinations,
    compose,
    offered,
    template_of,
    templates_dir,
    why_not,
    write_pack,
)

GAME_TEMPLATES = [name for name in TEMPLATES if name != "free-table"]


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's packs folder is a temporary one."""
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))
    return tmp_path / "home"


def play_to_the_end(
    pack_text: str, seeds: range, options: dict[str, object], longest: int = 3000
) -> set[str]:
    """Random games of a pack at its fewest and most players; the reasons they ended."""
    game = compile_pack(check_pack_text(pack_text).spec)  # type: ignore[arg-type]
    reasons = set()
    for seed in seeds:
        for players in sorted({game.players[0], game.players[1]}):
            state = game.new_state(options, seed, players=players)
            rng = random.Random(seed)
            for _ in range(longest):
                if state.outcome is not None:
                    break
                state.apply(rng.choice(list(state.legal_moves)))
            assert state.outcome is not None, f"seed {seed}, {players} players: no end"
            reasons.add(state.outcome.reason)
    return reasons


def test_six_templates_each_under_the_five_headings() -> None:
    assert len(TEMPLATES) >= 6
    for name in TEMPLATES:
        folder = templates_dir() / name
        pack = (folder / "pack.yaml").read_text(encoding="utf-8")
        readme = (folder / "README.md").read_text(encoding="utf-8")
        headings = [line for line in pack.splitlines() if line.startswith("# ---- ")]
        assert headings == [f"# ---- {h} ----" for h in HEADINGS], name
        sections = [line[3:] for line in readme.splitlines() if line.startswith("## ")]
        assert sections[:5] == list(HEADINGS), name
        assert (folder / "records" / "first.yaml").is_file() == (name != "free-table")


@pytest.mark.parametrize("name", GAME_TEMPLATES)
def test_a_template_plays_to_the_end_whichever_way_it_ends(name: str) -> None:
    text = (templates_dir() / name / "pack.yaml").read_text(encoding="utf-8")
    for goal in newgame._GOALS[name]:  # the option `goal`: each way the game ends
        assert play_to_the_end(text, range(2), {"goal": goal})


def test_the_free_table_lays_out_a_table() -> None:
    setup = load_setup(templates_dir() / "free-table")
    assert setup.new_table(2).objects


@pytest.mark.parametrize("name", GAME_TEMPLATES)
def test_a_template_record_replays_to_its_end(name: str) -> None:
    report = replay(load_record(templates_dir() / name / "records" / "first.yaml"))
    assert report["ok"], report.get("error")
    assert report["outcome"] is not None
    assert report["pack_from"] == "a pack from the file's own folder"


def test_the_templates_are_what_compose_writes_for_their_own_answers() -> None:
    # The shipped files are written by compose (so the wizard and `vtt new` give them).
    for name in TEMPLATES:
        files = compose(answers_for(name), name)
        for relative, text in files.items():
            shipped = (templates_dir() / name / relative).read_text(encoding="utf-8")
            assert shipped == text, f"{name}/{relative}: run python tools/make_templates.py"


def test_every_combination_offered_composes_a_pack_the_check_pass_takes() -> None:
    found = combinations()
    assert len(found) > 20
    assert {template_of(answers)[0] for answers in found} == set(TEMPLATES)
    for answers in found:
        files = compose(answers, "my-game", record=False)
        checked = check_pack_text(files["pack.yaml"])
        assert checked.ok, (answers, checked.diagnostics)
        # A new designer's pack opens in the studio with no warning on its meaning.
        assert meaning_warnings(checked) == (), answers
        for heading in HEADINGS:
            assert f"# ---- {heading} ----" in files["pack.yaml"]
            assert f"\n## {heading}\n\n" in files["README.md"]


def test_a_seeded_sample_of_combinations_plays_to_the_end_and_its_record_replays(
    user_home: Path,
) -> None:
    # Each pack's first record is a random game its rules played to the end.
    sample = random.Random(27).sample(
        [a for a in combinations() if template_of(a)[0] != "free-table"], 4
    )
    for number, answers in enumerate(sample):
        name = f"game-{number}"
        files = compose(answers, name)
        assert "expect:" in files["records/first.yaml"]
        write_pack(user_packs_dir() / name, files)
        report = replay(load_record(user_packs_dir() / name / "records" / "first.yaml"))
        assert report["ok"], (answers, report.get("error"))
        assert report["pack_from"] == "a pack from your packs folder"


def test_answers_set_the_values_the_pack_plays_with() -> None:
    answers = {**answers_for("shedding"), "deck": "jokers", "deal": "hand-7-pile"}
    answers["end"] = "last-standing"
    answers["object"] = "last"
    files = compose(answers, "out-last", title="Out Last", record=False)
    game = compile_pack(check_pack_text(files["pack.yaml"]).spec)  # type: ignore[arg-type]
    assert (game.id, game.name) == ("out-last", "Out Last")
    state = game.new_state({}, 3, players=3)
    assert [len(hand) for hand in state.env["hand"]] == [7, 7, 7]
    hands = [card for hand in state.env["hand"] for card in hand]
    cards = [*state.env["stock"], *state.env["discard"], *hands]
    assert len(cards) == 70 and sum(card.is_joker for card in cards) == 5
    assert "default: last-standing}\n" in files["pack.yaml"]
    assert game.new_state({}, 3).options["goal"] == "last-standing"
    assert "the last one still holding cards loses" in " ".join(files["README.md"].split())


def test_a_choice_that_does_not_fit_is_not_offered_and_says_why() -> None:
    shedding = {"object": "shed"}
    plays = [choice.key for choice in offered("play", shedding)]
    assert plays == ["shed"]
    assert why_not("play", "trick", shedding) == (
        "does not go with “Get rid of all their cards” (The Object)"
    )
    assert [c.key for c in offered("deck", {"object": "free"})] == ["box", "cards-only"]
    assert why_not("end", "most-tricks", {"object": "most", "play": "reveal"}) is not None
    # Every question offers something after any answers it may follow.
    for answers in combinations():
        for question in QUESTIONS:
            assert question.key in answers


def test_answers_that_do_not_go_together_are_refused() -> None:
    answers = {**answers_for("duel"), "end": "first-out"}
    with pytest.raises(ValueError, match="The End: “The first to empty their hand wins” does"):
        compose(answers, "nope")
    with pytest.raises(ValueError, match="not answered: The Play"):
        compose({k: v for k, v in answers_for("duel").items() if k != "play"}, "nope")
    with pytest.raises(ValueError, match="no choice 'juggle'"):
        compose({**answers_for("duel"), "play": "juggle"}, "nope")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "a pack needs a name"),
        ("a/b", "no folders"),
        ("..\\b", "no folders"),
        ("My Game", "lower-case letters"),
        ("war", "shipped with Janken Table"),
    ],
)
def test_a_bad_pack_name_is_refused(name: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        compose(answers_for("board"), name)


def test_write_pack_never_replaces_a_file_unasked(tmp_path: Path) -> None:
    files = compose(answers_for("board"), "stack-up", record=False)
    folder = tmp_path / "stack-up"
    folder.mkdir()
    (folder / "README.md").write_text("mine")
    with pytest.raises(FileExistsError, match=r"README\.md"):
        write_pack(folder, files)
    assert not (folder / "pack.yaml").exists()  # nothing is written when one file is there
    assert (folder / "README.md").read_text() == "mine"
    write_pack(folder, files, overwrite=True)
    assert (folder / "README.md").read_text() == files["README.md"]


# ---------------------------------------------------------------------- vtt new


def test_vtt_new_list_names_the_templates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--list"]) == 0
    out = capsys.readouterr().out
    for name, line in TEMPLATES.items():
        assert f"{name}  " in out and line in out


def test_vtt_new_writes_a_pack_that_plays_in_the_packs_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["new", "lizard-race", "--template", "grid-walk"]) == 0
    out = capsys.readouterr().out
    folder = user_packs_dir() / "lizard-race"
    assert str(folder) in out and "vtt play lizard-race --text" in out
    assert load_game("lizard-race").name == "Lizard Race"
    assert replay(load_record(folder / "records" / "first.yaml"))["ok"]


def new_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["new", *argv])


def test_vtt_new_refuses_to_replace_a_file_unless_forced(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["new", "mine"]) == 0
    pack = user_packs_dir() / "mine" / "pack.yaml"
    pack.write_text("my own work")
    capsys.readouterr()
    assert new_command(new_args("mine"), interactive=lambda: False) == 1
    err = capsys.readouterr().err
    assert f"{pack}" in err and "already exist" in err and "--force" in err
    assert pack.read_text() == "my own work"
    assert new_command(new_args("mine", "--force"), interactive=lambda: False) == 0
    assert pack.read_text().startswith("format: 1")


def test_vtt_new_asks_on_a_terminal_before_replacing() -> None:
    assert main(["new", "mine", "--template", "tricks"]) == 0
    pack = user_packs_dir() / "mine" / "pack.yaml"
    pack.write_text("my own work")
    asked: list[str] = []

    def answer(reply: str):
        return lambda question: asked.append(question) or reply

    assert new_command(new_args("mine"), ask=answer("n"), interactive=lambda: True) == 1
    assert pack.read_text() == "my own work" and "Replace? [y/N]" in asked[0]
    assert new_command(new_args("mine"), ask=answer("y"), interactive=lambda: True) == 0
    assert "id: mine" in pack.read_text()


def test_vtt_new_refuses_a_bad_name_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "../escape"]) == 1
    assert "is not a pack name: no folders" in capsys.readouterr().err
    assert main(["new"]) == 1
    assert "a pack needs a name" in capsys.readouterr().err
    assert not user_packs_dir().exists()


def test_vtt_new_folder_option_writes_there(tmp_path: Path) -> None:
    assert main(["new", "elsewhere", "--template", "free-table", "--folder", str(tmp_path)]) == 0
    assert load_setup(tmp_path / "elsewhere").name == "Elsewhere"


TITLES = ['Lizard\'s "Best": 2', "a\\b # c", "Ça va", "null", "yes", "123"]


@pytest.mark.parametrize("title", TITLES)
def test_any_title_is_written_as_the_text_it_is(title: str) -> None:
    # A backslash was read as a pattern escape (\b: a control character) and `null` as
    # YAML's nothing: the pack did not load.
    name = newgame.pack_name(title)
    files = compose(answers_for("board"), name, title=title, record=False)
    game = compile_pack(check_pack_text(files["pack.yaml"]).spec)  # type: ignore[arg-type]
    assert (game.id, game.name) == (name, title)
