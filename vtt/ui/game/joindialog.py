"""Game > Join...: where the room is (a room found on the local network, a pasted
invite ``vtt://HOST:PORT/CODE``, or the address, port and room code), the name to
play under, and then, once the host has
said what the room is (its pack, and which seats are free, taken by whom or a
computer's: the ``lobby``), one of its free seats or watching."""

from __future__ import annotations

import threading
from typing import Any

from vtt.net.client import LobbyError, fetch_lobby
from vtt.net.discovery import NoDiscovery, browse
from vtt.net.protocol import Invite, parse_invite
from vtt.ui.game.hosting import DEFAULT_PORT
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QObject,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    Signal,
)

__all__ = ["JoinDialog", "lobby_seats"]
#: The most seats offered by number, to a host too old to say which are free.
MOST_SEATS = 8
ANY, WATCH = "Any free seat", "Watch"


def lobby_seats(lobby: dict[str, Any]) -> tuple[list[tuple[str, int | str]], str]:
    """The choices a room offers (each free seat, and watching when one more may) and
    the words telling the room: its pack and each seat.

    >>> choices, words = lobby_seats({"pack_name": "War", "watch": True, "seats": [
    ...     {"name": "P1", "kind": "person", "taken": False},
    ...     {"name": "Cat", "kind": "person", "taken": True, "player": "Cat"},
    ...     {"name": "Robo", "kind": "computer", "level": "hard", "taken": True}]})
    >>> choices
    [('Seat 1 (P1)', 0), ('Watch', 'watch')]
    >>> words.splitlines()
    ['War', 'seat 1: free', 'seat 2: Cat', 'seat 3: Robo (computer, hard)']
    """
    choices: list[tuple[str, int | str]] = []
    words = [str(lobby.get("pack_name") or lobby.get("pack") or "?")]
    for index, seat in enumerate(lobby.get("seats") or []):
        name = str(seat.get("name") or f"P{index + 1}")
        if seat.get("kind") == "computer":
            level = f", {seat['level']}" if seat.get("level") else ""
            words.append(f"seat {index + 1}: {name} (computer{level})")
        elif seat.get("taken"):
            words.append(f"seat {index + 1}: {seat.get('player') or name}")
        else:
            words.append(f"seat {index + 1}: free")
            choices.append((f"Seat {index + 1} ({name})", index))
    if lobby.get("watch"):
        choices.append((WATCH, "watch"))
    else:
        words.append("no room to watch")
    return choices, "\n".join(words)


class LobbyAsker(QObject):
    """Asks the host about a room on a thread of its own; ``answered`` on this one
    (the lobby, or the LobbyError)."""

    answered = Signal(object)

    def ask(self, invite: Invite) -> None:
        def asking() -> None:
            try:
                self.answered.emit(fetch_lobby(invite))
            except LobbyError as error:
                self.answered.emit(error)

        threading.Thread(target=asking, name="vtt-lobby", daemon=True).start()


class RoomFinder(QObject):
    """Looks for rooms announced on the local network on a thread of its own;
    ``found`` on this one (the rooms, or the NoDiscovery)."""

    found = Signal(object)
    #: The addresses to look on (None: every one of this machine's).
    interfaces: list[str] | None = None

    def look(self) -> None:
        def looking() -> None:
            try:
                self.found.emit(browse(interfaces=self.interfaces))
            except (NoDiscovery, OSError) as error:
                self.found.emit(error)

        threading.Thread(target=looking, name="vtt-rooms", daemon=True).start()


