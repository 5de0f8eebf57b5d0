"""The check pass (``check_pack``): every problem of a pack in one pass, the spec, the
names in scope at each place; and the compile pass (``compile_pack``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.commands import validate_command
from vtt.rules.errors import PackErrors
from vtt.rules.expr import Expr
from vtt.rules.finder import pack_folders
from vtt.rules.loader import check_pack, compile_pack, load_pack_text
from vtt.rules.yamlsource import load_yaml, load_yaml_file

TINY = """\
id: tiny
name: Tiny
players: {min: 2, max: 2}
options:
  mode: {default: calm, choices: [calm, wild]}
components:
  deck: {cards: "cards('AR AP AS')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
vars:
  taken: 0
flow:
  start: play
  phases:
    play: {turn: single, moves: [take, pass]}
moves:
  take:
    text: take {n}
    args: {n: {type: number, from: "range(1, 3)"}}
    when:
      - check: "len(pool) >= n"
        message: The pool is too small
    effects:
      - let: {got: "n"}
      - move: {from: pool, count: got, to: "hand[me]"}
      - if: "mode == 'wild' and len(pool) > 0"
        then: [{set: {taken: "taken + got"}}]
  pass:
    text: pass
"""


def test_a_schema_error_and_an_expression_error_are_both_reported_in_one_pass() -> None:
    bad = TINY.replace("  pool: {visibility: nobody}", "  pool: {visiblity: nobody}").replace(
        'check: "len(pool) >= n"', 'check: "len(pol) >= n"'
    )
    checked = check_pack(load_yaml(bad, file="tiny.yaml"))
    found = [(d.line, d.column, d.path, d.message) for d in checked.diagnostics]
    assert found[0][:3] == (9, 10, "zones.pool.visiblity")
    assert found[0][3].startswith("unknown key 'visiblity'")
    unknown = "unknown name 'pol'; did you mean 'pool'?"
    assert found[1] == (22, 21, "moves.take.when[0].check", unknown)
    assert len(found) == 2
    # Loading raises both too (it stopped at the schema's before).
    with pytest.raises(PackErrors) as caught:
        load_pack_text(bad, "tiny.yaml")
    assert [str(error).split(":")[1] for error in caught.value.errors] == ["9", "22"]


def test_what_follows_from_a_refused_part_is_not_reported_again() -> None:
    # The move has no text (the schema refuses it): the phase naming it and the zone
    # the refused component group starts in are not reported as unknown.
    bad = TINY.replace("    text: pass\n", "    txt: pass\n").replace(
        "zones:\n  pool: {visibility: nobody}", "zones:\n  pool: 3"
    )
    checked = check_pack(load_yaml(bad, file="tiny.yaml"))
    paths = [d.path for d in checked.diagnostics]
    assert sorted(paths) == ["moves.pass", "moves.pass.txt", "zones.pool"], checked.diagnostics
    # An expression naming a var whose definition the schema refused is still checked.
    bad = TINY.replace("  taken: 0", "  taken: {per: everyone}").replace(
        "taken + got", "taken + gott"
    )
    messages = [d.message for d in check_pack(load_yaml(bad, file="t.yaml")).diagnostics]
    assert len(messages) == 2 and "unknown name 'gott'" in messages[1], messages


def test_a_pack_without_its_id_still_has_its_expressions_checked() -> None:
    bad = TINY.replace("id: tiny\n", "").replace("taken + got", "taken + gott")
    messages = [d.message for d in check_pack(load_yaml(bad, file="t.yaml")).diagnostics]
    assert messages[0] == "missing key: 'id' is a required property"
    assert messages[1].startswith("unknown name 'gott'") and len(messages) == 2


def test_the_names_in_scope_at_a_place() -> None:
    checked = check_pack(load_yaml(TINY, file="tiny.yaml"))
    assert checked.ok
    scope = checked.scope("moves.take.when[0].check")
    assert scope.of_kind("var") == ["taken"]
    assert scope.of_kind("zone") == ["hand", "pool"]
    assert scope.of_kind("option") == ["mode"]
    assert scope.of_kind("argument") == ["n"]
    assert "len" in scope.of_kind("function") and "me" in scope.of_kind("engine")
    # A let's name reaches the steps after it, not the ones before.
    assert "got" in checked.scope(("moves", "take", "effects", 1)).of_kind("local")
    assert "got" not in checked.scope(("moves", "take", "effects", 0)).names
    # And a step written after the last one (an editor's new line).
    assert "got" in checked.scope("moves.take.effects[3]").of_kind("local")
    assert "got" not in checked.scope("moves.pass.effects[0]").names
    # A place with no expression of its own: the names around it.
    assert checked.scope("moves.pass").of_kind("argument") == []
    assert checked.scope("moves.take.text").of_kind("argument") == ["n"]


def test_the_spec_is_typed_and_left_as_it_is_by_the_compile_pass() -> None:
    checked = check_pack(load_yaml(TINY, file="tiny.yaml"))
    spec = checked.spec
    assert spec is not None
    take = spec.moves["take"]
    assert isinstance(take.conditions[0].check, Expr)
    assert str(spec.where(("moves", "take", "when", 0))) == "tiny.yaml:22:9 (moves.take.when[0])"
    with pytest.raises(TypeError):
        spec.moves["other"] = take  # type: ignore[index]
    game = compile_pack(spec)
    assert take.generator is None and game.moves["take"].generator is not None
    assert game.phases["play"].moves[0] is game.moves["take"]
    state = game.new_state({"mode": "wild"}, 1)
    state.apply("take 2")
    assert state.env["taken"] == 2


def test_options_are_folded_into_the_loaded_steps() -> None:
    game = load_pack_text(TINY, "tiny.yaml")
    loaded = game.moves["take"].effects[2]
    calm = game.new_state({"mode": "calm"}, 1)._rules
    wild = game.new_state({"mode": "wild"}, 1)._rules
    # The loaded if reads the option; with the option written in, it becomes a
    # plain if on the pool, or nothing at all.
    assert "mode" in loaded.test.names  # type: ignore[attr-defined]
    assert [type(step).__name__ for step in calm.effects["take"]] == ["Let", "Move"]
    wild_if = wild.effects["take"][2]
    assert wild_if.test.names == {"pool"}  # type: ignore[attr-defined]
    # Steps without options are the loaded ones; another game of the same options
    # shares the folded expression (compiled once).
    assert wild.effects["take"][0] is game.moves["take"].effects[0]
    again = game.new_state({"mode": "wild"}, 2, seat_names=["Ann", "Bob"])._rules
    assert again.effects["take"][2].test is wild_if.test  # type: ignore[attr-defined]


def _broken(data: object, path: tuple[str | int, ...], value: object) -> object:
    """``data`` with the node at ``path`` replaced by ``value`` (removed when None)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        copy = dict(data)
        if rest or value is not None:
            copy[head] = _broken(data[head], rest, value)
        else:
            del copy[head]
        return copy
    assert isinstance(data, list) and isinstance(head, int)
    return [_broken(item, rest, value) if i == head else item for i, item in enumerate(data)]


def _paths(data: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


@pytest.mark.parametrize("folder", list(pack_folders(rulesets_dir())), ids=lambda f: f.name)
def test_a_shipped_pack_broken_anywhere_gets_problems_never_a_crash(folder: Path) -> None:
    document = load_yaml_file(folder / "pack.yaml")
    assert check_pack(document).ok
    paths = _paths(document.data)
    for index, path in enumerate(paths[:: max(1, len(paths) // 12)]):
        # Removed, or a value of the wrong kind, or a list: each must be told.
        for value in (None, 7, [7]):
            data = _broken(document.data, path, value)
            if data == document.data:
                continue
            broken = type(document)(document.file, data, document.places)
            checked = check_pack(broken)
            for diagnostic in checked.diagnostics:
                assert diagnostic.line or not diagnostic.path, (path, value, diagnostic)
        assert index < 200


def test_validate_tells_schema_and_expression_errors_in_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    bad = TINY.replace("pool: {visibility: nobody}", "pool: {visiblity: nobody}")
    (folder / "pack.yaml").write_text(bad.replace("taken + got", "taken + gott"))
    assert validate_command([str(folder)]) == 1
    lines = capsys.readouterr().err.splitlines()
    pack = folder / "pack.yaml"
    assert lines[0].startswith(f"{pack}:9:10 (zones.pool.visiblity): unknown key 'visiblity'")
    gott = f"{pack}:28:39 (moves.take.effects[2].then[0].set.taken): unknown name 'gott'"
    assert any(line.startswith(gott) for line in lines)
    assert lines[-1] == f"{pack}: 2 problem(s)"
    (folder / "pack.yaml").write_text(TINY)
    assert validate_command([str(folder)]) == 0


def test_every_problem_inside_a_step_and_across_steps_is_reported_in_one_run() -> None:
    bad = TINY.replace(
        """      - let: {got: "n"}
      - move: {from: pool, count: got, to: "hand[me]"}
      - if: "mode == 'wild' and len(pool) > 0"
        then: [{set: {taken: "taken + got"}}]""",
        """      - let: {got: "nn", more: "got +"}
      - move: {from: pool, count: "gott", to: "hand[mee]"}
      - move: {from: pool, count: "gott", to: "hand[me]"}
      - for: {each: hand, in: "rangee(2)", do: [{log: "{oops} and {oops2}"}]}
      - if: "mode == 'wild' and len(pol) > 0"
        then: [{set: {tally: 1, taken: "taken + gott"}}]""",
    )
    checked = check_pack(load_yaml(bad, file="tiny.yaml"))
    found = [(d.line, d.path, d.message.split(";")[0]) for d in checked.diagnostics]
    assert found == [
        # Two in one let.
        (25, "moves.take.effects[0].let.got", "unknown name 'nn'"),
        (25, "moves.take.effects[0].let.more", "not a valid expression: invalid syntax"),
        # A zone that cannot be read ends its step (the count is not read)...
        (26, "moves.take.effects[1].move.to", "unknown name 'mee'"),
        # ...and the next step is read all the same.
        (27, "moves.take.effects[2].move.count", "unknown name 'gott'"),
        # A for: its name, its values and the steps it runs, two in one message.
        (
            28,
            "moves.take.effects[3].for.each",
            "'hand' is a zone or var of this pack: a let or for cannot use its name",
        ),
        (28, "moves.take.effects[3].for.in", "unknown name 'rangee'"),
        (28, "moves.take.effects[3].for.do[0].log", "unknown name 'oops'"),
        (28, "moves.take.effects[3].for.do[0].log", "unknown name 'oops2'"),
        # An if's test and the steps it runs.
        (29, "moves.take.effects[4].if", "unknown name 'pol'"),
        (30, "moves.take.effects[4].then[0].set.tally", "'tally' is not a var of this pack"),
        (30, "moves.take.effects[4].then[0].set.taken", "unknown name 'gott'"),
    ]
    assert checked.spec is not None
    assert checked.spec.moves["take"].effects == ()  # a step with a problem is left out
