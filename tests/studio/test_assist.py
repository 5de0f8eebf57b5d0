"""Completion and hover help for the pack editor (vtt.studio.assist), on a small pack
written here, on half-typed text and on the shipped packs."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.loader import check_pack_text
from vtt.rules.steps import KINDS
from vtt.rules.yamlsource import load_yaml
from vtt.studio.assist import Completion, completions, hover

RULESETS = Path(__file__).parents[2] / "rulesets"

TINY = """\
id: tiny
name: Tiny
summary: Shed your hand
players: {min: 2, max: 2}
components:
  deck: {cards: "deck()", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
vars:
  shed: {initial: 0}
setup:
  - shuffle: pool
  - deal: {from: pool, to: hand, count: 3}
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [discard]
moves:
  discard:
    text: "discard {card}"
    args:
      card: {type: card, from: "hand[me]"}
    effects:
      - let: {gone: card}
      - move: {what: gone, from: "hand[me]", to: pool}
      - add: {shed: 1}
end:
  - check: "empty(hand[current])"
    winners: "[current]"
    reason: an empty hand
"""


@pytest.fixture(scope="module")
def checked():  # type: ignore[no-untyped-def]
    found = check_pack_text(TINY)
    assert found.ok, found.diagnostics
    return found


def cursor(text: str, marker: str = "|") -> tuple[str, int, int]:
    """The text without its marker, and the marker's line and column (1-based)."""
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if marker in line:
            lines[number - 1] = line.replace(marker, "", 1)
            return "\n".join(lines), number, line.index(marker) + 1
    raise AssertionError("no cursor")


def edited(old: str, new: str) -> tuple[str, int, int]:
    """TINY with ``old`` written as ``new`` (which holds the cursor)."""
    assert old in TINY
    return cursor(TINY.replace(old, new, 1))


def offered(text: str, line: int, column: int, checked=None) -> list[Completion]:  # type: ignore[no-untyped-def]
    return completions(text, line, column, checked)


def labels(items: list[Completion]) -> list[str]:
    return [item.label for item in items]


def applied(text: str, line: int, column: int, item: Completion) -> str:
    """The text with the completion inserted at the cursor, as the editor does."""
    lines = text.split("\n")
    before, after = lines[line - 1][: column - 1], lines[line - 1][column - 1 :]
    lines[line - 1] = before[: len(before) - item.replace] + item.insert + after
    return "\n".join(lines)


def pick(items: list[Completion], label: str) -> Completion:
    return next(item for item in items if item.label == label)


def test_a_top_level_key_is_offered_from_the_schema_and_inserts_valid_yaml() -> None:
    text, line, column = edited("summary: Shed your hand", "summ|")
    items = offered(text, line, column)
    assert labels(items)[0] == "summary"
    assert items[0].kind == "key" and items[0].replace == 4
    assert items[0].doc == "one line saying what the game is"
    done = applied(text, line, column, items[0])
    assert done == TINY.replace("summary: Shed your hand", "summary: ")
    assert check_pack_text(done.replace("summary: ", "summary: Shed")).ok


def test_keys_already_written_are_not_offered_again() -> None:
    text, line, column = cursor(TINY + "|")
    found = labels(offered(text, line, column))
    assert "id" not in found and "moves" not in found
    assert {"options", "variants", "scores", "value"} <= set(found)


def test_a_mapping_key_inserts_an_indented_line_under_it() -> None:
    text, line, column = edited("players: {min: 2, max: 2}", "play|")
    item = pick(offered(text, line, column), "players")
    assert item.insert == "players:\n  "
    done = applied(text, line, column, item) + ""
    done = done.replace("players:\n  ", "players:\n  min: 2\n  max: 2")
    assert check_pack_text(done).ok


def test_inside_a_move_the_move_keys_are_offered_with_their_shapes() -> None:
    text, line, column = edited(
        '    text: "discard {card}"\n', '    text: "discard {card}"\n    |\n'
    )
    items = offered(text, line, column)
    found = labels(items)
    assert "text" not in found and "args" not in found and "effects" not in found
    assert {"when", "enabled", "secret", "label", "tally"} <= set(found)
    assert pick(items, "when").insert == "when:\n      - "
    assert pick(items, "enabled").detail == "expression"


def test_a_step_kind_in_a_step_list_inserts_its_skeleton() -> None:
    old = '      - move: {what: gone, from: "hand[me]", to: pool}'
    text, line, column = edited(old, "      - mo|")
    items = offered(text, line, column)
    move = items[0]
    assert (move.label, move.kind) == ("move", "step")
    assert move.doc == KINDS["move"].doc
    assert move.insert == "move:\n          from: \n          to: "
    assert (
        move.insert[: move.caret] == "move:\n          from: "
    )  # the cursor goes to the first field
    done = applied(text, line, column, move)
    assert isinstance(load_yaml(done, file="pack.yaml").data, dict)
    done = done.replace("from: \n", 'from: "hand[me]"\n').replace("to: \n", "to: pool\n")
    assert check_pack_text(done).ok


def test_every_kind_of_step_is_offered_at_an_empty_item() -> None:
    text, line, column = edited("  - shuffle: pool", "  - |")
    items = offered(text, line, column)
    assert set(labels(items)) == set(KINDS)
    assert pick(items, "keep_turn").insert == "keep_turn"
    assert pick(items, "if").insert == "if: \n    then:\n      - "


def test_a_function_in_an_expression_comes_with_its_signature_and_doc(checked) -> None:  # type: ignore[no-untyped-def]
    text, line, column = edited('"empty(hand[current])"', '"empty(hand[current]) or has_s|"')
    items = offered(text, line, column, checked)
    assert items[0].label == "has_suit" and items[0].kind == "function"
    assert items[0].detail == "has_suit(items, suit) -> bool"
    assert items[0].doc == "True when any of the items has the suit."
    assert items[0].replace == 5


def test_the_names_in_scope_come_from_the_check_pass(checked) -> None:  # type: ignore[no-untyped-def]
    # After the let, its name and the move's argument are in scope, with their kinds.
    text, line, column = edited("      - add: {shed: 1}", '      - add: {shed: "len(|)"}')
    kinds = {item.label: item.kind for item in offered(text, line, column, checked)}
    assert kinds["gone"] == "local" and kinds["card"] == "argument"
    assert kinds["hand"] == "zone" and kinds["shed"] == "var" and kinds["me"] == "engine"
    assert kinds["len"] == "function" and kinds["Rock"] == "library"
    # The pack's names come before the library's.
    order = labels(offered(text, line, column, checked))
    assert order.index("hand") < order.index("len")


def test_a_zone_name_is_offered_where_a_zone_is_written(checked) -> None:  # type: ignore[no-untyped-def]
    text, line, column = edited("  - shuffle: pool", "  - shuffle: |")
    items = offered(text, line, column, checked)
    assert [(item.label, item.kind) for item in items] == [("pool", "zone"), ("hand", "zone")]
    assert items[0].detail == "zone, line 8"
    done = applied(text, line, column, items[0])
    assert check_pack_text(done).ok
    # Inside the brackets of a zone reference, an expression.
    text, line, column = edited("to: pool}", 'to: "hand[cu|"}')
    assert labels(offered(text, line, column, checked))[0] == "current"


def test_phases_moves_and_argument_types_are_offered_by_name() -> None:
    text, line, column = edited("  start: play", "  start: |")
    assert [(i.label, i.kind) for i in offered(text, line, column)] == [("play", "phase")]
    text, line, column = edited("moves: [discard]", "moves: [di|]")
    assert [(i.label, i.kind) for i in offered(text, line, column)] == [("discard", "move")]
    text, line, column = edited("{type: card,", "{type: |,")
    items = offered(text, line, column)
    assert labels(items) == list(ARG_TYPES)
    assert pick(items, "cell").doc == ARG_TYPES["cell"].doc
    text, line, column = edited("turn: single", "turn: |")
    assert labels(offered(text, line, column)) == ["single", "each", "auto"]


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        # A key without its colon, an unclosed bracket and quote, no check pass at all.
        ("moves:\n  play:\n    te|", "text"),
        ('moves:\n  play:\n    when:\n      - check: "len(ha|', "has_suit"),
        ("setup:\n  - {deal: {from: pool, to: hand, co|", "count"),
        ("flow:\n  phases:\n    a:\n      then: [{mo|", "move"),
        ("zones:\n  pile: {visibility: nobody}\nsetup:\n  - shuffle: pi|", "pile"),
        ("define:\n  many: >-\n    [c for c in\n     dec|", "deck"),
        ('moves:\n  a:\n    when: [{check: "x", message: "{ab|', "abs"),
    ],
)
def test_completion_on_broken_text(broken: str, expected: str) -> None:
    text, line, column = cursor(broken)
    assert check_pack_text(text).spec is None or not check_pack_text(text).ok
    assert labels(offered(text, line, column))[0] == expected


