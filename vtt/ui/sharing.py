"""Sharing a pack from the window: File > Export pack... writes a ``.jpack``; File >
Import pack... (or a ``.jpack`` dropped on the table) installs one into the user's packs
folder, after ``vtt.studio.jpack`` has checked everything in it.

The pack is checked off the window's thread (its trial games take a second or two;
a stranger's up to the trial's time limit), a progress dialog offering Cancel after a
moment; nothing is installed or written once it is cancelled. A refusal is said in a
message box naming the archive's entry and the reason; an install says where the pack
went and offers to start a game of it. The file dialogs and questions are module-level
calls, so that tests can answer them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from vtt.resources import user_packs_dir
from vtt.rules.finder import load_game
from vtt.studio.jpack import (
    STAGES,
    SUFFIX,
    JpackError,
    PackExists,
    Progress,
    export_pack,
    import_pack,
)
from vtt.ui import dialogs
from vtt.ui.progress import Cancelled, with_progress
from vtt.ui.qt import QFileDialog, QWidget

if TYPE_CHECKING:
    from vtt.ui.window import TableWindow

#: The file dialogs' filter.
FILTER = f"Janken packs (*{SUFFIX});;All files (*)"
_T = TypeVar("_T")


def _checked(parent: QWidget, label: str, work: Callable[[Progress], _T]) -> _T:
    """What ``work(progress)`` returns, worked out off the window's thread while a
    progress dialog (after a moment) offers Cancel: checking a pack plays its trial
    games, a second or two. Cancelled when the person cancels (nothing is installed
    or written after that)."""
    return with_progress(label, STAGES, lambda step: work(lambda done, _total: step(done)), parent)


def ask_export(parent: QWidget, folder: Path | None = None) -> Path | None:
    """File > Export pack...: ask for the pack's folder (unless given) and the file to
    write, then write it; the file, or None (cancelled, or refused and said so)."""
    if folder is None:
        start = user_packs_dir() if user_packs_dir().is_dir() else Path.home()
        chosen = QFileDialog.getExistingDirectory(
            parent, "Export pack: choose the pack's folder", str(start)
        )
        if not chosen:
            return None
        folder = Path(chosen)
    if not (folder / "pack.yaml").is_file():
        dialogs.warn(parent, "Export pack", f"{folder} holds no pack.yaml: choose a pack's folder")
        return None
    name, _ = QFileDialog.getSaveFileName(
        parent, "Export pack", str(Path.home() / f"{folder.name}{SUFFIX}"), FILTER
    )
    if not name:
        return None
    try:
        written = _checked(
            parent, "Checking the pack…", lambda told: export_pack(folder, name, progress=told)
        )
    except Cancelled:
        _say(parent, "Export cancelled: nothing written")
        return None
    except JpackError as error:
        dialogs.warn(parent, "Cannot export the pack", str(error))
        return None
    _say(parent, f"Wrote {written}: share it; dropped on the table window, it installs the pack")
    return written


def ask_import(window: TableWindow) -> Path | None:
    """File > Import pack...: ask for a ``.jpack`` and install it (``install``)."""
    name, _ = QFileDialog.getOpenFileName(window, "Import pack", str(Path.home()), FILTER)
    return install(window, Path(name)) if name else None


def install(window: TableWindow, path: Path) -> Path | None:
    """Check and install the pack in a ``.jpack`` (asking before replacing an installed
    pack of its id); say where it went and offer a game of it. Its folder, or None."""
    try:
        try:
            folder = _imported(window, path, replace=False)
        except PackExists as exists:
            question = (
                f"Your packs folder holds a pack of this id already: {exists.folder}. "
                f"Replace it with the one in {path.name}?"
            )
            if not dialogs.ask_yes_no(window, "Replace the pack?", question):
                _say(window, f"Nothing installed from {path.name}: the pack there was kept")
                return None
            folder = _imported(window, path, replace=True)
        game = load_game(folder)
    except Cancelled:
        _say(window, f"Cancelled: nothing installed from {path.name}")
        return None
    except JpackError as error:
        window.report_error("Cannot install the pack", f"{error}\n\nNothing was installed.")
        return None
    window._fill_new_menu()  # a free table installed is one to lay out
    if game.kind == "setup":
        _say(window, f"Installed {game.name} in {folder}: File > New table from lays it out")
        return folder
    question = (
        f"Installed {game.name} in {folder}. Game > New game... lists it.\n\n"
        "Start a game of it now?"
    )
    if dialogs.ask_yes_no(window, "Pack installed", question):
        new_game(window, folder)
    _say(window, f"Installed {game.name} in {folder}")
    return folder


def _imported(window: TableWindow, path: Path, replace: bool) -> Path:
    return _checked(
        window,
        f"Checking {path.name}…",
        lambda told: import_pack(path, replace=replace, progress=told),
    )


def new_game(window: TableWindow, folder: Path) -> None:
    """Game > New game... with the pack in ``folder`` chosen."""
    from vtt.ui.game.dialog import NewGameDialog

    dialog = NewGameDialog(window)
    rows = [row for row, entry in enumerate(dialog.packs) if entry.folder == folder]
    if rows:
        dialog.pack_list.setCurrentRow(rows[0])
    if dialog.exec() == NewGameDialog.DialogCode.Accepted:
        setup = dialog.setup()
        if setup is not None:
            window.open_game(setup)


def _say(parent: QWidget, text: str) -> None:
    """A message in the window's status bar."""
    window = parent.window()
    bar = getattr(window, "statusBar", None)
    if bar is not None:
        bar().showMessage(text, 10000)
