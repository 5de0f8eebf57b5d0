"""Free-form setups: packs whose ``table:`` section lays out a table to play on by hand.

The Janken Deck Games and Janken Sandbox setups are packs with a layout and no
rules; any rule pack with a ``table:`` section can be laid out the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.table import Seat, Table
from vtt.table.layout import LayoutError, build_table, layout_schema


class SetupError(ValueError):
    """A setup pack that cannot be loaded, naming the file and what is wrong."""


@dataclass(frozen=True)
class Setup:
    """A pack's free-form layout and the facts the New Table dialog shows."""

    id: str
    name: str
    description: str
    players: tuple[int, int, int]  # minimum, maximum, default
    path: Path
    layout: dict[str, Any]

    def new_table(self, seats: Sequence[Seat] | int | None = None, *, seed: int = 0) -> Table:
        """A fresh table laid out for ``seats`` (the pack's default count if None)."""
        chosen = self.players[2] if seats is None else seats
        count = chosen if isinstance(chosen, int) else len(chosen)
        if not self.players[0] <= count <= self.players[1]:
            raise SetupError(
                f"{self.name} is for {self.players[0]} to {self.players[1]} players, not {count}"
            )
        try:
            return build_table(self.layout, chosen, seed=seed)
        except LayoutError as error:
            raise SetupError(f"{self.path}: {error}") from None


def pack_file(where: Path) -> Path:
    """The pack.yaml of a pack folder (or the file itself)."""
    return where / "pack.yaml" if where.is_dir() else where


def load_setup(where: Path | str) -> Setup:
    """Read a pack's metadata and ``table:`` section; a bare id names a shipped pack."""
    path = Path(where)
    if not path.exists() and isinstance(where, str) and "/" not in where:
        path = rulesets_dir() / where
    path = pack_file(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SetupError(f"{path}: cannot be read ({error.strerror or error})") from None
    except yaml.YAMLError as error:
        raise SetupError(f"{path}: broken YAML: {error}") from None
    if not isinstance(data, dict) or "table" not in data:
        raise SetupError(f"{path}: this pack has no 'table:' layout")
    table = data["table"]
    try:
        jsonschema.validate(table, layout_schema())
    except jsonschema.ValidationError as error:
        location = ".".join(str(p) for p in error.absolute_path)
        raise SetupError(f"{path}: table.{location}: {error.message}") from None
    players = data.get("players", {})
    low, high = int(players.get("min", 1)), int(players.get("max", 8))
    return Setup(
        id=str(data.get("id", path.parent.name)),
        name=str(data.get("name", path.parent.name)),
        description=" ".join(str(data.get("description", "")).split()),
        players=(low, high, int(players.get("default", low))),
        path=path,
        layout=table,
    )


def list_setups(folders: Iterable[Path] | None = None) -> list[Setup]:
    """Every pack with a ``table:`` layout in the shipped and the user's pack folders."""
    found: list[Setup] = []
    for folder in folders if folders is not None else (rulesets_dir(), user_packs_dir()):
        if not folder.is_dir():
            continue
        for candidate in sorted(folder.glob("*/pack.yaml")):
            try:
                found.append(load_setup(candidate))
            except SetupError:
                continue
    return found
