"""The board follows the match from frame to frame: after a move, the items of the places
and of the faces that stayed where they were are the same items, moved or drawn anew
where needed, not a scene cleared and built again."""

from __future__ import annotations

import pytest
from game_windows import open_game

from vtt.ui.game.items import FaceItem, PlaceItem
from vtt.ui.game.session import HUMAN


def _faces(board):  # type: ignore[no-untyped-def]
    return {(f.place.key, f.face.index, f.what): f for f in board.faces}


@pytest.mark.parametrize("pack", ["jantori", "war", "stones"])
def test_a_face_that_did_not_move_is_the_same_item_after_a_move(qtbot, pack):
    players = 4 if pack == "stones" else 2
    window = open_game(qtbot, pack, (HUMAN,) * players, seed=2)
    board, session = window.board, window.session
    for _ in range(3):
        before, places = _faces(board), dict(board.places)
        move = session.frame.moves[0]
        assert session.play(move), move.text
        window.uncover()
        after = _faces(board)
        stayed = before.keys() & after.keys()
        assert stayed, "no face stayed where it was"
        assert all(after[key] is before[key] for key in stayed)
        assert all(board.places[key] is places[key] for key in places.keys() & board.places.keys())
        # Every item on the scene is one the board knows: none left over, none twice.
        scene = board.items()
        shown = [item for item in scene if isinstance(item, FaceItem)]
        assert sorted(map(id, shown)) == sorted(map(id, board.faces))
        assert len([item for item in scene if isinstance(item, PlaceItem)]) == len(board.places)
        # Each face item shows its face where the layout puts it.
        for item in board.faces:
            x, y, w, h = item.face.rect
            assert (item.home.x(), item.home.y()) == (x + w / 2, y + h / 2)
