"""``vtt play PACK --text``: play a rule pack in the terminal.

Hot-seat for every human seat; seats named with ``--random`` are played by the
random agent. When two or more people share the terminal, the screen is cleared and
the next player is waited for (Enter) before their hand shows, as the window's pass
screen does. This module sits above both the rules and the agents, like the
``vtt`` command itself.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from vtt.ai.random_agent import RandomAgent
from vtt.janken import Card
from vtt.match import COMPUTER, PERSON, Match, MatchSeat, Play, SeatFrame, seat_frame
from vtt.rules.commands import parse_options
from vtt.rules.engine import State
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.game import Game
from vtt.rules.pinned import pack_text
from vtt.rules.records import RecordError
from vtt.rules.sheet import SHEET, sheet_text
from vtt.rules.shown import ERROR_CHARS, echo, shown, shown_name, without_hidden
from vtt.rules.stdlib import describe
from vtt.rules.values import Cell, Piece
from vtt.rules.views import Hidden, View
from vtt.table.savefile import write_atomically

__all__ = ["play_command", "show_frame", "show_view"]


def show_view(view: View, out: TextIO, state: State | None = None) -> None:
    """Print what one seat sees (``show_frame``); without the ``state``, every zone and
    var as the view has them, in the rules' own words."""
    if state is not None:
        show_frame(seat_frame(state, view.seat), out, state.game)
        return
    names = view.seat_names
    echo(f"\n--- {shown_name(names[view.seat])} to move (phase {view.phase}) ---", file=out)
    for name, node in view.zones.items():
        text = _zone_text(node, names, name)
        if text:
            echo(f"  {shown_name(name)}: {text}", file=out)
    for name, value in view.vars.items():
        echo(f"  {shown_name(name)} = {shown(describe(value))}", file=out)
    for line in view.log[-4:]:
        echo(f"  | {shown(line)}", file=out)


def show_frame(frame: SeatFrame, out: TextIO, game: Game) -> None:
    """Print what one seat sees, in the pack's words as the window shows them: the
    phase, the zones laid out now, the vars shown now (a seat var as a name), the last
    log lines."""
    names = frame.seat_names
    seat = frame.seat if frame.seat is not None else 0
    doing = frame.phase_label or f"phase {frame.phase}"
    echo(f"\n--- {shown_name(names[seat])} to move ({shown_name(doing)}) ---", file=out)
    for name in frame.laid_out:
        zone = game.zones[name]
        label = zone.label or name
        text = _zone_text(frame.zones[name], names, label)
        if text:
            echo(f"  {shown_name(label)}: {text}", file=out)
    for name in frame.shown_vars:
        var = game.vars[name]
        value = frame.vars[name]
        if isinstance(value, tuple):
            text = " ".join(var.value_text(v, names) for v in value)
        else:
            text = var.value_text(value, names)
        echo(f"  {shown_name(var.label or name)} = {shown(text)}", file=out)
    for line in frame.log[-4:]:
        echo(f"  | {shown(line)}", file=out)


def _zone_text(node: object, names: tuple[str, ...], label: str = "") -> str:
    if isinstance(node, Hidden):
        return f"[{node.count} face down]" if node.count else ""
    if isinstance(node, dict):
        return grid_text(node, names)
    if isinstance(node, tuple) and node and all(isinstance(c, dict) for c in node):
        if len(node) == 1:
            return grid_text(node[0], names)
        # Copies are numbered as players call them: Board 1, Board 2.
        title = label[:1].upper() + label[1:]
        return "".join(f"\n    {title} {i + 1}:{grid_text(g, names)}" for i, g in enumerate(node))
    if isinstance(node, tuple) and node and isinstance(node[0], tuple | Hidden | dict):
        if not any(_zone_text(c, names) for c in node):
            return ""
        parts = [
            f"{shown_name(names[i]) if i < len(names) else i}: {_zone_text(c, names) or '-'}"
            for i, c in enumerate(node)
        ]
        return "; ".join(parts)
    return shown(describe(node)) if node else ""


