"""Opening a game file in a game window: a saved game (``.jgame``, resumed where it
stopped, its moves made again) or a game record (to step through); the errors name
the file and what is wrong."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from vtt.match import Match
from vtt.rules import RulesError
from vtt.rules.records import load_record, record_pinned
from vtt.rules.shown import shown_name
from vtt.ui import dialogs
from vtt.ui.art import Art
from vtt.ui.game.saved import SUFFIX, SavedGame, SavedGameError, load_saved_game
from vtt.ui.game.session import GameSetup, SeatChoice, made_again
from vtt.ui.progress import Cancelled, with_progress
from vtt.ui.qt import QWidget

if TYPE_CHECKING:
    from vtt.ui.game.window import GameWindow

#: The files a game window opens: saved games, and records to step through.
GAME_FILES = (SUFFIX, ".yaml", ".yml")


class GameFileError(ValueError):
    """A saved game or record that cannot be opened, naming the file and what is wrong."""


class OpeningCancelled(GameFileError):
    """The person cancelled opening a game (while its moves were made again)."""


#: The answers when a saved game's pack has changed since it was saved.
NEW_RULES, SAVED_COPY = "Replay on the new rules", "Use the saved copy"
#: Said in the title of a game played with the copy of the rules its file keeps.
RULES_LABEL = " (saved copy of the rules)"


def open_game_file(
    path: Path | str,
    art: Art | None = None,
    pause_ms: int | None = None,
    kind: str = "",
    parent: QWidget | None = None,
) -> GameWindow:
    """A window for a saved game (resumed where it stopped) or a game record (to step
    through), by the file's suffix unless ``kind`` says; GameFileError names the file.
    A saved game whose pack has changed asks ``parent``'s person which rules to play."""
    path = Path(path)
    kind = kind or path.suffix.lower()
    if kind == SUFFIX:
        try:
            saved = load_saved_game(path)
        except SavedGameError as error:
            raise GameFileError(str(error)) from None
        return resumed_saved_game(saved, str(path), art, pause_ms, parent, path)
    if kind not in GAME_FILES:
        raise GameFileError(
            f"{path}: not a saved game ({SUFFIX}) or a game record (.yaml); cannot open it here"
        )
    return replayed_record(path, art, pause_ms, parent)


def replayed_record(
    path: Path, art: Art | None = None, pause_ms: int | None = None, parent: QWidget | None = None
) -> GameWindow:
    """A window stepping through a game record. When its pack has changed since it was
    written and it keeps the rules it was played with, the person chooses which to
    replay it on (``ask_rules``); a pack found nowhere, the copy it keeps."""
    try:
        record = load_record(path)
        pinned = record_pinned(record)
        note = (
            pinned.change_note(pinned.name(), "this record was written") if pinned.changed else ""
        )
        on_copy = pinned.found is None or (
            bool(note)
            and pinned.copy is not None
            and ask_rules(note, str(path), parent) == SAVED_COPY
        )
        if on_copy:
            setup = GameSetup(record.pack, (), record.options, text=pinned.copy)
        else:
            setup = GameSetup(pinned.pack, (), record.options)
        game = setup.game()
        names = record.seats or game.seat_labels(record.players or 2)
    except (RulesError, FileNotFoundError) as error:
        raise GameFileError(_named(path, error)) from None
    setup = replace(setup, seats=tuple(SeatChoice(n) for n in names))
    try:  # the moves are made on a worker thread: the windows stay responsive
        label = f"Making the {len(record.moves)} moves of {shown_name(game.name)} again…"
        match = with_progress(
            label, len(record.moves), lambda step: Match.of_record(game, record, step)
        )
    except Cancelled:
        raise OpeningCancelled(f"{path}: opening cancelled") from None
    except (ValueError, RulesError) as error:
        raise GameFileError(_named(path, error)) from None
    from vtt.ui.game.window import GameWindow

    window = GameWindow(setup, art, pause_ms)
    try:
        window.session.open_replay(record, match)
    except (ValueError, RulesError) as error:
        window.discard()
        raise GameFileError(_named(path, error)) from None
    if on_copy:
        window.rules_label = RULES_LABEL
        window.refresh()
        window.say("The rules are the saved copy kept in this record, not the pack installed.")
    elif note:
        window.say(note)
    elif pinned.found is not None and (not pinned.found.installed or pinned.found.note):
        window.say(f"The rules are {pinned.found}")
    return window