class JoinDialog(QDialog):
    """Ask where the room is, ask the host what it is, then which seat to take."""

    def __init__(self, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a game")
        self.setMinimumWidth(460)
        self.address = QLineEdit()
        self.address.setPlaceholderText("vtt://HOST:PORT/CODE, or the host's address")
        self.address.textChanged.connect(self._pasted)
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.code = QLineEdit()
        self.code.setPlaceholderText("6 letters")
        self.name = QLineEdit(name)
        #: Rooms announced on the local network (zeroconf), once looked for.
        self.nearby = QComboBox()
        self.nearby.setPlaceholderText("Look on this network…")
        self.nearby.activated.connect(self._chose_nearby)
        self.look = QPushButton("&Look on this network")
        self.look.clicked.connect(self.look_nearby)
        self.finder = RoomFinder(self)
        self.finder.found.connect(self._found_nearby)
        self.find = QPushButton("&Find the room")
        self.find.clicked.connect(self.look_up)
        #: What the host said of the room: its pack and seats (empty until it has).
        self.room = Label("Find the room to see its seats.")
        self.room.setWordWrap(True)
        self.seat = QComboBox()
        self.seat.setEnabled(False)
        form = QFormLayout()
        nearby = QHBoxLayout()
        nearby.addWidget(self.nearby, 1)
        nearby.addWidget(self.look)
        form.addRow("Games nearby:", nearby)
        form.addRow("Invite or address:", self.address)
        form.addRow("Port:", self.port)
        form.addRow("Room code:", self.code)
        form.addRow("Your name:", self.name)
        form.addRow("", self.find)
        form.addRow("Room:", self.room)
        form.addRow("Seat:", self.seat)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        #: The lobby the host answered with (None: not asked, or it could not say).
        self.lobby: dict[str, Any] | None = None
        self.asker = LobbyAsker(self)
        self.asker.answered.connect(self._answered)
        self._asked: Invite | None = None
        self.address.setFocus()  # where a pasted invite goes

    def look_nearby(self) -> None:
        """Look for rooms announced on the local network (they fill the list)."""
        self.look.setEnabled(False)
        self.nearby.clear()
        self.nearby.setPlaceholderText("Looking…")
        self.finder.look()

    def _found_nearby(self, found: Any) -> None:
        self.look.setEnabled(True)
        if isinstance(found, Exception):
            self.nearby.setPlaceholderText("None found")
            self.room.setText(str(found))
            return
        self.nearby.setPlaceholderText("None found" if not found else "Choose a game")
        for room in found:
            self.nearby.addItem(str(room), str(room.invite))

    def _chose_nearby(self, index: int) -> None:
        """A room chosen from the network: its invite, asked about at once."""
        invite = self.nearby.itemData(index)
        if invite:
            self.address.setText(str(invite))

    def _pasted(self, text: str) -> None:
        """A whole invite pasted in the address fills the port and code too, and the
        host is asked about the room at once."""
        try:
            invite = parse_invite(text)
        except ValueError:
            return
        self.port.setValue(invite.port)
        self.code.setText(invite.room)
        self.look_up()

    def look_up(self) -> None:
        """Ask the host what the room is (its answer fills the seats)."""
        try:
            invite = self.invite()
        except ValueError as error:
            self.room.setText(str(error))
            return
        self._asked = invite
        self.lobby = None
        self.seat.clear()
        self.seat.setEnabled(False)
        self.ok.setEnabled(False)
        self.room.setText(f"Asking {invite}…")
        self.asker.ask(invite)

    def _answered(self, answer: Any) -> None:
        self.seat.clear()
        if isinstance(answer, LobbyError):
            old = "older one" in str(answer)
            self.room.setText(f"{answer}" + (": choose a seat by number" if old else ""))
            if old:  # a host that cannot say: any seat, or one by number
                for text in (ANY, WATCH, *(f"Seat {n}" for n in range(1, MOST_SEATS + 1))):
                    self.seat.addItem(text, _wanted(text))
            self._offer()
            return
        self.lobby = answer
        choices, words = lobby_seats(answer)
        self.room.setText(words if choices else f"{words}\nno seat is free")
        for text, want in choices:
            self.seat.addItem(text, want)
        self._offer()

    def _offer(self) -> None:
        self.seat.setEnabled(self.seat.count() > 0)
        self.ok.setEnabled(self.seat.count() > 0)
        if self.seat.count():
            self.seat.setFocus()

    def invite(self) -> Invite:
        """Where the room is; ValueError saying what is missing or wrong."""
        text = self.address.text().strip()
        if text.startswith("vtt://"):
            return parse_invite(text)
        if not text:
            raise ValueError("Give the host's address, or paste the invite")
        code = self.code.text().strip()
        return parse_invite(f"vtt://{text}:{self.port.value()}/{code}")

    def want(self) -> int | str:
        """The seat asked for: its number from 0, ``"any"`` or ``"watch"``."""
        chosen = self.seat.currentData()
        return chosen if chosen is not None else "any"

    def player_name(self) -> str:
        """The name to play under; none given: "" (the seat keeps its own name, the
        host's "Ann" or "P2")."""
        return self.name.text().strip()


def _wanted(text: str) -> int | str:
    if text == ANY:
        return "any"
    if text == WATCH:
        return "watch"
    return int(text.split()[-1]) - 1
