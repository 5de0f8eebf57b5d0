"""A game played on a network host (issue 29): the window's session over a
:class:`~vtt.net.client.NetClient` instead of a local :class:`~vtt.match.Match`.

The seam is the session's ``match``: the window reads frames from it and sends it
commands. :class:`RemoteMatch` stands in for the match with the last frame the host
sent; :class:`RemoteSession` sends commands over the network and shows each frame that
arrives, so the table, hand area, glow of legal places, log and end of game are drawn
exactly as for a local game. Refused commands' reasons and answers to "why" arrive
later, as messages; the seat bar (``link_text``) says who is connected and whether the
connection is being made again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vtt.match import Answer, Command, DropQuestion, Redo, SeatFrame, Undo, Why
from vtt.net.client import NetClient, SentPack
from vtt.net.packcache import install_sent, local_pack
from vtt.net.protocol import Invite
from vtt.rules import Game, load_game
from vtt.rules.finder import find_pack_by_id
from vtt.rules.records import RecordError
from vtt.ui.game.places import Key
from vtt.ui.game.session import GameSession, GameSetup, SeatChoice
from vtt.ui.qt import QObject, Signal

__all__ = ["Joining", "NetLink", "RemoteMatch", "RemoteSession", "presence_text", "remote_setup"]


class NetLink(QObject):
    """The client's events, carried from its worker thread to the window's thread."""

    event = Signal(str, object)

    def hear(self, kind: str, data: Any) -> None:
        """The client's listener: emitted from the worker thread, queued to this one."""
        self.event.emit(kind, data)


class RemoteMatch:
    """What the window asks of a match, answered from the last frame the host sent."""

    replay = None
    moves: tuple[Any, ...] = ()

    def __init__(self, frame: SeatFrame, seat: int | None) -> None:
        self.latest = frame
        self.seat = seat

    def frame(self, seat: int | None = None) -> SeatFrame:
        """The last frame received (the only one this client has)."""
        return self.latest

    def spectator_frame(self) -> SeatFrame:
        """The last frame received."""
        return self.latest

    @property
    def to_move(self) -> int | None:
        """This client's seat when its frame offers it moves, else the seat to move."""
        if self.seat is not None and self.latest.moves and self.latest.outcome is None:
            return self.seat
        return self.latest.to_move

    @property
    def names(self) -> tuple[str, ...]:
        return self.latest.seat_names

    @property
    def colours(self) -> tuple[str, ...]:
        return self.latest.colours

    def beats(self, seat: int) -> tuple[SeatFrame, ...]:
        """No aftermath is sent over the network yet: the frame after it is shown."""
        return ()

    def judge_build(self, seat: int, question: Any) -> None:
        """Building a move card by card is not asked of a host yet."""
        return None

    def house_table(self) -> Any:
        """House rules would hand every secret to this screen: never for a remote game."""
        raise ValueError("House rules are for a game at one screen, not one held by a host")

    def record(self, seat: int) -> Any:
        """The record stays with the host."""
        raise RecordError("The record of a game held by a host is kept by the host")


def remote_setup(frame: SeatFrame, pack: str | None = None) -> GameSetup:
    """The setup a window shows a remote game with: the seats of its frame, and its
    pack (by id, or the pack.yaml of the host's copy installed here)."""
    seats = tuple(SeatChoice(name) for name in frame.seat_names)
    return GameSetup(pack or frame.pack, seats)


def chat_line(seat: int | None, name: str, text: str) -> str:
    """A line said, as the log shows it (plain text: the log never marks it up).

    >>> chat_line(0, "Cat", "<b>gg</b>")
    'Cat: <b>gg</b>'
    >>> chat_line(None, "Dee", "hi")
    'Dee (watching): hi'
    """
    who = name if seat is not None else f"{name} (watching)"
    return f"{who}: {text}"


def away_news(
    before: list[dict[str, Any]], after: list[dict[str, Any]], mine: int | None
) -> list[str]:
    """What changed in who is here, said once: "Ben is away", "Ben is back".

    >>> away_news([{"player": "Ben", "taken": True, "connected": True}],
    ...           [{"player": "Ben", "taken": True, "connected": False}], None)
    ['Ben is away']
    """
    news = []
    for index, (old, new) in enumerate(zip(before, after, strict=False)):
        if index == mine or new.get("kind") == "computer" or not new.get("taken"):
            continue
        who = str(new.get("player") or new.get("name") or f"P{index + 1}")
        if old.get("connected") and not new.get("connected"):
            news.append(f"{who} is away")
        elif old.get("taken") and not old.get("connected") and new.get("connected"):
            news.append(f"{who} is back")
    return news


