"""Take the README's screenshot: a dealt game of Janken Deck Games for three seats.

Run under a display (``xvfb-run -s "-screen 0 1920x1080x24" python -m
vtt.ui.screenshot docs/screenshot.png``); ``--sandbox`` shows the Sandbox instead.
"""

from __future__ import annotations

import argparse
import os
import tempfile

from vtt.rules.setups import load_setup
from vtt.table import Table
from vtt.ui.app import application
from vtt.ui.window import TableWindow


def dealt_game() -> Table:
    """Three seats, the deck shuffled, five cards each, a trick on the table."""
    table = load_setup("janken-deck-games").new_table(3, seed=2024)
    table.shuffle("deck")
    table.deal("deck", 6)
    for seat, spot in ((1, (-125, 205)), (2, (0, 215)), (0, (125, 205))):
        table.play_from_hand(table.hand(seat).contents[0], spot)
    table.move({"joker-3": (330, -40)})
    table.set_counter("score-2", 3)
    table.set_counter("score-3", 1)
    return table


def sandbox_game() -> Table:
    """The Sandbox for four seats with the dice rolled and a few tokens about."""
    table = load_setup("janken-sandbox").new_table(4, seed=11)
    for die in ("pip-die", "rank-die-r", "rank-die-p", "rank-die-s", "rank-die-w", "rank-die-l"):
        table.roll(die)
    table.shuffle("deck")
    table.deal("deck", 4)
    return table


def main() -> int:
    """Lay out the table, show the window, save a picture of it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output")
    parser.add_argument("--sandbox", action="store_true")
    parser.add_argument("--size", default="1600x1000")
    args = parser.parse_args()
    os.environ.setdefault("JANKEN_TABLE_HOME", tempfile.mkdtemp(prefix="janken-shot-"))
    app = application()
    window = TableWindow(sandbox_game() if args.sandbox else dealt_game())
    width, height = (int(n) for n in args.size.split("x"))
    window.resize(width, height)
    window.show()
    for _ in range(5):
        app.processEvents()
    window.view.reset_view()
    window.statusBar().showMessage("Right-click any piece for its menu · F1 lists every shortcut")
    for _ in range(5):
        app.processEvents()
    window.grab().save(args.output)
    window.session.set_modified(False)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
