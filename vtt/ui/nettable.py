"""A free table shared over the network (issue 29), in the table window.

The seam is the :class:`TableSession`: every widget does its operations through
``session.run``. :class:`SharedTableSession` runs them as a dry run on its copy of the
table (a :class:`~vtt.table.shared.SeatTable` drawn from the host's last frame),
records them, puts the copy back and sends them to the host as one command: nothing
changes here until the host's next frame shows what they came to, and a refusal's
reason is said in the status bar (the pieces go back where the host has them).

:func:`watch_for_table` opens the window when a room joined by Game > Join... (a
``Joining``) turns out to share a free table; :class:`HostedTable` serves the table
open in a window (File > Share this table online...) from this process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vtt.net.background import listening
from vtt.net.protocol import Invite
from vtt.net.tableroom import TableRoom, add_table_room, secret_seed
from vtt.table import Change, Table, TableError
from vtt.table.savefile import SaveFileError, table_from_data, table_to_data
from vtt.table.shared import Recorder, SeatTable
from vtt.ui.qt import QObject, Signal
from vtt.ui.session import TableSession

__all__ = ["HostedTable", "SharedTableSession", "TableCommand", "watch_for_table"]

#: The port a host listens on unless it is taken (then any free one); as a game's.
DEFAULT_PORT = 8765


class TableCommand:
    """A table command as the client sends it (``to_json``, as a game's commands)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def to_json(self) -> dict[str, Any]:
        return self.data


class _DryRun(Exception):
    """Ends a dry run: the copy of the table is put back as it was."""


class SharedTableSession(TableSession):
    """The session of a free table kept by a host: frames arrive, commands are sent.

    Signals (besides TableSession's):
        said(str): a line for the log: what a seat did ("Ben: Shuffle Deck").
        link_changed(str): who is here, and whether the connection is being made again.
    """

    said = Signal(str)
    link_changed = Signal(str)
    remote = True

    def __init__(self, client: Any, message: dict[str, Any], parent: QObject | None = None) -> None:
        self.client = client
        self.number = 0
        self.labels: tuple[str | None, str | None] = (None, None)
        self.seat: int | None = None
        self.seats: list[dict[str, Any]] = []
        self.link_state = "connected"
        #: The table this process hosts for this window, if it does (``HostedTable``).
        self.hosted: HostedTable | None = None
        super().__init__(SeatTable(1), parent)
        self.show_frame(message)

    # ------------------------------------------------------------- from the host

    def heard(self, kind: str, data: Any) -> None:
        """An event of the client (``NetClient``), on this thread."""
        if kind == "table":
            self.show_frame(data)
        elif kind == "answer":
            answer, _command = data
            if not answer.accepted:
                self.changed.emit(Change(frozenset(self.table.objects)))  # back as they are
                self.message.emit(answer.reason)
        elif kind == "presence":
            self.seats = list(data)
            self._link_changed()
        elif kind == "welcome":
            self.seats = list(data.get("seats", self.seats))
            self._link_changed()
        elif kind == "status":
            self.link_state = data
            self._link_changed()
        elif kind in ("error", "bye"):
            self.message.emit(f"The host says: {data}" if data else "The host closed the table")

    def show_frame(self, message: dict[str, Any]) -> None:
        """Show a frame of the host's: the table as this seat may see it."""
        frame = message["table"]
        try:
            table = table_from_data(frame["table"], "the host's table")
        except (SaveFileError, KeyError, TypeError) as error:
            self.message.emit(f"The host's table cannot be shown: {error}")
            return
        self.number = int(frame["number"])
        self.labels = (frame.get("undo"), frame.get("redo"))
        self.seat = frame.get("seat")
        self.active_seat = self.seat if self.seat is not None else 0
        self.set_covered(self.seat is None)  # a spectator holds no hand to show
        change = self.table.adopt(table)
        if not (change.ids or change.seats):
            self.changed.emit(change)  # the undo texts follow the frame's all the same
        if message.get("said"):
            self.said.emit(str(message["said"]))

    def link_text(self) -> str:
        """Who plays at this table, as the status bar says it."""
        from vtt.ui.game.remote import presence_text

        seats = presence_text(self.seats, self.seat)
        if self.link_state == "reconnecting":
            return f"Connection lost: reconnecting… · {seats}"
        if self.link_state == "closed":
            return f"Disconnected · {seats}"
        hosting = f"Hosting {self.hosted.invite} · " if self.hosted is not None else ""
        return f"{hosting}{'Watching · ' if self.seat is None else ''}{seats}"

    def _link_changed(self) -> None:
        self.link_changed.emit(self.link_text())

    # ------------------------------------------------------------- to the host

    def run(self, label: str | None, action: Callable[[], Any]) -> Any:
        """Do ``action`` as a dry run on the copy, and send what it did to the host;
        its result as the copy gave it (None, said why, when the copy already refuses)."""
        recorder = Recorder()
        table = self.table
        assert isinstance(table, SeatTable)
        table.recorder = recorder
        result = None
        try:
            with table.batch(label or "dry run"):
                result = action()
                raise _DryRun
        except _DryRun:
            pass
        except TableError as error:
            text = str(error)
            self.message.emit(text[:1].upper() + text[1:])
            return None
        finally:
            table.recorder = None
        if not recorder.steps:
            self.message.emit("The seats of a shared table stay as they are")
            return None
        command = {"op": "steps", "frame": self.number, "label": label, "steps": recorder.steps}
        return result if self._send(command) else None

    def _send(self, command: dict[str, Any]) -> bool:
        if self.seat is None:
            self.message.emit("You are watching this table")
            return False
        if not self.client.send_command(TableCommand(command)):
            self.message.emit("Not connected to the host: reconnecting…")
            return False
        return True

    def undo(self) -> None:
        """Ask the host to undo the table's last step (its frame shows it, or the
        reason is said)."""
        self._send({"op": "undo", "frame": self.number})

    def redo(self) -> None:
        """Ask the host to redo the last undone step."""
        self._send({"op": "redo", "frame": self.number})

    def undo_label(self) -> str | None:
        return self.labels[0]

    def redo_label(self) -> str | None:
        return self.labels[1]

    # ------------------------------------------------------------- seats here

    def pass_to(self, seat: int) -> None:
        """Each player has a screen of their own: the screen is not passed."""
        if seat != self.seat:
            self.message.emit("Every player plays at their own screen here")

    def set_covered(self, covered: bool) -> None:
        """Only a spectator's screen is covered: no hand of the table is its own."""
        super().set_covered(self.seat is None)

    def set_modified(self, modified: bool) -> None:
        """The host keeps the table: this window has nothing to save."""

    def leave(self) -> None:
        """Leave the table (and end it, when this window hosts it)."""
        self.client.close(wait=0)
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None


def watch_for_table(joining: Any, opened: Callable[[Any], None]) -> None:
    """When the room ``joining`` (a ``Joining``) reaches shares a free table, open its
    window at the first frame and call ``opened`` with it; the joining then forwards
    every later event to the window's session."""
    from vtt.ui.window import TableWindow

    def heard(kind: str, data: Any) -> None:
        if kind != "table" or joining.session is not None or joining.gave_up:
            return
        session = SharedTableSession(joining.client, data)
        session.hosted = joining.hosted
        for early, said in joining.early:
            session.heard(early, said)
        joining.session = session  # its later events are the session's
        window = TableWindow(session=session)
        joining.window = window
        opened(window)

    joining.link.event.connect(heard)


class HostedTable:
    """A copy of a free table served from this process (its seed a new secret), and
    the window's own seat joining it."""

    def __init__(self, table: Table, port: int = DEFAULT_PORT, address: str = "") -> None:
        from vtt.ui.game.hosting import lan_address

        shared = table_from_data(table_to_data(table))
        shared.seed = secret_seed()
        self.host, port = listening(address, port)
        self.room: TableRoom = self.host.call(lambda: add_table_room(self.host.host, shared))
        shown = address if address and address != "0.0.0.0" else lan_address()
        self.invite = Invite(shown, port, self.room.code)
        self.loopback = Invite("127.0.0.1", port, self.room.code)

    def join(self, name: str, seat: int, art: Any = None) -> Any:
        """The window's own seat joining (a ``Joining``; watch it with
        :func:`watch_for_table`)."""
        from vtt.ui.game.remote import Joining

        joining = Joining(self.loopback, name, seat, art)
        joining.hosted = self
        return joining

    def copy_invite(self) -> None:
        """Put the invite on the clipboard."""
        from vtt.ui.qt import QGuiApplication

        QGuiApplication.clipboard().setText(str(self.invite))

    def stop(self) -> None:
        """End the table: every client is told goodbye."""
        self.host.stop()