def presence_text(seats: list[dict[str, Any]], mine: int | None) -> str:
    """The seat bar's words: each seat, who plays it, and whether they are here.

    >>> presence_text([{"name": "P1", "kind": "person", "player": "Ann", "taken": True,
    ...                 "connected": True},
    ...                {"name": "P2", "kind": "person", "player": "Ben", "taken": True,
    ...                 "connected": False},
    ...                {"name": "P3", "kind": "person", "taken": False, "connected": False},
    ...                {"name": "P4", "kind": "computer", "level": "hard", "taken": True,
    ...                 "connected": True}], 0)
    'Ann (you) · Ben is away · P3 is open · P4 (computer)'
    """
    words = []
    for index, seat in enumerate(seats):
        name = str(seat.get("name") or f"P{index + 1}")
        player = str(seat.get("player") or name)
        if index == mine:
            words.append(f"{player} (you)")
        elif seat.get("kind") == "computer":
            words.append(f"{name} (computer)")
        elif not seat.get("taken"):
            words.append(f"{name} is open")
        elif seat.get("connected"):
            words.append(player)
        else:
            words.append(f"{player} is away")
    return " · ".join(words)


class RemoteSession(GameSession):
    """The session of a game held by a host: frames arrive, commands are sent.

    Signals (besides GameSession's):
        link_changed(str): the seat bar's text changed (presence, reconnecting).
    """

    link_changed = Signal(str)
    #: A reason a hand's card cannot be played arrived from the host (redraw the hand).
    reasons_changed = Signal()
    #: A line was said (the log shows it).
    chat_changed = Signal()

    def __init__(
        self,
        client: NetClient,
        frame: SeatFrame,
        game: Game,
        parent: QObject | None = None,
        pack: str | None = None,
    ) -> None:
        self.client = client
        self.seat: int | None = client.seat
        self.remote = RemoteMatch(frame, client.seat)
        self.previous: SeatFrame | None = None
        self.seats: list[dict[str, Any]] = []
        self.link_state = "connected"
        #: The tries to connect again so far and the seconds until the next.
        self.retry: tuple[int, float] | None = None
        #: The host said it stopped (it may come back, resumed from its autosave).
        self.host_stopped = False
        #: The lines said, each with how many lines of the game's log came before it.
        self.chat: list[tuple[int, str]] = []
        #: The room this process hosts for this window, if it does (``HostedRoom``).
        self.hosted: Any = None
        #: The "why" asked of the host for the hand's cards: (card, hand) and the
        #: generation of the position it was asked in, by the command.
        self.hand_questions: dict[Command, tuple[tuple[str, Key], int]] = {}
        super().__init__(remote_setup(frame, pack), parent, game)

    def start(self, setup: GameSetup, match: Any = None) -> None:
        """Show the game the host holds (a new game, "play again" too, is the host's to
        start: it comes as a new frame)."""
        self.setup = setup
        self.match = self.remote  # type: ignore[assignment]
        self.agents = {}
        self.picked = set()
        self.picked_by = None
        self.record = None
        self._first = None
        self._changed(self.remote.latest)

    # ------------------------------------------------------------- from the host

    def heard(self, kind: str, data: Any) -> None:
        """An event of the client (``NetClient``), on this thread."""
        if kind == "frame":
            self.show_frame(data)
        elif kind == "answer":
            answer, command = data
            self._answered(answer, command)
        elif kind == "presence":
            for news in away_news(self.seats, data, self.seat):
                self.message.emit(news)
            self.seats = data
            self._link_changed()
        elif kind == "status" and data != "connected":
            self.link_state = data
            self.hand_questions.clear()  # their answers will not come
            self._reasons.clear()
            self._link_changed()
        elif kind == "retry":
            self.retry = data
            self._link_changed()
        elif kind == "welcome":
            self.seat = self.remote.seat = self.client.seat
            self.seats = list(data.get("seats", self.seats))
            self.retry, self.host_stopped = None, False
            self._link_changed()
        elif kind == "chat":
            self.chat.append((len(self.frame.log), chat_line(*data)))
            self.chat_changed.emit()
        elif kind == "bye":
            code, reason = data
            self.host_stopped = code == "shutdown"
            if self.host_stopped:
                self.message.emit("The host has stopped: connecting again when it is back…")
            else:
                self.message.emit(
                    f"The host says: {reason}" if reason else "The host closed the room"
                )
        elif kind in ("error", "refused"):
            self.message.emit(f"The host says: {data}")

    def show_frame(self, frame: SeatFrame) -> None:
        """Show a frame the host sent (the whole frame, after a reconnect too); the same
        frame again changes nothing (a reason said stays said)."""
        if frame == self.frame and self.link_state == "connected":
            return
        self.previous = self.frame
        self.remote.latest = frame
        if self.link_state != "connected":  # the whole frame again, after a reconnect
            self.link_state = "connected"
            self._link_changed()
        self._changed(frame)

    def _answered(self, answer: Answer, command: Command | None) -> None:
        asked = self.hand_questions.pop(command, None) if command is not None else None
        if asked is not None:
            key, generation = asked
            if generation == self.generation:  # else the position has changed since
                self._reasons[key] = self._reason_in(answer, key[0])
                self.reasons_changed.emit()
        elif isinstance(command, Why):
            text = answer.reason if not answer.accepted else answer.text
            drop = command.drop
            if text and not (drop is not None and text == f"The {drop.what} may go there"):
                self.message.emit(text)
        elif not answer.accepted:
            self.message.emit(answer.reason)

    def log_lines(self, frame: SeatFrame) -> list[str]:
        """The game's log with the lines said, each where it was said."""
        lines = list(frame.log)
        for at, line in reversed(self.chat):
            lines.insert(min(at, len(lines)), line)
        return lines

    def say(self, text: str) -> bool:
        """Say a line to everyone in the room: True if it went (it comes back from the
        host, with the others', into the log)."""
        text = text.strip()
        if not text:
            return False
        if not self.client.say(text):
            self.message.emit("Not connected to the host: the line was not said")
            return False
        return True

    def link_text(self) -> str:
        """What the seat bar says now."""
        seats = presence_text(self.seats, self.seat)
        if self.link_state == "reconnecting":
            lost = "The host has stopped" if self.host_stopped else "Connection lost"
            if self.retry is None:
                return f"{lost}: reconnecting… · {seats}"
            tries, wait = self.retry
            return f"{lost}: reconnecting (try {tries}, next in {wait:g} s)… · {seats}"
        if self.link_state == "closed":
            return f"Disconnected · {seats}"
        watching = "Watching · " if self.seat is None else ""
        hosting = f"Hosting {self.hosted.invite} · " if self.hosted is not None else ""
        return f"{hosting}{watching}{seats}"

    def _link_changed(self) -> None:
        self.link_changed.emit(self.link_text())

    # ------------------------------------------------------------- to the host

    def send(self, command: Command) -> bool:
        """Send a command to the host: True if it went (its frame or reason follows)."""
        if not self.client.send_command(command):
            self.message.emit("Not connected to the host: reconnecting…")
            return False
        return True

    def play(self, move: Any) -> bool:
        if self.seat is None:
            self.message.emit("You are watching this game")
            return False
        return super().play(move)

    def _why_drop(self, what: str, target: Key, source: Key | None) -> str | None:
        """Ask the host why; its answer is said when it arrives."""
        if self.seat is not None:
            self.send(Why(self.seat, drop=DropQuestion(what, target, source)))
        return None

    def hand_reason(self, what: str, hand: Key) -> str | None:
        """Why a card of the hand cannot be played now (``GameSession.hand_reason``):
        asked of the host once per card and position, None until its answer arrives
        (``reasons_changed``)."""
        drags = self.drags()
        if self.seat is None or drags.draggable(what) or drags.pickable(what):
            return None
        places = drags.targets_from(hand)
        if len(places) != 1:
            return None
        key = (what, hand)
        if key not in self._reasons:
            self._reasons[key] = None
            question = Why(self.seat, drop=DropQuestion(what, places.pop(), hand))
            self.hand_questions[question] = (key, self.generation)
            self.send(question)
        return self._reasons[key]

    @staticmethod
    def _reason_in(answer: Answer, what: str) -> str | None:
        """The reason an answer to "why" gives (None: the component may go there)."""
        if not answer.accepted:
            return answer.reason
        return None if answer.text == f"The {what} may go there" else answer.text

    def drop(self, what: str, target: Key | None, source: Key | None = None) -> bool:
        drags = self.drags()
        move = drags.targets_of(what, source).get(target) if target is not None else None
        if move is not None or target is None or (what, target) in drags.several:
            return super().drop(what, target, source)
        self._why_drop(what, target, source)  # the reason follows from the host
        return False

    # ------------------------------------------------------------- seats here

    @property
    def viewer(self) -> int:
        return self.seat if self.seat is not None else 0

    def people(self) -> list[int]:
        """The seats played at this screen: this client's own, if any."""
        return [] if self.seat is None else [self.seat]

    def human_to_move(self) -> bool:
        return self.seat is not None and self.remote.to_move == self.seat

    def computer_to_move(self) -> int | None:
        return None

    def frame_before(self) -> SeatFrame | None:
        return self.previous

    def undo(self) -> bool:
        """Ask the host to take back this seat's last decision: False, for it is not done
        yet (the host's frame shows it, or its reason is said)."""
        if self.seat is not None:
            self.send(Undo(self.seat))
        return False

    def redo(self) -> bool:
        """Ask the host to make again what this seat's undo took back (as ``undo``)."""
        if self.seat is not None:
            self.send(Redo(self.seat))
        return False

    def leave(self) -> None:
        """Leave the room (and end it, when this window hosts it)."""
        self.client.close()
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None


