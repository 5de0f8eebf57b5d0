"""Game > Compare variants... (and the studio's Compare with the saved pack): two
variants of a game played on the same deals by the same agents, side by side.

``ComparePanel`` runs a comparison (``vtt.ai.compare.compare``) or a sweep of one
option (``vtt.ai.compare.sweep``) on a worker thread, with progress and Cancel, and
shows it in a ``ComparisonView``: the sentence saying why it stopped (the sequential
test may stop before the games asked for), each metric of both variants with the
difference and its 95% interval and a verdict, and the chart ``vtt compare`` draws.
The studio docks the panel to compare its text as it stands with the file on disk.
``CompareDialog`` puts the choices of the pack, the variants (other options, another
pack file, or one option over a range) and a Findings tab (restricted play and each
card's and suit's contribution, ``vtt.ai.findings``) around it, and saves the
designer's report (``vtt.studio.report``) as one HTML page.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vtt.ai.compare import Comparison, Estimate, Sweep, compare, figure, interval, number, sweep
from vtt.ai.findings import CardStat, Contribution, Finding, contribution, find_strategies
from vtt.ai.levels import AGENTS
from vtt.ai.simulate import option_words as simulate_option_words
from vtt.ai.variants import Variant
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.game import Game
from vtt.rules.model import OptionDef
from vtt.rules.shown import ERROR_CHARS, shown, shown_name
from vtt.studio.report import analysis_of, page
from vtt.ui import chart, screen
from vtt.ui.game.dialog import OptionsForm, PackEntry, available_packs, option_words
from vtt.ui.game.simulator import Job, RunSettings, Signals, Work
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QColor,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QImage,
    QObject,
    QPixmap,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSize,
    QSpinBox,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QThreadPool,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from vtt.ui.screen import fit_to_screen

__all__ = ["CompareDialog", "ComparePanel", "ComparisonView", "Question", "Runner"]

#: A verdict's colours in the table: background and text (readable on any theme).
VERDICT_COLOURS = {
    "differs": ("#eb9a92", "#2a1f17"),
    "same": ("#9ccf9c", "#2a1f17"),
    "unclear": ("#d0d0d0", "#2a1f17"),
    # a restriction of play: winning more is a broken game, changing nothing a rule
    # nobody needs, losing is as it should be
    "dominant": ("#e0786e", "#2a1f17"),
    "useless": ("#f2c14e", "#2a1f17"),
    "weaker": ("#9ccf9c", "#2a1f17"),
}
#: What each verdict says in the table.
VERDICT_WORDS = {"differs": "differs", "same": "the same", "unclear": "unclear"}


@dataclass(frozen=True)
class Question:
    """What to play: variant ``a`` against ``b``, or (``b`` None) ``a`` with its
    option ``option`` at each of ``values`` (a sweep)."""

    a: Variant
    b: Variant | None = None
    option: str = ""
    values: tuple[object, ...] = ()
    players: int | None = None


class Runner(QObject):
    """One piece of background work at a time (a ``Work`` on a one-thread pool) and its
    signals; ``cancel`` stops it between games, ``halt`` stops it and waits."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.stop = threading.Event()
        self.signals = Signals(self)
        self.busy = False
        self.signals.finished.connect(self._idle)
        self.signals.failed.connect(self._idle)

    def start(self, job: Job) -> None:
        self.stop.clear()
        self.busy = True
        self.pool.start(Work(job, self.stop, self.signals))

    def _idle(self, _what: object = None) -> None:
        self.busy = False

    def cancel(self) -> None:
        self.stop.set()

    def halt(self) -> None:
        """Stop the work under way and wait for it (its window is going away)."""
        self.stop.set()
        self.pool.waitForDone()


#: What Run does, before it is pressed: a comparison's, and a sweep's.
COMPARE_HINT = (
    "Run plays A and B on the same deals with the same agents, and shows each metric"
    " side by side with the difference B − A and its 95% interval. It stops before the"
    " games asked for once the difference is clear, or clearly absent, and says so."
)
SWEEP_HINT = (
    "Run plays A at each value of the option, on the same deals with the same agents,"
    " and shows each metric with its 95% interval at every value, and a chart of one."
)


