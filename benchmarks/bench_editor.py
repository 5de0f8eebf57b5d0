"""The pack editor (``vtt edit``): how soon an error typed is underlined, and how long
the UI thread is ever held while the check pass and the checks on meaning run.

Both on the largest shipped pack, in the studio window (offscreen):

- keystroke to underline: a key that makes an error is typed, and the time until
  the editor underlines it is taken (the rest before checking, ``DELAY_MS``, is
  part of it, as the designer sees it); median and worst of several;
- the longest UI-thread block: a timer ticks every ``TICK_MS`` on the UI thread
  while the text is changed again and again (every change checked on the worker
  thread, and its result shown), and then while the random games of the checks on
  meaning are played; the longest gap between ticks, less the tick, is the longest
  the window could not answer.
"""

from __future__ import annotations

import itertools
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import Result
from vtt.ui.studio.checker import DELAY_MS

GROUP = "Pack editor"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
#: Errors typed for the latency figure.
TYPED = 9
#: The UI timer's tick while measuring blocks, in milliseconds.
TICK_MS = 5
_APP: object = None


def largest_pack() -> Path:
    """The shipped pack.yaml with the most text."""
    from vtt.resources import rulesets_dir
    from vtt.rules.finder import pack_folders

    files = [folder / "pack.yaml" for folder in pack_folders(rulesets_dir())]
    return max(files, key=lambda path: path.stat().st_size)


def _window(path: Path):  # type: ignore[no-untyped-def]
    from vtt.ui.app import application
    from vtt.ui.studio.window import StudioWindow

    global _APP
    _APP = application()
    window = StudioWindow(path)
    window.resize(1366, 740)
    window.show()
    _until(lambda: window.last is not None and not window.checker.busy)
    return window


def _until(done: Callable[[], bool], limit_s: float = 60.0) -> None:
    from vtt.ui.qt import QApplication

    end = time.perf_counter() + limit_s
    while not done():
        if time.perf_counter() > end:
            raise TimeoutError("the editor did not answer in time")
        QApplication.processEvents()
        time.sleep(0.0005)


def _key(widget, key, text: str) -> None:  # type: ignore[no-untyped-def]
    """Press and release a key on a widget, as the keyboard would."""
    from vtt.ui.qt import QApplication, QEvent, QKeyEvent, Qt

    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))


def _error_place(window) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """A line and column after a zone name in a flow mapping (``start: stock``)."""
    document = window.editor.document()
    for number in range(document.blockCount()):
        text = document.findBlockByNumber(number).text()
        if "start: " in text:
            column = text.index("start: ") + len("start: ")
            end = column
            while end < len(text) and (text[end].isalnum() or text[end] == "_"):
                end += 1
            return number + 1, end + 1
    raise LookupError("no 'start:' in the pack")


def keystroke_to_underline_ms(window) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Median and worst time from a key typed to its error underlined."""
    from vtt.ui.qt import Qt

    editor = window.editor
    line, column = _error_place(window)
    times = []
    for _ in range(TYPED):
        editor.go_to(line, column)
        start = time.perf_counter()
        _key(editor, Qt.Key.Key_X, "x")
        _until(lambda: any(d.line == line for d in editor.problems()))
        times.append((time.perf_counter() - start) * 1000.0)
        _key(editor, Qt.Key.Key_Backspace, "\b")
        _until(lambda: not window.checker.busy and not editor.problems())
    return statistics.median(times), max(times)


def longest_blocks_ms(window) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The longest UI-thread block while checking as the text changes, and while the
    random games of the checks on meaning are played."""
    from vtt.ui.qt import QElapsedTimer, Qt, QTimer

    editor = window.editor
    clock = QElapsedTimer()
    clock.start()
    ticks: list[int] = []
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))

    def longest() -> float:
        gaps = [b - a for a, b in itertools.pairwise(ticks)]
        return max(gaps, default=0) - TICK_MS

    line, column = _error_place(window)
    timer.start()
    for round_ in range(12):  # each change checked (a rest longer than the delay)
        editor.go_to(line, column + round_ % 2)  # after the name, or after the x typed
        if round_ % 2 == 0:
            _key(editor, Qt.Key.Key_X, "x")
        else:
            _key(editor, Qt.Key.Key_Backspace, "\b")
        _until(lambda: not window.checker.busy)
    checking = longest()
    ticks.clear()
    games: list[object] = []
    window.checker.warned.connect(games.append)
    window.checker._games_timer.setInterval(10)
    window.checker.schedule(editor.text())
    _until(lambda: len(games) >= 2, limit_s=300.0)  # the static warnings, then the games'
    playing = longest()
    timer.stop()
    return checking, playing


