"""Saved games (``.jgame``): a game record plus who sat where, read back to resume.

The file is YAML: ``pack``, ``options``, ``players``, ``seed``, ``moves`` (as in a
game record, so the engine rebuilds the state by replaying them) and ``seats``, a
list of ``{name, kind}``, with ``colour`` (``#rrggbb``) for a seat given its own.

``pack`` is the pack's id, ``pack_text`` the pack's text the game was played with
and ``pack_digest`` its fingerprint (``vtt.rules.pinned``), so the file opens on any
machine where the pack is installed, wherever that is; the digest picks the same rules
among several copies and tells when the pack has changed since; the text is played
when the pack is not installed, or when the person chooses the saved copy over the
pack as it is now (the window asks). Files written before named the pack by its
folder's path: its last part is taken as the id. Files written before kept the text
only for a game played in the studio from a pack's text not saved, and some no
digest: they open as they did.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from vtt.resources import user_data_dir, user_packs_dir
from vtt.rules import Move
from vtt.rules.errors import PackError
from vtt.rules.pinned import Pinned, pinned_pack, text_digest, yaml_text
from vtt.rules.shown import excerpt
from vtt.rules.yamlsource import load_yaml_file
from vtt.table.savefile import UNREADABLE, Autosave
from vtt.ui.game.session import SEAT_KINDS, GameSetup, SeatChoice

__all__ = [
    "SUFFIX",
    "SavedGame",
    "SavedGameError",
    "autosaved_games",
    "game_autosave",
    "load_saved_game",
    "new_game_autosave",
    "saved_game_text",
]

SUFFIX = ".jgame"
_KEYS = {
    "pack",
    "pack_digest",
    "pack_text",
    "options",
    "players",
    "seed",
    "moves",
    "seats",
    "enforced",
}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class SavedGameError(ValueError):
    """A saved game that cannot be read, naming the file and what is wrong."""


@dataclass(frozen=True)
class SavedGame:
    """A game to resume: its setup and the moves made."""

    setup: GameSetup
    moves: tuple[str, ...]
    #: Said when the game is resumed: the pack changed since the game was saved.
    note: str = ""
    #: Said when the game is resumed: the rules are a pack beside the file, not an
    #: installed one (``finder.pack_place``), or the copy kept in the file.
    source: str = ""
    #: The pack as found now against the one the game was saved with (None: a game
    #: made in the program, never read from a file).
    pinned: Pinned | None = None

    @property
    def asks(self) -> bool:
        """True when the pack has changed and the file keeps the rules the game was
        played with: the person chooses between the two (``on_saved_copy``)."""
        pinned = self.pinned
        return pinned is not None and pinned.changed and pinned.copy is not None

    def on_saved_copy(self) -> SavedGame:
        """This game played with the copy of its rules kept in the file."""
        pinned = self.pinned
        if pinned is None or pinned.copy is None:
            raise ValueError("this saved game keeps no copy of its rules")
        setup = replace(self.setup, pack=pinned.named, text=pinned.copy)
        return replace(self, setup=setup, note="", source=COPY_SOURCE)


#: How a game played with the copy of its rules kept in its file is told.
COPY_SOURCE = "The rules are the saved copy kept in this file, not the pack installed."


def saved_game_text(setup: GameSetup, moves: Sequence[Move | str]) -> str:
    """The YAML text of a saved game: the pack's id, the text of the rules played
    (``pack_text``: the pack's file, or the text a game from the studio was played
    with) and its fingerprint (``pack_digest``)."""
    data: dict[str, Any] = {"pack": setup.game().id}
    text = setup.rules_text()
    if text is not None:
        data["pack_digest"] = text_digest(text)
    data.update(
        options=dict(setup.options),
        players=setup.players,
        seed=setup.seed,
        seats=[_seat_data(seat) for seat in setup.seats],
        moves=[str(move) for move in moves],
    )
    if text is not None:
        data["pack_text"] = text
    return yaml_text(data)


def game_autosave(path: Path) -> Autosave[SavedGame]:
    """The autosave of one game window (the table's own mechanism, with ``.jgame`` text)."""
    return Autosave(path, lambda saved: saved_game_text(saved.setup, saved.moves), load_saved_game)


def autosave_folder() -> Path:
    """Where game windows keep their autosaves, one file each."""
    return user_data_dir() / "autosaved-games"


def new_game_autosave() -> Autosave[SavedGame]:
    """An autosave under a name of its own, so games open side by side never share one."""
    return game_autosave(autosave_folder() / f"game-{uuid.uuid4().hex[:12]}{SUFFIX}")


def autosaved_games() -> list[Path]:
    """The autosaves game windows left behind (the last session did not end cleanly)."""
    folder = autosave_folder()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"game-*{SUFFIX}") if UNREADABLE not in p.name)


