"""Game > Simulate... (and the studio's Simulate 100 games): batches of a pack and
options between agents.

The batch runs on a worker thread (its games on processes when more than one
worker is chosen), tells its progress, and can be cancelled: Cancel and Close stop
the games under way between two moves, in every process, and wait for them. The
designer's table (``vtt.ai.simulate.table``) and chart (``vtt.ui.chart``) show at
the end, as ``vtt simulate`` prints and draws them, in a scrolled area: the dialog
stays within the screen. ``SimulatePanel`` is all of it, for any setup (a pack's text
not saved too); ``SimulateDialog`` shows one for the game of a window.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from vtt.ai.levels import AGENTS
from vtt.ai.simulate import Batch, Report, option_words, simulate, table
from vtt.rules.errors import RulesError
from vtt.rules.game import Game
from vtt.rules.shown import ERROR_CHARS, shown, shown_name
from vtt.ui.chart import chart_image
from vtt.ui.game.session import GameSession, GameSetup
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QComboBox,
    QDialog,
    QFont,
    QFormLayout,
    QHBoxLayout,
    QObject,
    QPixmap,
    QProgressBar,
    QPushButton,
    QRunnable,
    QScrollArea,
    QSize,
    QSpinBox,
    QThreadPool,
    QVBoxLayout,
    QWidget,
    Signal,
)
from vtt.ui.screen import fit_to_screen, keep_on_screen

__all__ = ["RunSettings", "Signals", "SimulateDialog", "SimulatePanel", "Work"]


class Signals(QObject):
    """What a :class:`Work` in the background tells the window."""

    progress = Signal(int, int)
    finished = Signal(object)  # the work's result
    failed = Signal(str)


#: A piece of background work: called with the progress callback ``(done, total)`` and
#: ``cancelled()``, asked between games; returns the result ``finished`` carries.
Job = Callable[[Callable[[int, int], None], Callable[[], bool]], object]


class Work(QRunnable):
    """A job on a worker thread of a ``QThreadPool``: its progress, result or failure
    arrive as ``signals`` (in the window's thread); ``stop`` set cancels it."""

    def __init__(self, job: Job, stop: threading.Event, signals: Signals):
        super().__init__()
        self.job, self.stop, self.signals = job, stop, signals

    def run(self) -> None:
        try:
            self.signals.finished.emit(self.job(self.signals.progress.emit, self.stop.is_set))
        except RulesError as error:  # the pack failed in a game: named with its seed
            self.signals.failed.emit(str(error))
        except Exception as error:  # any other failure is told, not lost in a thread
            self.signals.failed.emit(f"{type(error).__name__}: {error}")


class RunSettings(QWidget):
    """The choices of a batch: an agent for each seat, the games, the seed and the
    processes playing them (the Simulate panel's, a form; a comparison's, ``across``
    in one row)."""

    def __init__(self, players: int, parent: QWidget | None = None, across: bool = False):
        super().__init__(parent)
        self.agents: list[QComboBox] = []
        self.games = _spin(1, 1_000_000, 100)
        self.seed = _spin(0, 2**31 - 1, 0)
        self.workers = _spin(1, os.cpu_count() or 1, os.cpu_count() or 1)
        numbers = (("Games", self.games), ("Seed", self.seed), ("Processes", self.workers))
        self.form: QFormLayout | None = None
        self.row: QHBoxLayout | None = None
        if across:
            self.row = QHBoxLayout()
            line = QHBoxLayout(self)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(Label("Agents"))
            line.addLayout(self.row)
            for label, spin in numbers:
                line.addSpacing(12)
                line.addWidget(Label(label))
                line.addWidget(spin)
            line.addStretch(1)
        else:
            self.form = QFormLayout(self)
            self.form.setContentsMargins(0, 0, 0, 0)
            for label, spin in numbers:
                self.form.addRow(label, spin)
        self.seat(players)

    def seat(self, players: int) -> None:
        """An agent choice for each of ``players`` seats (Normal at the first, random
        at the others; the choices already made are kept)."""
        while len(self.agents) > players:
            choice = self.agents.pop()
            if self.form is not None:
                self.form.removeRow(len(self.agents))
            else:
                choice.deleteLater()
        while len(self.agents) < players:
            seat = len(self.agents)
            choice = QComboBox()
            choice.addItems(list(AGENTS))
            choice.setCurrentText("normal" if seat == 0 else "random")
            choice.setToolTip(
                f"Seat {seat + 1}'s agent. Agents are seated in turn: game 2 shifts them"
                " one seat, and so on"
            )
            if self.form is not None:
                self.form.insertRow(seat, f"Agent {seat + 1}", choice)
            else:
                assert self.row is not None
                self.row.addWidget(choice)
            self.agents.append(choice)

    def chosen(self) -> tuple[str, ...]:
        """The agents chosen, seat by seat."""
        return tuple(choice.currentText() for choice in self.agents)


class SimulatePanel(QWidget):
    """Choose agents, games, seed and workers; run; watch progress; read the results.

    Signals:
        finished(object): a batch ended (its Report; a cancelled one too)."""

    finished = Signal(object)

    def __init__(self, game: Game, setup: GameSetup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.stop = threading.Event()
        self.signals = Signals(self)
        self.signals.progress.connect(self._progress)
        self.signals.finished.connect(self._finished)
        self.signals.failed.connect(self._failed)
        self.report: Report | None = None

        options = option_words(game, dict(setup.options))
        heading = Label(
            shown_name(game.name)
            + shown(f", {setup.players} players" + (f"; {options}" if options else ""))
        )
        heading.setWordWrap(True)
        #: The choices (agents, games, seed, processes), which ``fold`` may hide.
        self.settings = RunSettings(setup.players)
        self.agents = self.settings.agents
        self.games, self.seed = self.settings.games, self.settings.seed
        self.workers = self.settings.workers
        self.run_button = QPushButton("&Run")
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.settings_button = QPushButton("&Agents and games…")
        self.settings_button.setCheckable(True)
        self.settings_button.setChecked(True)
        self.settings_button.toggled.connect(self.settings.setVisible)
        self.settings_button.hide()
        #: The row of buttons (the studio adds its Compare with the saved pack).
        self.buttons = buttons = QHBoxLayout()
        buttons.addWidget(self.settings_button)
        buttons.addStretch(1)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.status = Label("")
        self.results = Label("")
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.results.setFont(font)
        self.chart = Label("")
        self.status.setWordWrap(True)
        shown_results = QWidget()
        inside = QVBoxLayout(shown_results)
        inside.addWidget(self.results)
        inside.addWidget(self.chart)
        inside.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidget(shown_results)
        self.scroll.setWidgetResizable(True)
        self.scroll.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.settings)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.scroll, 1)

    def fold(self) -> None:
        """Show the choices only when asked (a button opens them): the results take the
        room (a panel in a small space, as the studio's)."""
        self.settings_button.show()
        self.settings_button.setChecked(False)

    def batch(self) -> Batch:
        """The batch the fields describe, on the setup's pack (or text) and options."""
        setup = self.setup
        return Batch(
            setup.pack,
            self.games.value(),
            self.settings.chosen(),
            tuple(setup.options.items()),
            self.seed.value(),
            setup.players,
            text=setup.text,
        )

    def start(self) -> None:
        """Run the batch in the background."""
        batch = self.batch()
        self.stop.clear()
        self.report = None
        self.progress.setRange(0, batch.games)
        self.progress.setValue(0)
        self.results.clear()
        self.chart.clear()
        self.status.setText(f"Playing {batch.games} games…")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        workers = self.workers.value()
        self.pool.start(
            Work(
                lambda progress, cancelled: simulate(
                    batch, workers=workers, progress=progress, cancelled=cancelled
                ),
                self.stop,
                self.signals,
            )
        )

    def cancel(self) -> None:
        """Stop after the games under way."""
        self.stop.set()
        self.status.setText("Cancelling: the games under way stop at their next move…")

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(f"{done} of {total} games played")

    def _finished(self, rep: Any) -> None:
        self.report = rep
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(
            f"Cancelled after {rep.games} games"
            if self.stop.is_set()
            else f"{rep.games} games played"
        )
        if rep.games:
            self.results.setText(table(rep))
            if rep.ended:
                self.chart.setPixmap(QPixmap.fromImage(chart_image(rep)))
            self.scroll.show()
        self.finished.emit(rep)

    def _failed(self, reason: str) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(shown(f"The simulation stopped: {reason}", ERROR_CHARS))

    def halt(self) -> None:
        """Cancel a batch under way and wait for it to stop (the panel is going away)."""
        self.stop.set()
        self.pool.waitForDone()


class SimulateDialog(QDialog):
    """Game > Simulate...: a ``SimulatePanel`` on the window's game and setup."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Simulate — {shown_name(session.game.name)}")
        self.panel = SimulatePanel(session.game, session.setup, self)
        self.panel.finished.connect(self._fit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.panel)

    def _fit(self) -> None:
        """Grow to show the results, within the screen's free room (the rest scrolls)."""
        if not self.panel.scroll.isVisible():
            return
        hint, inside = self.sizeHint(), self.panel.scroll.widget().sizeHint()
        wanted = QSize(max(hint.width(), inside.width() + 40), hint.height() + inside.height())
        fit_to_screen(self, wanted)
        keep_on_screen(self)

    def done(self, result: int) -> None:
        """Closing cancels a batch under way and waits for it to stop."""
        self.panel.halt()
        super().done(result)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin
