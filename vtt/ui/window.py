"""The table window: seat bar, table view, hand bar, menus, status bar, files and autosave.

The window owns the :class:`TableSession`; New and Open put another table into
it, and every widget follows through the session's signals.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vtt.resources import user_data_dir, user_packs_dir
from vtt.rules.setups import Setup, SetupError, list_setups, load_setup
from vtt.rules.shown import shown, shown_name
from vtt.table import Change, Die, Seat, Table
from vtt.table.savefile import (
    SUFFIX,
    Autosave,
    SaveFileError,
    load_table,
    save_table,
    table_autosave,
)
from vtt.ui import dialogs
from vtt.ui.art import Art, missing_art, swatch
from vtt.ui.handbar import HandBar
from vtt.ui.loglist import LogList
from vtt.ui.menus import KeysStayOnTable
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QAction,
    QCloseEvent,
    QDockWidget,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFileDialog,
    QKeySequence,
    QMainWindow,
    QPoint,
    QPushButton,
    QSize,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from vtt.ui.quitting import quit_application
from vtt.ui.recent import RecentFiles
from vtt.ui.screen import fit_to_screen, fits_with_frame, screen_room
from vtt.ui.seatbar import SeatBar
from vtt.ui.session import AutosaveClock, TableSession
from vtt.ui.shortcuts import by_command
from vtt.ui.statusbar import STATUS_MS, FadingStatusBar
from vtt.ui.view import TableView

if TYPE_CHECKING:
    from vtt.net.protocol import Invite
    from vtt.ui.game.compare import CompareDialog
    from vtt.ui.game.remote import Joining
    from vtt.ui.game.session import GameSetup
    from vtt.ui.game.window import GameWindow
    from vtt.ui.studio.newgame import NewGameWizard
    from vtt.ui.studio.window import StudioWindow

DEFAULT_SETUP = "janken-deck-games"
APP_TITLE = "Janken Table"
#: What File > Open, ``vtt open`` and a drop on the window open: tables, saved games, records.
OPENABLE = (SUFFIX, ".jgame", ".yaml", ".yml")
#: A shared pack: dropped on the window (or opened), it is checked and installed.
JPACK = ".jpack"
OPEN_FILTER = (
    "Janken Table files (*.jtable *.jgame *.yaml *.yml);;Tables (*.jtable);;"
    "Saved games (*.jgame);;Game records (*.yaml *.yml);;All files (*)"
)
#: The log panel's first width, in pixels.
LOG_WIDTH = 240
#: The window's size where the screen has room for it (and its title bar).
USUAL_SIZE = QSize(1500, 980)
LOG_HINT = "Rolls, shuffles, what comes out of a bag and undos are told here, in words."
HINT = "Drag to move · right-click for a piece's menu · F1 lists every shortcut"


class TableWindow(QMainWindow):
    """The main window.

    Signals:
        shown(): the window was first shown (for start-up timing).
    """

    shown = Signal()

    def __init__(self, table: Table | None = None, session: TableSession | None = None) -> None:
        super().__init__()
        self.art = Art()
        #: The session: a table of this screen's, or one a network host keeps (``session``).
        self.session = session or TableSession(table if table is not None else _first_table())
        self.autosave = table_autosave(user_data_dir() / f"autosave{SUFFIX}")
        self.recent = RecentFiles()
        self.view = TableView(self.session, self.art)
        self.seat_bar = SeatBar(self.session)
        self.hand_bar = HandBar(self.session, self.art)
        self.hand_bar.table_drop = self.drop_from_hand
        self.view.zones = [self.hand_bar, self.seat_bar]
        self.view.lenses = [self.hand_bar]
        self.autosave_clock = AutosaveClock(self.write_autosave, self)
        self.shortcuts_window: dialogs.ShortcutsWindow | None = None
        self.game_windows: list[GameWindow | TableWindow] = []
        #: Sandbox > New game...'s dialog, while it is open (and after, until the next).
        self.wizard: NewGameWizard | None = None
        #: Game > Compare variants...'s dialog, once opened.
        self.compare_dialog: CompareDialog | None = None
        #: Game > Join...'s room being joined (its window opens at the first frame).
        self.joining: Joining | None = None
        self._layout()
        self._log_panel()
        self._status_bar()
        self._menus()
        self._connect()
        self._update_title()
        # Files dropped anywhere on the window open here; the view takes no Qt drops of
        # its own (pieces move by mouse events), so it must not swallow them.
        self.setAcceptDrops(True)
        self.view.setAcceptDrops(False)
        fit_to_screen(self, USUAL_SIZE)
        # Keys reach the table from launch: 1-9 over the deck, Space to pan, F to flip.
        self.view.setFocus()

    def show_fitted(self) -> None:
        """Show the window at its usual size, or maximized where that size and the window
        manager's title bar would not fit the screen's free room (a 1366x768 laptop): the
        window manager knows its frame, so the status bar stays on the screen."""
        room = screen_room(self)
        if room is None or fits_with_frame(USUAL_SIZE, room.size()):
            self.show()
        else:
            self.showMaximized()

    def _layout(self) -> None:
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.seat_bar)
        column.addWidget(self.view, 1)
        column.addWidget(self.hand_bar)
        self.setCentralWidget(central)

    def _log_panel(self) -> None:
        """The log beside the table: what rolls and shuffles came to, and what was undone."""
        self.log = LogList(placeholder=LOG_HINT)
        self.log_dock = QDockWidget("Log", self)
        self.log_dock.setObjectName("log")
        self.log_dock.setWidget(self.log)
        self.log_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.resizeDocks([self.log_dock], [LOG_WIDTH], Qt.Orientation.Horizontal)

    def _status_bar(self) -> None:
        bar = FadingStatusBar(self)
        self.setStatusBar(bar)
        self.last_action = Label()
        self.last_action.setStyleSheet("color: #cdbfa8; padding: 0 8px;")
        self.joker_button = QPushButton("Joker! Re-roll for a reversed suit")
        self.joker_button.setStyleSheet(
            "QPushButton { background: #8e44ad; color: white; border-radius: 9px;"
            " padding: 2px 12px; font-weight: bold; }"
        )
        self.joker_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay on the table
        self.joker_button.hide()
        self.joker_die = ""
        self.joker_button.clicked.connect(self.reroll_joker)
        bar.addPermanentWidget(self.joker_button)
        bar.addPermanentWidget(self.last_action)
        # The resting text: said messages cover it a while, then fade back to it.
        self.hint = Label("Drag to move · right-click for a piece's menu · F1 lists every shortcut")
        self.hint.setStyleSheet("padding: 0 4px;")
        bar.addWidget(self.hint, 1)

    def _connect(self) -> None:
        self.session.message.connect(lambda text: self.statusBar().showMessage(text))
        self.session.changed.connect(self._on_change)
        self.session.replaced.connect(self._on_replaced)
        self.session.modified_changed.connect(lambda _m: self._update_title())
        self.session.seat_changed.connect(self._on_seat_changed)
        self.view.commands.joker_rolled.connect(self._offer_joker_reroll)
        if self.session.remote:  # the host tells what each seat did, to every seat
            self.session.said.connect(self.log.add)  # type: ignore[attr-defined]
            self.session.link_changed.connect(self.hint.setText)  # type: ignore[attr-defined]
        else:
            self.view.commands.logged.connect(self.log.add)

    # -------------------------------------------------------------- menus

    def _action(self, command: str, slot: object, text: str | None = None) -> QAction:
        shortcut = by_command()[command]
        action = QAction(text or shortcut.text, self)
        action.setShortcuts([QKeySequence(k) for k in shortcut.keys])
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _menus(self) -> None:
        menus = self.menuBar()
        KeysStayOnTable(menus, self.view)
        file = menus.addMenu("&File")
        file.addAction(self._action("new", lambda: self.ask_new_table(None)))
        self.new_menu = file.addMenu("New &table from")
        self._fill_new_menu()
        file.addAction(self._action("open", self.ask_open))
        self.recent_menu = file.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addSeparator()
        # Sharing a pack as one .jpack file (vtt.ui.sharing; a .jpack dropped here installs).
        file.addAction("&Import pack…").triggered.connect(lambda _=False: self.ask_import_pack())
        file.addAction("E&xport pack…").triggered.connect(lambda _=False: self.ask_export_pack())
        file.addSeparator()
        file.addAction(self._action("save", self.save))
        file.addAction(self._action("save-as", self.save_as))
        file.addSeparator()
        share = file.addAction("S&hare this table online…")
        share.setToolTip("Host this table for players on the network, each at their own screen")
        share.triggered.connect(lambda _=False: self.share_table_online())
        file.addSeparator()
        file.addAction(self._action("quit", quit_application))
        game = menus.addMenu("&Game")
        game.addAction("&New game…").triggered.connect(self.ask_new_game)
        game.addAction("&Host online…").triggered.connect(self.ask_host_online)
        game.addAction("&Join…").triggered.connect(self.ask_join)
        game.addAction("&Compare variants…").triggered.connect(self.ask_compare)
        self.sandbox_menu = menus.addMenu("&Sandbox")
        self.sandbox_menu.addAction("&New game…").triggered.connect(self.ask_design_game)
        self.sandbox_menu.addAction("&Edit pack…").triggered.connect(self.ask_edit_pack)
        self.save_pack_action = self.sandbox_menu.addAction("Save table as &pack…")
        self.save_pack_action.setToolTip(
            "Write the table's cards and places as a new rule pack, then edit its rules"
        )
        self.save_pack_action.triggered.connect(lambda _=False: self.save_table_as_pack())
        edit = menus.addMenu("&Edit")
        self.undo_action = self._action("undo", self.undo)
        self.redo_action = self._action("redo", self.redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(self._action("select-all", self.select_all))
        view = menus.addMenu("&View")
        view.addAction(self._action("fit", self.view.fit_all))
        view.addAction(self._action("reset-view", self.view.reset_view))
        view.addAction(self._action("zoom-in", lambda: self.view.zoom_by(1.25)))
        view.addAction(self._action("zoom-out", lambda: self.view.zoom_by(0.8)))
        view.addSeparator()
        view.addAction(self.log_dock.toggleViewAction())
        self.seats_menu = menus.addMenu("&Seats")
        self.pass_action = self._action("pass", self.pass_to_next)
        self.seats_menu.aboutToShow.connect(self._fill_seats_menu)
        self._fill_seats_menu()
        help_menu = menus.addMenu("&Help")
        help_menu.addAction(self._action("shortcuts", self.show_shortcuts, "Shortcuts…"))
        self._update_undo_texts()

    def _fill_new_menu(self) -> None:
        """The setups to lay a table out from (read again after Sandbox > New game...
        writes a free table into the user's packs)."""
        self.setups = list_setups()
        self.new_menu.clear()
        for setup in self.setups:
            self.new_menu.addAction(setup.name).triggered.connect(
                lambda _=False, s=setup: self.ask_new_table(s)
            )

    def _fill_seats_menu(self) -> None:
        """Passing the screen, adding a seat, and each seat's own menu, by its name."""
        menu = self.seats_menu
        menu.clear()
        menu.addAction(self.pass_action)
        menu.addAction("Add a seat").triggered.connect(self.seat_bar.add)
        menu.addSeparator()
        for seat, who in enumerate(self.session.table.seats):
            own = menu.addMenu(swatch(who.colour), who.name)
            self.seat_bar.fill_seat_menu(own, seat)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for path in paths:
            self.recent_menu.addAction(path.name).triggered.connect(
                lambda _=False, p=path: self.open_path(p)
            )
        if not paths:
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    # ------------------------------------------------------------- state

    def _on_change(self, change: Change) -> None:
        # What was said of the last action is old news once the next one is made.
        self.statusBar().clearMessage()
        self.autosave_clock.changed()
        self._update_undo_texts()
        if self.joker_die and (
            change.ids & {self.joker_die} and not self._shows_joker(self.joker_die)
        ):
            self._hide_joker()

    def _on_replaced(self) -> None:
        self.log.clear()  # another table: its own story starts
        self._hide_joker()
        self._update_undo_texts()
        self._update_title()
        self.view.reset_view()

    def _on_seat_changed(self, seat: int) -> None:
        self.statusBar().showMessage(f"Pass the screen to {self.session.seat_name(seat)}", 6000)

    def _update_undo_texts(self) -> None:
        undo, redo = self.session.undo_label(), self.session.redo_label()
        self.undo_action.setText(shown(f"Undo {undo}") if undo else "Undo")
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setText(shown(f"Redo {redo}") if redo else "Redo")
        self.redo_action.setEnabled(redo is not None)
        self.last_action.setText(shown(f"Last: {undo}") if undo else "")

    def _update_title(self) -> None:
        name = self.session.path.name if self.session.path else "Untitled table"
        if self.session.remote:
            name = "Shared table"
        self.setWindowTitle(f"{shown_name(name)}[*] — {APP_TITLE}")
        self.setWindowModified(self.session.modified)

    def undo(self) -> None:
        """Edit > Undo; the log says what was taken back (a roll undone is no secret)."""
        label = self.session.undo_label()
        self.session.undo()
        if label and not self.session.remote:  # else the host's frame tells it
            self.log.add(f"{self.session.seat_name()} undoes: {label}")

    def redo(self) -> None:
        """Edit > Redo; the log says what was made again."""
        label = self.session.redo_label()
        self.session.redo()
        if label and not self.session.remote:
            self.log.add(f"{self.session.seat_name()} redoes: {label}")

    def select_all(self) -> None:
        """Select every piece on the table."""
        for item in self.view.table_scene.pieces.values():
            item.setSelected(True)

    def pass_to_next(self) -> None:
        """Pass the screen to the next seat round the table."""
        self.session.pass_to((self.session.active_seat + 1) % len(self.session.table.seats))

    def show_shortcuts(self) -> None:
        """Help > Shortcuts."""
        if self.shortcuts_window is None:
            self.shortcuts_window = dialogs.ShortcutsWindow(self)
        self.shortcuts_window.show()
        self.shortcuts_window.raise_()

    def drop_from_hand(self, cards: list[str], global_pos: QPoint, face_up: bool) -> bool:
        """Cards dragged out of the hand bar: onto a seat chip or a seat's name plate on the
        felt (into that seat's hand), or onto the table."""
        seat = self.seat_bar.hand_drop_at(global_pos)
        plate = self.view.seat_plate_at(global_pos)
        to = seat[0] if seat is not None else plate
        if to is not None:
            before = len(self.session.table.history)
            self.hand_bar.give(cards, to)
            return len(self.session.table.history) != before
        if self.view.drop_from_hand(cards, global_pos, face_up):
            return True
        what = "the card" if len(cards) == 1 else "the cards"
        self.statusBar().showMessage(f"Drop {what} on the table, or on a seat", 5000)
        return False

    # -------------------------------------------------------------- Joker

    def _shows_joker(self, die_id: str) -> bool:
        die = self.session.table.objects.get(die_id)
        return isinstance(die, Die) and die.shown == "Jk" and die.parent is None

    def _offer_joker_reroll(self, die_id: str) -> None:
        self.joker_die = die_id
        self.joker_button.show()
        self.statusBar().showMessage("Joker! Sandbox rule: re-roll for a suit played reversed")

    def reroll_joker(self) -> None:
        """Re-roll the Joker on the die that showed it (the Sandbox rule)."""
        die, self.joker_die = self.joker_die, ""
        self.joker_button.hide()
        if die and self._shows_joker(die):
            self.view.commands.reroll_joker([die])

    def _hide_joker(self) -> None:
        self.joker_die = ""
        self.joker_button.hide()

    # ------------------------------------------------------------- files

    def ask_new_table(self, setup: Setup | None) -> None:
        """Ask for the setup and the seats, then lay out a new table."""
        if not self.setups:
            self.report_error("No setups", "No setup packs were found in the rulesets folder.")
            return
        dialog = dialogs.NewTableDialog(self.setups, setup, self)
        if dialog.exec() and self.may_replace_table():
            self.start_table(dialog.setup(), dialog.seats())

    def start_table(self, setup: Setup, seats: tuple[Seat, ...] | int) -> bool:
        """Lay out a new table from a setup (replacing the current one)."""
        try:
            table = setup.new_table(seats, seed=fresh_seed())
        except SetupError as error:
            self.report_error("Cannot lay out the table", str(error))
            return False
        if setup.art is not None:  # the pack's own dice, tokens and boards
            self.art.add_pack(setup.art)
        # Laid out afresh, it has nothing to lose yet: like the table at launch, it is
        # replaced or closed without a question until something is done on it.
        self.session.replace(table)
        self.autosave_clock.changed()
        self.statusBar().showMessage(f"New table: {setup.name}. Right-click the deck to shuffle.")
        return True

    def ask_new_game(self) -> None:
        """Game > New game...: choose a pack and seats, then play it in a game window."""
        # Loaded on first use, so a free table opens without the enforced-play code.
        from vtt.ui.game.dialog import NewGameDialog

        dialog = NewGameDialog(self)
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            setup = dialog.setup()
            if setup is not None:
                self.open_game(setup)

    def ask_join(self) -> None:
        """Game > Join...: a room on a network host, played in a game window."""
        from vtt.ui.game.joindialog import JoinDialog

        dialog = JoinDialog(self)
        if dialog.exec() != JoinDialog.DialogCode.Accepted:
            return
        try:
            invite = dialog.invite()
        except ValueError as error:
            self.report_error("Cannot join", str(error))
            return
        self.join(invite, dialog.player_name(), dialog.want(), dialog.lobby)

    def ask_host_online(self) -> None:
        """Game > Host online...: choose a game as for a new one, serve it from this
        process, and play its first open seat here; the invite is shown and copied."""
        from vtt.ui.game.dialog import NewGameDialog

        dialog = NewGameDialog(self)
        dialog.setWindowTitle("Host a game online")
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            setup = dialog.setup()
            if setup is not None:
                self.host_online(setup)

    def host_online(
        self, setup: GameSetup, port: int | None = None, address: str = ""
    ) -> Joining | None:
        """Serve ``setup``'s game (on ``port``, else the usual one; on ``address``, else
        every address of this machine) and join it here."""
        from vtt.ui.game.hosting import DEFAULT_PORT, HostedRoom

        try:
            hosted = HostedRoom(setup, DEFAULT_PORT if port is None else port, address)
        except (OSError, ValueError) as error:
            self.report_error("Cannot host the game", str(error))
            return None
        people = [choice.name for choice in setup.seats if not choice.computer]
        joining = self.joining = hosted.join(people[0] if people else "Host", self.art)
        joining.opened.connect(self._show_game)
        joining.opened.connect(lambda _window: hosted.copy_invite())
        joining.failed.connect(lambda why: self.report_error("Cannot host the game", why))
        self.statusBar().showMessage(
            f"Hosting {hosted.invite} (copied): send it to the other players", 30000
        )
        return joining

    def join(
        self, invite: Invite, name: str, want: int | str, lobby: dict[str, Any] | None = None
    ) -> Joining:
        """Join a room (``lobby``: what its host said of it, if asked): its game window
        opens at the host's first frame (or an error says why not); the status bar
        says which."""
        from vtt.ui.game.remote import Joining
        from vtt.ui.nettable import watch_for_table

        joining = self.joining = Joining(invite, name, want, self.art, lobby)
        joining.opened.connect(self._show_game)
        joining.opened.connect(lambda window: self._joined(invite, window))
        watch_for_table(joining, lambda window: self._table_joined(invite, window))
        joining.failed.connect(lambda why: self._not_joined(invite, why))
        self.statusBar().showMessage(f"Joining {invite}…", 15000)
        return joining

    def _table_joined(self, invite: Invite, window: Any) -> None:
        """A room shared a free table: its window opens; the status bar says so."""
        self._show_game(window)
        seat = window.session.seat
        where = "watching" if seat is None else f"at {window.session.seat_name(seat)}'s seat"
        self.statusBar().showMessage(f"Joined the free table {invite}: {where}", STATUS_MS)

    def share_table_online(self, port: int | None = None, address: str = "") -> Joining | None:
        """File > Share this table online...: serve a copy of the table open here (on
        ``port``, else the usual one; on ``address``, else every address of this
        machine) and open it in a window of its own at the seat at this screen, where
        every player's operations show; the invite is copied to send."""
        from vtt.ui.nettable import DEFAULT_PORT, HostedTable, watch_for_table

        if self.session.remote:
            self.statusBar().showMessage("This table is shared already", 8000)
            return None
        try:
            hosted = HostedTable(
                self.session.table, DEFAULT_PORT if port is None else port, address
            )
        except (OSError, ValueError) as error:
            self.report_error("Cannot share the table", str(error))
            return None
        seat = self.session.active_seat
        joining = self.joining = hosted.join(self.session.seat_name(seat), seat, self.art)
        watch_for_table(joining, self._show_game)
        joining.failed.connect(lambda why: self.report_error("Cannot share the table", why))
        hosted.copy_invite()
        self.statusBar().showMessage(
            f"Sharing this table at {hosted.invite} (copied): send it to the other players;"
            " play in the window that opens",
            30000,
        )
        return joining

    def _joined(self, invite: Invite, window: Any) -> None:
        session = window.session
        seat = session.seat
        where = "watching" if seat is None else f"playing {session.names[seat]}"
        self.statusBar().showMessage(f"Joined {invite}: {where}", STATUS_MS)

    def _not_joined(self, invite: Invite, why: str) -> None:
        self.statusBar().showMessage(f"Could not join {invite}", STATUS_MS)
        self.report_error("Cannot join", why)

    def ask_compare(self) -> None:
        """Game > Compare variants...: two variants of a pack (or one option over a
        range) played on the same deals, side by side; findings; the report."""
        from vtt.ui.game.compare import CompareDialog

        self.compare_dialog = CompareDialog(self)
        self.compare_dialog.show()

    def ask_design_game(self) -> None:
        """Sandbox > New game...: the five questions of the rule text write a new pack
        into the user's packs folder, which then opens in the studio."""
        from vtt.ui.studio.newgame import NewGameWizard

        wizard = self.wizard = NewGameWizard(self)
        wizard.accepted.connect(lambda: self._designed(wizard.folder))
        wizard.open()

    def _designed(self, folder: Path | None) -> None:
        if folder is None:
            return
        self._fill_new_menu()  # a free table written is one to lay out at once
        self.open_pack_editor(folder)
        self.statusBar().showMessage(
            f"Wrote {folder}: Game > New game… lists it beside the shipped games", 10000
        )

    def ask_edit_pack(self) -> None:
        """Sandbox > Edit pack...: choose a pack's folder and open it in the studio."""
        from vtt.ui.studio.newgame import ask_pack_folder

        folder = ask_pack_folder(self)
        if folder is None:
            return
        if not (folder / "pack.yaml").is_file():
            dialogs.warn(self, "Edit pack", f"{folder} holds no pack.yaml: choose a pack's folder")
            return
        self.open_pack_editor(folder)

    def open_pack_editor(self, folder: Path) -> StudioWindow:
        """Open a pack in the studio window (the editor beside its table)."""
        from vtt.ui.studio.window import open_studio

        return open_studio(folder)

    def open_game(self, setup: GameSetup) -> GameWindow | TableWindow:
        """Open a window playing a game: enforced, or with house rules a free table
        laid out as the pack deals it."""
        from vtt.ui.game.window import GameWindow

        window = GameWindow(setup, self.art)
        if not setup.enforced:
            free: TableWindow = window.to_house_rules()
            self.game_windows.append(free)
            return free
        self._show_game(window)
        return window

    def ask_open(self) -> None:
        """Ask for a table, a saved game or a game record, and open it."""
        start = str(self.session.path.parent) if self.session.path else str(Path.home())
        name, _ = QFileDialog.getOpenFileName(self, "Open", start, OPEN_FILTER)
        if name:
            self.open_path(Path(name))

    def ask_import_pack(self) -> Path | None:
        """File > Import pack...: check a .jpack and install its pack (vtt.ui.sharing)."""
        from vtt.ui.sharing import ask_import

        return ask_import(self)

    def ask_export_pack(self) -> Path | None:
        """File > Export pack...: write a pack's folder as one .jpack file."""
        from vtt.ui.sharing import ask_export

        return ask_export(self)

    def open_path(self, path: Path | str) -> bool:
        """Open a table here, or a saved game or record in a game window, or install a
        shared pack (.jpack); a bad file is reported and the current table kept."""
        path = Path(path)
        if path.suffix.lower() == JPACK:
            from vtt.ui.sharing import install

            return install(self, path) is not None
        if path.suffix.lower() in OPENABLE[1:]:
            return self.open_game_file(path)
        try:
            table = load_table(path)
        except SaveFileError as error:
            self.report_error("Cannot open the table", str(error))
            return False
        missing = missing_art(self.art, table.objects.values())
        if missing is not None:  # painting it would fail: say so and keep this table
            self.report_error("Cannot open the table", f"{path}: {missing}")
            return False
        if not self.may_replace_table():
            return False
        # The file keeps the seed the table had, and its draws: opened with them, the table
        # would shuffle and roll again as it did after the save, every time it is opened.
        table.seed = fresh_seed()
        self.session.replace(table, path, opened=True)
        self.recent.add(path)
        self.statusBar().showMessage(f"Opened {path.name}", 6000)
        return True

    def open_game_file(self, path: Path) -> bool:
        """Resume a saved game (``.jgame``) or step through a record in a game window."""
        from vtt.ui.game.opening import GameFileError, OpeningCancelled, open_game_file

        try:
            window = open_game_file(path, self.art, parent=self)
        except OpeningCancelled as cancelled:
            self.statusBar().showMessage(str(cancelled), 6000)
            return False
        except GameFileError as error:
            self.report_error("Cannot open the game", str(error))
            return False
        self._show_game(window)
        self.recent.add(path)
        self.statusBar().showMessage(f"Opened {path.name} in a game window", 6000)
        return True

    def _show_game(self, window: GameWindow) -> None:
        self.game_windows.append(window)
        window.show()
        window.raise_()
        window.activateWindow()

    # -------------------------------------------------- files dropped on it

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_files(event):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if _dropped_files(event):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = _dropped_files(event)
        if not files:
            return
        event.acceptProposedAction()
        # Several tables cannot lie here at once: the last one dropped is the one kept.
        for path in files:
            self.open_path(path)

    def save(self) -> bool:
        """Save to the table's file (asking for one the first time)."""
        if self.session.path is None:
            return self.save_as()
        return self.save_to(self.session.path)

    def save_as(self) -> bool:
        """Ask where to save the table, then save it."""
        if self.session.remote:
            return self.save_to(Path())
        name, _ = QFileDialog.getSaveFileName(
            self,
            "Save the table",
            str(Path.home() / f"table{SUFFIX}"),
            f"Janken tables (*{SUFFIX})",
        )
        if not name:
            return False
        path = Path(name)
        return self.save_to(path if path.suffix else path.with_suffix(SUFFIX))

    def save_to(self, path: Path) -> bool:
        """Write the table to ``path`` (a shared table's host saves it, not a seat)."""
        if self.session.remote:
            self.statusBar().showMessage("The host keeps the shared table: it saves it", 8000)
            return False
        try:
            save_table(self.session.table, path)
        except OSError as error:
            self.report_error("Cannot save the table", f"{path}: {error.strerror or error}")
            return False
        self.session.path = path
        self.session.set_modified(False)
        self.recent.add(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved {path.name}", 6000)
        return True

    def save_table_as_pack(self, name: str | None = None) -> Path | None:
        """Sandbox > Save table as pack…: the table's cards and places written as a new
        pack (``vtt.studio.fromtable``) in the user's pack folder, never over a pack
        there unasked, then opened in the studio to add its rules. ``name``: the game's
        name (else asked). The pack's file, or None (said) when none was written."""
        from vtt.studio.fromtable import pack_from_table, pack_id_of, write_table_pack

        if name is None:
            name = dialogs.ask_text(self, "Save table as pack", "The new game's name:", "My table")
            if name is None:
                return None
        try:
            text = pack_from_table(self.session.table, name)
        except ValueError as error:
            self.statusBar().showMessage(str(error), STATUS_MS)
            return None
        folder = user_packs_dir() / pack_id_of(name)
        try:
            try:
                path = write_table_pack(folder, text)
            except FileExistsError:
                question = f"{folder} holds a pack already. Replace its pack.yaml with this table?"
                if not dialogs.ask_yes_no(self, "Replace the pack?", question):
                    return None
                path = write_table_pack(folder, text, overwrite=True)
        except OSError as error:
            self.report_error("Cannot save the pack", f"{folder}: {error.strerror or error}")
            return None
        from vtt.ui.studio.window import open_studio

        self.studio = open_studio(path)
        self.statusBar().showMessage(f"Saved the table as the pack {path}", STATUS_MS)
        return path

    def report_error(self, title: str, text: str) -> None:
        """Say what went wrong, in the status bar and a non-blocking message box."""
        self.statusBar().showMessage(text, 15000)
        dialogs.warn(self, title, text)

    def write_autosave(self) -> None:
        """Write the autosave file now (a shared table's is the host's to keep)."""
        if self.session.remote:
            return
        try:
            self.autosave.write(self.session.table)
        except OSError as error:
            self.statusBar().showMessage(f"Autosave failed: {error}", 8000)

    def offer_restore(self) -> bool:
        """After a crash (autosaves left behind), offer to put back the table and every
        game it had open; True if anything came back."""
        table = self._offer_table_restore()
        games = self.offer_game_restores()
        return table or games > 0

    def _offer_table_restore(self) -> bool:
        if not self.autosave.exists():
            return False
        question = "Janken Table did not close properly last time. Restore the table it had open?"
        if not dialogs.ask_yes_no(self, "Restore the last table?", question):
            self.autosave.discard()
            return False
        try:
            table = self.autosave.load()
        except SaveFileError as error:
            kept = self.autosave.set_aside()
            self.report_error("Cannot restore the autosave", f"{error}\n\nIt was kept as {kept}.")
            return False
        missing = missing_art(self.art, table.objects.values())
        if missing is not None:  # painting it would fail, as with an opened table
            kept = self.autosave.set_aside()
            self.report_error(
                "Cannot restore the autosave",
                f"{self.autosave.path}: {missing}\n\nIt was kept as {kept}.",
            )
            return False
        self.session.replace(table, opened=True)
        self.session.set_modified(True)
        self.statusBar().showMessage("Restored the table from the autosave", 8000)
        return True

    def offer_game_restores(self) -> int:
        """Offer back each game a crash left in its autosave; how many came back."""
        from vtt.ui.game.opening import GameFileError, OpeningCancelled, resumed_saved_game
        from vtt.ui.game.saved import autosaved_games, game_autosave

        restored = 0
        for path in autosaved_games():
            autosave = game_autosave(path)
            try:
                saved = autosave.load()
                name = saved.setup.game().name
            except (ValueError, OSError) as error:
                self._set_aside(autosave, error)
                continue
            seats = ", ".join(seat.name for seat in saved.setup.seats)
            moves = f"{len(saved.moves)} move{'s' if len(saved.moves) != 1 else ''}"
            question = (
                "Janken Table did not close properly last time. Resume the game of "
                f"{name} it had open ({seats}; {moves} made)?"
            )
            if not dialogs.ask_yes_no(self, f"Resume {name}?", question):
                autosave.discard()
                continue
            try:
                window = resumed_saved_game(saved, str(path), self.art, parent=self)
            except OpeningCancelled:  # kept, offered again next time
                continue
            except GameFileError as error:
                self._set_aside(autosave, error)
                continue
            window.write_autosave()  # its own autosave holds the game before the old one goes
            autosave.discard()
            self._show_game(window)
            restored += 1
        return restored

    def _set_aside(self, autosave: Autosave[Any], error: Exception) -> None:
        kept = autosave.set_aside()
        self.report_error("Cannot restore the autosave", f"{error}\n\nIt was kept as {kept}.")

    # --------------------------------------------------------- lifecycle

    def showEvent(self, event: object) -> None:
        super().showEvent(event)  # type: ignore[arg-type]
        if not getattr(self, "_was_shown", False):
            self._was_shown = True
            QTimer.singleShot(0, self.view.reset_view)
            self.shown.emit()

    def may_replace_table(self) -> bool:
        """True if the table on the felt may go (closed, or replaced by a new or opened
        one): it has no changes, or the person saved them or let them go when asked.
        A shared table stays: close its window to leave it."""
        if self.session.remote:
            self.statusBar().showMessage("Close this window to leave the shared table", 8000)
            return False
        if not self.session.modified:
            return True
        name = self.session.path.name if self.session.path else "this table"
        choice = dialogs.ask_save_changes(self, name)
        return choice == "discard" or (choice == "save" and self.save())

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session.remote:  # leaving a shared table: the host keeps it
            self.autosave_clock.stop()
            self.session.leave()  # type: ignore[attr-defined]
            event.accept()
            return
        self.autosave_clock.flush()  # the file holds every change while it is asked
        if not self.may_replace_table():
            event.ignore()
            return
        self.autosave_clock.stop()
        self.autosave.discard()
        event.accept()


def _dropped_files(event: QDropEvent) -> list[Path]:
    """The files a drag brings that the window opens (tables, saved games, records) or
    installs (shared packs)."""
    urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
    paths = [Path(url.toLocalFile()) for url in urls if url.isLocalFile()]
    return [path for path in paths if path.suffix.lower() in (*OPENABLE, JPACK)]


def _first_table() -> Table:
    """The table the window starts with: the standard setup for its default seats."""
    try:
        return load_setup(DEFAULT_SETUP).new_table(seed=fresh_seed())
    except SetupError:
        return Table(2, seed=fresh_seed())


def fresh_seed() -> int:
    """A seed of its own for a table laid out here, so that its shuffles and rolls differ
    from every other table's (with one seed for all, each launch shuffled alike)."""
    return secrets.randbelow(2**31)