def play_command(
    args: argparse.Namespace, source: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Play a pack in the terminal: hot-seat, with --random seats given to the random agent."""
    try:
        return _play_command(args, source, out)
    except RulesError as error:  # the pack failed during a move: said, without a traceback
        echo(
            f"vtt play: {shown(args.pack)} failed during play (seed {args.seed or 0}): "
            f"{shown(error, ERROR_CHARS)}",
            file=sys.stderr,
        )
        return 1


def _start(args: argparse.Namespace) -> Match:
    """The match the arguments ask for; ValueError (or a rules error) saying what is wrong."""
    game = load_game(args.pack)
    # A typed name's invisible characters go: the record it may write opens again.
    typed = args.names.split(",") if args.names else None
    names = [without_hidden(name).strip() for name in typed] if typed else None
    players = args.players if args.players is not None or names is None else len(names)
    count = players if players is not None else game.players[2]
    chosen = game.chosen_seat_names(names, count)
    seats = [
        MatchSeat(name, COMPUTER if seat in args.random else PERSON, "random")
        for seat, name in enumerate(chosen)
    ]
    return Match(game, seats, parse_options(game, args.option), args.seed or 0, names=chosen)


def _play_command(args: argparse.Namespace, source: TextIO | None, out: TextIO | None) -> int:
    source = source or sys.stdin
    out = out or sys.stdout
    if not args.text:
        echo("vtt play needs --text (the window plays packs from its own menu)", file=out)
        return 2
    try:
        match = _start(args)
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt play: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    game = match.game
    agents = {seat: RandomAgent(seed=(args.seed or 0) + seat) for seat in args.random}
    humans = [seat for seat in range(len(match.seats)) if seat not in agents]
    private = len(humans) > 1 and game.hides_anything()
    rows = 0
    last: int | None = None  # the person who last had the screen
    frame = match.spectator_frame()
    while frame.outcome is None:
        rows = _new_sheet_rows(frame, game, rows, out)
        seat = frame.to_move
        assert seat is not None
        if seat in agents:
            mine = match.frame(seat)
            move = agents[seat].choose(mine, list(mine.moves))
            frame = _sent(match, Play(seat, text=move.text))
            text = _seen_by_all(match, move.text, humans)
            echo(f"{shown_name(frame.seat_names[seat])} (random) {text}", file=out)
            continue
        if private and seat != last and not _pass_screen(frame, seat, out, source):
            echo("game stopped", file=out)
            return 0
        last = seat
        mine = match.frame(seat)
        show_frame(mine, out, game)
        if _turn(match, mine, out, source) is None:
            echo("game stopped", file=out)
            return 0
        frame = match.spectator_frame()
    echo(f"\nGame over: {shown(frame.outcome.reason)}", file=out)
    if game.sheet is not None:
        echo(sheet_of(frame, game), file=out)
    winners = [shown_name(frame.seat_names[s]) for s in frame.outcome.winners] or [
        "nobody (a draw)"
    ]
    echo(f"Winner: {', '.join(winners)}; scores: {shown(describe(frame.outcome.scores))}", file=out)
    return 0


def _sent(match: Match, command: Play) -> SeatFrame:
    """Send a move the frame listed: the frame every seat sees after it."""
    answer = match.send(command)
    assert answer.accepted, answer.reason
    return match.spectator_frame()


def _seen_by_all(match: Match, made: str, humans: list[int]) -> str:
    """The last move as every person at the terminal may read it: "plays MOVE", or
    "chooses" when it is secret from one of them (with no person at the table, as made)."""
    texts = {match.frame(seat).history[-1] for seat in humans} or {made}
    return f"plays {shown(made)}" if texts == {made} else "chooses"


#: What clears a terminal's screen and its scrollback, the cursor at the top (ANSI).
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def _pass_screen(frame: SeatFrame, seat: int, out: TextIO, source: TextIO) -> bool:
    """Hide the last player's hand and wait for ``seat``'s player to press Enter, as
    the window's pass screen does; False when they quit (or input ends)."""
    if out.isatty():
        out.write(CLEAR)
    else:  # a pipe or a file keeps what was written: a plain break instead
        echo("\n" + "=" * 40, file=out)
    name = shown_name(frame.seat_names[seat])
    echo(f"Pass to {name}, then press Enter ('quit' to stop)> ", end="", file=out, flush=True)
    line = source.readline()
    if not line or line.strip().lower() in ("quit", "exit", "q"):
        return False
    if out.isatty():
        out.write(CLEAR)
    return True


def sheet_of(frame: SeatFrame, game: Game) -> str:
    """The score sheet as every seat reads it, as text."""
    sheet = game.sheet
    assert sheet is not None
    return sheet_text(sheet.table(frame.vars[SHEET], frame.seat_names))


def _new_sheet_rows(frame: SeatFrame, game: Game, printed: int, out: TextIO) -> int:
    """Print the sheet when a hand has added a row since ``printed`` rows; the rows now."""
    if game.sheet is None:
        return printed
    rows = len(frame.vars[SHEET])
    if rows > printed:
        echo("\n" + sheet_of(frame, game), file=out)
    return rows


def grid_text(grid: dict[Cell, Any], names: tuple[str, ...]) -> str:
    """A board drawn row by row, top row first, each cell's top piece and stack height.

    A piece shows its kind and its owner's initial (``R/W``: White's Rock); a
    piece standing on a card shows that card too (``pawn/B@QS``: the board of
    cards of Corner to Corner, where the card beneath decides the steps); a cell
    holding more than that shows how many more after a ``+``. Columns widen to
    the longest text.
    """
    if not grid:
        return "(no cells)"
    columns = max(cell.col for cell in grid) + 1
    rows = max(cell.row for cell in grid) + 1
    texts = {
        (col, row): _cell_text(grid.get(Cell(col, row), ()), names)
        for col in range(columns)
        for row in range(rows)
    }
    width = max(8, *(len(text) + 2 for text in texts.values()))
    lines = ["", "       " + "".join(f"{chr(97 + c):^{width}}" for c in range(columns))]
    for row in reversed(range(rows)):
        cells = [texts[col, row] for col in range(columns)]
        lines.append(f"    {row + 1:>2} " + "".join(f"{text:^{width}}" for text in cells))
    return "\n".join(lines)


def _cell_text(stack: Any, names: tuple[str, ...]) -> str:
    if not stack:
        return "."
    top = stack[-1]
    owner = getattr(top, "owner", None)
    text = shown_name(getattr(top, "kind", top))
    if isinstance(owner, int) and owner < len(names):
        text += "/" + shown(names[owner][:1])
    beneath = stack[0]
    if len(stack) > 1 and isinstance(top, Piece) and isinstance(beneath, Card):
        text += f"@{beneath}"
        return text + (f"+{len(stack) - 2}" if len(stack) > 2 else "")
    return text + (f"+{len(stack) - 1}" if len(stack) > 1 else "")


def _turn(match: Match, frame: SeatFrame, out: TextIO, source: TextIO) -> bool | None:
    """One human move; None when the player quits (or input ends)."""
    seat = frame.seat
    assert seat is not None
    moves = frame.moves
    for number, move in enumerate(moves, start=1):
        echo(f"  {number:>3}. {shown(move.text)}", file=out)
    game = match.game
    while True:
        sheet = ", 'sheet' for the score sheet" if game.sheet is not None else ""
        echo(
            f"move (number or notation{sheet}, 'export FILE' to write the record,"
            " 'quit' to stop)> ",
            end="",
            file=out,
            flush=True,
        )
        line = source.readline()
        if not line or line.strip().lower() in ("quit", "exit", "q"):
            return None
        text = line.strip()
        if text.lower().startswith("export "):
            export(match, seat, text[len("export ") :].strip(), out)
            continue
        if sheet and text.lower() == "sheet":
            echo(sheet_of(frame, game), file=out)
            continue
        if text.isdigit() and 1 <= int(text) <= len(moves):
            text = moves[int(text) - 1].text
        answer = match.send(Play(seat, text=text))
        if answer.accepted:
            return True
        echo(f"  not allowed: {shown(answer.reason)}", file=out)


def export(match: Match, seat: int, path: str, out: TextIO) -> bool:
    """Write the game's record for ``seat`` (the seat to move): the whole game once it is
    over, else the game as that seat saw it, nothing hidden from it in the file (the
    others at the terminal take turns at it, as at the window)."""
    try:
        record = match.record(seat).pin(pack_text(match.game.path), keep=True)
        write_atomically(Path(path), record.to_yaml())
    except RecordError as error:
        echo(f"  cannot export the record: {shown(error, ERROR_CHARS)}", file=out)
        return False
    except OSError as error:
        echo(f"  cannot write the record to {path}: {error.strerror or error}", file=out)
        return False
    seen = f" as {shown_name(record.seen_by)} saw it" if record.seen_by is not None else ""
    echo(f"  record{seen} written to {path}", file=out)
    return True
