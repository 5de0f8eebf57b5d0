"""Find packs by id: the shipped ``rulesets/`` folder, the user's packs, and given folders."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.engine import Game
from vtt.rules.errors import PackError
from vtt.rules.loader import load_pack, load_pack_text, pack_file
from vtt.rules.shown import excerpt
from vtt.rules.yamlsource import load_yaml_file

__all__ = [
    "PACK_ID",
    "FoundPack",
    "find_pack",
    "find_pack_by_id",
    "load_game",
    "load_game_text",
    "pack_digest",
    "pack_folders",
    "pack_place",
    "pack_readme",
    "resolve_pack",
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
    """The pack.yaml for a path or an id (searched among the shipped packs, the user's,
    then ``folders``: a folder never hides a shipped pack of the same id)."""
    path = Path(pack)
    if path.exists():
        return pack_file(path)
    text = str(pack)
    if "/" not in text and "\\" not in text:
        for root in (rulesets_dir(), user_packs_dir(), *folders):
            candidate = root / text / "pack.yaml"
            if candidate.is_file():
                return candidate
    raise FileNotFoundError(f"no pack {text!r}: not a file or folder, and no pack with that id")


#: A pack named by id, as records and saved games written by the program name it.
PACK_ID = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")


@dataclass(frozen=True)
class FoundPack:
    """The pack a record or saved game plays, and where it was found, as said to the
    user (``vtt replay`` reports it; a game window opening the file shows it)."""

    path: Path
    #: ``shipped``, ``user`` (the user's packs folder), ``beside`` (the file's own
    #: folder) or ``given`` (named on the command line).
    place: str
    #: A pack of the same id that was passed over, said so that none is taken silently.
    note: str = ""

    @property
    def installed(self) -> bool:
        """True for a shipped pack or one of the user's."""
        return self.place in ("shipped", "user")

    def __str__(self) -> str:
        text = f"{PLACES[self.place]}: {self.path}"
        return f"{text} ({self.note})" if self.note else text


#: How each place is said.
PLACES = {
    "shipped": "a pack shipped with Janken Table",
    "user": "a pack from your packs folder",
    "beside": "a pack from the file's own folder",
    "given": "the pack given on the command line",
}


def pack_place(path: Path) -> str:
    """Where a pack.yaml lives: ``shipped``, ``user`` or ``beside`` (anywhere else)."""
    folder = path.parent.resolve()
    for place, root in (("shipped", rulesets_dir()), ("user", user_packs_dir())):
        if folder.parent == root.resolve():
            return place
    return "beside"


def resolve_pack(named: str, beside: Path) -> FoundPack:
    """The pack a file in the folder ``beside`` names, found only in the known places.

    An id (``war``) is looked up among the shipped packs, then the user's packs
    folder, then in the file's own folder (a pack folder of that name in it, or the
    pack the file sits in, as in ``war/records/``): the first found wins, and a pack
    of the same id passed over is noted. Anything else must be a pack folder (or its
    pack.yaml) inside ``beside``: no ``..``, no absolute path. FileNotFoundError says
    why nothing was found; no other file is read.
    """
    if PACK_ID.match(named):
        return _by_id(named, beside)
    relative = Path(named)
    inside = not relative.is_absolute() and ".." not in relative.parts and named.strip()
    folder = (beside / relative).resolve() if inside else beside
    if inside and folder.is_relative_to(beside.resolve()):
        if folder.name == "pack.yaml" and folder.is_file():
            return FoundPack(folder, "beside")
        if (folder / "pack.yaml").is_file():
            return FoundPack(folder / "pack.yaml", "beside")
    raise FileNotFoundError(
        f"pack: {excerpt(named)!r} is not a pack: write a pack id, or a pack folder "
        "relative to the record, inside its folder (no '..', no absolute path)"
    )


def _by_id(pack_id: str, beside: Path) -> FoundPack:
    # The file's own folder: a pack folder of that id in it, or the pack it sits in.
    own = [beside / pack_id]
    if beside.name == pack_id:
        own.append(beside)
    elif beside.name == "records" and beside.parent.name == pack_id:
        own.append(beside.parent)
    candidates = [
        ("shipped", rulesets_dir() / pack_id),
        ("user", user_packs_dir() / pack_id),
        *(("beside", folder) for folder in own),
    ]
    found = [(place, folder / "pack.yaml") for place, folder in candidates]
    found = [(place, path) for place, path in found if path.is_file()]
    if not found:
        raise FileNotFoundError(f"pack: no pack with the id {pack_id!r} is installed")
    place, path = found[0]
    passed = [where for _, where in found[1:] if where.parent.resolve() != path.parent.resolve()]
    note = ""
    if passed:
        where = passed[0]
        note = (
            f"the pack folder {where.parent} of the same id was not used: "
            f"the {PLACES[place].removeprefix('a ')} comes first"
        )
    return FoundPack(path, place, note)


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
    several, the one whose text matches ``digest`` wins. A text that is no id (``..``,
    a path) finds nothing.
    """
    if not PACK_ID.match(pack_id):
        raise FileNotFoundError(f"{excerpt(pack_id)!r} is not a pack id")
    roots = (rulesets_dir(), user_packs_dir(), *folders)
    named = [root / pack_id / "pack.yaml" for root in roots]
    # A pack.yaml that is a link is no pack (it is refused unread when loaded).
    found = [path for path in named if path.is_file() and not path.is_symlink()]
    if digest is None and found:
        return found[0], True
    for path in found:
        if pack_digest(path) == digest:
            return path, True
    for root in roots:
        for folder in pack_folders(root):
            path = folder / "pack.yaml"
            if path not in found and not path.is_symlink() and _declared_id(path) == pack_id:
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


@lru_cache(maxsize=8)
def load_game_text(text: str, file: str = "pack.yaml") -> Game:
    """The game of a pack's text (``file`` names it in messages): a text not saved yet,
    as the studio plays it; compiled once while the same text is asked for again.
    PackErrors as ``load_pack_text`` raises them."""
    return load_pack_text(text, file)