def idle_block_ms(window) -> float:  # type: ignore[no-untyped-def]
    """The longest gap of the same UI timer with nothing being checked: the machine's
    own noise (other processes taking the cores), to read the figures above against."""
    from vtt.ui.qt import QElapsedTimer, QTimer

    clock = QElapsedTimer()
    clock.start()
    ticks: list[int] = []
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(clock.elapsed()))
    timer.start()
    _until(lambda: clock.elapsed() > 4000)
    timer.stop()
    return max((b - a for a, b in itertools.pairwise(ticks)), default=0) - TICK_MS


def highlight_ms(path: Path) -> tuple[float, float]:
    """Highlighting the whole pack (opening it), and one keystroke's highlighting and
    handling in the editor (median of 40 letters typed on a long line)."""
    from vtt.ui.qt import Qt, QTextDocument
    from vtt.ui.studio.highlight import YamlHighlighter

    text = path.read_text(encoding="utf-8")
    document = QTextDocument()
    document.setPlainText(text)
    highlighter = YamlHighlighter(document)
    whole = []
    for _ in range(5):
        start = time.perf_counter()
        highlighter.rehighlight()
        whole.append((time.perf_counter() - start) * 1000.0)
    window = _window(path)
    editor = window.editor
    line, column = _error_place(window)
    times = []
    for n in range(40):
        editor.go_to(line, column + n)
        start = time.perf_counter()
        _key(editor, Qt.Key.Key_Space, " ")
        times.append((time.perf_counter() - start) * 1000.0)
    editor.document().setModified(False)
    window.close()
    return statistics.median(whole), statistics.median(times)


def run() -> list[Result]:
    """The pack editor's figures."""
    path = largest_pack()
    window = _window(path)
    median, worst = keystroke_to_underline_ms(window)
    checking, playing = longest_blocks_ms(window)
    idle = idle_block_ms(window)
    window.editor.document().setModified(False)
    window.close()
    opening, keystroke = highlight_ms(path)
    pack = path.parent.name
    return [
        Result(
            GROUP,
            f"keystroke to underline ({pack}, median of {TYPED})",
            median,
            "ms",
            "< 300 ms",
            median < 300,
            f"includes the {DELAY_MS} ms rest before checking",
        ),
        Result(GROUP, f"keystroke to underline ({pack}, worst)", worst, "ms"),
        Result(
            GROUP,
            "longest UI-thread block while checking",
            checking,
            "ms",
            "< 50 ms",
            checking < 50,
            f"a {TICK_MS} ms UI timer's longest gap, 12 edits each checked and shown",
        ),
        Result(
            GROUP,
            "longest UI-thread block while the random games run",
            playing,
            "ms",
            "< 50 ms",
            playing < 50,
            "the checks on meaning's background games",
        ),
        Result(GROUP, f"highlight the whole of {pack} (Pygments, line by line)", opening, "ms"),
        Result(
            GROUP,
            "one keystroke handled and highlighted",
            keystroke,
            "ms",
            "< 16 ms",
            keystroke < 16,
            "median of 40 spaces typed into a long line",
        ),
        Result(
            GROUP,
            "longest UI-thread block with nothing checked",
            idle,
            "ms",
            note="the machine's own noise: the same timer for 4 s, the editor idle",
        ),
    ]