def test_any_cursor_on_any_text_gives_an_answer() -> None:
    text = (RULESETS / "war" / "pack.yaml").read_text("utf-8")[:2000] + '\n  - {"x: [\n\t#'
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        for column in range(1 + number % 5, len(line) + 2, 13):
            assert isinstance(completions(text, number, column, None), list)
            hover(text, number, column, None)


def test_hover_over_a_key_a_step_an_argument_type_and_a_function(checked) -> None:  # type: ignore[no-untyped-def]
    def help_at(old: str, new: str):  # type: ignore[no-untyped-def]
        text, line, column = edited(old, new)
        return hover(text, line, column, checked)

    key = help_at("summary: Shed", "summ|ary: Shed")
    assert (
        key is not None and key.title == "summary" and key.doc == "one line saying what the game is"
    )
    step = help_at("  - shuffle: pool", "  - shu|ffle: pool")
    assert step is not None and step.title == "step shuffle" and step.doc == KINDS["shuffle"].doc
    argtype = help_at("{type: card,", "{type: ca|rd,")
    assert argtype is not None and argtype.doc == ARG_TYPES["card"].doc
    function = help_at('"empty(hand', '"emp|ty(hand')
    assert function is not None
    assert function.signature == "empty(stack) -> bool"
    assert function.doc == "True when the stack holds nothing."
    engine = help_at("hand[current]", "hand[cur|rent]")
    assert engine is not None and engine.title == "engine name current"


