"""Every shipped pack, at every number of players it takes (2 to 5) and in each of its
variants, is laid out as a table: places on the felt, none over another or over a name
plate, each seat's places by its own plate, labels whole and readable at the first zoom."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_windows import open_game, play_at_random

from vtt.rules import load_game
from vtt.rules.model import option_values
from vtt.ui.game.painting import label_font
from vtt.ui.game.places import LABEL_PX
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import QFontMetricsF, QRectF

RULESETS = Path(__file__).parents[3] / "rulesets"
#: Labels are at least this many pixels high at the first zoom.
READABLE_PX = 10


def _games() -> list[str]:
    return sorted(
        path.parent.name
        for path in RULESETS.glob("*/pack.yaml")
        if "kind: setup" not in path.read_text(encoding="utf-8")
    )


def _cases() -> list[tuple[str, int, dict[str, object]]]:
    cases: list[tuple[str, int, dict[str, object]]] = []
    for pack in _games():
        game = load_game(pack)
        low, high, _default = game.players
        for players in range(max(2, low), min(high, 5) + 1):
            cases.append((pack, players, {}))
        for options in game.variants.values():
            cases.append((pack, max(2, low), dict(options)))
    return cases


def _started(pack: str, players: int, options: dict[str, object]) -> tuple[object, ...] | None:
    """What a game of these options starts with (every option's value, its default where
    ``options`` names none, and the players); None for a combination the pack refuses
    (Edge to Edge is for two). Only a pack with constraints is started to know it: the
    others refuse none of their own values, and no game is started while the tests are
    collected, in every test process."""
    game = load_game(pack)
    values = option_values(game.options, options)
    if game.constraints:
        try:
            values = game.new_state(options, seed=1, players=players).options
        except ValueError:
            return None
    return pack, players, tuple(sorted(values.items()))


def _allowed_cases() -> list[tuple[str, int, dict[str, object]]]:
    """The cases the packs allow, each game once: a variant that names only defaults
    (War's classic mode) is the very table of the pack with no options."""
    kept: dict[tuple[object, ...], tuple[str, int, dict[str, object]]] = {}
    for case in _cases():
        started = _started(*case)
        if started is not None:
            kept.setdefault(started, case)
    return list(kept.values())


PACK_CASES = _allowed_cases()
#: The largest tables, whose labels are drawn larger: whole and clear of each other too.
LARGEST = [("janken-go", 2, {"size": 13}), ("corner-edge", 4, {"size": 8})]
CASES = [*PACK_CASES, *LARGEST]


def _check(window, pack: str) -> None:
    board = window.board
    felt = board.felt
    zoom = window.view.zoom()
    px = LABEL_PX * board.layout.letters * zoom
    assert px >= READABLE_PX, (pack, "labels too small", px)
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.contains(felt), (pack, "the felt is not all in view at the first zoom")
    plates = {seat: QRectF(*rect) for seat, rect in board.layout.plates}
    rects: list[tuple[object, QRectF]] = []
    for key, item in board.places.items():
        place = item.place
        if place.in_hand:
            continue
        rect = item.rect()
        assert felt.contains(rect), (pack, key, "off the felt")
        for seat, plate in plates.items():
            assert not rect.intersects(plate), (pack, key, "over the plate of", seat)
        if place.kind != "cell":
            metrics = QFontMetricsF(item.font())
            room = item.label_room()
            texts = [*item.lines[:-1], item.lines[-1] + item.count_text()]
            for text in texts:
                assert metrics.horizontalAdvance(text) <= room.width(), (pack, key, text)
            rects.append((key, rect))
    # Each seat's places lie together by its plate: the rectangle round them and the
    # plate holds no place or plate of anyone else.
    for seat, plate in plates.items():
        region = QRectF(plate)
        own = [i for i in board.places.values() if i.place.owner == seat and not i.place.in_hand]
        for item in own:
            region = region.united(item.rect())
        for key, item in board.places.items():
            if item.place.owner != seat and not item.place.in_hand:
                assert not region.intersects(item.rect()), (pack, key, "among the places of", seat)
        for other, rect in plates.items():
            assert other == seat or not region.intersects(rect), (pack, "plate", other, seat)
    for grid in board.layout.grids:
        rects.append((grid.key, QRectF(*grid.rect)))
        if grid.caption:  # a board among several is named above its frame
            metrics = QFontMetricsF(label_font(grid.letters))
            caption = QRectF(*grid.caption_rect)
            assert metrics.horizontalAdvance(grid.caption) <= caption.width(), grid.caption
            assert felt.contains(caption)
            rects.append(((*grid.key, "caption"), caption))
    for n, (key, rect) in enumerate(rects):
        for other, second in rects[n + 1 :]:
            assert not rect.intersects(second), (pack, key, "over", other)


@pytest.mark.parametrize(("pack", "players", "options"), CASES)
def test_every_pack_is_laid_out_as_a_table(qtbot, pack, players, options):
    kinds = (HUMAN, *(COMPUTER,) * (players - 1))
    window = open_game(qtbot, pack, kinds, options=options)
    window.computers.stop()  # the test plays every seat
    _check(window, pack)
    play_at_random(window, 10, seed=7)
    window.view.fit()
    _check(window, pack)
