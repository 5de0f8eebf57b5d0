"""Free-form setups: packs whose ``table:`` section lays out a table to play on by hand.

The Janken Deck Games and Janken Sandbox setups are packs with a layout and no
rules; any rule pack with a ``table:`` section can be laid out the same way.
They are read like every pack: the safe YAML reader, then the pack schema, so
an error names the file, line and column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.art import PackArt, read_art
from vtt.rules.errors import PackError, RulesError
from vtt.rules.finder import PACK_ID, find_pack
from vtt.rules.schema import schema_errors
from vtt.rules.yamlsource import Document, load_yaml_file
from vtt.table import Seat, Table
from vtt.table.layout import LayoutError, build_table


class SetupError(RulesError, ValueError):
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
    document: Document | None = None
    #: The pack's own images (``art:``), checked; None when it brings none.
    art: PackArt | None = None

    def new_table(self, seats: Sequence[Seat] | int | None = None, *, seed: int = 0) -> Table:
        """A fresh table laid out for ``seats`` (the pack's default count if None)."""
        chosen = self.players[2] if seats is None else seats
        count = chosen if isinstance(chosen, int) else len(chosen)
        if not self.players[0] <= count <= self.players[1]:
            raise SetupError(
                f"{self.name} is for {self.players[0]} to {self.players[1]} players, not {count}"
            )
        try:
            return build_table(self.layout, chosen, seed=seed, art=self.art)
        except LayoutError as error:
            where: object = self.path
            if self.document is not None:
                where = self.document.where(["table", *_path_parts(error.path)])
            raise SetupError(f"{where}: {error.message}") from None


def load_setup(where: Path | str) -> Setup:
    """Read a pack's metadata and ``table:`` section; a bare id names a shipped pack."""
    try:
        path = find_pack(where)
    except FileNotFoundError as error:
        raise SetupError(str(error)) from None
    try:
        document = load_yaml_file(path, links=False)
    except OSError as error:
        raise SetupError(f"{path}: cannot be read ({error.strerror or error})") from None
    except PackError as error:
        raise SetupError(str(error)) from None
    data = document.data
    if not isinstance(data, dict) or "table" not in data:
        raise SetupError(f"{path}: this pack has no 'table:' layout")
    problems = schema_errors(document)
    if problems:
        raise SetupError("\n".join(str(problem) for problem in problems))
    table = data["table"]
    art: PackArt | None = None
    if "art" in data:
        art, problems = read_art(str(data["id"]), data["art"], path.parent, document.where)
        if problems:
            raise SetupError("\n".join(str(problem) for problem in problems))
    players = data.get("players", {})
    low, high = int(players.get("min", 1)), int(players.get("max", 8))
    setup = Setup(
        id=str(data.get("id", path.parent.name)),
        name=str(data.get("name", path.parent.name)),
        description=" ".join(str(data.get("description", "")).split()),
        players=(low, high, int(players.get("default", low))),
        path=path,
        layout=table,
        document=document,
        art=art,
    )
    setup.new_table(low)  # a trial lay-out finds bad card names and ids at load time
    return setup


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


def _path_parts(path: str) -> list[str | int]:
    """``objects[2].holds[0]`` as ``["objects", 2, "holds", 0]``."""
    parts: list[str | int] = []
    for piece in path.replace("[", ".").replace("]", "").split("."):
        if piece:
            parts.append(int(piece) if piece.isdigit() else piece)
    return parts


def installed_art(pack: str) -> PackArt | None:
    """The checked images of the shipped or installed pack ``pack`` (an id), for a
    table file naming them (``@pack/image``); None when there is no such pack or its
    images do not all pass their checks."""
    if not PACK_ID.match(pack):
        return None
    for root in (rulesets_dir(), user_packs_dir()):
        path = root / pack / "pack.yaml"
        if not path.is_file():
            continue
        try:
            document = load_yaml_file(path, links=False)
        except (OSError, PackError):
            return None
        data = document.data
        if not isinstance(data, dict) or not isinstance(data.get("art"), dict):
            return None
        if schema_errors(Document(document.file, {"id": pack, "name": pack, "art": data["art"]})):
            return None
        art, problems = read_art(pack, data["art"], path.parent, document.where)
        return None if problems else art
    return None