def test_hover_over_a_pack_name_tells_what_it_is_and_where(checked) -> None:  # type: ignore[no-untyped-def]
    text, line, column = edited('"empty(hand[current])"', '"empty(ha|nd[current])"')
    found = hover(text, line, column, checked)
    assert found is not None
    assert found.title == "zone hand" and found.doc == "defined at line 9"
    assert found.signature == "hand: {per: player, visibility: owner}"
    text, line, column = edited("moves: [discard]", "moves: [disc|ard]")
    found = hover(text, line, column, checked)
    assert found is not None and found.title == "move discard" and found.doc == "defined at line 22"
    text, line, column = edited("to: pool}", "to: po|ol}")
    found = hover(text, line, column, checked)
    assert found is not None and found.title == "zone pool"


def test_hover_over_nothing_known_is_none() -> None:
    text, line, column = edited("reason: an empty hand", "reason: an em|pty hand")
    found = hover(text, line, column, None)
    assert found is None or found.title == "reason"
    assert hover("", 1, 1, None) is None


def test_inside_a_step_its_fields_then_an_ifs_companions_are_offered() -> None:
    text, line, column = edited("  - shuffle: pool", "  - move:\n      fr|")
    items = offered(text, line, column)
    assert labels(items) == ["from"]
    assert items[0].doc.startswith("a zone")
    text, line, column = edited("  - shuffle: pool", '  - if: "players == 2"\n    |')
    assert labels(offered(text, line, column)) == ["then", "elif", "else"]
    text, line, column = edited("      - add: {shed: 1}", "      - add: {|}")
    assert [(i.label, i.kind, i.insert) for i in offered(text, line, column)] == [
        ("shed", "var", "shed: ")
    ]


def test_an_attribute_after_a_dot() -> None:
    text, line, column = edited('"empty(hand[current])"', '"top(hand[current]).s|"')
    assert labels(offered(text, line, column))[0] == "suit"