class ComparisonView(QWidget):
    """A comparison's results: why it stopped, the table of metrics side by side (the
    verdicts coloured) and its chart; or a sweep's: a metric for each value, charted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stopped = Label("")
        self.stopped.setWordWrap(True)
        self.stopped.setStyleSheet("font-weight: bold;")
        self.table = results_table()
        self.sides = Label("")
        self.sides.setWordWrap(True)
        self.chart_metric = QComboBox()
        self.chart_metric.currentIndexChanged.connect(self._draw_sweep)
        self.metric_row = QWidget()
        row = QHBoxLayout(self.metric_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(Label("Chart"))
        row.addWidget(self.chart_metric)
        row.addStretch(1)
        self.hint = Label(COMPARE_HINT)
        self.hint.setWordWrap(True)
        self.chart = Label("")
        self.chart.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        #: The chart as drawn last (the report embeds it).
        self.image: QImage | None = None
        self.result: Comparison | Sweep | None = None
        column = QVBoxLayout(self)
        column.addWidget(self.hint)
        column.addWidget(self.stopped)
        column.addWidget(self.sides)
        column.addWidget(self.table)
        column.addWidget(self.metric_row)
        column.addWidget(self.chart)
        column.addStretch(1)
        self.clear()

    def clear(self) -> None:
        self.result, self.image = None, None
        self.stopped.clear()
        self.sides.clear()
        self.table.setRowCount(0)
        self.table.hide()
        self.metric_row.hide()
        self.chart.clear()

    def show_comparison(self, comparison: Comparison) -> None:
        """The comparison's stopping sentence, its table and its chart."""
        self.clear()
        self.hint.hide()
        self.result = comparison
        self.stopped.setText(shown(_sentence(comparison.stopped)))
        self.sides.setText(shown(sides_text(comparison)))
        heads = [
            "Metric",
            comparison.a.label,
            comparison.b.label,
            "B − A",
            "95% interval",
            "Verdict",
        ]
        fill_table(
            self.table,
            [shown(h) for h in heads],
            [
                [
                    (m.name, None),
                    (_figure(m.name, m.a, signed=False), None),
                    (_figure(m.name, m.b, signed=False), None),
                    (_figure(m.name, m.diff), None),
                    (interval(m.name, m.low, m.high).replace("-", "−"), None),
                    (VERDICT_WORDS.get(m.verdict, m.verdict), m.verdict),
                ]
                for m in comparison.metrics
            ],
        )
        self._picture(chart.comparison_chart(comparison))

    def show_sweep(self, result: Sweep) -> None:
        """A row for each value of the option swept: its metrics; the chart of one."""
        self.clear()
        self.hint.hide()
        self.result = result
        games = sum(rep.games for rep in result.reports)
        label = _option_label(result)
        self.stopped.setText(
            shown(f"{label} over {len(result.values)} values: {games:,} games in all")
        )
        self.sides.setText(shown(_described(result)))
        names = result.metrics
        columns = [(name, result.metric(name)) for name in names]
        fill_table(
            self.table,
            [label, *names],
            [
                [(option_words(value), None), *((_estimate(n, c[row]), None) for n, c in columns)]
                for row, value in enumerate(result.values)
            ],
        )
        self.chart_metric.blockSignals(True)
        self.chart_metric.clear()
        self.chart_metric.addItems(names)
        self.chart_metric.blockSignals(False)
        self.metric_row.show()
        self._draw_sweep()

    def _draw_sweep(self) -> None:
        if isinstance(self.result, Sweep):
            self._picture(chart.sweep_chart(self.result, self.chart_metric.currentText()))

    def _picture(self, image: QImage) -> None:
        self.image = image
        self.chart.setPixmap(QPixmap.fromImage(image))


#: A table's cell: its text, and the verdict whose colours it wears (or None).
Cell = tuple[str, str | None]


def results_table() -> QTableWidget:
    """A table of results to read (no editing, no selection)."""
    table = QTableWidget(0, 0)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.hide()
    return table


def fill_table(table: QTableWidget, heads: list[str], rows: list[list[Cell]]) -> None:
    """Fill ``table`` with ``rows`` under ``heads``, a verdict's cells in its colours,
    every row shown (the table is as tall as they are; the page around it scrolls)."""
    table.setColumnCount(len(heads))
    table.setHorizontalHeaderLabels(heads)
    table.setRowCount(len(rows))
    for r, cells in enumerate(rows):
        for c, (text, verdict) in enumerate(cells):
            item = QTableWidgetItem(shown(text))
            if c:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if verdict in VERDICT_COLOURS:
                back, fore = VERDICT_COLOURS[verdict]
                item.setBackground(QColor(back))
                item.setForeground(QColor(fore))
            table.setItem(r, c, item)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.resizeColumnsToContents()
    for column in range(len(heads)):  # room round each figure
        table.setColumnWidth(column, table.columnWidth(column) + 16)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    rows_height = sum(table.rowHeight(r) for r in range(len(rows)))
    frame = 2 * table.frameWidth()
    table.setFixedHeight(rows_height + header.sizeHint().height() + frame)
    table.setMaximumWidth(sum(table.columnWidth(c) for c in range(len(heads))) + frame)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    table.show()


