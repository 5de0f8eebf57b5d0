"""Seats on the free table: a seat that joins gets its Rule Card and score and the others
move round; a renamed seat's pieces take its name; eight seats fit a laptop screen."""

from __future__ import annotations

import html
import re

import pytest
from conftest import make_window
from gestures import CTRL, key, send_mouse

from vtt.table.layout import seat_place
from vtt.table.savefile import load_table, save_table
from vtt.ui import dialogs
from vtt.ui.qt import QEvent, QPoint, Qt
from vtt.ui.seatbar import CHIP_MIN_WIDTH

#: Where the Janken Deck Games layout puts a seat's Rule Card and score, from its place.
RULE_CARD, SCORE = (-70.0, 0.0), (70.0, 0.0)


def at_seat(seat: int, seats: int, offset: tuple[float, float]) -> tuple[float, float]:
    x, y = seat_place(seat, seats)
    return (round(x + offset[0], 1), round(y + offset[1], 1))


def spot(table, pid: str) -> tuple[float, float]:
    piece = table.objects[pid]
    return (round(piece.x, 1), round(piece.y, 1))


def click_add(window) -> None:
    button = window.seat_bar.add_button
    pos = QPoint(button.width() // 2, button.height() // 2)
    send_mouse(button, QEvent.Type.MouseButtonPress, pos)
    send_mouse(button, QEvent.Type.MouseButtonRelease, pos, buttons=Qt.MouseButton.NoButton)


def test_a_new_seat_gets_a_rule_card_and_score_and_the_others_move_round(window):
    table = window.session.table
    click_add(window)
    assert [s.name for s in table.seats] == ["Ann", "Ben", "Cat", "Dan"]
    assert table.objects["rule-card-4"].face == "rule-card-front"
    assert table.objects["score-4"].label == "Score (Dan)"
    assert table.objects["score-4"].owner == 3 and table.objects["score-4"].value == 0
    for seat in range(4):
        assert spot(table, f"rule-card-{seat + 1}") == at_seat(seat, 4, RULE_CARD)
        assert spot(table, f"score-{seat + 1}") == at_seat(seat, 4, SCORE)
    assert "rule-card-4" in window.view.table_scene.pieces  # on screen at once
    # One step: Ctrl+Z takes the seat and its pieces away and puts the others back.
    key(window.view, Qt.Key.Key_Z, CTRL)
    assert len(table.seats) == 3 and "score-4" not in table.objects
    assert spot(table, "score-2") == at_seat(1, 3, SCORE)


def test_a_moved_score_keeps_its_place_relative_to_its_seat(window):
    table = window.session.table
    x, y = spot(table, "score-2")
    table.move({"score-2": (x + 40, y - 25)})
    window.seat_bar.add()
    bx, by = at_seat(1, 4, SCORE)
    assert (bx, by) != at_seat(1, 3, SCORE)  # Ben's place did move
    assert spot(table, "score-2") == (round(bx + 40, 1), round(by - 25, 1))


def test_renaming_a_seat_renames_its_pieces_and_undo_gives_the_name_back(window, monkeypatch):
    table = window.session.table
    monkeypatch.setattr(dialogs, "ask_text", lambda *args: "Zoe")
    chip = window.seat_bar.chips[1]
    pos = QPoint(30, 12)
    send_mouse(chip, QEvent.Type.MouseButtonDblClick, pos)
    assert table.seats[1].name == "Zoe"
    assert table.objects["score-2"].label == "Score (Zoe)"
    assert table.objects["rule-card-2"].label == "Rule Card (Zoe)"
    assert table.objects["score-1"].label == "Score (Ann)"
    key(window.view, Qt.Key.Key_Z, CTRL)
    assert table.seats[1].name == "Ben" and table.objects["score-2"].label == "Score (Ben)"


def test_a_seat_that_leaves_takes_its_pieces_and_the_rest_move_round(window):
    table = window.session.table
    table.set_counter("score-3", 7)
    window.seat_bar.remove(1)
    assert [s.name for s in table.seats] == ["Ann", "Cat"]
    assert "score-2" not in table.objects and "rule-card-2" not in table.objects
    cats = table.objects["score-3"]
    assert cats.owner == 1 and cats.value == 7 and cats.label == "Score (Cat)"
    assert spot(table, "score-3") == at_seat(1, 2, SCORE)
    assert spot(table, "score-1") == at_seat(0, 2, SCORE)
    window.seat_bar.add()  # the next newcomer gets pieces of its own, ids unused
    assert [p.label for p in table.seat_pieces(2)] == ["Rule Card (Ben)", "Score (Ben)"]


def test_a_saved_table_remembers_what_a_new_seat_gets(window, tmp_path):
    path = tmp_path / "t.jtable"
    save_table(window.session.table, path)
    assert window.open_path(path)
    window.seat_bar.add()
    assert window.session.table.objects["score-4"].label == "Score (Dan)"


def test_a_bad_per_seat_layout_in_a_table_file_is_named(window, tmp_path):
    import json

    from vtt.table.savefile import SaveFileError

    path = tmp_path / "t.jtable"
    save_table(window.session.table, path)
    data = json.loads(path.read_text("utf-8"))
    data["per_seat"] = [{"card": "x", "face": "rule-card-front", "at": "here"}]
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SaveFileError, match=r"t\.jtable: 'per_seat'"):
        load_table(path)


