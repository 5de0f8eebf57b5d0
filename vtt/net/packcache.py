"""The packs of rooms played over the network, on the joining player's machine.

A room names its pack by id and digest (``vtt.rules.finder.pack_digest``). A client
plays the pack installed here when its digest is the room's; else one it was sent
before, kept in a cache folder for that digest; else the host sends it as a ``.jpack``,
which is installed exactly as ``vtt import`` installs one (``vtt.studio.jpack``: every
entry checked, the pack validated, nothing run), but into the cache folder of its
digest (``NET-PACKS/DIGEST/ID``), never over the player's own packs. It is read from
there by its path, so a host's changed copy of a shipped pack is taken too. A pack
that fails is refused with the reason, and nothing is kept of it.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from vtt.resources import user_data_dir
from vtt.rules.finder import find_pack_by_id, pack_digest

__all__ = ["cache_dir", "install_sent", "local_pack"]

#: A digest as ``pack_digest`` writes it (a folder's name: nothing else is taken).
DIGEST = re.compile(r"[0-9a-f]{16,64}")


def cache_dir() -> Path:
    """Where the packs hosts sent are kept: one folder for each digest."""
    return user_data_dir() / "net-packs"


def local_pack(pack_id: str, digest: str, cache: Path | None = None) -> Path | None:
    """The pack.yaml of this id whose text is the digest's: installed here (with the
    player's own art), else sent before; None when there is none."""
    try:
        path, same = find_pack_by_id(pack_id, digest)
    except FileNotFoundError:
        path, same = None, False
    if path is not None and same:
        return path
    if not DIGEST.fullmatch(digest):
        return None
    kept = (cache or cache_dir()) / digest / pack_id / "pack.yaml"
    if kept.is_file() and not kept.is_symlink() and pack_digest(kept) == digest:
        return kept
    return None


def install_sent(pack_id: str, digest: str, archive: bytes, cache: Path | None = None) -> Path:
    """Install the ``.jpack`` a host sent as ``vtt import`` does, into the cache folder
    of its digest; its pack.yaml. A JpackError (the entry and the reason) when it is
    refused, or is not the pack the room plays."""
    from vtt.studio.jpack import SUFFIX, JpackError, import_pack

    label = f"the pack the host sent ({pack_id})"
    if not DIGEST.fullmatch(digest):
        raise JpackError(label, "", f"{digest[:80]!r} is no pack digest")
    folder = (cache or cache_dir()) / digest
    with tempfile.TemporaryDirectory(prefix="vtt-sent-") as work:
        file = Path(work) / f"{pack_id}{SUFFIX}"
        file.write_bytes(archive)
        try:
            installed = import_pack(file, folder, replace=True, shipped_id=True) / "pack.yaml"
        except JpackError as error:
            error.archive = label
            raise
    if installed.parent.name != pack_id or pack_digest(installed) != digest:
        shutil.rmtree(installed.parent, ignore_errors=True)
        raise JpackError(label, "", "it is not the pack the room plays (its id or text differ)")
    return installed
