"""A corpus of hostile and broken ``.jpack`` archives, written with zipfile at test time.

Each case is a function writing its archive into a folder and naming the entry the
refusal must name ("" for the archive as a whole) and a few words of the reason.
The pack inside is a small shipped pack (JANTORI) given an id of its own.
"""

from __future__ import annotations

import random
import stat
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vtt.resources import rulesets_dir
from vtt.studio.jpack import LIMITS, Limits

SOURCE = rulesets_dir() / "jantori"
PACK_ID = "my-jantori"
MB = 1024 * 1024
#: An entry's header and its data.
Entry = tuple[zipfile.ZipInfo, bytes]


def pack_text() -> str:
    """JANTORI's pack.yaml with an id no shipped pack has."""
    text = (SOURCE / "pack.yaml").read_text(encoding="utf-8")
    return text.replace("id: jantori", f"id: {PACK_ID}", 1)


def pack_folder(where: Path) -> Path:
    """The pack as a folder: pack.yaml, README.md and its records."""
    folder = where / PACK_ID
    (folder / "records").mkdir(parents=True)
    (folder / "pack.yaml").write_text(pack_text(), encoding="utf-8")
    (folder / "README.md").write_text("# My JANTORI\n\nA copy to share.\n", encoding="utf-8")
    for record in (SOURCE / "records").glob("*.yaml"):
        (folder / "records" / record.name).write_bytes(record.read_bytes())
    return folder


def entry(
    name: str,
    data: bytes = b"",
    *,
    mode: int = stat.S_IFREG | 0o644,
    method: int = zipfile.ZIP_DEFLATED,
) -> Entry:
    """A ZipInfo as a hand-made (or hostile) archive may write it, and its data."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = mode << 16
    info.create_system = 3  # unix: the mode bits are read
    info.compress_type = method
    return info, data


def write_zip(path: Path, entries: list[Entry]) -> Path:
    """Write the entries as given (names twice included: zipfile only warns of them)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": the point of one case
        with zipfile.ZipFile(path, "w") as archive:
            for info, data in entries:
                archive.writestr(info, data)
    return path


def good_entries(top: str = "") -> list[Entry]:
    """A valid pack's entries, at the top of the archive or in the folder ``top``."""
    found = [entry(f"{top}pack.yaml", pack_text().encode())]
    found.append(entry(f"{top}README.md", b"# My JANTORI\n"))
    return found


def with_pack(*extra: Entry) -> list[Entry]:
    return [*good_entries(), *extra]


@dataclass(frozen=True)
class Case:
    """A hostile archive: how to write it, the entry refused, words of the reason."""

    name: str
    write: Callable[[Path], Path]
    entry: str
    reason: str
    #: Smaller limits than an import's own, where those would need a large archive.
    limits: Limits = LIMITS


def _zip(name: str, entries: Callable[[], list[Entry]]) -> Callable[[Path], Path]:
    return lambda folder: write_zip(folder / f"{name}.jpack", entries())


def _bytes(name: str, data: Callable[[], bytes]) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / f"{name}.jpack"
        path.write_bytes(data())
        return path

    return write


def _valid_zip_bytes() -> bytes:
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in good_entries():
            archive.writestr(info, data)
    return buffer.getvalue()


