"""Play and test a pack from the studio's text, saved or not.

Three actions follow the text's checks (``Playground.follow``): **Play** (hot-seat:
every seat a person), **Play against the computer** (the first seat a person, the
others Normal computers) and **Simulate 100 games** (the simulator's panel, docked
in the studio, with progress and Cancel; random players at every seat, for a quick
first look, until others are chosen there and run). **Compare with the saved pack**
(in the Game menu and on the Simulation panel) plays the text as it stands against
the file on disk on the same deals, in the same dock, with the table and chart of
Game > Compare variants... (``vtt.ui.game.compare.ComparePanel``). A text with
problems can be saved but not played: the actions are disabled, and their tooltip and
the status bar say why ("2 problems; the first: line 12: ...").

A game started here plays the text itself (``GameSetup.text``), not the file: its
saved game and autosave keep that text. When the text is edited and checks clean
again, each game started from it offers to reload (``GameWindow.offer_reload``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from vtt.ai.variants import Variant
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game_text
from vtt.rules.game import Game
from vtt.rules.loader import Checked, check_pack_text
from vtt.rules.shown import shown
from vtt.ui.art import Art
from vtt.ui.game.session import HUMAN, NORMAL, GameSetup, SeatChoice, default_names
from vtt.ui.game.simulator import SimulatePanel
from vtt.ui.game.window import GameWindow
from vtt.ui.qt import (
    QAction,
    QDockWidget,
    QEvent,
    QKeySequence,
    QMainWindow,
    QObject,
    Qt,
    QToolButton,
    QWidget,
)
from vtt.ui.shortcuts import STUDIO_SHORTCUTS
from vtt.ui.studio.preview import TablePreview, problems_text

if TYPE_CHECKING:
    from vtt.ui.game.compare import ComparePanel, Question
    from vtt.ui.studio.window import StudioWindow

__all__ = ["SIMULATED_GAMES", "Playground", "install_playground"]

#: How many games Simulate plays.
SIMULATED_GAMES = 100
#: What the Simulation panel says once the text is edited after its games.
STALE = (
    f"The text has changed since these games: Simulate {SIMULATED_GAMES} games again "
    "to play it as it is now"
)

#: Each action's label and its command in ``vtt.ui.shortcuts.STUDIO_SHORTCUTS``.
PLAY = ("&Play", "play")
AGAINST = ("Play against the &computer", "play-computer")
SIMULATE = (f"&Simulate {SIMULATED_GAMES} games", "simulate")
#: Compare with the saved pack: its label, what it does, and the most games of each.
COMPARE = "Compare with the sa&ved pack"
COMPARE_TIP = (
    "Play the text as it stands against the pack file on disk, on the same deals,"
    " and show each metric side by side with its difference"
)
COMPARED_GAMES = 200


class Playground(QObject):
    """The studio's Play, Play against the computer and Simulate actions for the text
    ``text()`` gives (``path()``: its file, None before it is saved), in ``window``."""

    def __init__(
        self,
        window: QMainWindow,
        text: Callable[[], str],
        path: Callable[[], Path | None],
        art: Art | None = None,
        pause_ms: int | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.text = text
        self.path = path
        self.art = art
        self.pause_ms = pause_ms
        self.play_action = self._action(PLAY, lambda: self.play(computer=False))
        self.computer_action = self._action(AGAINST, lambda: self.play(computer=True))
        self.simulate_action = self._action(SIMULATE, self.simulate)
        self.compare_action = QAction(COMPARE, self.window)
        self.compare_action.setToolTip(COMPARE_TIP)
        self.compare_action.setStatusTip(COMPARE_TIP)
        self.compare_action.setData(COMPARE_TIP)
        self.compare_action.triggered.connect(lambda _=False: self.compare_saved())
        #: Why the text cannot be played now ("" when it can).
        self.why_not = ""
        #: The game windows started from this text.
        self.games: list[GameWindow] = []
        self.dock: QDockWidget | None = None
        self.simulator: SimulatePanel | None = None
        #: Compare with the saved pack's panel, in the same dock.
        self.comparer: ComparePanel | None = None
        #: The table beside the text, when the studio has one (``install_playground``).
        self.preview: TablePreview | None = None

    def _action(self, what: tuple[str, str], slot: Callable[[], object]) -> QAction:
        label, command = what
        shortcut = next(s for s in STUDIO_SHORTCUTS if s.command == command)
        tip = shortcut.text
        action = QAction(label, self.window)
        action.setShortcuts([QKeySequence(key) for key in shortcut.keys])
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setData(tip)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)  # the shortcut works wherever the focus is
        return action

    @property
    def actions(self) -> tuple[QAction, QAction, QAction, QAction]:
        """Play, Play against the computer, Simulate, Compare with the saved pack."""
        return (self.play_action, self.computer_action, self.simulate_action, self.compare_action)

    # ------------------------------------------------------------- the text's checks

    def follow(self, checked: Checked) -> None:
        """The text was checked: enable the actions or say why they are not; offer the
        games started from an earlier text to reload into this one."""
        self.follow_simulation()
        self.why_not = "" if checked.ok else problems_text(checked)
        for action in self.actions:
            action.setEnabled(not self.why_not)
            tip = str(action.data())
            action.setToolTip(f"Cannot play yet: {self.why_not}" if self.why_not else tip)
        if self.why_not:
            self._say(f"Cannot play yet: {self.why_not}")
            return
        self.window.statusBar().clearMessage()
        text = self.text()
        for window in self.open_games():
            window.offer_reload(text)

    def open_games(self) -> list[GameWindow]:
        """The game windows started here that are still open."""
        self.games = [window for window in self.games if window.isVisible()]
        return list(self.games)

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(shown(text))

    # ------------------------------------------------------------- play

    def setup(self, computer: bool) -> tuple[Game, GameSetup] | None:
        """The game of the text now and a setup to play it (None, said, when the text
        has problems)."""
        text = self.text()
        path = self.path()
        pack = str(path) if path is not None else "untitled"
        try:
            game = load_game_text(text, pack if path is not None else "untitled/pack.yaml")
        except RulesError:
            self.why_not = problems_text(check_pack_text(text)) or "the text is no pack"
            self._say(f"Cannot play yet: {self.why_not}")
            return None
        names = default_names(game, game.players[2])
        kinds = [HUMAN] + [NORMAL if computer else HUMAN] * (len(names) - 1)
        seats = tuple(SeatChoice(name, kind) for name, kind in zip(names, kinds, strict=True))
        return game, GameSetup(pack, seats, seed=random.randrange(2**31), text=text)

    def play(self, computer: bool = False) -> GameWindow | None:
        """Play the text now in a game window (hot-seat, or against the computer)."""
        made = self.setup(computer)
        if made is None:
            return None
        _game, setup = made
        try:
            window = GameWindow(setup, self.art, self.pause_ms)
        except (RulesError, ValueError) as error:  # its setup fails with these seats
            self._say(f"The game cannot start: {error}")
            return None
        self.games.append(window)
        window.show()
        return window

    # ------------------------------------------------------------- simulate

    def simulate(self) -> SimulatePanel | None:
        """Simulate 100 games of the text now, in a panel docked in the studio."""
        made = self.setup(computer=True)
        if made is None:
            return None
        game, setup = made
        self.stop_simulation()
        panel = SimulatePanel(game, setup)
        compare = QToolButton()
        compare.setDefaultAction(self.compare_action)
        panel.buttons.insertWidget(1, compare)
        panel.games.setValue(SIMULATED_GAMES)
        # Random players at every seat: a quick first look at the seats' balance and
        # how games end (other agents may be chosen in the panel and run again).
        for choice in panel.agents:
            choice.setCurrentText("random")
        panel.fold()
        self._dock(panel)
        self.simulator = panel
        panel.finished.connect(lambda _report: self.follow_simulation())
        panel.start()
        return panel

    def _dock(self, panel: QWidget) -> None:
        """Show a panel in the studio's Simulation dock, under the table."""
        if self.dock is None:
            self.dock = QDockWidget("Simulation", self.window)
            self.dock.setObjectName("simulation")
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.setWidget(panel)
        self.dock.show()
        # Room for the results under the table (the table keeps the rest).
        height = self.window.height() // 2
        self.window.resizeDocks([self.dock], [height], Qt.Orientation.Vertical)

    # ------------------------------------------------------------- compare

    def compare_saved(self) -> ComparePanel | None:
        """Compare the text as it stands with the saved pack file, in the dock."""
        from vtt.ui.game.compare import ComparePanel

        made = self.setup(computer=True)
        if made is None:
            return None
        game, _setup = made
        try:
            self.saved_question()
        except ValueError as error:
            self._say(str(error))
            return None
        self.stop_simulation()
        panel = ComparePanel(game.players[2], self.saved_question)
        panel.settings.games.setValue(COMPARED_GAMES)
        for choice in panel.settings.agents:  # a quick look, as Simulate's
            choice.setCurrentText("random")
        panel.fold()
        self._dock(panel)
        self.comparer = panel
        panel.start()
        return panel

    def saved_question(self) -> Question:
        """The saved file (A) against the text as it stands (B); ValueError says why
        there is nothing to compare."""
        from vtt.ui.game.compare import Question

        path, text = self.path(), self.text()
        if path is None:
            raise ValueError("Save the pack first: there is no saved pack to compare with")
        try:
            saved = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"{path}: the saved pack cannot be read ({error})") from error
        if saved == text:
            raise ValueError("The text is as saved: edit it, then compare it with the saved pack")
        return Question(Variant("saved", str(path)), Variant("as edited", str(path), text=text))

    def follow_simulation(self) -> None:
        """The panel's Run plays the text Simulate was pressed on: while the text is not
        that one any more, Run is off and the panel says to Simulate again."""
        panel = self.simulator
        if panel is None or panel.cancel_button.isEnabled():  # none, or games under way
            return
        stale = panel.setup.text != self.text()
        panel.run_button.setEnabled(not stale)
        if stale:
            panel.status.setText(STALE)
        elif panel.status.text() == STALE:
            panel.status.setText(f"{panel.report.games} games played" if panel.report else "")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.stop_simulation()  # no batch outlives the studio
        return False

    def stop_simulation(self) -> None:
        """Cancel a simulation under way and wait for it (a new one, or the studio closes)."""
        for panel in (self.simulator, self.comparer):
            if panel is not None:
                panel.halt()
                panel.deleteLater()
        self.simulator = self.comparer = None


def install_playground(studio: StudioWindow) -> Playground:
    """Put the pack's table beside the studio's text and its Play, Play against the
    computer and Simulate actions in its Game menu and tool bar (Compare with the saved
    pack in the menu), both following the text's checks."""
    preview = TablePreview(studio.art)
    studio.set_table(preview)
    editor = studio.editor
    playground = Playground(studio, editor.text, lambda: editor.path, studio.art)
    playground.preview = preview
    preview.source = editor.text
    editor.document().contentsChanged.connect(preview.rest.stop)  # typing: no deal yet
    game = studio.menu("&Game")
    game.setToolTipsVisible(True)  # a disabled action's tooltip says why
    bar = studio.addToolBar("Play")
    bar.setObjectName("studio-play")
    for action in playground.actions:
        game.addAction(action)
        if action is not playground.compare_action:  # it is on the Simulation panel
            bar.addAction(action)
    studio.checked.connect(preview.show_checked)
    studio.checked.connect(playground.follow)
    if studio.last is not None:  # checked already
        preview.show_checked(studio.last)
        playground.follow(studio.last)
    studio.installEventFilter(playground)
    studio.playground = playground  # type: ignore[attr-defined]
    return playground
