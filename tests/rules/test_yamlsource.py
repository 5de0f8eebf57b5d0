"""Safe YAML reading: plain data, the place of every node, and clear errors."""

from __future__ import annotations

import doctest
import math
from pathlib import Path

import jsonschema
import pytest

import vtt.rules.yamlsource as yamlsource
from vtt.rules.errors import PackError, Where
from vtt.rules.expr import SAFE_BUILTINS, ExprError, compile_expr
from vtt.rules.yamlsource import (
    MAX_ALIASES,
    MAX_DOCUMENT_SIZE,
    Document,
    format_path,
    load_yaml,
    load_yaml_file,
    where_of,
)

PACK = """\
id: war
name: "War"
players: {min: 2, max: 2}
options:
  jokers: true
  rounds: 0x1A
moves:
  play:
    when:
      - len(hand) > 0
      - 'beats(card.suit, top.suit)'
    message: |
      You must play
      a card.
"""


def test_doctests() -> None:
    result = doctest.testmod(yamlsource)
    assert result.attempted > 0 and result.failed == 0


def test_plain_data_comes_out() -> None:
    document = load_yaml(PACK, file="war/pack.yaml")
    assert isinstance(document, Document)
    assert document.file == "war/pack.yaml"
    assert document.data == {
        "id": "war",
        "name": "War",
        "players": {"min": 2, "max": 2},
        "options": {"jokers": True, "rounds": 26},
        "moves": {
            "play": {
                "when": ["len(hand) > 0", "beats(card.suit, top.suit)"],
                "message": "You must play\na card.\n",
            }
        },
    }


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("on", "on"),
        ("yes", "yes"),
        ("No", "No"),
        ("y", "y"),
        ("true", True),
        ("False", False),
        ("TRUE", True),
        ("null", None),
        ("~", None),
        ("", None),
        ("12", 12),
        ("-7", -7),
        ("+3", 3),
        ("010", 10),
        ("0o17", 15),
        ("0x1f", 31),
        ("1.5", 1.5),
        ("1e3", 1000.0),
        ("-.5", -0.5),
        (".inf", math.inf),
        ("-.Inf", -math.inf),
        ("1_000", "1_000"),
        ("1:30", "1:30"),
        ("2024-01-01", "2024-01-01"),
        ("QL", "QL"),
        ("10W", "10W"),
        ('"12"', "12"),
        ("'true'", "true"),
        ("!!str 12", "12"),
        ("!!int '12'", 12),
        ("!!float 2", None),
        ("!!bool true", True),
        ("!!null ''", None),
    ],
)
def test_scalars_follow_the_yaml_1_2_core_schema(text: str, value: object) -> None:
    if text == "!!float 2":
        with pytest.raises(PackError, match="not a valid !!float"):
            load_yaml(f"x: {text}\n", file="p.yaml")
        return
    data = load_yaml(f"x: {text}\n", file="p.yaml").data
    assert data == {"x": value}
    assert type(data["x"]) is type(value)  # type: ignore[index]


def test_nan_is_a_float() -> None:
    data = load_yaml("x: .nan\n", file="p.yaml").data
    assert math.isnan(data["x"])  # type: ignore[index]


def test_keys_are_the_text_written() -> None:
    data = load_yaml("1: a\ntrue: b\nnull: c\non: d\n", file="p.yaml").data
    assert data == {"1": "a", "true": "b", "null": "c", "on": "d"}


def test_empty_file_is_none() -> None:
    assert load_yaml("", file="p.yaml").data is None
    assert load_yaml("# only a comment\n", file="p.yaml").data is None


def test_where_finds_keys_and_items() -> None:
    document = load_yaml(PACK, file="war/pack.yaml")
    assert document.where(["moves", "play", "when", 1]) == Where(
        "war/pack.yaml", 11, 9, "moves.play.when[1]"
    )
    assert document.where(["options", "rounds"]) == Where("war/pack.yaml", 6, 3, "options.rounds")
    assert document.where(["players", "max"]) == Where("war/pack.yaml", 3, 19, "players.max")
    assert document.where([]) == Where("war/pack.yaml", 1, 1, "")


def test_value_where_finds_the_first_character_of_a_value() -> None:
    document = load_yaml(PACK, file="war/pack.yaml")
    assert document.value_where(["options", "rounds"]) == Where(
        "war/pack.yaml", 6, 11, "options.rounds"
    )
    assert document.value_where(["name"]).column == 8  # inside the quotes
    assert document.value_where(["moves", "play", "when", 1]).column == 10
    message = document.value_where(["moves", "play", "message"])
    assert (message.line, message.column) == (13, 7)  # the first line of the block


def test_where_falls_back_to_the_nearest_existing_node() -> None:
    document = load_yaml(PACK, file="war/pack.yaml")
    where = document.where(["moves", "play", "effects", 0])
    assert (where.line, where.column) == (8, 3)
    assert where.path == "moves.play.effects[0]"


def test_jsonschema_errors_map_to_lines() -> None:
    schema = {
        "type": "object",
        "properties": {
            "players": {
                "type": "object",
                "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
            },
            "options": {"type": "object", "additionalProperties": {"type": "boolean"}},
        },
    }
    document = load_yaml(PACK, file="war/pack.yaml")
    problems = sorted(
        jsonschema.Draft202012Validator(schema).iter_errors(document.data),
        key=lambda error: list(error.absolute_path),
    )
    assert [str(document.where(error.absolute_path)) for error in problems] == [
        "war/pack.yaml:6:3 (options.rounds)"
    ]