def patch(path: Path, name: str, local: int, central: int, old: bytes, new: bytes) -> Path:
    """Rewrite a field of an entry's headers (as no zip writer would): at ``local`` in its
    local header, at ``central`` in its central directory header."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        start = archive.getinfo(name).header_offset
    found, at = [], data.find(b"PK\x01\x02")
    while at >= 0:
        if data.startswith(name.encode(), at + 46):
            found.append(at)
        at = data.find(b"PK\x01\x02", at + 1)
    for at in (start + local, found[-1] + central):
        assert data[at : at + len(old)] == old
        data[at : at + len(new)] = new
    path.write_bytes(bytes(data))
    return path


def _lying_header(folder: Path) -> Path:
    """An entry whose headers say 100 bytes while its stream holds 2 MB."""
    name = "records/big.yaml"
    path = write_zip(folder / "lying.jpack", with_pack(entry(name, b"a" * 2 * MB)))
    size, small = (2 * MB).to_bytes(4, "little"), (100).to_bytes(4, "little")
    return patch(path, name, 22, 24, size, small)  # the uncompressed size


def _encrypted(folder: Path) -> Path:
    """An entry flagged as encrypted (zipfile writes none: the flag is set afterwards)."""
    name = "records/a.yaml"
    path = write_zip(folder / "encrypted.jpack", with_pack(entry(name, b"x")))
    with zipfile.ZipFile(path) as archive:
        flags = archive.getinfo(name).flag_bits
    old, new = flags.to_bytes(2, "little"), (flags | 0x1).to_bytes(2, "little")
    return patch(path, name, 6, 8, old, new)


def _newer_zip(folder: Path) -> Path:
    """An entry needing a newer zip reader (version 7.5) than any there is."""
    path = write_zip(folder / "newer.jpack", good_entries())
    with zipfile.ZipFile(path) as archive:
        version = archive.getinfo("pack.yaml").extract_version
    old, new = version.to_bytes(2, "little"), (75).to_bytes(2, "little")
    return patch(path, "pack.yaml", 4, 6, old, new)


def _noise(size: int) -> bytes:
    """Bytes that do not compress (seeded, so every run writes the same archive)."""
    return random.Random(size).randbytes(size)


CASES = [
    Case(
        "zip-slip", _zip("slip", lambda: with_pack(entry("../evil.yaml"))), "../evil.yaml", "'..'"
    ),
    Case(
        "zip-slip inside",
        _zip("slip2", lambda: with_pack(entry("records/../../evil.yaml"))),
        "records/../../evil.yaml",
        "outside the pack's folder",
    ),
    Case(
        "absolute path",
        _zip("absolute", lambda: with_pack(entry("/tmp/evil.yaml"))),
        "/tmp/evil.yaml",
        "absolute path",
    ),
    Case(
        "drive letter",
        _zip("drive", lambda: with_pack(entry("C:/evil.yaml"))),
        "C:/evil.yaml",
        "drive letter",
    ),
    Case(
        "backslash",
        _zip("backslash", lambda: with_pack(entry("..\\evil.yaml"))),
        "..\\evil.yaml",
        "backslash",
    ),
    Case(
        "symlink",
        _zip(
            "link", lambda: with_pack(entry("notes.md", b"/etc/passwd", mode=stat.S_IFLNK | 0o777))
        ),
        "notes.md",
        "symbolic link",
    ),
    Case(
        "special file",
        _zip("fifo", lambda: with_pack(entry("notes.md", mode=stat.S_IFIFO | 0o644))),
        "notes.md",
        "special file",
    ),
    Case(
        "huge file",
        _zip("huge", lambda: with_pack(entry("records/huge.yaml", b"\n" * (9 * MB)))),
        "records/huge.yaml",
        "too large",
    ),
    Case("lying header", _lying_header, "records/big.yaml", "damaged"),
    Case(
        "bomb ratio",
        _zip("bomb", lambda: with_pack(entry("records/bomb.yaml", b"\0" * (2 * MB)))),
        "records/bomb.yaml",
        "zip bomb",
    ),
    Case(
        "too many files",
        _zip("many", lambda: with_pack(*(entry(f"records/r{i}.yaml", b"x") for i in range(1000)))),
        "",
        "past the limit of 1000",
    ),
    Case(
        "total size",
        _zip("total", lambda: with_pack(*(entry(f"art/a{i}.png", _png(40_000)) for i in range(9)))),
        "art/a6.png",
        "past the limit of 0.2 MB in all",
        Limits(total_bytes=250_000),
    ),
    Case("no pack.yaml", _zip("nopack", lambda: [entry("README.md", b"hi")]), "", "no pack.yaml"),
    Case(
        "two top folders",
        _zip("twotops", lambda: [*good_entries("a/"), *good_entries("b/")]),
        "",
        "no pack.yaml at the top",
    ),
    Case(
        "invalid pack.yaml",
        _zip(
            "invalid",
            lambda: [
                entry("pack.yaml", pack_text().replace("name:", "bogus: 1\nname:", 1).encode())
            ],
        ),
        "pack.yaml",
        "does not validate",
    ),
    Case("a newer zip version", _newer_zip, "", "not a .jpack file"),
    Case("not a zip", _bytes("text", lambda: b"id: war\n" * 50), "", "not a zip"),
    Case("truncated zip", _bytes("cut", lambda: _valid_zip_bytes()[:-30]), "", "not a zip"),
    Case(
        "duplicate names",
        _zip("dupes", lambda: with_pack(entry("records/a.yaml", b"a"), entry("records/a.yaml"))),
        "records/a.yaml",
        "in the archive already",
    ),
    Case(
        "names differing in case",
        _zip("case", lambda: with_pack(entry("readme.MD", b"a"))),
        "readme.MD",
        "in any case",
    ),
    Case(
        "names differing in the spelling of an accent",
        _zip(
            "accents",
            lambda: with_pack(
                entry("records/caf\u00e9.yaml", b"a"), entry("records/cafe\u0301.yaml")
            ),
        ),
        "records/cafe\u0301.yaml",
        "in any case",
    ),
    Case("encrypted", _encrypted, "records/a.yaml", "encrypted"),
    Case(
        "disallowed type",
        _zip("script", lambda: with_pack(entry("tools/run.py", b"import os"))),
        "tools/run.py",
        "a .py file",
    ),
    Case(
        "image that is not one",
        _zip("fakeimage", lambda: with_pack(entry("art/face.png", b"MZ\x90\x00"))),
        "art/face.png",
        "not a PNG image",
    ),
    Case(
        "a broken image",
        _zip("brokenimage", lambda: with_pack(entry("art/face.png", _png(300)))),
        "art/face.png",
        "a broken image: the PNG file is broken",
    ),
    Case(
        "hidden file",
        _zip("hidden", lambda: with_pack(entry(".git/config.txt", b"x"))),
        ".git/config.txt",
        "hidden",
    ),
    Case(
        "a name Windows reserves",
        _zip("device", lambda: with_pack(entry("records/con.yaml", b"x"))),
        "records/con.yaml",
        "Windows reserves",
    ),
    Case(
        "a control character",
        _zip("control", lambda: with_pack(entry("records/a\x1b[2J.yaml", b"x"))),
        "records/a\\x1b[2J.yaml",
        "control character",
    ),
    Case(
        "another compression",
        _zip("bzip", lambda: with_pack(entry("records/a.yaml", b"x", method=zipfile.ZIP_BZIP2))),
        "records/a.yaml",
        "compressed by method 12",
    ),
]


def _png(size: int) -> bytes:
    """A file that starts as a PNG and does not compress, ``size`` bytes."""
    signature = b"\x89PNG\r\n\x1a\n"
    return signature + _noise(size - len(signature))