def sides_text(comparison: Comparison) -> str:
    """What A and B are, a line each: the pack's name, where they differ its file (or
    the text as it stands), and the options they set differently, in words.

    The lines name only what tells the two apart: a pack's many options at the same
    values would hide the one changed."""
    a, b = comparison.a, comparison.b
    differ = {name for name, _ in set(a.options) ^ set(b.options)}
    lines = []
    for variant, rep in zip((a, b), comparison.reports, strict=True):
        said = [rep.name or rep.pack]
        if (a.pack, a.text) != (b.pack, b.text):
            said.append("the text as it stands" if variant.text is not None else variant.pack)
        chosen = {name: value for name, value in variant.options if name in differ}
        if chosen:
            try:
                said.append(simulate_option_words(variant.batch(1, ("random",)).game(), chosen))
            except RulesError:  # the pack no longer loads: its options as written
                said.append(", ".join(f"{name}={value}" for name, value in chosen.items()))
        lines.append(f"{variant.label}: " + "; ".join(said))
    return "\n".join(lines)


def _sentence(text: str) -> str:
    """A stopping reason as a sentence: a capital first and a full stop last."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _figure(name: str, value: float, signed: bool = True) -> str:
    """A metric's figure as ``vtt compare`` prints it (``signed``: a difference B - A,
    else a value), with a true minus sign.

    >>> _figure("draws", 0.25, signed=False), _figure("length (moves)", -3.04)
    ('25.0%', '−3.0')
    """
    text = number(name, value) if signed else figure(name, value)
    return text.replace("-", "−")


def _estimate(name: str, estimate: Estimate | None) -> str:
    """A sweep's metric at one value: its mean and 95% interval."""
    if estimate is None:
        return "—"
    mean = _figure(name, estimate.mean, signed=False)
    if not math.isfinite(estimate.low):
        return mean
    low, high = (_figure(name, value, signed=False) for value in (estimate.low, estimate.high))
    return f"{mean} ({low} to {high})"


def _option_label(result: Sweep) -> str:
    """The swept option as the pack labels it (its name when the pack does not load)."""
    try:
        game = result.base.batch(1, ("random",)).game() if result.base else None
    except RulesError:
        game = None
    option = next((o for o in game.options if o.name == result.option), None) if game else None
    return shown_name(option.label or option.name) if option else shown_name(result.option)


def _described(result: Sweep) -> str:
    """The agents and games of a sweep, in words."""
    return f"{' v '.join(result.agents)}, {result.games:,} games at each value, seed {result.seed}"


