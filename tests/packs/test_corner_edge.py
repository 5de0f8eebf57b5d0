"""Corner to Corner & Edge to Edge: the steps the rule text's examples give, the
Joker's reversal once, forced replacement, returning a captured piece first, and
where the pieces start."""

from __future__ import annotations

from typing import Any

from vtt.rules import load_game
from vtt.rules.engine import State
from vtt.rules.records import Record, start_state
from vtt.rules.stdlib import deck
from vtt.rules.values import Cell

#: Red draws 7R, Blue 2R: the same suit, the higher rank, so Red moves first.
RED_FIRST = ["7R", "2R"]


def _full(field: dict[str, list[str]], used: list[str]) -> dict[str, list[str]]:
    """Every cell of the 5x5 board: the given stacks, and a card no stack names on each
    other cell (a deal takes the cards it names from wherever the shuffle put them, so
    a board given in part could lose the card under a piece)."""
    named = {word for stack in field.values() for word in stack} | set(used)
    spare = iter(str(c) for c in deck() if str(c) not in named)
    cells = [f"{c}{r}" for c in "abcde" for r in range(1, 6)]
    return {cell: field.get(cell) or [next(spare)] for cell in cells}


def _state(
    field: dict[str, list[str]], options: dict[str, Any] | None = None, **deal: Any
) -> State:
    stock = RED_FIRST + deal.pop("stock", [])
    state = start_state(
        Record(
            pack="corner-edge",
            options=options or {"game": "corner"},
            deal={"stock": stock, "field": _full(field, stock), **deal},
        )
    )
    state.apply("draw")
    state.apply("draw")
    assert state.to_move == 0
    return state


def _steps(state: State, at: str) -> set[str]:
    return {m.text.split()[-1] for m in state.legal_moves if m.text.startswith(f"step pawn {at} ")}


def test_from_rock_a_piece_steps_to_scissors_lizard_or_rock_only() -> None:
    # The text's example: on a Rock card, only Scissors, Lizard or another Rock.
    field = {"c3": ["pawn@1", "5R"], "b3": ["7S"], "d3": ["8L"], "c4": ["9R"], "c2": ["2P"]}
    state = _state(field)
    assert _steps(state, "c3") == {"b3", "d3", "c4"}
    assert state.explain("step pawn c3 c2") == (
        "2P on c2 is stronger than 5R on c3: you may step only to a weaker suit or the same"
    )
    assert state.explain("step pawn c3 d4") == (
        "d4 is not next to c3: a step goes up, down, left or right"
    )
    state = _state({"c3": ["pawn@1", "5R"], "c2": ["6W"], "b3": ["3P"]})
    assert "c2" not in _steps(state, "c3") and "b3" not in _steps(state, "c3")


def test_entering_a_joker_reverses_the_rule() -> None:
    # Onto the Joker of Rock from Scissors, Lizard or Rock; not from Paper or Water.
    for suit, allowed in [("S", True), ("L", True), ("R", True), ("P", False), ("W", False)]:
        state = _state({"c3": ["pawn@1", f"4{suit}"], "c4": ["JkR"]})
        assert ("c4" in _steps(state, "c3")) is allowed, suit
    state = _state({"c3": ["pawn@1", "4P"], "c4": ["JkR"]})
    assert state.explain("step pawn c3 c4") == (
        "JkR on c4 is weaker than 4P on c3: a Joker reverses the rules: "
        "you may step only to a stronger suit or the same"
    )
    # Leaving a Joker: 4S is weaker than Rock, so refused the other way round.
    state = _state({"c3": ["pawn@1", "JkR"], "c4": ["4S"]})
    assert state.explain("step pawn c3 c4") == (
        "4S on c4 is weaker than JkR on c3: a Joker reverses the rules: "
        "you may step only to a stronger suit or the same"
    )


def test_leaving_a_joker_reverses_once_even_onto_another_joker() -> None:
    # From the Joker of Rock to any Rock, Paper or Water card, another Joker included.
    field = {"c3": ["pawn@1", "JkR"], "b3": ["4P"], "d3": ["5W"], "c4": ["JkW"], "c2": ["6S"]}
    state = _state(field)
    assert _steps(state, "c3") == {"b3", "d3", "c4"}
    state = _state(
        {"c3": ["pawn@1", "JkR"], "c4": ["JkS"], "c2": ["KL"], "b3": ["JkP"], "d3": ["9S"]}
    )
    assert _steps(state, "c3") == {"b3"}


