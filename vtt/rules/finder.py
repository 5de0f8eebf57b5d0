"""Find packs by id: the shipped ``rulesets/`` folder, the user's packs, and given folders."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.engine import Game
from vtt.rules.loader import load_pack, pack_file

__all__ = ["find_pack", "load_game", "pack_folders"]


def pack_folders(root: Path) -> Iterator[Path]:
    """Every folder under ``root`` (one level) that holds a pack.yaml, sorted."""
    if root.is_dir():
        for child in sorted(root.iterdir()):
            if (child / "pack.yaml").is_file():
                yield child


def find_pack(pack: str | Path, folders: Iterable[Path] = ()) -> Path:
    """The pack.yaml for a path or an id (searched in ``folders``, shipped and user packs)."""
    path = Path(pack)
    if path.exists():
        return pack_file(path)
    text = str(pack)
    if "/" not in text and "\\" not in text:
        for root in (*folders, rulesets_dir(), user_packs_dir()):
            candidate = root / text / "pack.yaml"
            if candidate.is_file():
                return candidate
    raise FileNotFoundError(f"no pack {text!r}: not a file or folder, and no pack with that id")


@cache
def _load(path: Path) -> Game:
    return load_pack(path)


def load_game(pack: str | Path, folders: Iterable[Path] = ()) -> Game:
    """The game of a pack, by id (``load_game("war")``) or path; loaded once per run."""
    return _load(find_pack(pack, tuple(folders)).resolve())