def test_eight_seats_fit_a_1366_by_768_screen(qtbot):
    window = make_window(qtbot, "janken-deck-games", 8)
    assert window.minimumSizeHint().width() <= 1366
    assert window.minimumSizeHint().height() <= 768 - 60  # title bar and panel
    window.resize(1366, 700)
    qtbot.waitUntil(lambda: window.width() == 1366)
    bar = window.seat_bar
    assert len(bar.chips) == 8
    for chip in bar.chips:
        assert chip.isVisible() and chip.width() >= CHIP_MIN_WIDTH
        assert bar.rect().contains(chip.geometry())
    assert bar.rect().contains(bar.add_button.geometry())


def test_eight_chips_all_say_their_counts_the_same_way(qtbot):
    window = make_window(qtbot, "janken-deck-games", 8)
    window.resize(1700, 700)
    bar = window.seat_bar
    qtbot.waitUntil(lambda: bar.chips[0].width() > 150)
    assert [chip.cards_shown() for chip in bar.chips] == ["0 cards"] * 8
    assert bar.chips[5].toolTip() == "Fay: 0 cards in hand"
    # One long name makes its chip too narrow for "0 cards": every chip then shows the
    # number alone, never "0" beside "0 cards".
    session = window.session
    session.run(None, lambda: session.table.rename_seat(5, "Bartholomew-Maximilian"))
    qtbot.waitUntil(lambda: bar.chips[0].width() > 150)
    assert not bar.chips[5].long_fits() and bar.chips[0].long_fits()
    assert [chip.cards_shown() for chip in bar.chips] == ["0"] * 8


def plate_picture(window, seat: int):
    """The felt around a seat's name plate, as the view draws it."""
    from vtt.ui.scene import seat_plate

    view = window.view
    plate = seat_plate(seat, len(window.session.table.seats))
    shown = view.mapFromScene(plate).boundingRect()
    return view.viewport().grab(shown).toImage(), shown


@pytest.mark.parametrize("name", ["Maximilian Alexander the Third", "Ann"])
def test_a_long_name_on_its_plate_is_cut_short_at_its_end_not_both(window, monkeypatch, name):
    """A renamed seat's plate showed the middle of a long name, both ends cut by the
    plate's edges ("n Alexander"): the name keeps its start and ends in "…" instead."""
    monkeypatch.setattr(dialogs, "ask_text", lambda *args, **kwargs: name)
    window.seat_bar.rename(1)
    assert window.session.table.seats[1].name == name
    window.view.resize(window.view.size())  # no change of zoom: the plate is drawn as is
    image, shown = plate_picture(window, 1)
    # Letters are light on the plate; a margin inside each end of it must stay clear.
    margin = max(3, round(shown.width() * 0.06))
    rows = range(image.height() // 3, image.height() * 2 // 3)

    def letters(columns: range) -> int:
        return sum(image.pixelColor(x, y).lightness() > 200 for x in columns for y in rows)

    assert letters(range(margin, 2 * margin)) == 0
    assert letters(range(image.width() - 2 * margin, image.width() - margin)) == 0
    assert letters(range(2 * margin, image.width() - 2 * margin)) > 0


def test_a_long_name_on_its_score_counter_is_cut_short_at_its_end(window, monkeypatch):
    """'Score (Maximilian Alexander the Third)' showed its middle only, cut at both ends."""
    from vtt.ui.qt import QImage, QPainter

    monkeypatch.setattr(dialogs, "ask_text", lambda *a, **k: "Maximilian Alexander the Third")
    window.seat_bar.rename(1)
    item = window.view.table_scene.pieces["score-2"]
    assert item.title == "Score (Maximilian Alexander the Third)"
    body, zoom = item.body(), 4
    image = QImage(
        round(body.width()) * zoom, round(body.height()) * zoom, QImage.Format.Format_ARGB32
    )
    image.fill(0)
    painter = QPainter(image)
    painter.scale(zoom, zoom)
    painter.translate(-body.topLeft())
    item.paint_piece(painter)
    painter.end()
    scale = body.width() / 120.0
    top, bottom = round(6 * scale * zoom), round(14 * scale * zoom)

    def white(left: float, right: float) -> int:
        columns = range(round(left * scale * zoom), round(right * scale * zoom))
        return sum(
            image.pixelColor(x, y).lightness() > 235 for x in columns for y in range(top, bottom)
        )

    assert white(3, 6) == 0 and white(110, 115) == 0  # clear ends of the coloured band
    assert white(10, 100) > 0  # the name is there


@pytest.mark.parametrize("name", ["<b>x</b>", "<img src=x>"])
def test_a_seat_chips_tooltip_shows_the_seats_name_as_text(qtbot, name):
    window = make_window(qtbot, "janken-deck-games", 3)
    session = window.session
    session.run(None, lambda: session.table.rename_seat(1, name))
    tip = window.seat_bar.chips[1].toolTip()
    assert "<b>" not in tip and "<img" not in tip
    assert html.unescape(re.sub(r"<[^>]+>", "", tip)) == f"{name}: 0 cards in hand"
