"""Pinned rules: the pack a saved game or a record names, checked against its fingerprint.

A saved game (``.jgame``) and a record the program writes name their pack by id and by
``pack_digest``, a fingerprint of its text (``finder.pack_digest``); a saved game also
keeps the text itself (``pack_text``), and so may a record. Opening one finds the pack
where packs are looked for (``finder.resolve_pack``; a copy elsewhere whose text is the
one pinned wins over one that changed) and tells whether its rules have changed since:
the opener then plays the pack as it is now, or the copy kept in the file.

>>> pinned = Pinned("war", None, then="3f2a00000000000a", copy="id: war")
>>> pinned.changed, pinned.pack
(False, 'war')
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from vtt.rules.errors import RulesError
from vtt.rules.finder import (
    PACK_ID,
    FoundPack,
    find_pack,
    find_pack_by_id,
    load_game,
    load_game_text,
    pack_digest,
    pack_place,
)
from vtt.rules.finder import resolve_pack as _resolve

__all__ = ["Pinned", "pack_text", "pinned_pack", "short_digest", "text_digest", "yaml_text"]


def text_digest(text: str) -> str:
    """The fingerprint of a pack's text (``finder.pack_digest`` of a file holding it)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def short_digest(digest: str) -> str:
    """A fingerprint as it is said to people: its first 4 digits, ``3f2a...``."""
    return f"{digest[:4]}..."


def pack_text(pack: str | Path) -> str | None:
    """The text of a pack's pack.yaml (by id or path), exactly as its fingerprint is
    taken: what a saved game keeps; None when it cannot be read as text."""
    try:
        return find_pack(pack).read_bytes().decode("utf-8")
    except (OSError, ValueError):  # FileNotFoundError, UnicodeDecodeError
        return None


@dataclass(frozen=True)
class Pinned:
    """The pack a file names, as found now, and the rules the file was written with."""

    #: The pack as the file names it: an id, or a pack folder beside the file.
    named: str
    #: The pack found now (None: none is, where packs are looked for).
    found: FoundPack | None
    #: The fingerprint the file names (of ``copy`` when it keeps one); None for a file
    #: written before files named one.
    then: str | None = None
    #: The pack's text kept in the file.
    copy: str | None = None
    #: The fingerprint of the pack found now.
    now: str | None = None

    @property
    def changed(self) -> bool:
        """True when the pack found now is not the one the file was written with."""
        return None not in (self.then, self.now, self.found) and self.then != self.now

    @property
    def pack(self) -> str:
        """How a game's setup names the pack found (``load_game`` takes it): its id when
        the id finds that very pack, else its folder (a pack beside the file, or a copy
        of the same id elsewhere); the id when none is found."""
        if self.found is None:
            return self.named
        try:
            usual = find_pack(self.named).resolve()
        except FileNotFoundError:
            usual = None
        path = self.found.path
        return self.named if usual == path.resolve() else str(path.parent)

    def name(self) -> str:
        """The game's name, as the pack found now (else the copy) gives it; the id the
        file names when neither loads."""
        try:
            if self.found is not None:
                return load_game(self.found.path).name
            if self.copy is not None:
                return load_game_text(self.copy).name
        except (RulesError, OSError):
            pass
        return self.named

    def change_note(self, name: str, since: str = "this game was saved") -> str:
        """What changed, in words: ``War has changed since this game was saved (pack
        3f2a... then, 9c1b... now).`` Empty when nothing did."""
        if not self.changed or self.then is None or self.now is None:
            return ""
        return (
            f"{name} has changed since {since} "
            f"(pack {short_digest(self.then)} then, {short_digest(self.now)} now)."
        )


def pinned_pack(
    named: str,
    beside: Path,
    digest: str | None = None,
    copy: str | None = None,
    *,
    own_folder: bool = True,
) -> Pinned:
    """The pack a saved game or record in the folder ``beside`` names (``named``, with
    the fingerprint ``digest`` and the text ``copy`` it keeps, if any): the one place
    every opener finds it.

    The pack is looked for as ``finder.resolve_pack`` does (an id among the shipped
    packs, the user's, then the file's own folder; or a pack folder inside that
    folder). When its text is not the one pinned, a copy of the same id elsewhere
    whose text is (a user's own copy under another folder name) is taken instead:
    among the installed packs, and in the file's own folder too if ``own_folder``
    (a saved game's; a record's own folder never puts its pack in place of an
    installed one). FileNotFoundError when no pack is found and the file keeps no
    copy."""
    then = text_digest(copy) if copy is not None else digest
    try:
        found: FoundPack | None = _resolve(named, beside)
    except FileNotFoundError:
        found = None
    if PACK_ID.match(named) and (
        found is None or (then is not None and pack_digest(found.path) != then)
    ):
        try:
            path, same = find_pack_by_id(named, then, (beside,) if own_folder else ())
        except FileNotFoundError:
            path, same = None, False
        if path is not None and (same or found is None):
            found = FoundPack(path, pack_place(path))
    if found is None and copy is None:
        _resolve(named, beside)  # raises, saying why nothing was found
    now = pack_digest(found.path) if found is not None else None
    return Pinned(named, found, then, copy, now)


class _Dumper(yaml.SafeDumper):
    """Writes a text of several lines (a pack's) as a block, line for line as it is."""


def _text_block(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None  # PyYAML quotes it when a block cannot hold it
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _text_block)


def yaml_text(data: dict[str, Any]) -> str:
    """The YAML text of a saved game or record, a pack's text kept in it as a block."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)