def test_with_no_step_replacing_the_card_is_the_only_move() -> None:
    field = {"b2": ["pawn@1", "2L"], "a2": ["5R"], "c2": ["6S"], "b1": ["8R"], "b3": ["KS"]}
    state = _state(field, stock=["4W"])
    assert [m.text for m in state.legal_moves] == ["replace b2"]
    state.apply("replace b2")
    assert [str(c) for c in state.zone("field")[Cell.parse("b2")]][:1] == ["4W"]
    assert str(state.zone("stock")[0]) == "2L"  # the replaced card goes to the bottom


def test_a_piece_may_not_step_onto_another_in_corner_to_corner() -> None:
    state = _state({"c3": ["pawn@1", "5R"], "c4": ["pawn@2", "9R"]})
    assert state.explain("step pawn c3 c4") == "c4 is taken by Blue's piece"


def test_a_captured_piece_comes_back_before_anything_else() -> None:
    field = {"d4": ["pawn@1", "5W"], "d5": ["pawn@2", "9R"], "a5": ["pawn@2", "2W"]}
    field |= {
        "b5": ["pawn@2", "3W"],
        **{f"{c}1": ["pawn@1", f"{n}P"] for c, n in zip("abce", "2345", strict=True)},
    }
    state = _state(field, {"game": "edge"}, goal=[{"a1": ["pawn@2"], "b1": ["pawn@2"]}, {}])
    state.apply("step pawn d4 d5 goal")  # captures Blue's piece and leaves into the goal
    assert state.to_move == 1 and len(state.zone("home")[1]) == 1
    moves = {m.text for m in state.legal_moves}
    assert moves == {"enter pawn c5", "enter pawn d5", "enter pawn e5"}
    assert state.explain("replace a5") == (
        "Bring your captured piece back first, onto an empty card of your start row"
    )


def test_a_step_onto_the_far_row_may_stay_on_the_card_or_go_on_into_the_goal() -> None:
    # The rule text: a piece entering the opponent's start row "may" leave into the
    # empty goal beyond it in the same turn.
    field = {"d4": ["pawn@1", "KR"], "d5": ["2S"], "d3": ["8L"], "c5": ["pawn@2", "3S"]}
    field |= {"a4": ["pawn@1", "4S"], "a5": ["5S"], "b1": ["pawn@1", "2P"], "c1": ["pawn@1", "3P"]}
    state = _state(field, {"game": "edge"}, goal=[{}, {"a1": ["pawn@1"]}])
    onto_d5 = {m.text for m in state.legal_moves if m.text.startswith("step pawn d4 d5")}
    assert onto_d5 == {"step pawn d4 d5", "step pawn d4 d5 goal"}
    # The window tells them apart by where the piece is dropped: the card or the goal.
    stay, go = state.footprint("step pawn d4 d5"), state.footprint("step pawn d4 d5 goal")
    assert stay is not None and stay.target == ("field", Cell.parse("d5"))
    assert go is not None and go.target == ("goal", 1, Cell.parse("d1"))
    stayed = state.copy()
    stayed.apply("step pawn d4 d5")
    d5 = stayed.zone("field")[Cell.parse("d5")]
    assert str(d5[0]) == "2S" and d5[1].owner == 0 and len(d5) == 2
    assert len(stayed.zone("goal")[1][Cell.parse("d1")]) == 0
    gone = state.copy()
    gone.apply("step pawn d4 d5 goal")
    assert [str(x) for x in gone.zone("field")[Cell.parse("d5")]] == ["2S"]
    [piece] = gone.zone("goal")[1][Cell.parse("d1")]
    assert piece.owner == 0
    # Only a step onto that row may go on, and only into an empty goal.
    assert state.explain("step pawn d4 d3 goal") == (
        "Only a step onto Blue's start row, row 5, may go on into the goal"
    )
    assert state.explain("step pawn a4 a5 goal") == (
        "The goal beyond a5 already holds one of your pieces: the piece stays on a5"
    )
    assert "step pawn a4 a5" in {m.text for m in state.legal_moves}


def test_the_corners_go_round_the_table() -> None:
    game = load_game("corner-edge")
    for players, corners in [
        (2, ["a1", "e5"]),
        (3, ["a1", "a5", "e5"]),
        (4, ["a1", "a5", "e5", "e1"]),
    ]:
        state = game.new_state({"game": "corner"}, 1, players=players)
        found = {str(c): s[-1].owner for c, s in state.zone("field").items() if len(s) > 1}
        assert found == {c: seat for seat, c in enumerate(corners)}
    state = game.new_state({"game": "corner", "size": 7}, 1, players=2)
    assert {str(c) for c, s in state.zone("field").items() if len(s) > 1} == {"a1", "g7"}
