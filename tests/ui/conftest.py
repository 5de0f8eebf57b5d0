"""Fixtures for the window tests: offscreen Qt, a private user folder, a fresh window."""

from __future__ import annotations

import functools
import os
import sys
import traceback

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The computer searches in the window's process (its worker processes on every core are
# tested in tests/ai/test_parallel.py and, once, with a window in test_computer_levels).
os.environ.setdefault("VTT_CORES", "1")

import pytest

from vtt.rules.setups import load_setup
from vtt.table.savefile import table_from_data, table_to_data

#: Qt messages the offscreen platform prints that say nothing about our code.
HARMLESS = r"This plugin does not support|propagateSizeHints"
#: How long a window test waits for what will happen (the computer's move, a window
#: shown, an autosave written): generous, for a busy machine is slow, never wrong.
PATIENCE_MS = 60_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every window test fails on Qt warnings (except the offscreen platform's own); its
    exceptions in Qt's handlers are caught by :func:`handler_errors_fail` below."""
    for item in items:
        if "tests/ui" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore(HARMLESS))
            item.add_marker(pytest.mark.qt_no_exception_capture)


@pytest.fixture(autouse=True)
def handler_errors_fail(qtbot):
    """Fail the test on any exception raised in a paint or event handler, and paint every
    window once more at the end, so that a broken paint cannot pass unseen.

    pytest-qt's own capture keeps each traceback, and with it a paint handler's live
    QPainter: Qt then complains on every later paint, or crashes when the device goes.
    This hook keeps the text only and frees the frames at once.
    """
    caught: list[str] = []

    def hook(kind, error, trace) -> None:
        caught.append("".join(traceback.format_exception(kind, error, trace)))
        traceback.clear_frames(trace)
        sys.last_value = sys.last_traceback = None

    before, sys.excepthook = sys.excepthook, hook
    try:
        yield caught  # a test that grabs a picture checks first that painting worked
        if not caught:
            from gestures import paint_windows

            paint_windows()
    finally:
        sys.excepthook = before
    if caught:
        pytest.fail("Exceptions in Qt handlers:\n" + "\n".join(caught), pytrace=False)


@pytest.fixture(autouse=True)
def patient_waits(monkeypatch):
    """qtbot's waits (waitUntil, waitExposed, waitActive, waitSignal...) allow PATIENCE_MS
    unless a test says otherwise, not pytest-qt's 5 s."""
    from pytestqt.qtbot import QtBot

    for name in ("waitUntil", "waitExposed", "waitActive", "waitSignal", "waitSignals"):
        waits = getattr(QtBot, name)
        monkeypatch.setattr(QtBot, name, functools.partialmethod(waits, timeout=PATIENCE_MS))


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    """Keep autosaves, recent files and settings in a temporary folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("JANKEN_TABLE_HOME", str(home))
    return home


#: The shipped packs' setups, read once per test process: (each pack.yaml's path, time
#: and size) -> the setups list_setups found in the shipped folder.
_SHIPPED_SETUPS: dict[tuple[tuple[str, int, int], ...], list] = {}


@pytest.fixture(autouse=True)
def shipped_setups_read_once(monkeypatch):
    """Every table window lists the setups of the shipped and the user's packs (its
    Table > New menu), reading every shipped pack.yaml through the schema: the shipped
    ones are read once while their files stay as they are (the same Setups a window keeps
    for its own later menus), the user's folder anew each time."""
    from vtt.resources import rulesets_dir, user_packs_dir
    from vtt.rules import setups
    from vtt.ui import window

    real = setups.list_setups

    def listed(folders=None):
        if folders is not None:
            return real(folders)
        shipped = rulesets_dir()
        files = sorted(shipped.glob("*/pack.yaml"))
        key = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)
        if key not in _SHIPPED_SETUPS:
            _SHIPPED_SETUPS[key] = real([shipped])
        return [*_SHIPPED_SETUPS[key], *real([user_packs_dir()])]

    monkeypatch.setattr(window, "list_setups", listed)


@pytest.fixture(autouse=True)
def close_without_asking(monkeypatch):
    """Windows closed at the end of a test discard their changes instead of asking."""
    from vtt.ui import dialogs

    monkeypatch.setattr(dialogs, "ask_save_changes", lambda *args: "discard")


def make_window(qtbot, setup: str = "janken-deck-games", seats: int = 3):
    """A shown window with a fresh table laid out from a setup, fitted to the table."""
    from vtt.ui.window import TableWindow

    table = load_setup(setup).new_table(seats, seed=7)
    window = TableWindow(table)
    window.resize(1400, 950)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.reset_view()
    window.session.set_modified(False)
    return window


@pytest.fixture
def window(qtbot):
    """A window with Janken Deck Games for three seats."""
    return make_window(qtbot)


@pytest.fixture
def sandbox(qtbot):
    """A window with the Janken Sandbox for three seats."""
    return make_window(qtbot, "janken-sandbox", 3)


def copy_table(table):
    """An independent copy of a table (for comparing with ``==`` later)."""
    return table_from_data(table_to_data(table))


@pytest.fixture(autouse=True)
def no_checker_process_left():
    """Fail a test that leaves a studio's worker process running (every studio window
    it opened is closed by its end: the test's own close, or pytest-qt's)."""
    import multiprocessing

    yield
    left = [p for p in multiprocessing.active_children() if p.name == "pack-checker"]
    for process in left:
        process.kill()
        process.join()
    assert not left, f"{len(left)} studio worker process(es) left running"
