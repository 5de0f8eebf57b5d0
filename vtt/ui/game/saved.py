"""Saved games (``.jgame``): a game record plus who sat where, read back to resume.

The file is YAML: ``pack``, ``options``, ``players``, ``seed``, ``moves`` (as in a
game record, so the engine rebuilds the state by replaying them) and ``seats``, a
list of ``{name, kind}``, with ``colour`` (``#rrggbb``) for a seat given its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from vtt.rules import Move
from vtt.rules.errors import PackError
from vtt.rules.yamlsource import load_yaml_file
from vtt.ui.game.session import SEAT_KINDS, GameSetup, SeatChoice

__all__ = ["SUFFIX", "SavedGame", "SavedGameError", "load_saved_game", "saved_game_text"]

SUFFIX = ".jgame"
_KEYS = {"pack", "options", "players", "seed", "moves", "seats", "enforced"}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class SavedGameError(ValueError):
    """A saved game that cannot be read, naming the file and what is wrong."""


@dataclass(frozen=True)
class SavedGame:
    """A game to resume: its setup and the moves made."""

    setup: GameSetup
    moves: tuple[str, ...]


def saved_game_text(setup: GameSetup, moves: list[Move]) -> str:
    """The YAML text of a saved game."""
    data: dict[str, Any] = {
        "pack": setup.pack,
        "options": dict(setup.options),
        "players": setup.players,
        "seed": setup.seed,
        "seats": [_seat_data(seat) for seat in setup.seats],
        "moves": [move.text for move in moves],
    }
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


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
            f"{path}: unknown key '{unknown[0]}'; expected one of: " + ", ".join(sorted(_KEYS))
        )
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats:
        raise SavedGameError(f"{path}: seats: expected a list of {{name, kind}}")
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise SavedGameError(f"{path}: moves: expected a list of moves")
    setup = GameSetup(
        pack=str(data["pack"]),
        seats=tuple(_seat(path, index, entry) for index, entry in enumerate(seats)),
        options=dict(data.get("options") or {}),
        seed=int(data.get("seed", 0)),
    )
    return SavedGame(setup, tuple(str(move) for move in moves))
