"""The window of an enforced game: board, status, log, action bar, message line, result.

Everything on it is redrawn from the session after each move, so what it shows
is always the state's projection for the seat whose view is on screen.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from vtt.match import FrameMove, Reloaded
from vtt.net.protocol import MAX_CHAT
from vtt.rules import Move
from vtt.rules.errors import RulesError
from vtt.rules.finder import find_pack
from vtt.rules.records import RecordError
from vtt.rules.shown import NAME_CHARS, shown, shown_name
from vtt.table.savefile import write_atomically
from vtt.ui import dialogs
from vtt.ui.art import Art
from vtt.ui.game.actionbar import ActionBar, heading
from vtt.ui.game.agents import ComputerSeats
from vtt.ui.game.bars import VarBars
from vtt.ui.game.board import BoardScene
from vtt.ui.game.boardview import BoardView, HandView
from vtt.ui.game.dialog import RulesWindow
from vtt.ui.game.house import house_table
from vtt.ui.game.opening import GameFileError, open_game_file
from vtt.ui.game.pace import PACES, choose_pace, chosen_pace
from vtt.ui.game.painting import seat_colour, status_dot
from vtt.ui.game.panels import BuildPanel, ReloadBar, ReplayBar, ResultPanel
from vtt.ui.game.saved import (
    SUFFIX,
    SavedGame,
    new_game_autosave,
    saved_game_text,
)
from vtt.ui.game.session import GameSession, GameSetup
from vtt.ui.game.sheet import ScoreSheet
from vtt.ui.loglist import LogList
from vtt.ui.memory import settle_memory
from vtt.ui.menus import KeysStayOnTable
from vtt.ui.plaintext import Label, escaped, rich_label
from vtt.ui.qt import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QEvent,
    QFileDialog,
    QKeyEvent,
    QKeySequence,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QRectF,
    QSize,
    QSizePolicy,
    QSplitter,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
)
from vtt.ui.quitting import quit_application
from vtt.ui.scene import FELT, seat_plate
from vtt.ui.screen import fit_to_screen
from vtt.ui.session import AutosaveClock
from vtt.ui.shortcuts import game_keys
from vtt.ui.statusbar import STATUS_MS

#: The log keeps this much height however many moves the action bar lists.
LOG_LEAST = 140
#: Under house rules the game lies this far inside the free table's felt at least.
FELT_EDGE = 16.0
RECORDS = "Game records (*.yaml *.yml)"
SAVED_GAMES = f"Saved games (*{SUFFIX})"


class GameWindow(QMainWindow):
    """A window playing one enforced game against computer seats or between people."""

    def __init__(
        self,
        setup: GameSetup,
        art: Art | None = None,
        pause_ms: int | None = None,
        session: GameSession | None = None,
    ):
        super().__init__()
        #: The game: a local match of ``setup``, or ``session`` when given (a game held
        #: by a network host: vtt/ui/game/remote.py).
        self.session = session if session is not None else GameSession(setup, self)
        self.session.setParent(self)
        # The pack's own card faces, back, pieces and boards, where it brings them.
        self.art = (art or Art()).dressed(self.session.game.art)
        self.board = BoardScene(self.session, self.art)
        self.view = BoardView(self.board, self.session.drop)
        self.hand_view = HandView(self.view)
        self.pace = chosen_pace()
        self.board.slide_ms = self.pace.slide_ms
        #: A computer seat's pause, unless the window was given one: the pace's.
        self.fixed_pause = pause_ms
        self.computers = ComputerSeats(
            self.session, pause_ms if pause_ms is not None else self.pace.pause_ms
        )
        self.computers.showing = self.board.busy_ms
        self.score_sheet: ScoreSheet | None = None
        self.shown_seat: int | None = None
        self.opened: list[GameWindow] = []
        #: The game's own file, once saved or opened from one, and the moves it holds.
        self.path: Path | None = None
        self.saved_moves: tuple[str, ...] = ()
        #: Said in the title after the game's name: " (saved copy of the rules)" for a game
        #: played with the rules its file kept, not the pack installed.
        self.rules_label = ""
        #: Closing without asking: the game goes on as a free table (house rules).
        self.closing_quietly = False
        self.autosave = new_game_autosave()
        self.autosave_clock = AutosaveClock(self.write_autosave, self)
        self._build()
        self._build_menus()
        self.session.changed.connect(self.refresh)
        self.session.changed.connect(self.autosave_clock.changed)
        self.session.message.connect(self.say)
        self.session.picks_changed.connect(self.action_bar.fill)
        self.refresh()
        self.computers.schedule()
        fit_to_screen(self, QSize(1300, 900))
        self.view.fit()
        # Keys go to the board: Alt magnifies there (the menu bar would take it alone).
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view.setFocus()
        settle_memory()  # the rules are compiled: no later collection walks them again

    # ------------------------------------------------------------- layout

    def _build(self) -> None:
        self.status = rich_label("")  # the dot of the seat's colour is markup
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-size: 15px; font-weight: bold; padding: 4px 0;")
        self.bars = VarBars()
        self.scores = Label()
        self.scores.setWordWrap(True)
        self.scores.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.log = LogList()
        side = QWidget()
        column = QVBoxLayout(side)
        self.action_bar = ActionBar(self.session, column, self._choose, self.view.setFocus)
        #: Who is at the table and who is away, for a game held by a network host.
        self.seat_bar = Label()
        self.seat_bar.setWordWrap(True)
        link_changed = getattr(self.session, "link_changed", None)
        if link_changed is not None:
            column.addWidget(heading("Players"))
            column.addWidget(self.seat_bar)
            link_changed.connect(self.seat_bar.setText)
            self.session.reasons_changed.connect(self.board.mark_barred)
            self.seat_bar.setText(self.session.link_text())
        column.addWidget(heading("Turn"))
        column.addWidget(self.status)
        column.addWidget(self.action_bar.heading)
        column.addWidget(self.action_bar.scroll)
        column.addWidget(heading("Scores and counts"))
        column.addWidget(self.bars)
        column.addWidget(self.scores)
        self.sheet_button = QPushButton(f"Score &sheet ({game_keys('score-sheet')[0]})")
        self.sheet_button.setToolTip("Every hand's bids, tricks and scores, hand by hand")
        self.sheet_button.clicked.connect(self.show_score_sheet)
        self.sheet_button.setVisible(self.session.game.sheet is not None)
        column.addWidget(self.sheet_button)
        column.addWidget(heading("Log"))
        column.addWidget(self.log, 1)
        self.log.setMinimumHeight(LOG_LEAST)
        #: A line to say to the room, for a game held by a network host (Enter says it).
        self.chat_box = QLineEdit()
        self.chat_box.setPlaceholderText("Say something to the table (Enter)")
        self.chat_box.setMaxLength(MAX_CHAT)
        self.chat_box.returnPressed.connect(self._say_chat)
        if link_changed is not None:
            column.addWidget(self.chat_box)
            self.session.chat_changed.connect(self._show_log)
        else:
            self.chat_box.hide()
        self.cover = QPushButton()
        self.cover.setStyleSheet("font-size: 22px; padding: 40px;")
        # The cover takes the table's place whole while the screen passes.
        self.cover.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.cover.clicked.connect(self.uncover)
        self.cover.hide()
        self.message = Label()
        self.message.setStyleSheet(
            "color: #ffcf7a; background: #241912; padding: 4px 8px; font-size: 14px;"
        )
        self.message.setMinimumHeight(28)
        self.result = ResultPanel(self.view, self.again)
        # A new game of a network host's is the host's to start.
        self.result.again_button.setVisible(link_changed is None)
        self.view.installEventFilter(self)  # the panels over the board follow its size
        self.build_panel = BuildPanel(self.view, self.view.builder, self.session)
        self.view.builder.changed.connect(self._show_build)
        self.replay_bar = ReplayBar(self.session, self.step_back, self.step_forward)
        self.reload_bar = ReloadBar(self.reload_rules)
        #: The edited text of the pack offered to reload into (``offer_reload``).
        self.offered_text: str | None = None
        board = QWidget()
        stack = QVBoxLayout(board)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.setSpacing(0)
        stack.addWidget(self.replay_bar)
        stack.addWidget(self.reload_bar)
        stack.addWidget(self.view, 1)
        stack.addWidget(self.cover, 1)
        stack.addWidget(self.message)
        stack.addWidget(self.hand_view)
        split = QSplitter()
        split.addWidget(board)
        split.addWidget(side)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        side.setMinimumWidth(260)
        side.setMaximumWidth(420)
        # A said text goes after a while (the next move clears it sooner: see refresh).
        self.message_timer = QTimer(self)
        self.message_timer.setSingleShot(True)
        self.message_timer.setInterval(STATUS_MS)
        self.message_timer.timeout.connect(self.message.clear)
        self.setCentralWidget(split)

    def _show_build(self) -> None:
        """The move being built, in words over the table."""
        self.message.clear()  # a card refused before is not what the cards say now
        self.build_panel.show_build()

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self.save_action = self._action(game, "&Save game", self.save, *game_keys("save"))
        self._action(game, "Save game &as…", self.save_as, *game_keys("save-as"))
        self._action(game, "&Open game…", self.ask_open, *game_keys("open"))
        game.addSeparator()
        self._action(game, "&Export record…", self.ask_export)
        self._action(game, "&Replay a record…", self.ask_replay)
        game.addSeparator()
        self.house_action = self._action(game, "Switch to &house rules", self.to_house_rules)
        self.simulate_action = self._action(game, "Si&mulate…", self.show_simulator)
        sheet_keys = game_keys("score-sheet")
        self.sheet_action = self._action(game, "Score s&heet…", self.show_score_sheet, *sheet_keys)
        self.sheet_action.setEnabled(self.session.game.sheet is not None)
        if hasattr(self.session, "link_changed"):  # a game held by a network host
            self._action(game, "Sa&y…", self.ask_say)
        game.addSeparator()
        self._action(game, "&Quit", quit_application, *game_keys("quit"))
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo move", self.undo, *game_keys("undo"))
        self.redo_action = self._action(edit, "&Redo move", self.redo, *game_keys("redo"))
        self.back_action = self._action(edit, "Replay: &back", self.step_back, *game_keys("back"))
        forward = game_keys("forward")
        self.forward_action = self._action(edit, "Replay: &forward", self.step_forward, *forward)
        view = self.menuBar().addMenu("&View")
        self._action(view, "&Fit the table", self.view.fit, *game_keys("fit"))
        self._action(view, "Zoom &in", lambda: self.view.zoom_by(1.25), *game_keys("zoom-in"))
        self._action(view, "Zoom &out", lambda: self.view.zoom_by(0.8), *game_keys("zoom-out"))
        speed = view.addMenu("&Moves shown at")
        self.pace_actions = QActionGroup(self)
        for pace in PACES:
            action = speed.addAction(pace.label)
            action.setCheckable(True)
            action.setChecked(pace.name == self.pace.name)
            action.triggered.connect(lambda _=False, name=pace.name: self.set_pace(name))
            self.pace_actions.addAction(action)
        help_menu = self.menuBar().addMenu("&Help")
        name = self.session.game.name
        self._action(help_menu, f"&Rules of {name}…", self.show_rules, *game_keys("rules"))
        KeysStayOnTable(self.menuBar(), self.view)

    def show_simulator(self) -> None:
        """Game > Simulate...: batches of this pack and options between agents."""
        from vtt.ui.game.simulator import SimulateDialog

        self.simulator = SimulateDialog(self.session, self)
        self.simulator.show()

    def show_score_sheet(self) -> None:
        """Game > Score sheet: the pack's sheet, a row per hand, kept up to date."""
        sheet = self.session.game.sheet
        if sheet is None:
            return
        first = self.score_sheet is None
        if self.score_sheet is None:
            title = f"{shown_name(sheet.label).capitalize()} — {shown_name(self.session.game.name)}"
            self.score_sheet = ScoreSheet(sheet, title, self)
        self.score_sheet.fill(self.session.view())
        if first:
            self.score_sheet.fit_width()
        self.score_sheet.show()
        self.score_sheet.raise_()

    def show_rules(self) -> None:
        """The pack's README (its rules in plain words) in a window beside the game."""
        try:
            folder = find_pack(self.session.setup.pack).parent
        except FileNotFoundError:  # rules played from a text never saved: no README yet
            self.say("These rules have no README yet: save the pack and write one beside it")
            return
        self.rules_window = RulesWindow(folder, self.session.game.name, self)
        self.rules_window.show()

    def set_pace(self, name: str) -> None:
        """View > Moves shown at: how fast the moves nobody here made slide (kept for
        every game window from now on)."""
        self.pace = choose_pace(name)
        self.board.slide_ms = self.pace.slide_ms
        if self.fixed_pause is None:
            self.computers.pause_ms = self.pace.pause_ms

    def _action(self, menu: Any, text: str, slot: Any, *keys: Any) -> QAction:
        action = menu.addAction(text)
        action.setShortcuts([QKeySequence(key) for key in keys])
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)  # the shortcut works wherever the focus is in the window
        return action

    # ------------------------------------------------------------- redraw

    def refresh(self) -> None:
        """Show the state: board, status, scores, log, actions and the result at the end."""
        session = self.session
        self.message.clear()
        felt = QRectF(self.board.felt)
        self.board.rebuild()
        if self.board.felt != felt or not self.view.moved_by_hand:
            self.view.fit()
        self.hand_view.setVisible(self.board.layout.hand is not None and not self.cover.isVisible())
        self.hand_view.fit()
        frame = session.frame
        game = session.game
        named = f"{self.path.name} · " if self.path is not None else ""
        title = f"{shown_name(named)}{shown_name(game.name)}{self.rules_label}"
        self.setWindowTitle(f"{title}[*] — Janken Table")
        self.setWindowModified(self.unsaved())
        self._show_replay()
        if frame.outcome is None and frame.to_move is not None:
            who = session.names[frame.to_move]
            dot = status_dot(seat_colour(frame.to_move, session.colours))
            thinking = " (thinking…)" if frame.to_move in session.agents else ""
            doing = frame.phase_label or f"phase: {frame.phase}"
            self.status.setText(
                f"{dot} {escaped(who, NAME_CHARS)} to move{thinking} · {escaped(doing, NAME_CHARS)}"
            )
        elif frame.outcome is not None:
            self.status.setText(f"Game over · {escaped(frame.outcome.reason)}")
        self.bars.show_bars(frame.bars, session.colours)
        self.scores.setText(self._vars_text())
        self._show_log()
        if self.score_sheet is not None and self.score_sheet.isVisible():
            self.score_sheet.fill(session.view())
        self.action_bar.fill()
        self.result.show_outcome(frame.outcome, session.names)
        self._cover_if_passed()

    def _cover_if_passed(self) -> None:
        """Hide the table until the person whose view it shows has taken the screen: when
        it passes to another person, and before the first hand of a game between people."""
        session = self.session
        seat = session.viewer
        people = session.people()
        hidden = any(z.visibility != "everyone" for z in session.game.zones.values())
        # No seat has the screen yet at the start (shown_seat None): the first one takes it.
        passed = seat != self.shown_seat
        replay = session.frame.replay
        replaying = replay is not None
        # A replay of a game under way, watched as one seat or another, is passed as play is.
        private = replay is not None and not replay.open_hands and len(replay.seats) > 1
        if (
            passed
            and len(people) > 1
            and hidden
            and not session.over
            and (not replaying or private)
        ):
            who = shown_name(session.names[seat])
            self.cover.setText(f"Pass the screen to {who}\n\nClick when ready")
            self.cover.show()
            self.cover.setFocus()  # Space or Enter takes the screen, as a click does
            self.view.hide()
            self._hide_faces()
            self.hand_view.hide()
            self.log.clear()  # the log is the next person's view: it may hold their secrets
            self.action_bar.hide_rows()
        else:
            self.shown_seat = seat
            # A replay or a finished game opened in this window has nothing to hide.
            self.cover.hide()
            self.view.show()

    def _hide_faces(self) -> None:
        """Draw no face on the table behind the cover, not even in a hidden view: the
        table is the next person's view and may hold their secrets."""
        self.board.finish_moments()  # no later moment draws them again
        for face in self.board.faces:
            face.hide()

    def uncover(self) -> None:
        """Show the table to the person now at the screen."""
        self.shown_seat = self.session.viewer
        self.cover.hide()
        self.view.show()
        self.view.setFocus()  # keys go to the board again (Alt magnifies there)
        self.refresh()

    def _show_replay(self) -> None:
        replaying = self.session.replaying
        self.replay_bar.setVisible(replaying)
        self.back_action.setEnabled(replaying)
        self.forward_action.setEnabled(replaying)
        self.undo_action.setEnabled(not replaying)
        self.redo_action.setEnabled(not replaying)
        if replaying:
            self.replay_bar.show_at()

    def _vars_text(self) -> str:
        """The vars listed beside the table (those not drawn as bars or lines), and the
        scores as they stand (the outcome's, or the live scores everyone can see)."""
        frame = self.session.frame
        lines = [shown(f"{shown_name(line.label)}: {line.text}") for line in frame.listed]
        if frame.scores:
            names = self.session.names
            listed = ", ".join(f"{n} {s}" for n, s in zip(names, frame.scores, strict=False))
            lines.append(shown(f"scores: {listed}"))
        return "\n".join(lines)

    def _choose(self, move: FrameMove) -> None:
        """A grid's value was clicked or chosen with the keys: the move, and the keys go
        back to the table."""
        self.play(move)
        self.view.setFocus()

    def eventFilter(self, watched: object, event: Any) -> bool:
        if watched is self.view and event.type() == QEvent.Type.Resize:
            if self.result.isVisible():
                self.result.place()
            if self.build_panel.isVisible():
                self.build_panel.place()
        return False

    # ------------------------------------------------------------- actions

    def _show_log(self) -> None:
        """The game's log (with the lines said at the table, over the network)."""
        self.log.set_lines(self.session.log_lines(self.session.frame))

    def _say_chat(self) -> None:
        """Say the chat box's line to the room (Enter in it)."""
        if self.session.say(self.chat_box.text()):
            self.chat_box.clear()

    def ask_say(self) -> None:
        """Game > Say…: the chat box takes the keyboard (a game held by a host only)."""
        self.chat_box.setFocus()

    def say(self, text: str) -> None:
        """Show a message in the message line (never a modal dialog) for a few seconds."""
        self.message.setText(shown(text))
        self.message_timer.start()

    def make_action(self, index: int) -> None:
        """Make the action bar's move number ``index`` (from 0), if there is one; a grid
        of choices there takes the keyboard instead."""
        if self.cover.isVisible():
            return
        move = self.action_bar.entry(index)
        if move is not None:
            self.play(move)

    def play(self, move: FrameMove | Move | str) -> bool:
        """Make a move for the person to move."""
        self.message.clear()
        return self.session.play(move)

    def again(self) -> None:
        """Start the same game again with the next seed."""
        setup = self.session.setup
        self.message.clear()
        self.shown_seat = None
        self.session.start(replace(setup, seed=setup.seed + 1, deal=None))

    def undo(self) -> bool:
        """Edit > Undo: take back to the person's last decision, if nothing was revealed since."""
        self.message.clear()
        if self.session.undo():
            self.say("Undone")
            return True
        return False

    def redo(self) -> bool:
        """Edit > Redo: make again what the last undo took back."""
        self.message.clear()
        return self.session.redo()

    def step_back(self) -> bool:
        """Replay: show the state one move earlier."""
        return self.session.step_to(self.session.replay_at - 1)

    def step_forward(self) -> bool:
        """Replay: show the state one move later."""
        return self.session.step_to(self.session.replay_at + 1)

    # ------------------------------------------------------------- edited rules

    def offer_reload(self, text: str) -> bool:
        """The pack this game was started from was edited (in the studio) and checks
        clean: offer, in a bar over the table, to reload the game into ``text``. False
        (nothing offered) for a game not played from a text, the same text, a replay."""
        setup = self.session.setup
        if setup.text is None or self.session.replaying:
            return False
        if text == setup.text:
            self.offered_text = None
            self.reload_bar.hide()
            return False
        self.offered_text = text
        self.reload_bar.offer()
        return True

    def reload_rules(self) -> Reloaded | None:
        """Reload: the game's moves made again under the offered text, the table as it
        was; where a move no longer applies, the bar names it and why, and the game
        goes on from just before it. None (said) when it cannot be done."""
        text = self.offered_text
        if text is None:
            return None
        self.board.finish_moments()
        self.view.builder.cancel()
        try:
            reloaded = self.session.reload(text)
        except (RulesError, ValueError) as error:
            self.reload_bar.tell(f"Cannot reload: {error}")
            return None
        self.offered_text = None
        self.sheet_button.setVisible(self.session.game.sheet is not None)
        self.sheet_action.setEnabled(self.session.game.sheet is not None)
        self.reload_bar.tell(reloaded.message)
        return reloaded

    # ------------------------------------------------------------- files

    def unsaved(self) -> bool:
        """True if closing would lose moves: a game under way whose moves are not in its file."""
        session = self.session
        if session.replaying or session.over or not session.moves:
            return False
        return tuple(move.text for move in session.moves) != self.saved_moves

    def save_game(self, path: Path) -> bool:
        """Write the game (record plus seats) to a ``.jgame`` file, which becomes its file."""
        moves = self.session.moves
        try:
            write_atomically(path, saved_game_text(self.session.setup, moves))
        except OSError as error:
            self.say(f"Cannot save the game to {path}: {error.strerror or error}")
            return False
        self.path = path
        self.saved_moves = tuple(move.text for move in moves)
        self.setWindowModified(False)
        self.refresh()
        self.say(f"Saved to {path}")
        return True

    def save(self) -> bool:
        """Game > Save game: to the game's own file, asking for one the first time."""
        return self.save_game(self.path) if self.path is not None else self.save_as()

    def save_as(self) -> bool:
        """Game > Save game as…: ask where, then save there."""
        path = self._ask_file("Save game", SAVED_GAMES, True, self._offered_name(SUFFIX))
        if path is None:
            return False
        return self.save_game(path if path.suffix else path.with_suffix(SUFFIX))

    def write_autosave(self) -> None:
        """Keep the game under way in its autosave (none for a replay or before any move)."""
        session = self.session
        if session.replaying or not session.moves:
            self.autosave.discard()
            return
        try:
            self.autosave.write(SavedGame(session.setup, tuple(m.text for m in session.moves)))
        except OSError as error:
            self.say(f"Autosave failed: {error.strerror or error}")

    def export_record(self, path: Path) -> bool:
        """Write the game record (``vtt replay`` reads it): the whole game once it is over,
        else the game as the person at the screen saw it, nothing hidden from them in it
        (``vtt.rules.seenrecord``); False, said, if it cannot."""
        session = self.session
        try:
            record = session.record_to_export()
            write_atomically(path, record.to_yaml())
        except RecordError as error:
            self.say(f"Cannot export the record: {error}")
            return False
        except OSError as error:
            self.say(f"Cannot write the record to {path}: {error.strerror or error}")
            return False
        seen = f" as {record.seen_by} saw it" if record.seen_by is not None else ""
        self.say(f"Record{seen} written to {path}")
        return True

    def open_saved_game(self, path: Path) -> GameWindow | None:
        """Resume a saved game in a new window; None (and the reason said) if it is unreadable."""
        return self._open_file(path, SUFFIX)

    def open_replay(self, path: Path) -> GameWindow | None:
        """Open a game record to step through in a new window."""
        return self._open_file(path, ".yaml")

    def _open_file(self, path: Path, kind: str) -> GameWindow | None:
        try:
            window = open_game_file(path, self.art, self.fixed_pause, kind, self)
        except GameFileError as error:
            self.say(str(error))
            return None
        return self._keep(window)

    def to_house_rules(self) -> Any:
        """Turn this game into a free table, every card where it lies; the game window closes."""
        # Loaded here: the free-table window opens game windows itself.
        from vtt.ui.window import TableWindow

        self.board.finish_moments()  # the cards lie as the match has them
        session = self.session
        try:
            house = session.house()
        except ValueError as error:  # a replay, or no seat played here
            self.say(str(error))
            return None
        labels = {zone.name: zone.label for zone in session.game.zones.values() if zone.label}
        seats = len(session.names)
        plates = [seat_plate(seat, seats).getRect() for seat in range(seats)]
        table = house_table(
            house,
            self.board.plain_layout(),  # the free table has letters of its own
            session.names,
            session.colours,
            labels,
            felt=FELT.adjusted(FELT_EDGE, FELT_EDGE, -FELT_EDGE, -FELT_EDGE).getRect(),
            plates=plates,
        )
        free = TableWindow(table)
        # The person at the screen keeps it, behind the screen if the game's cover was up.
        free.session.pass_to(session.viewer)
        free.session.set_covered(self.cover.isVisible() and free.session.has_secrets())
        free.show()
        self.free_table = free
        self.closing_quietly = True  # nothing is lost: the game lies on the free table
        self.close()
        return free

    def _keep(self, window: GameWindow) -> GameWindow:
        self.opened.append(window)
        window.show()
        return window

    def _ask_file(self, title: str, kinds: str, save: bool, offer: str = "") -> Path | None:
        ask = QFileDialog.getSaveFileName if save else QFileDialog.getOpenFileName
        name, _ = ask(self, title, str(Path.home() / offer), kinds)
        return Path(name) if name else None

    def _offered_name(self, suffix: str) -> str:
        """A file name to offer when saving: the pack's id and the number of moves made
        (never the pack's folder, which the New game dialog names it by)."""
        return f"{self.session.game.id}-{len(self.session.moves)}-moves{suffix}"

    def ask_open(self) -> None:
        """Game > Open game…"""
        path = self._ask_file("Open game", SAVED_GAMES, save=False)
        if path is not None:
            self.open_saved_game(path)

    def ask_export(self) -> None:
        """Game > Export record…"""
        title = "Export game record"
        if not self.session.over and not self.session.replaying:
            # Said before the file is chosen: what a record of a game under way holds.
            who = shown_name(self.session.names[self.session.viewer])
            title += f" — as {who} saw it (the game is under way: no hidden card is in it)"
        path = self._ask_file(title, RECORDS, True, self._offered_name(".yaml"))
        if path is not None:
            self.export_record(path if path.suffix else path.with_suffix(".yaml"))

    def ask_replay(self) -> None:
        """Game > Replay a record…"""
        path = self._ask_file("Replay a game record", RECORDS, save=False)
        if path is not None:
            self.open_replay(path)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit() and text != "0" and not event.modifiers():
            self.make_action(int(text) - 1)
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.autosave_clock.flush()  # the file holds every move while it is asked
        if self.unsaved() and not self.closing_quietly:
            name = self.path.name if self.path else f"this game of {self.session.game.name}"
            choice = dialogs.ask_save_changes(self, name)
            if choice == "cancel" or (choice == "save" and not self.save()):
                event.ignore()
                return
        for window in self.opened:
            if window.isVisible() and not window.close():
                event.ignore()
                return
        self.discard()
        super().closeEvent(event)

    def discard(self) -> None:
        """Stop the computer seats and drop the autosave: the window is going away."""
        self.computers.stop()
        self.session.leave()
        self.autosave_clock.stop()
        self.autosave.discard()