def _seat_data(seat: SeatChoice) -> dict[str, str]:
    data = {"name": seat.name, "kind": seat.kind}
    if seat.colour:
        data["colour"] = seat.colour
    return data


def _seat(path: Path, index: int, entry: object) -> SeatChoice:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise SavedGameError(f"{path}: seats[{index}]: expected a mapping with a name")
    kind = entry.get("kind", SEAT_KINDS[0])
    if kind not in SEAT_KINDS:
        raise SavedGameError(
            f"{path}: seats[{index}]: unknown kind {kind!r}; expected one of: "
            + ", ".join(SEAT_KINDS)
        )
    colour = entry.get("colour", "")
    if not isinstance(colour, str) or (colour and not _COLOUR.fullmatch(colour)):
        raise SavedGameError(
            f"{path}: seats[{index}]: colour {colour!r} is not a colour: expected #rrggbb"
        )
    unknown = sorted(set(entry) - {"name", "kind", "colour"})
    if unknown:
        raise SavedGameError(
            f"{path}: seats[{index}]: unknown key '{unknown[0]}'; expected name, kind, colour"
        )
    return SeatChoice(entry["name"], kind, colour.lower())


def load_saved_game(path: Path | str) -> SavedGame:
    """Read a ``.jgame`` file."""
    path = Path(path)
    try:
        # The project's own YAML reader: a file from someone else cannot hang the window.
        data = load_yaml_file(path).data
    except (OSError, PackError) as error:
        raise SavedGameError(f"{path}: cannot read the saved game: {error}") from None
    if not isinstance(data, dict) or "pack" not in data:
        raise SavedGameError(f"{path}: a saved game is a mapping with pack:, seats: and moves:")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SavedGameError(
            f"{path}: unknown key '{excerpt(unknown[0])}'; expected one of: "
            + ", ".join(sorted(_KEYS))
        )
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise SavedGameError(f"{path}: seats: expected a list of {{name, kind}}")
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise SavedGameError(f"{path}: moves: expected a list of moves")
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise SavedGameError(f"{path}: seed: expected a whole number, not {_shown(seed)}")
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise SavedGameError(
            f"{path}: options: expected a mapping of option names to values, not {_shown(options)}"
        )
    if not isinstance(data["pack"], str):
        raise SavedGameError(f"{path}: pack: expected a pack id, not {_shown(data['pack'])}")
    text = data.get("pack_text")
    if text is not None and not isinstance(text, str):
        raise SavedGameError(f"{path}: pack_text: expected a pack's text, not {_shown(text)}")
    digest = data.get("pack_digest")
    if digest is not None and not isinstance(digest, str):
        raise SavedGameError(f"{path}: pack_digest: expected a fingerprint, not {_shown(digest)}")
    pinned = _pinned(path, data["pack"], digest, text)
    setup = GameSetup(
        pack=pinned.pack,
        seats=tuple(_seat(path, index, entry) for index, entry in enumerate(seats)),
        options=dict(options),
        seed=seed,
    )
    saved = SavedGame(setup, tuple(str(move) for move in moves), pinned=pinned)
    if pinned.found is None:  # not installed: the rules travel with the game
        return saved.on_saved_copy()
    note = pinned.change_note(pinned.name())
    if note and not saved.asks:
        note += " This file keeps no copy of the rules it was played with."
    source = ""
    if pinned.found.place == "beside":
        folder = pinned.found.path.parent
        source = f"The rules are the pack {pinned.named} from {folder}, not an installed one."
    return replace(saved, note=note, source=source)


def _shown(value: object) -> str:
    """A value from the file, cut short: an error never echoes a whole file."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _pinned(path: Path, named: str, digest: str | None, text: str | None) -> Pinned:
    """The pack a saved game names (``pinned.pinned_pack``): only the shipped packs,
    the user's packs folder and the file's own folder are searched; a path in the file
    (as files written before packs were saved by id hold) gives only its last part,
    taken as the id."""
    if "/" in named or "\\" in named:
        old = Path(named)
        named = old.parent.name if old.name == "pack.yaml" else old.name
    try:
        return pinned_pack(named, path.parent, digest, text)
    except FileNotFoundError:
        raise SavedGameError(
            f"{path}: pack: no pack with the id {named!r} is installed; put its folder "
            f"in {user_packs_dir()} (or beside this file) and open the game again"
        ) from None
