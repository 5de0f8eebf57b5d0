"""What a seat asks of a match: plain values, written to JSON and read back.

Each command names the ``seat`` that sends it; the match refuses one from a seat that
may not do that now, with the reason. ``to_json()`` gives a JSON object with a
``kind`` ("play", "undo", ...); :func:`command_from_json` reads one back, or raises a
ValueError that names what is wrong.

>>> command_from_json(Play(1, text="play QL").to_json())
Play(seat=1, text='play QL', action=None)
>>> command_from_json({"kind": "shout", "seat": 0})  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: unknown command kind 'shout' (one of: house-rules, play, ...)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from vtt.match.plain import from_json, to_json

__all__ = [
    "BuildQuestion",
    "Command",
    "DropQuestion",
    "HouseRules",
    "Play",
    "Redo",
    "ReplayTo",
    "Resign",
    "Undo",
    "WatchAs",
    "Why",
    "command_from_json",
]

#: A place: a zone name and the indexes of one instance, ``("board", Cell(1, 1))``.
Key: TypeAlias = tuple[Any, ...]


@dataclass(frozen=True)
class Play:
    """Make a move, given by its text (``play QL``) or its action number."""

    seat: int
    text: str | None = None
    action: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "play", "seat": self.seat, "text": self.text, "action": self.action}


@dataclass(frozen=True)
class Undo:
    """Take back moves to the last decision of a person, never past a reveal."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "undo", "seat": self.seat}


@dataclass(frozen=True)
class Redo:
    """Make again the moves the last undo took back."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "redo", "seat": self.seat}


@dataclass(frozen=True)
class Resign:
    """Give up: the other seats win."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "resign", "seat": self.seat}


@dataclass(frozen=True)
class HouseRules:
    """End the enforced game and go on with the same table under house rules (free)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "house-rules", "seat": self.seat}


@dataclass(frozen=True)
class DropQuestion:
    """A drag: a component as written (``QL``, ``R``) put on the place ``target``,
    taken from the place ``source`` when known."""

    what: str
    target: Key
    source: Key | None = None


@dataclass(frozen=True)
class BuildQuestion:
    """A built move gathered so far: the target card (as written) in its place, and
    the cards gathered against it (as written)."""

    target: str
    place: Key
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Why:
    """Why is this not a legal move now? A move's text, a drop or a built move so far
    (exactly one of them)."""

    seat: int
    text: str | None = None
    drop: DropQuestion | None = None
    build: BuildQuestion | None = None

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        drop = self.drop
        build = self.build
        return {
            "kind": "why",
            "seat": self.seat,
            "text": self.text,
            "drop": None
            if drop is None
            else {
                "what": drop.what,
                "target": to_json(drop.target),
                "source": to_json(drop.source),
            },
            "build": None
            if build is None
            else {
                "target": build.target,
                "place": to_json(build.place),
                "cards": list(build.cards),
            },
        }


@dataclass(frozen=True)
class ReplayTo:
    """In a replay, show the position after ``index`` moves."""

    seat: int
    index: int

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "replay-to", "seat": self.seat, "index": self.index}


@dataclass(frozen=True)
class WatchAs:
    """In a replay, watch as ``watched`` sees the game, or with every hand open (None)."""

    seat: int
    watched: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The command as a JSON object."""
        return {"kind": "watch-as", "seat": self.seat, "watched": self.watched}


Command: TypeAlias = Play | Undo | Redo | Resign | HouseRules | Why | ReplayTo | WatchAs


# ------------------------------------------------------------------ reading JSON


class _Reader:
    """Reads the fields of one command's JSON object, naming the command in errors."""

    def __init__(self, data: object) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"a command is a JSON object, not {data!r}")
        self.data = data
        self.kind = data.get("kind")

    def _field(self, name: str, required: bool) -> object:
        if name not in self.data:
            if required:
                raise ValueError(f"{self.kind} command: '{name}' is missing")
            return None
        return self.data[name]

    def int(self, name: str, required: bool = True) -> Any:
        value = self._field(name, required)
        if value is None and not required:
            return None
        if type(value) is not int:
            raise ValueError(f"{self.kind} command: '{name}' must be a whole number, not {value!r}")
        return value

    def text(self, name: str) -> str | None:
        value = self._field(name, False)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{self.kind} command: '{name}' must be text, not {value!r}")
        return value

    def key(self, value: object, name: str) -> Key:
        found = from_json(value)
        if not isinstance(found, tuple) or not found or not isinstance(found[0], str):
            raise ValueError(f"{self.kind} command: '{name}' must be a place, not {value!r}")
        return found

    def check(self, allowed: set[str]) -> None:
        extra = set(self.data) - allowed - {"kind", "seat"}
        if extra:
            raise ValueError(f"{self.kind} command: unknown field(s) {sorted(extra)}")


def _play(read: _Reader) -> Play:
    read.check({"text", "action"})
    command = Play(read.int("seat"), read.text("text"), read.int("action", False))
    if (command.text is None) == (command.action is None):
        raise ValueError("play command: give either 'text' or 'action'")
    return command


def _why(read: _Reader) -> Why:
    read.check({"text", "drop", "build"})
    drop = build = None
    raw = read.data.get("drop")
    if raw is not None:
        if not isinstance(raw, dict) or not isinstance(raw.get("what"), str):
            raise ValueError(f"why command: 'drop' must name 'what', not {raw!r}")
        source = raw.get("source")
        drop = DropQuestion(
            raw["what"],
            read.key(raw.get("target"), "drop target"),
            None if source is None else read.key(source, "drop source"),
        )
    raw = read.data.get("build")
    if raw is not None:
        cards = raw.get("cards", []) if isinstance(raw, dict) else None
        if (
            not isinstance(raw, dict)
            or not isinstance(raw.get("target"), str)
            or not isinstance(cards, list)
            or not all(isinstance(card, str) for card in cards)
        ):
            raise ValueError(f"why command: 'build' must give 'target' and 'cards', not {raw!r}")
        build = BuildQuestion(
            raw["target"], read.key(raw.get("place"), "build place"), tuple(cards)
        )
    command = Why(read.int("seat"), read.text("text"), drop, build)
    if sum(x is not None for x in (command.text, drop, build)) != 1:
        raise ValueError("why command: give exactly one of 'text', 'drop' and 'build'")
    return command


def _plain(kind: type[Undo | Redo | Resign | HouseRules]) -> Callable[[_Reader], Command]:
    def read(reader: _Reader) -> Command:
        reader.check(set())
        return kind(reader.int("seat"))

    return read


def _replay_to(read: _Reader) -> ReplayTo:
    read.check({"index"})
    return ReplayTo(read.int("seat"), read.int("index"))


def _watch_as(read: _Reader) -> WatchAs:
    read.check({"watched"})
    return WatchAs(read.int("seat"), read.int("watched", False))


_KINDS: dict[str, Callable[[_Reader], Command]] = {
    "play": _play,
    "undo": _plain(Undo),
    "redo": _plain(Redo),
    "resign": _plain(Resign),
    "house-rules": _plain(HouseRules),
    "why": _why,
    "replay-to": _replay_to,
    "watch-as": _watch_as,
}


def command_from_json(data: object) -> Command:
    """The command a JSON object (``Command.to_json``) stands for; ValueError naming
    what is wrong with it."""
    read = _Reader(data)
    maker = _KINDS.get(read.kind) if isinstance(read.kind, str) else None
    if maker is None:
        raise ValueError(
            f"unknown command kind {read.kind!r} (one of: {', '.join(sorted(_KINDS))})"
        )
    return maker(read)
