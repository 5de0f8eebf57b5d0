"""docs/rule-packs.md's tutorial, "Your first game in the studio", held to the program.

The tutorial's pack is the one New game writes from the five answers it names. Each
fenced YAML block follows an HTML comment that says what it is:

- ``as written``: a part of the pack as it stands at that point, word for word;
- ``edit``: a change typed into the pack; its first and last lines are lines of the
  pack as it stands, and the block replaces the pack's lines from the first to the
  last (the first such lines); the pack must then check clean;
- ``error``: the same, but the check pass must find exactly one error, and the
  tutorial must quote it as the problems list shows it; the pack is left as it was.

The figures of "Simulate 100 games" (random players, seed 0) before and after the
balancing edit are played again here and must be the tutorial's.
"""

from __future__ import annotations

import re
from pathlib import Path

from vtt.ai.simulate import Batch, simulate
from vtt.rules.loader import check_pack_text
from vtt.studio.newgame import QUESTIONS, compose

DOC = Path(__file__).resolve().parents[1] / "docs" / "rule-packs.md"
HEADING = "## Your first game in the studio"
BLOCK = re.compile(r"<!-- tutorial: ([a-z ]+) -->\n```yaml\n(.*?)```", re.S)
#: The answers the tutorial gives to the five questions, and its game's name.
ANSWERS = {"object": "shed", "deck": "deck", "deal": "hand-5-pile", "play": "shed"}
ANSWERS["end"] = "first-out"


def tutorial() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(HEADING)
    end = text.index("\n## ", start + len(HEADING))
    return text[start:end]


def blocks() -> list[tuple[str, str]]:
    return [(kind.strip(), body) for kind, body in BLOCK.findall(tutorial())]


def edited(pack: str, block: str) -> str:
    """The pack with the block in place of the lines from its first line to its last."""
    lines, new = pack.split("\n"), block.rstrip("\n").split("\n")
    assert new[0] in lines, f"the tutorial's edit starts at a line the pack lacks: {new[0]}"
    first = lines.index(new[0])
    assert new[-1] in lines[first:], f"the tutorial's edit ends at a line the pack lacks: {new[-1]}"
    last = lines.index(new[-1], first)
    return "\n".join([*lines[:first], *new, *lines[last + 1 :]])


def written() -> str:
    return compose(ANSWERS, name="pile-up", title="Pile Up", record=False)["pack.yaml"]


def packs() -> list[str]:
    """The pack after each edit of the tutorial, in order, checking every block."""
    pack, found = written(), []
    for kind, block in blocks():
        if kind == "as written":
            assert block in pack, f"the tutorial shows a part the pack does not hold:\n{block}"
        elif kind == "error":
            checked = check_pack_text(edited(pack, block))
            errors = [d for d in checked.diagnostics if d.severity == "error"]
            assert len(errors) == 1, errors
            shown = f"line {errors[0].line}, column {errors[0].column}: {errors[0].message}"
            assert f"`{shown}`" in " ".join(tutorial().split()), (
                f"the tutorial should quote: {shown}"
            )
        else:
            assert kind == "edit", kind
            pack = edited(pack, block)
            checked = check_pack_text(pack)
            assert checked.ok, checked.diagnostics
            found.append(pack)
    return found


def test_the_tutorial_names_the_answers_new_game_asks_for() -> None:
    text = tutorial()
    for question in QUESTIONS:
        answer = question.choice(ANSWERS[question.key]).label
        assert f"| {question.heading}: {question.text} | {answer} |" in text
    assert [kind for kind, _ in blocks()] == [
        "as written",
        "as written",
        "error",
        "edit",
        "edit",
        "edit",
    ]


def test_every_excerpt_is_the_pack_and_every_edit_checks_clean() -> None:
    assert len(packs()) == 3


def test_the_simulated_figures_are_the_programs() -> None:
    """As Simulate 100 games plays them: random players at the three seats, seed 0;
    before the balancing edit and after it."""
    _king, before, after = packs()
    text = " ".join(tutorial().split())
    first = simulate(Batch("pile-up", 100, ("random",) * 3, seed=0, text=before))
    wins = [seat.wins for seat in first.seats]
    assert f"Seat 1 won {wins[0]} of the 100 games, seat 2 {wins[1]} and seat 3 {wins[2]}" in text
    assert f"first-player advantage of {first.first_player_advantage:+.1%}" in text
    assert f"balance of {first.balance:.2f}" in text
    second = simulate(Batch("pile-up", 100, ("random",) * 3, seed=0, text=after))
    rates = [f"{seat.rate:.0%}" for seat in second.seats]
    advantage = f"{second.first_player_advantage:+.1%}"
    assert f"{rates[0]}, {rates[1]} and {rates[2]} of 100 games ({advantage})" in text