class ComparePanel(QWidget):
    """The choices of a comparison's games (agents, games, seed, processes), Run and
    Cancel, progress, and the results; ``question()`` says what to play (or why it
    cannot be played, as a ``ValueError``).

    Signals:
        finished(object): a comparison or sweep ended (cancelled too)."""

    finished = Signal(object)

    def __init__(
        self, players: int, question: Callable[[], Question], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.question = question
        self.runner = Runner(self)
        self.runner.signals.progress.connect(self._progress)
        self.runner.signals.finished.connect(self._finished)
        self.runner.signals.failed.connect(self._failed)
        #: The choices above the results, which ``fold`` hides after a run.
        self.choices = QWidget()
        self.choices_layout = QVBoxLayout(self.choices)
        self.choices_layout.setContentsMargins(0, 0, 0, 0)
        self.settings = RunSettings(players, across=True)
        self.settings.games.setValue(400)
        self.settings.games.setToolTip(
            "The most games of each variant: the comparison stops sooner once the"
            " difference is clear, or clearly absent"
        )
        self.choices_layout.addWidget(self.settings)
        self.run_button = QPushButton("&Run")
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.choices_button = QPushButton("C&hoices…")
        self.choices_button.setCheckable(True)
        self.choices_button.setChecked(True)
        self.choices_button.toggled.connect(self.choices.setVisible)
        self.choices_button.hide()
        self.buttons = QHBoxLayout()
        self.buttons.addWidget(self.choices_button)
        self.buttons.addStretch(1)
        self.buttons.addWidget(self.run_button)
        self.buttons.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.status = Label("")
        self.status.setWordWrap(True)
        self.view = ComparisonView()
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.view)
        self.scroll.setWidgetResizable(True)
        #: The results' tabs (a dialog adds its own beside the comparison).
        self.tabs = QTabWidget()
        self.tabs.addTab(self.scroll, "&Comparison")
        layout = QVBoxLayout(self)
        layout.addWidget(self.choices)
        layout.addLayout(self.buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)

    @property
    def result(self) -> Comparison | Sweep | None:
        """The comparison or sweep shown."""
        return self.view.result

    def fold(self) -> None:
        """Hide the choices behind a button: the results take the room."""
        self.choices_button.show()
        self.choices_button.setChecked(False)

    def start(self) -> None:
        """Play what ``question()`` says in the background."""
        try:
            asked = self.question()
        except ValueError as error:
            self.status.setText(shown(str(error), ERROR_CHARS))
            return
        agents = self.settings.chosen()
        games, seed = self.settings.games.value(), self.settings.seed.value()
        workers = self.settings.workers.value()
        self.view.clear()
        total = games * (len(asked.values) if asked.b is None else 2)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.status.setText(
            f"Playing up to {games:,} games of each variant…"
            if asked.b is not None
            else f"Playing {games:,} games at each of {len(asked.values)} values…"
        )
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.runner.start(_job(asked, agents, games, seed, workers))

    def cancel(self) -> None:
        """Stop between games."""
        self.runner.cancel()
        self.status.setText("Cancelling: the games under way stop at their next move…")

    def _progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        self.status.setText(f"{done:,} of {total:,} games played")

    def _finished(self, result: Any) -> None:
        self._idle()
        cancelled = self.runner.stop.is_set()
        if isinstance(result, Sweep):
            self.view.show_sweep(result)
            played = sum(rep.games for rep in result.reports)
        else:
            self.view.show_comparison(result)
            played = result.games
        if cancelled:
            self.status.setText(f"Cancelled after {played:,} games")
        else:
            self.progress.setValue(self.progress.maximum())  # done, if sooner than asked
            each = " of each variant" if isinstance(result, Comparison) else ""
            self.status.setText(f"{played:,} games{each} played")
        self.finished.emit(result)

    def _failed(self, reason: str) -> None:
        self._idle()
        self.status.setText(shown(f"The comparison stopped: {reason}", ERROR_CHARS))

    def _idle(self) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def halt(self) -> None:
        """Cancel the games under way and wait for them (the panel is going away)."""
        self.runner.halt()


