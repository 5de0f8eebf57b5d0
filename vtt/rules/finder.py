"""Find packs by id: the shipped ``rulesets/`` folder, the user's packs, and given folders."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.engine import Game
from vtt.rules.errors import PackError
from vtt.rules.loader import load_pack, pack_file
from vtt.rules.yamlsource import load_yaml_file

__all__ = [
    "find_pack",
    "find_pack_by_id",
    "load_game",
    "pack_digest",
    "pack_folders",
    "pack_readme",
]

#: The most of a pack's README that is read (the rest is not shown).
MAX_README_BYTES = 1024 * 1024


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


def pack_readme(folder: Path) -> str | None:
    """The text of a pack's README.md; None when it has none, or when it is a link or
    no plain file (a pack's files are its own: a link could show any file on the disk)."""
    readme = folder / "README.md"
    if readme.is_symlink() or not readme.is_file():
        return None
    try:
        with readme.open("rb") as stream:
            return stream.read(MAX_README_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None


def pack_digest(pack: str | Path) -> str:
    """A short fingerprint of a pack's text: equal digests, the same rules."""
    return hashlib.sha256(find_pack(pack).read_bytes()).hexdigest()[:16]


def find_pack_by_id(
    pack_id: str, digest: str | None = None, folders: Iterable[Path] = ()
) -> tuple[Path, bool]:
    """The pack.yaml with this id, wherever it is installed, and whether its text is the one
    ``digest`` fingerprints (True when no digest is asked for).

    A folder named after the id comes first, then any pack that declares the id; among
    several, the one whose text matches ``digest`` wins.
    """
    roots = (*folders, rulesets_dir(), user_packs_dir())
    named = [root / pack_id / "pack.yaml" for root in roots]
    found = [path for path in named if path.is_file()]
    if digest is None and found:
        return found[0], True
    for path in found:
        if pack_digest(path) == digest:
            return path, True
    for root in roots:
        for folder in pack_folders(root):
            path = folder / "pack.yaml"
            if path not in found and _declared_id(path) == pack_id:
                if digest is None or pack_digest(path) == digest:
                    return path, True
                found.append(path)
    if not found:
        raise FileNotFoundError(f"no pack with the id {pack_id!r} is installed")
    return found[0], False


def _declared_id(path: Path) -> str | None:
    try:
        data = load_yaml_file(path, links=False).data
    except (OSError, PackError):
        return None
    return str(data["id"]) if isinstance(data, dict) and "id" in data else None


@lru_cache(maxsize=64)
def _load(path: Path, stamp: tuple[int, int]) -> Game:
    return load_pack(path)


def load_game(pack: str | Path, folders: Iterable[Path] = ()) -> Game:
    """The game of a pack, by id (``load_game("war")``) or path: loaded once while its
    file stays as it is, and again once the file changes (a designer's edit)."""
    found = find_pack(pack, tuple(folders))
    # The folder's links resolved, never the file's: a pack.yaml that is a link is refused.
    path = found.parent.resolve() / found.name
    status = path.lstat()
    return _load(path, (status.st_mtime_ns, status.st_size))
