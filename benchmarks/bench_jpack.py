"""Sharing a pack: the time to import a ``.jpack`` (``vtt import``, a drop on the table).

The shipped pack with the most files (its records) is copied under an id of its own
(a shipped pack's id is refused), exported, then imported again and again into a
packs folder of its own, replacing the copy there. Per figure, the median wall time:

- the whole import: every entry's checks, the unpacking under its caps, the pack's
  check as ``vtt validate`` checks it (its trial games are most of the time), and the
  move into the packs folder;
- the archive alone: the same import with the pack's check left out (what the zip's
  safety costs);
- the export (its pack checked first, as ``vtt validate`` does).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from unittest import mock

from benchmarks import Result, median_ms
from vtt.resources import rulesets_dir
from vtt.rules.finder import pack_folders
from vtt.studio import jpack

GROUP = "Sharing a pack"
#: Runs per figure (the median is kept).
REPEAT = 5
#: The whole import of the largest pack, as the designer's friend waits for it.
IMPORT_GOAL_MS = 5000.0
#: The archive's checks alone.
ARCHIVE_GOAL_MS = 200.0


def largest_pack() -> Path:
    """The shipped pack folder with the most files."""
    return max(pack_folders(rulesets_dir()), key=lambda folder: len(list(folder.rglob("*"))))


def _copy(source: Path, where: Path) -> Path:
    """The pack under an id no shipped pack has."""
    folder = where / f"{source.name}-shared"
    shutil.copytree(source, folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    text = text.replace(f"id: {source.name}", f"id: {folder.name}", 1)
    (folder / "pack.yaml").write_text(text, encoding="utf-8")
    return folder


def run() -> list[Result]:
    """Every figure of this module."""
    source = largest_pack()
    with tempfile.TemporaryDirectory() as work:
        where = Path(work)
        folder = _copy(source, where)
        archive = jpack.export_pack(folder, where / "shared.jpack")
        packs = where / "home" / "packs"
        files = len(list(folder.rglob("*.*")))
        size = archive.stat().st_size

        def imported() -> None:
            jpack.import_pack(archive, packs, replace=True)

        whole = median_ms(imported, repeat=REPEAT)
        passed = jpack.validate_pack(folder / "pack.yaml")
        with mock.patch.object(jpack, "validate_pack", lambda _path: passed):
            alone = median_ms(imported, repeat=REPEAT)
        export = median_ms(lambda: jpack.export_pack(folder, where / "again.jpack"), repeat=REPEAT)
    note = f"{source.name} ({files} files, {size / 1024:.0f} KB packed)"
    return [
        Result(
            GROUP,
            "import the largest pack",
            whole,
            "ms",
            f"< {IMPORT_GOAL_MS:.0f} ms",
            whole < IMPORT_GOAL_MS,
            note + "; its trial games are most of it",
        ),
        Result(
            GROUP,
            "the archive's checks and unpacking alone",
            alone,
            "ms",
            f"< {ARCHIVE_GOAL_MS:.0f} ms",
            alone < ARCHIVE_GOAL_MS,
            note,
        ),
        Result(GROUP, "export the largest pack", export, "ms", note=note),
    ]
