"""The projection of a state onto places, and of its legal moves onto drags (no window)."""

from __future__ import annotations

import pytest

from vtt.match import drags_of_frame, seat_frame
from vtt.rules import load_game
from vtt.rules.explain import Drop
from vtt.rules.values import Cell
from vtt.rules.views import Hidden
from vtt.ui.game.projection import project


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def test_jantori_places_are_the_nine_cells_and_each_reserve_with_the_markers():
    game = load_game("jantori")
    state = game.new_state()
    layout = project(game.zones, state.view(0), cards=False)
    cells = {str(k[1]) for k in layout.places if k[0] == "board"}
    assert cells == {f"{c}{r}" for c in "abc" for r in "123"}
    mine, theirs = layout.places[("reserve", 0)], layout.places[("reserve", 1)]
    assert mine.rect[1] > layout.places[("board", Cell.parse("a1"))].rect[1] > theirs.rect[1]
    assert mine.count == 12 and len(mine.faces) == 12
    a3, a1 = layout.places[("board", Cell.parse("a3"))], layout.places[("board", Cell.parse("a1"))]
    assert a3.rect[1] < a1.rect[1]  # row 1 at the bottom
    assert sorted(layout.markers) == sorted(
        [(("board", Cell.parse("a3")), 0, "marker"), (("board", Cell.parse("c1")), 1, "marker")]
    )
    rects = [p.rect for p in layout.places.values()]
    assert not any(overlaps(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_a_hidden_hand_shows_only_backs_and_its_count():
    game = load_game("tic-tac-rock")
    state = game.new_state(seed=3)
    layout = project(game.zones, state.view(0))
    assert isinstance(state.view(0).zones["hand"][1], Hidden)
    theirs = layout.places[("hand", 1)]
    assert theirs.count == 3 and all(f.component is None for f in theirs.faces)
    mine = layout.places[("hand", 0)]
    assert [str(f.component) for f in mine.faces] == [str(c) for c in state.zone("hand")[0]]
    stock = layout.places[("stock",)]
    assert stock.kind == "pile" and stock.faces[0].component is None


def drags_of(state):  # type: ignore[no-untyped-def]
    """The drags of the seat to move, as the window has them: from its frame."""
    return drags_of_frame(seat_frame(state, state.to_move))


def test_drags_map_each_piece_to_its_legal_cells_and_nothing_else():
    state = load_game("jantori").new_state()
    drags = drags_of(state)
    assert drags.actions == []
    assert {w: {str(k[-1]) for k in t} for w, t in drags.targets.items()} == {
        kind: {"a2", "b3"} for kind in "RPS"
    }
    assert drags.targets["S"][("board", Cell.parse("b3"))].text == "place S at b3"


def test_a_move_without_a_cell_is_a_drag_onto_the_place_its_footprint_reaches():
    state = load_game("war").new_state({"mode": "five-card"}, seed=1)
    drags = drags_of(state)
    assert drags.targets and all(set(t) == {("chosen", 0)} for t in drags.targets.values())
    classic = load_game("war").new_state(seed=1)
    assert [m.text for m in drags_of(classic).actions] == ["flip"]


def test_the_reason_for_a_drop_is_the_packs_own_message():
    state = load_game("jantori").new_state()
    for move in ("place R at b3", "place S at c2", "place R at c3"):
        state.apply(move)
    reason = state.explain(Drop("R", ("board", Cell.parse("c3"))))  # Black onto White's marker
    assert reason == "You cannot place on White's marker"
    state.apply("place P at b2")
    assert state.explain(Drop("P", ("board", Cell.parse("c2")), ("reserve", 0))) == (
        "Your P does not beat Black's S on c2"
    )
    assert state.explain(Drop("P", ("reserve", 1))) == "P cannot go to Black's reserve"
    assert state.explain(Drop("P", ("board", Cell.parse("c2")), ("reserve", 1))) == (
        "P cannot be taken from Black's reserve"  # White places White's pieces
    )


def test_a_grid_sized_by_options_is_drawn_with_that_many_columns_and_rows():
    from tests.rules.test_grid_size import GRID
    from vtt.rules.loader import load_pack_text

    game = load_pack_text(GRID, "sized.yaml")
    state = game.new_state({"size": 4, "tall": True}, 0)
    layout = project(game.zones, state.view(0), cards=False)
    cells = {str(k[1]) for k in layout.places if k[0] == "board"}
    assert cells == {f"{c}{r}" for c in "abcd" for r in range(1, 7)}
    (grid,) = layout.grids
    assert (grid.cols, grid.rows) == (4, 6)
    a6, a1 = layout.places[("board", Cell.parse("a6"))], layout.places[("board", Cell.parse("a1"))]
    assert a6.rect[1] < a1.rect[1]  # row 1 at the bottom
    assert grid.rect[3] == pytest.approx(a1.rect[1] + a1.rect[3] - a6.rect[1])


def test_a_piece_on_a_card_shows_the_card_beneath_it():
    # Corner to Corner: the card under a piece decides its steps, so it stays in sight.
    game = load_game("corner-edge")
    state = game.new_state({"game": "corner"}, 1)
    layout = project(game.zones, state.view(0), cards=True)
    a1 = layout.places[("field", Cell.parse("a1"))]
    card, piece = state.zone("field")[Cell.parse("a1")]
    assert [f.component for f in a1.faces] == [card, piece]
    assert [f.index for f in a1.faces] == [0, 1]
    # The piece lies within the card, in the middle of the cell.
    (cx, cy, cw, ch), (px, py, pw, ph) = a1.faces[0].rect, a1.faces[1].rect
    assert cx < px and px + pw < cx + cw and cy < py and py + ph < cy + ch
    b2 = layout.places[("field", Cell.parse("b2"))]
    assert [f.component for f in b2.faces] == list(state.zone("field")[Cell.parse("b2")])


def test_pieces_alike_on_different_cells_are_different_drags():
    # Edge to Edge: two Red pawns, on b2 (9R) and d2 (8W), may both step onto c2 (2S);
    # each is picked up from its own cell, and dropping either on c2 is its own step.
    from vtt.rules.records import Record, start_state
    from vtt.rules.stdlib import deck

    field = {"b2": ["pawn@1", "9R"], "d2": ["pawn@1", "8W"], "c2": ["2S"]}
    field |= {f"{c}1": ["pawn@1", f"{n}L"] for c, n in zip("ace", "345", strict=True)}
    field |= {f"{c}5": ["pawn@2", f"{n}P"] for c, n in zip("abcde", "23456", strict=True)}
    named = {w for stack in field.values() for w in stack} | {"7R", "2R"}
    spare = iter(str(c) for c in deck() if str(c) not in named)
    cells = [f"{c}{r}" for c in "abcde" for r in range(1, 6)]
    deal = {"stock": ["7R", "2R"], "field": {c: field.get(c) or [next(spare)] for c in cells}}
    state = start_state(Record(pack="corner-edge", options={"game": "edge"}, deal=deal))
    state.apply("draw")
    state.apply("draw")
    drags = drags_of(state)
    c2 = ("field", Cell.parse("c2"))
    from_b2 = drags.targets_of("pawn", ("field", Cell.parse("b2")))
    from_d2 = drags.targets_of("pawn", ("field", Cell.parse("d2")))
    assert from_b2[c2].text == "step pawn b2 c2" and from_d2[c2].text == "step pawn d2 c2"
    assert not drags.several and not any(m.text.startswith("step") for m in drags.actions)
