"""Game > Join...: where the room is (a pasted invite ``vtt://HOST:PORT/CODE``, or the
address, port and room code), the name to play under, and a seat or watching."""

from __future__ import annotations

from vtt.net.protocol import Invite, parse_invite
from vtt.ui.game.hosting import DEFAULT_PORT
from vtt.ui.qt import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

__all__ = ["JoinDialog"]
#: The most seats offered by number (a room says which are free when joined).
MOST_SEATS = 8
ANY, WATCH = "Any free seat", "Watch"


class JoinDialog(QDialog):
    """Ask where the room is and which seat to take."""

    def __init__(self, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a game")
        self.address = QLineEdit()
        self.address.setPlaceholderText("vtt://HOST:PORT/CODE, or the host's address")
        self.address.textChanged.connect(self._pasted)
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.code = QLineEdit()
        self.code.setPlaceholderText("6 letters")
        self.name = QLineEdit(name)
        self.seat = QComboBox()
        self.seat.addItems([ANY, WATCH, *(f"Seat {n}" for n in range(1, MOST_SEATS + 1))])
        form = QFormLayout()
        form.addRow("Invite or address:", self.address)
        form.addRow("Port:", self.port)
        form.addRow("Room code:", self.code)
        form.addRow("Your name:", self.name)
        form.addRow("Seat:", self.seat)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _pasted(self, text: str) -> None:
        """A whole invite pasted in the address fills the port and code too."""
        try:
            invite = parse_invite(text)
        except ValueError:
            return
        self.port.setValue(invite.port)
        self.code.setText(invite.room)

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
        chosen = self.seat.currentText()
        if chosen == ANY:
            return "any"
        if chosen == WATCH:
            return "watch"
        return int(chosen.split()[-1]) - 1

    def player_name(self) -> str:
        """The name to play under."""
        return self.name.text().strip() or "Guest"