def resumed_saved_game(
    saved: SavedGame,
    source: str,
    art: Art | None = None,
    pause_ms: int | None = None,
    parent: QWidget | None = None,
    path: Path | None = None,
) -> GameWindow:
    """A window going on with a saved game read from ``source`` (a file, an autosave;
    ``path``: the game's own file), saying what it is played with. When its pack has
    changed since and the file keeps the rules it was played with, the person chooses
    (``rules_choice``)."""
    choice = rules_choice(saved, source, parent)
    if choice == NEW_RULES:  # told in the bar the studio's reloads use: it stays
        window, message = reloaded_game(saved, source, art, pause_ms)
        window.reload_bar.tell(f"{saved.note} {message}")
        said = []
    else:
        if choice == SAVED_COPY:
            saved = saved.on_saved_copy()
        said = [saved.source]
        if saved.note:
            said.append(f"{saved.note} Its moves were made again with the rules as they are now.")
        window = resumed_game(saved, source, art, pause_ms)
    if window.session.setup.text is not None:
        window.rules_label = RULES_LABEL
    if path is not None:
        window.path = path
        window.saved_moves = saved.moves
    window.refresh()
    if any(said):
        window.say(" ".join(text for text in said if text))
    return window


def rules_choice(saved: SavedGame, source: str, parent: QWidget | None) -> str | None:
    """None when a saved game asks nothing; else the person's answer (``ask_rules``)
    when its pack has changed and the file keeps the rules it was played with."""
    return ask_rules(saved.note, source, parent) if saved.asks else None


def ask_rules(note: str, source: str, parent: QWidget | None) -> str:
    """Ask which rules a file whose pack has changed (``note`` says how) is played on:
    **Replay on the new rules** (its moves made again under them; a saved game stops
    at the first that no longer applies, said) or **Use the saved copy** (the rules
    kept in the file); Cancel raises OpeningCancelled naming ``source``."""
    choice = dialogs.ask_choice(
        parent,
        "The rules have changed",
        f"{note}\n\n{NEW_RULES}: the moves are made again under the pack as it is now, "
        "up to the first that no longer applies.\n"
        f"{SAVED_COPY}: the rules the game was played with, kept in the file.",
        (NEW_RULES, SAVED_COPY),
    )
    if choice is None:
        raise OpeningCancelled(f"{source}: opening cancelled")
    return choice


def reloaded_game(
    saved: SavedGame, source: str, art: Art | None = None, pause_ms: int | None = None
) -> tuple[GameWindow, str]:
    """A window going on with a saved game under its pack as it is now: its moves made
    under the copy of the rules kept in the file, then again under the pack now
    (``Match.reloaded``), up to the first that no longer applies; and what happened."""
    kept = saved.on_saved_copy()
    try:
        then = kept.setup.game()
        now = saved.setup.game()
    except (RulesError, ValueError, FileNotFoundError) as error:
        raise GameFileError(f"{source}: {error}") from None
    label = f"Making the {len(saved.moves)} moves of {shown_name(then.name)} again…"
    try:
        match = with_progress(
            label,
            len(saved.moves),
            lambda step: made_again(then, kept.setup, saved.moves, source, step),
        )
        reloaded = match.reloaded(now)
    except Cancelled:
        raise OpeningCancelled(f"{source}: opening cancelled") from None
    except (ValueError, RulesError) as error:
        raise GameFileError(_named(Path(source), error)) from None
    from vtt.ui.game.window import GameWindow

    try:
        window = GameWindow(saved.setup, art, pause_ms)
    except (RulesError, ValueError, FileNotFoundError) as error:
        raise GameFileError(f"{source}: {error}") from None
    window.session.resume(saved.setup, reloaded.match)
    return window, reloaded.message


def resumed_game(
    saved: SavedGame, source: str, art: Art | None = None, pause_ms: int | None = None
) -> GameWindow:
    """A window going on with a saved game; GameFileError naming ``source`` at a bad move.

    The moves are made again on a worker thread, with a progress dialog and Cancel
    when they take a while (OpeningCancelled): the windows stay responsive."""
    setup, moves = saved.setup, saved.moves
    try:
        game = setup.game()
    except (RulesError, ValueError, FileNotFoundError) as error:
        raise GameFileError(f"{source}: {error}") from None
    label = f"Making the {len(moves)} moves of {shown_name(game.name)} again…"
    try:
        match = with_progress(
            label, len(moves), lambda step: made_again(game, setup, moves, source, step)
        )
    except Cancelled:
        raise OpeningCancelled(f"{source}: opening cancelled") from None
    except (ValueError, RulesError) as error:  # a bad move, or options the rules refuse
        raise GameFileError(_named(Path(source), error)) from None
    from vtt.ui.game.window import GameWindow

    try:
        window = GameWindow(setup, art, pause_ms)
    except (RulesError, ValueError, FileNotFoundError) as error:
        raise GameFileError(f"{source}: {error}") from None
    window.session.resume(setup, match)
    return window


def _named(path: Path, error: Exception) -> str:
    """An error's text, starting with the file's name if it does not already."""
    text = str(error)
    return text if str(path) in text else f"{path}: {text}"