def test_expression_errors_point_into_the_yaml_line() -> None:
    text = "moves:\n  play:\n    when: len(hnad) > 0\n"
    document = load_yaml(text, file="war/pack.yaml")
    path = ["moves", "play", "when"]
    with pytest.raises(ExprError) as caught:
        compile_expr(
            document.data["moves"]["play"]["when"],  # type: ignore[index]
            names={"hand"},
            library=SAFE_BUILTINS,
            where=document.value_where(path),
        )
    assert str(caught.value).startswith("war/pack.yaml:3:15 (moves.play.when): unknown name")
    assert text.splitlines()[2][14:18] == "hnad"


def test_format_path() -> None:
    assert format_path([]) == ""
    assert format_path([0, "a"]) == "[0].a"
    assert format_path(["a", 'say "hi"']) == 'a["say \\"hi\\""]'


def test_where_of_accepts_a_document_or_bare_data() -> None:
    document = load_yaml(PACK, file="war/pack.yaml")
    assert where_of(document, ["id"], file="ignored") == Where("war/pack.yaml", 1, 1, "id")
    assert where_of({"id": 1}, ["id"], file="p.yaml") == Where("p.yaml", 0, 0, "id")


def test_small_aliases_work_and_give_independent_copies() -> None:
    text = "base: &base {when: [a, b]}\none: *base\ntwo: *base\n"
    document = load_yaml(text, file="p.yaml")
    data = document.data
    assert data["one"] == data["two"] == {"when": ["a", "b"]}  # type: ignore[index]
    assert data["one"] is not data["two"]  # type: ignore[index]
    data["one"]["when"].append("c")  # type: ignore[index]
    assert data["two"]["when"] == ["a", "b"]  # type: ignore[index]
    assert document.where(["two", "when", 0]).line == 3  # inside an alias: the alias itself


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a' (first at line 1)"),
        ("m:\n  x: 1\n  y: [1,\n", 4, 1, "not valid YAML"),
        ("a: b: c\n", 1, 5, "not valid YAML: mapping values are not allowed"),
        ("a:\n\t- 1\n", 2, 1, "not valid YAML"),
        ("k: *nope\n", 1, 4, "unknown alias '*nope'"),
        ("a: &x 1\n&y [1]: 2\n", 2, 1, "a key must be plain text"),
        ("x: !!timestamp 2024-01-01\n", 1, 4, "tag '!!timestamp' is not allowed"),
        ("x: !!map [1]\n", 1, 4, "tag '!!map' is not allowed"),
        ("x: \x07\n", 1, 4, "character '\\x07' is not allowed"),
        ("a: 1\n--- \nb: 2\n", 2, 1, "one YAML document"),
        ("x: " + "1" * 41 + "\n", 1, 4, "the number is too long"),
    ],
)
def test_errors_name_file_line_and_problem(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(PackError) as caught:
        load_yaml(text, file="p.yaml")
    where = caught.value.where
    assert where is not None
    assert (where.file, where.line, where.column) == ("p.yaml", line, column)
    assert message in caught.value.message


def test_alias_limit_is_exact() -> None:
    allowed = "a: &a 1\nb: [" + ", ".join(["*a"] * MAX_ALIASES) + "]\n"
    assert len(load_yaml(allowed, file="p.yaml").data["b"]) == MAX_ALIASES  # type: ignore[index]
    with pytest.raises(PackError, match="too many aliases"):
        load_yaml(allowed.replace("]", ", *a]"), file="p.yaml")


def test_nesting_limit() -> None:
    load_yaml("[" * 64 + "]" * 64, file="p.yaml")
    with pytest.raises(PackError, match="nested too deeply"):
        load_yaml("[" * 65 + "]" * 65, file="p.yaml")


def test_size_limit_for_text_and_files(tmp_path: Path) -> None:
    text = "x: " + "a" * (MAX_DOCUMENT_SIZE - 4) + "\n"
    assert len(load_yaml(text, file="p.yaml").data["x"]) == MAX_DOCUMENT_SIZE - 4  # type: ignore[index]
    with pytest.raises(PackError, match="too large"):
        load_yaml(text + "y: 1\n", file="p.yaml")
    big = tmp_path / "big.yaml"
    big.write_text("- 1\n" * (MAX_DOCUMENT_SIZE // 4 + 1), encoding="utf-8")
    with pytest.raises(PackError, match="too large") as caught:
        load_yaml_file(big)
    assert caught.value.where is not None and caught.value.where.file == str(big)


def test_files_are_read_as_utf8(tmp_path: Path) -> None:
    good = tmp_path / "pack.yaml"
    good.write_bytes("\ufeffname: Piñata\n".encode())
    document = load_yaml_file(good)
    assert document.data == {"name": "Piñata"} and document.file == str(good)
    bad = tmp_path / "latin.yaml"
    bad.write_bytes(b"a: 1\nname: Pi\xf1ata\n")
    with pytest.raises(PackError, match="not UTF-8") as caught:
        load_yaml_file(bad)
    assert caught.value.where == Where(str(bad), 2)
    with pytest.raises(PackError, match="cannot read the file"):
        load_yaml_file(tmp_path / "missing.yaml")


def test_the_pure_python_parser_gives_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = load_yaml(PACK, file="war/pack.yaml")
    monkeypatch.setattr(yamlsource, "_PARSER", __import__("yaml").SafeLoader)
    slow = load_yaml(PACK, file="war/pack.yaml")
    assert slow.data == fast.data and slow.places == fast.places
    with pytest.raises(PackError, match=r"tag '!!python/name:os\.system'") as caught:
        load_yaml("a: 1\nx: !!python/name:os.system\n", file="p.yaml")
    assert caught.value.where == Where("p.yaml", 2, 4, "x")
    with pytest.raises(PackError, match="character '\\\\x07' is not allowed"):
        load_yaml("x: \x07\n", file="p.yaml")