def test_a_word_in_a_comment_has_no_help() -> None:
    for written in ("# the zo|nes of the game", "zones: {}  # the zo|nes", "id: x  # zo|nes"):
        text, line, column = cursor(written)
        assert hover(text, line, column, None) is None
        assert completions(text, line, column, None) == []


def test_hover_over_a_let_a_for_and_an_argument_names_where_they_are_bound(checked) -> None:  # type: ignore[no-untyped-def]
    text, line, column = edited(
        "      - add: {shed: 1}", '      - add: {shed: "len([go|ne, card])"}'
    )
    found = hover(text, line, column, checked)
    assert found is not None and found.title == "local gone" and found.doc == "defined at line 27"
    text, line, column = edited(
        "      - add: {shed: 1}", '      - add: {shed: "len([gone, ca|rd])"}'
    )
    found = hover(text, line, column, checked)
    assert found is not None and found.title == "argument card"
    assert found.signature == 'card: {type: card, from: "hand[me]"}'
    loop = '  - for: {each: p, in: seats, do: [{log: "{p|}"}]}'
    text, line, column = edited("  - shuffle: pool", loop)
    found = hover(text, line, column, None)
    assert found is not None and found.title == "local p" and found.doc == "defined at line 13"


def test_in_a_block_scalar_an_expression_below_it_a_key() -> None:
    text, line, column = cursor("define:\n  many: >-\n    [c for c in\n    |")
    found = labels(offered(text, line, column))
    assert "deck" in found and "zones" not in found
    text, line, column = cursor("define:\n  many: >-\n    [c for c in deck()]\n|")
    assert "zones" in labels(offered(text, line, column))


def test_inside_a_quoted_text_the_choices_of_the_option_compared() -> None:
    war = (RULESETS / "war" / "pack.yaml").read_text("utf-8")
    checked = check_pack_text(war)
    old = "enabled: \"mode in ('five-card', 'aces-and-kings')\""
    assert old in war
    text, line, column = cursor(war.replace(old, "enabled: \"mode in ('five-card', 'ac|\""))
    items = completions(text, line, column, checked)
    assert (items[0].label, items[0].kind, items[0].replace) == ("aces-and-kings", "choice", 2)
    text, line, column = cursor(war.replace(old, "enabled: \"mode == '|'\""))
    assert "never-ending" in labels(completions(text, line, column, checked))


def test_hover_over_a_value_explains_its_key() -> None:
    text, line, column = edited("turn: single", "turn: sin|gle")
    found = hover(text, line, column, None)
    assert found is not None and found.title == "turn"
    assert found.signature == "single | each | auto" and found.doc.startswith(
        "who moves in the phase"
    )


def test_a_var_written_as_its_initial_value_is_an_expression() -> None:
    text, line, column = edited("  shed: {initial: 0}", "  shed: len(dec|")
    assert labels(offered(text, line, column))[0] == "deck"


def test_without_a_check_pass_the_names_bound_above_come_from_the_text() -> None:
    # The quote still open: the check pass has nothing, the text has the let and the argument.
    text, line, column = edited("      - add: {shed: 1}", '      - add: {shed: "len(|')
    kinds = {item.label: item.kind for item in offered(text, line, column)}
    assert kinds["gone"] == "local" and kinds["card"] == "argument" and kinds["hand"] == "zone"
    loop = '  - for: {each: p, in: seats, do: [{log: "{|'
    text, line, column = edited("  - shuffle: pool", loop)
    kinds = {item.label: item.kind for item in offered(text, line, column)}
    assert kinds["p"] == "local" and "card" not in kinds


def test_a_variant_offers_the_options_and_their_choices() -> None:
    war = (RULESETS / "war" / "pack.yaml").read_text("utf-8")
    checked = check_pack_text(war)
    old = "classic: {label: War, options: {mode: classic}}"
    text, line, column = cursor(war.replace(old, "classic: {label: War, options: {jo|}}"))
    first = completions(text, line, column, checked)[0]
    assert (first.label, first.kind) == ("jokers", "option")
    text, line, column = cursor(war.replace(old, "classic: {label: War, options: {mode: cl|}}"))
    assert labels(completions(text, line, column, checked)) == ["classic"]