class Joining(QObject):
    """Joining a room: the client connects; at the first frame the game window opens
    (``opened``), or ``failed`` says why not (the host refused, the pack is unknown).

    Signals:
        opened(GameWindow): the window playing the remote game, shown.
        failed(str): why there is no window.
    """

    opened = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        invite: Invite,
        name: str,
        want: int | str,
        art: Any = None,
        lobby: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.art = art
        self.link = NetLink()
        #: The room's pack here, when the lobby named it and it is found (not sent).
        self.local: Path | None = None
        digest = self._known(lobby) if lobby is not None else None
        self.client = NetClient(
            invite, name, want, self.link.hear, pack_digest=digest, knows=self._known
        )
        self.window: Any = None
        self.session: RemoteSession | None = None
        #: What the host said before the first frame: the welcome, the presence.
        self.early: list[tuple[str, Any]] = []
        #: The room this process hosts, when it does (``HostedRoom``): it ends with the
        #: window.
        self.hosted: Any = None
        #: True once ``failed`` is said (what the closing client says after is not).
        self.gave_up = False
        #: The host's copy of the pack, when it sent one.
        self.pack: SentPack | None = None
        self.link.event.connect(self._heard)
        self.client.start()

    def _known(self, lobby: dict[str, Any]) -> str | None:
        """The digest of the room's pack (its lobby says it) if it is here, else None
        (the host then sends it); on the client's thread too."""
        self.local = local_pack(str(lobby.get("pack")), str(lobby.get("pack_digest")))
        return str(lobby["pack_digest"]) if self.local is not None else None

    def _heard(self, kind: str, data: Any) -> None:
        if self.session is not None:
            self.session.heard(kind, data)
        elif self.gave_up:
            return
        elif kind in ("welcome", "presence"):
            self.early.append((kind, data))
        elif kind == "pack":
            self.pack = data
        elif kind == "frame":
            self._open(data)
        elif kind == "bye":
            self._give_up(f"The host says: {data[1]}")
        elif kind in ("error", "refused"):
            self._give_up(f"The host says: {data}")
        elif kind == "status" and data == "closed":
            self._give_up(f"No game at {self.client.invite}")

    def _open(self, frame: SeatFrame) -> None:
        from vtt.studio.jpack import JpackError
        from vtt.ui.game.window import GameWindow

        try:
            game, pack = self._rules(frame.pack)
        except (FileNotFoundError, ValueError, JpackError) as error:  # PackErrors: ValueErrors
            self._give_up(f"Cannot play the pack '{frame.pack}' the room plays: {error}")
            return
        session = RemoteSession(self.client, frame, game, pack=pack)
        session.hosted = self.hosted
        for kind, data in self.early:
            session.heard(kind, data)
        self.session = session
        self.window = GameWindow(session.setup, self.art, session=session)
        self.window.show()
        self.opened.emit(self.window)

    def _rules(self, pack: str) -> tuple[Game, str | None]:
        """The rules the room plays and where they are: the pack installed here when its
        text is the host's (by id: with its own art), else the copy sent before, else
        the one the host sent now, installed as an import is (its pack.yaml); a
        JpackError or FileNotFoundError says why not."""
        digest = next(
            (str(data.get("pack_digest")) for kind, data in self.early if kind == "welcome"), ""
        )
        path = self.local if self.local is not None else local_pack(pack, digest)
        if path is None and self.pack is not None:
            if self.pack.archive is None:
                raise FileNotFoundError(self.pack.reason or "the host did not send it")
            path = install_sent(pack, digest, self.pack.archive)
        if path is None:
            raise FileNotFoundError("it is not installed here, nor sent by the host")
        try:
            _, installed = find_pack_by_id(pack, digest)
        except FileNotFoundError:
            installed = False
        return load_game(path), (None if installed else str(path))

    def _give_up(self, why: str) -> None:
        self.gave_up = True
        self.client.close(wait=0)
        if self.hosted is not None:
            self.hosted.stop()
        self.failed.emit(why)