def _job(asked: Question, agents: tuple[str, ...], games: int, seed: int, workers: int) -> Job:
    """The background work playing ``asked``."""

    def job(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> object:
        played = {
            "games": games,
            "agents": agents,
            "seed": seed,
            "players": asked.players,
            "workers": workers,
            "progress": progress,
            "cancelled": cancelled,
        }
        if asked.b is None:
            return sweep(asked.a, asked.option, asked.values, **played)
        return compare(asked.a, asked.b, **played)

    return job


def _by_key(stats: Sequence[CardStat]) -> tuple[list[str], list[list[Cell]]]:
    """A contribution's rows pivoted: a row per suit or card, a column per way a seat
    met it ("When holding"...), each cell its win rate and 95% interval."""
    keys = list(dict.fromkeys(stat.key for stat in stats))
    hows = list(dict.fromkeys(stat.how for stat in stats))
    found = {(stat.key, stat.how): stat for stat in stats}
    rows: list[list[Cell]] = []
    for key in keys:
        row: list[Cell] = [(key, None)]
        for how in hows:
            stat = found.get((key, how))
            said = "—" if stat is None else f"{stat.rate:.0%} ({stat.low:.0%} to {stat.high:.0%})"
            row.append((said, None))
        rows.append(row)
    return [f"When {how}" for how in hows], rows


class FindingsView(QWidget):
    """Look for broken strategies on demand: the Hard agent against copies of itself
    restricted to one policy at a time (``find_strategies``), and the win rate of a
    seat holding, playing or capturing each card and suit (``contribution``)."""

    def __init__(
        self,
        variants: Callable[[], list[Variant]],
        players: Callable[[], int | None],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.variants, self.players = variants, players
        self.runner = Runner(self)
        self.runner.signals.progress.connect(self._progress)
        self.runner.signals.finished.connect(self._finished)
        self.runner.signals.failed.connect(self._failed)
        #: The last search's findings (None: none run), its contribution, and what
        #: it played: the variant, the agent, the games (the report names them).
        self.findings: list[Finding] | None = None
        self.contribution: Contribution | None = None
        self.played: tuple[Variant, str, int] | None = None
        self.variant = QComboBox()
        self.variant.setToolTip("The variant whose play is examined")
        self.agent = QComboBox()
        self.agent.addItems(list(AGENTS))
        self.agent.setCurrentText("hard")
        self.agent.setToolTip(
            "The agent that plays against its restricted copies, and at every seat"
            " when each card's part is counted"
        )
        self.games = QSpinBox()
        self.games.setRange(2, 1_000_000)
        self.games.setValue(200)
        self.games.setToolTip("Games for each restriction, and for the cards' part")
        self.look_button = QPushButton("&Look for broken strategies")
        self.look_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        choices = QHBoxLayout()
        for label, widget in (("Variant", self.variant), ("Agent", self.agent)):
            choices.addWidget(Label(label))
            choices.addWidget(widget)
        choices.addWidget(Label("Games"))
        choices.addWidget(self.games)
        choices.addStretch(1)
        choices.addWidget(self.look_button)
        choices.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.status = Label(
            "The agent plays copies of itself held to one policy each (never play a Joker,"
            " always lead the highest card, always pass, one kind of move forbidden...): a"
            " policy that wins more is a dominant strategy, one that changes nothing a rule"
            " nobody needs. Then each suit's and card's part in winning is counted."
        )
        self.status.setWordWrap(True)
        self.sentences = Label("")
        self.sentences.setWordWrap(True)
        self.strategies = results_table()
        self.cards = results_table()
        self.suits = results_table()
        self.part_chart = Label("")
        self.part_chart.hide()
        page = QWidget()
        column = QVBoxLayout(page)
        column.addWidget(self.sentences)
        column.addWidget(self.strategies)
        column.addWidget(self.suits)
        column.addWidget(self.part_chart)
        column.addWidget(self.cards)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.addLayout(choices)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)

    def refresh(self) -> None:
        """Offer the variants as they are chosen now (the first kept chosen)."""
        labels = [variant.label for variant in self.variants()]
        if labels != [self.variant.itemText(i) for i in range(self.variant.count())]:
            self.variant.clear()
            self.variant.addItems(labels)

    def start(self) -> None:
        """Play the restricted games and count the cards' part, in the background."""
        self.refresh()
        chosen = [v for v in self.variants() if v.label == self.variant.currentText()]
        if not chosen:
            self.status.setText("Choose a pack that loads first")
            return
        variant, agent, games = chosen[0], self.agent.currentText(), self.games.value()
        players = self.players()
        self.findings, self.contribution, self.played = None, None, (variant, agent, games)
        for table in (self.strategies, self.cards, self.suits, self.part_chart):
            table.hide()
        self.sentences.clear()
        self.status.setText(f"Looking for broken strategies in {shown(variant.label)}…")
        self.look_button.setEnabled(False)
        self.cancel_button.setEnabled(True)

        def job(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> object:
            found = find_strategies(
                variant,
                agent=agent,
                games=games,
                players=players,
                progress=progress,
                cancelled=cancelled,
            )
            if cancelled():
                return found, None
            part = contribution(
                variant,
                agents=(agent,),
                games=games,
                players=players,
                progress=progress,
                cancelled=cancelled,
            )
            return found, part

        self.runner.start(job)

    def cancel(self) -> None:
        self.runner.cancel()
        self.status.setText("Cancelling: the games under way stop at their next move…")

    def halt(self) -> None:
        self.runner.halt()

    def _progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    def _finished(self, result: Any) -> None:
        self._idle()
        self.findings, self.contribution = list(result[0]), result[1]
        tried = f"{len(self.findings)} restrictions tried"
        self.status.setText(
            f"Cancelled: {tried} so far" if self.runner.stop.is_set() else f"Done: {tried}"
        )
        self.show_findings(self.findings, self.contribution)

    def show_findings(self, findings: Sequence[Any], part: Any) -> None:
        """The restrictions' table, the cards' and suits', and the plain sentences."""
        said = [f.text for f in findings if f.verdict in ("dominant", "useless")]
        if part is not None:
            said += list(part.findings)
        self.sentences.setText(
            "\n".join(shown(line) for line in said)  # each whole, however many
            if said
            else "Nothing broken found: no restriction wins more, and none changes nothing"
        )
        fill_table(
            self.strategies,
            ["Restricted to", "Games", "Win rate", "95% interval", "Unrestricted", "Verdict"],
            [
                [
                    (f.restriction.label, None),
                    (f"{f.games:,}", None),
                    (f"{f.rate:.0%}", None),
                    (f"{f.low:.0%} to {f.high:.0%}", None),
                    (f"{f.baseline:.0%}", None),
                    (f.verdict, f.verdict),
                ]
                for f in findings
            ],
        )
        if part is not None:
            for table, stats, what in (
                (self.suits, part.suits, "Suit"),
                (self.cards, part.cards, "Card"),
            ):
                heads, rows = _by_key(stats)
                fill_table(table, [what, *heads], rows)
            if part.suits:
                self.part_chart.setPixmap(QPixmap.fromImage(chart.contribution_chart(part)))
                self.part_chart.show()

    def _failed(self, reason: str) -> None:
        self._idle()
        self.status.setText(shown(f"The search stopped: {reason}", ERROR_CHARS))

    def _idle(self) -> None:
        self.look_button.setEnabled(True)
        self.cancel_button.setEnabled(False)


#: The least height of the choices of A and B; they show all the options where the
#: screen's height less REST_HEIGHT (the rest of the dialog, its frame and the least
#: room for the results) allows, and scroll the others.
SIDES_HEIGHT, REST_HEIGHT = 120, 440
#: How B is chosen: each mode's words in the dialog.
OPTIONS, FILE, SWEEP = "Other options", "Another pack file", "One option over a range"


class CompareDialog(QDialog):
    """Game > Compare variants...: a pack; A, and B (other options, or another pack file
    such as the pack before an edit) or a sweep of one option; the games; the results,
    the findings, and Save report."""

    def __init__(self, parent: QWidget | None = None, folders: tuple[Path, ...] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare variants")
        self.packs: list[PackEntry] = [e for e in available_packs(folders) if e.game]
        self.other: Path | None = None  # B's pack file
        self.pack = QComboBox()
        for entry in self.packs:
            self.pack.addItem(shown_name(entry.name), str(entry.folder))
        self.players = QSpinBox()
        self.mode = QComboBox()
        self.mode.addItems([OPTIONS, FILE, SWEEP])
        self.mode.setToolTip(
            "B: the same pack with other options, another pack file (the pack before"
            " an edit, say), or A with one option at each value of a range"
        )
        self.a_options = OptionsForm()
        self.b_options = OptionsForm()
        self.b_file = self._file_chooser()
        self.sweep = self._sweep_chooser()
        self.b_title = Label("")
        self.b_title.setStyleSheet("font-weight: bold;")
        top = QHBoxLayout()
        named = (("&Pack", self.pack), ("P&layers", self.players), ("&B is", self.mode))
        for label, widget in named:
            name = Label(label)
            name.setBuddy(widget)
            top.addWidget(name)
            top.addWidget(widget)
        top.addStretch(1)
        a_column, b_column = QVBoxLayout(), QVBoxLayout()
        a_title = Label("A")
        a_title.setStyleSheet("font-weight: bold;")
        a_column.addWidget(a_title)
        a_column.addWidget(self.a_options)
        a_column.addStretch(1)
        b_column.addWidget(self.b_title)
        for widget in (self.b_options, self.b_file, self.sweep):
            b_column.addWidget(widget)
        b_column.addStretch(1)
        self.panel = ComparePanel(2, self.question, self)
        # A, B and the games side by side, scrolled where a pack has many options: the
        # dialog stays within the screen whatever the pack.
        self.sides = QWidget()
        sides = QHBoxLayout(self.sides)
        sides.setContentsMargins(0, 0, 0, 0)
        sides.addLayout(a_column, 1)
        sides.addLayout(b_column, 1)
        self.sides_scroll = QScrollArea()
        self.sides_scroll.setWidget(self.sides)
        self.sides_scroll.setWidgetResizable(True)
        self.sides_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        choices = QWidget()
        column = QVBoxLayout(choices)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(top)
        column.addWidget(self.sides_scroll)
        column.addWidget(self.panel.settings)
        self.panel.choices_layout.insertWidget(0, choices)
        self.findings = FindingsView(self.variants, self.players.value)
        self.panel.tabs.addTab(self.findings, "&Findings")
        self.panel.tabs.currentChanged.connect(lambda _: self.findings.refresh())
        self.save_button = QPushButton("&Save report…")
        self.save_button.setToolTip(
            "One HTML page with the metrics, charts and findings, to share with playtesters"
        )
        self.save_button.clicked.connect(lambda _=False: self.save_report())
        self.panel.buttons.insertWidget(1, self.save_button)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        self.panel.buttons.addWidget(self.close_button)
        self.panel.finished.connect(lambda _result: self.panel.fold())
        layout = QVBoxLayout(self)
        layout.addWidget(self.panel)
        self.pack.currentIndexChanged.connect(self._show_pack)
        self.players.valueChanged.connect(self.panel.settings.seat)
        self.mode.currentIndexChanged.connect(self._show_mode)
        self._show_pack()
        self._show_mode()
        fit_to_screen(self, QSize(1180, 940))

    def _file_chooser(self) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        self.file_label = Label("No file chosen: B is another pack.yaml, the pack before an edit")
        self.file_label.setWordWrap(True)
        self.file_button = QPushButton("Choose B's pack &file…")
        self.file_button.clicked.connect(lambda _=False: self.choose_file())
        column.addWidget(self.file_label)
        column.addWidget(self.file_button)
        return box

    def _sweep_chooser(self) -> QWidget:
        box = QWidget()
        form = QFormLayout(box)
        form.setContentsMargins(0, 0, 0, 0)
        self.sweep_option = QComboBox()
        self.sweep_option.currentIndexChanged.connect(self._show_range)
        self.sweep_from, self.sweep_to = QSpinBox(), QSpinBox()
        self.sweep_values = Label("")
        self.sweep_values.setWordWrap(True)
        form.addRow("&Option", self.sweep_option)
        form.addRow("From", self.sweep_from)
        form.addRow("To", self.sweep_to)
        form.addRow(self.sweep_values)
        self.sweep_from.valueChanged.connect(self._show_values)
        self.sweep_to.valueChanged.connect(self._show_values)
        return box

    # ------------------------------------------------------------ choices

    @property
    def game(self) -> Game | None:
        index = self.pack.currentIndex()
        return self.packs[index].game if 0 <= index < len(self.packs) else None

    def _show_pack(self) -> None:
        game = self.game
        if game is None:
            self.panel.run_button.setEnabled(False)
            self.panel.status.setText("No pack with rules to compare")
            return
        low, high, default = game.players
        self.players.blockSignals(True)
        self.players.setRange(low, high)
        self.players.setValue(default)
        self.players.blockSignals(False)
        self.panel.settings.seat(default)
        self.a_options.fill(game)
        self.b_options.fill(game)
        self.sweep_option.blockSignals(True)
        self.sweep_option.clear()
        for option in game.options:
            self.sweep_option.addItem(shown_name(option.label or option.name), option.name)
        self.sweep_option.blockSignals(False)
        self._show_range()
        self.findings.refresh()
        QTimer.singleShot(0, self._fit_sides)  # once the new rows are laid out

    def _fit_sides(self) -> None:
        """As tall as A's and B's options where the screen has room, else scrolled."""
        wanted = self.sides.sizeHint().height() + 2
        room = screen.screen_room(self)
        most = max(SIDES_HEIGHT, room.height() - REST_HEIGHT) if room else SIDES_HEIGHT
        self.sides_scroll.setMinimumHeight(min(wanted, most))
        self.sides_scroll.setMaximumHeight(wanted)

    def _show_mode(self) -> None:
        mode = self.mode.currentText()
        self.b_options.setVisible(mode == OPTIONS)
        self.b_file.setVisible(mode == FILE)
        self.sweep.setVisible(mode == SWEEP)
        self.panel.view.hint.setText(SWEEP_HINT if mode == SWEEP else COMPARE_HINT)
        titles = {OPTIONS: "B", FILE: "B: another pack file", SWEEP: "A over a range"}
        self.b_title.setText(titles[mode])
        self.findings.refresh()
        QTimer.singleShot(0, self._fit_sides)  # once the new rows are laid out

    def _swept(self) -> OptionDef | None:
        game, name = self.game, self.sweep_option.currentData()
        return next((o for o in game.options if o.name == name), None) if game else None

    def _show_range(self) -> None:
        option = self._swept()
        ranged = option is not None and option.kind == "int"
        for spin in (self.sweep_from, self.sweep_to):
            spin.setEnabled(ranged)
        if ranged:
            assert option is not None
            low = option.low if option.low is not None else 0
            high = option.high if option.high is not None else low + 10
            default = int(str(option.default))
            for spin in (self.sweep_from, self.sweep_to):
                spin.blockSignals(True)
                spin.setRange(low, high)
                spin.blockSignals(False)
            self.sweep_from.setValue(max(low, default - 2))
            self.sweep_to.setValue(min(high, default + 2))
        self._show_values()

    def _show_values(self) -> None:
        values = self.sweep_points()
        self.sweep_values.setText(
            "Values: " + ", ".join(option_words(v) for v in values)
            if values
            else "This pack has no options to sweep"
        )

    def sweep_points(self) -> list[object]:
        """The values the sweep plays: an int option from From to To, a choice's
        choices, a yes/no option both ways."""
        option = self._swept()
        if option is None:
            return []
        if option.kind == "int":
            return list(range(self.sweep_from.value(), self.sweep_to.value() + 1))
        if option.kind == "bool":
            return [False, True]
        return list(option.choices)

    def choose_file(self) -> None:
        """Choose B's pack file (a pack.yaml, or the folder's)."""
        start = str(self.packs[self.pack.currentIndex()].folder) if self.game else ""
        name, _ = QFileDialog.getOpenFileName(
            self, "B: another pack file", start, "Rule packs (*.yaml *.yml)"
        )
        if not name:
            return
        self.other = Path(name)
        self.file_label.setText(shown(f"B: {name}"))
        self.findings.refresh()

    def variants(self) -> list[Variant]:
        """The variants the findings may examine: A, and B when there is one."""
        try:
            asked = self.question()
        except ValueError:  # B not chosen yet, or the same as A: A alone
            return [] if self.game is None else [self._a()]
        return [asked.a] if asked.b is None else [asked.a, asked.b]

    def _a(self) -> Variant:
        folder = str(self.packs[self.pack.currentIndex()].folder)
        return Variant("A", folder, tuple(self.a_options.values().items()))

    def question(self) -> Question:
        """What Run plays; ValueError saying what is missing."""
        game = self.game
        if game is None:
            raise ValueError("No pack with rules to compare")
        folder = str(self.packs[self.pack.currentIndex()].folder)
        a = self._a()
        a_options = dict(a.options)
        players = self.players.value()
        mode = self.mode.currentText()
        if mode == SWEEP:
            values = self.sweep_points()
            if len(values) < 2:
                raise ValueError("Choose an option and at least two values to sweep")
            option = str(self.sweep_option.currentData())
            return Question(a, option=option, values=tuple(values), players=players)
        if mode == FILE:
            if self.other is None:
                raise ValueError("Choose B's pack file first")
            try:
                other = load_game(self.other)
            except (RulesError, OSError) as error:
                raise ValueError(f"B's pack does not load: {error}") from error
            kept = {o.name for o in other.options}
            b_options = tuple((k, v) for k, v in a_options.items() if k in kept)
            return Question(a, Variant("B", str(self.other), b_options), players=players)
        b_options = self.b_options.values()
        if b_options == a_options:
            raise ValueError("B's options are A's: change one of B's options to compare")
        return Question(a, Variant("B", folder, tuple(b_options.items())), players=players)

    # ------------------------------------------------------------ the report

    def save_report(self, name: str | None = None) -> Path | None:
        """Write the comparison (or sweep) and the findings as one HTML page."""
        if self.panel.result is None and self.findings.played is None:
            self.panel.status.setText("Run a comparison or look for broken strategies first")
            return None
        if name is None:
            pack = self.packs[self.pack.currentIndex()].folder.name if self.game else "pack"
            start = str(Path.home() / f"{pack}-report.html")  # not the program's folder
            name, _ = QFileDialog.getSaveFileName(self, "Save report", start, "Web pages (*.html)")
            if not name:
                return None
        path = Path(name)
        try:
            path.write_text(self.report_page(), encoding="utf-8")
        except OSError as error:
            said = f"The report could not be written: {error}"
            self.panel.status.setText(shown(said, ERROR_CHARS))
            return None
        self.panel.status.setText(shown(f"Wrote the report to {path}"))
        return path

    def report_page(self) -> str:
        """The report's HTML: what the dialog shows, as ``vtt report`` writes it."""
        return report_page(self.panel.view, self.findings)

    def done(self, result: int) -> None:
        """Closing stops the games under way and waits for them."""
        self.panel.halt()
        self.findings.halt()
        super().done(result)


def report_page(view: ComparisonView, found: FindingsView) -> str:
    """The designer's report (``vtt.studio.report``) of the comparison or sweep a view
    shows, with its chart as drawn there, and of the findings of the last search."""
    result = view.result
    variants: list[Variant] = []
    agents: tuple[str, ...] = ()
    games = seed = 0
    if isinstance(result, Comparison):
        variants, agents, games, seed = (
            [result.a, result.b],
            result.agents,
            result.games,
            result.seed,
        )
    elif isinstance(result, Sweep) and result.base is not None:
        variants, agents, games, seed = [result.base], result.agents, result.games, result.seed
    if found.played is not None:
        variant, agent, played = found.played
        if variant not in variants:
            variants.append(variant)
        if not agents:
            agents, games = (agent,), played
    analysis = analysis_of(
        variants,
        agents=agents,
        games=games,
        seed=seed,
        comparison=result if isinstance(result, Comparison) else None,
        sweep=result if isinstance(result, Sweep) else None,
        findings=found.findings,
        contribution=found.contribution,
    )
    image = view.image
    if image is not None:  # the chart as drawn (a sweep's of the metric chosen)
        kind = "comparison" if isinstance(result, Comparison) else "sweep"
        analysis.charts[kind] = chart.png(lambda: image)
    return page(analysis, chart.report_chart)
