"""Take the README's screenshots: a dealt game of Janken Deck Games for three seats,
or an enforced game against the computer.

Run under a display (``xvfb-run -s "-screen 0 1920x1080x24" python -m
vtt.ui.screenshot docs/screenshot.png``); ``--sandbox`` shows the Sandbox instead;
``--game jantori --moves 9`` a game window after nine moves (the person's pieces
dragged, so the legal places glow), as docs/jantori-in-progress.png.
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


def game_window(pack: str, moves: int, options: dict[str, object], players: int = 0) -> object:
    """A game window of ``pack``, a person against the computer, after ``moves`` moves
    chosen at random (the same every time), with the person to move picking up a face."""
    import random

    from vtt.rules import load_game
    from vtt.ui.game.session import COMPUTER, HUMAN, GameSetup, SeatChoice, default_names
    from vtt.ui.game.window import GameWindow

    game = load_game(pack)
    # The fewest seats the game takes, two at least: a person and the computer.
    names = default_names(game, players or max(2, game.players[0]))
    seats = (SeatChoice(names[0], HUMAN), *(SeatChoice(name, COMPUTER) for name in names[1:]))
    window = GameWindow(GameSetup(pack, seats, options, seed=3), pause_ms=3_600_000)
    window.board.slide_ms = 0
    chooser = random.Random(2)
    for _ in range(moves):
        seat = window.session.match.to_move
        legal = window.session.match.frame(seat).moves if seat is not None else ()
        if not legal:
            break
        window.session.play(legal[chooser.randrange(len(legal))])
    return window


def main() -> int:
    """Lay out the table, show the window, save a picture of it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("output")
    parser.add_argument("--sandbox", action="store_true")
    parser.add_argument("--game", help="a pack to show in a game window")
    parser.add_argument("--moves", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--players", type=int, default=0, help="seats (the fewest by default)")
    parser.add_argument("--size", default="1600x1000")
    args = parser.parse_args()
    os.environ.setdefault("JANKEN_TABLE_HOME", tempfile.mkdtemp(prefix="janken-shot-"))
    app = application()
    if args.game:
        options = {name: _value(text) for name, text in (o.split("=", 1) for o in args.option)}
        return _shoot_game(
            app, args.game, args.moves, options, args.size, args.output, args.players
        )
    window = TableWindow(sandbox_game() if args.sandbox else dealt_game())
    width, height = (int(n) for n in args.size.split("x"))
    window.resize(width, height)
    window.show()
    for _ in range(5):
        app.processEvents()
    window.view.reset_view()
    # What the log beside the table tells, made as a person makes it (with the mouse
    # over the piece), so the picture shows the log at work.
    for piece in ("pip-die", "rank-die-r") if args.sandbox else ("deck",):
        window.view.run_command("roll", [piece])
    window.statusBar().clearMessage()  # the resting hint, as a person sees it
    for _ in range(5):
        app.processEvents()
    window.grab().save(args.output)
    window.session.set_modified(False)
    window.close()
    return 0


def _value(text: str) -> object:
    """An option's value as typed: a whole number, true or false, else the text."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def _shoot_game(
    app: object,
    pack: str,
    moves: int,
    options: dict[str, object],
    size: str,
    output: str,
    players: int = 0,
) -> int:
    from vtt.ui.qt import QApplication

    window = game_window(pack, moves, options, players)
    assert hasattr(window, "board")
    width, height = (int(n) for n in size.split("x"))
    window.resize(width, height)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    drags = window.session.drags()
    if drags.sources:  # show the legal places for one face as a drag would
        picked = sorted(drags.sources, key=str)[0]
        window.board.show_targets(set(drags.sources[picked]))
    for _ in range(5):
        QApplication.processEvents()
    window.grab().save(output)
    window.closing_quietly = True
    window.discard()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
