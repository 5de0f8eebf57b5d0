"""Share a pack as one file: a ``.jpack`` is a zip of the pack's folder.

``export_pack`` writes the files a pack folder may hold (pack.yaml, README.md and other
text, records/, PNG and JPEG images; never a link, a hidden file or a cache) and a
manifest, ``jpack.json``: the format, the pack's id, name and content hash
(``vtt.rules.finder.pack_digest``).

``import_pack`` installs a ``.jpack`` from anyone into the user's packs folder, and
trusts nothing of it. Every entry is checked before a byte is written: its name (no
``..``, no absolute path or drive letter, no backslash, no hidden or invisible
character, none twice even in another case), its kind (no link, device or pipe, no
encryption), its type (only what a pack holds) and the sizes its header claims. Then
each file is read from its decompressed stream, never past a cap (a header's sizes can
lie), into a folder of its own beside the packs folder, where the pack is checked as
``vtt validate`` checks it; only a pack that passes, and whose id is no shipped pack's,
is moved into the packs folder, in one rename. A refusal (``JpackError``) names the
archive, the entry and the reason, and leaves the packs folder as it was. Nothing in
an archive is ever run: a pack is data.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import IO, Final

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.art import check_image
from vtt.rules.commands import validate_pack
from vtt.rules.errors import PackError
from vtt.rules.finder import PACK_ID, find_pack, pack_digest, pack_folders
from vtt.rules.shown import hidden_character, shown
from vtt.rules.yamlsource import load_yaml_file

__all__ = [
    "EXISTS",
    "FORMAT",
    "LIMITS",
    "MANIFEST",
    "SUFFIX",
    "JpackError",
    "Limits",
    "PackExists",
    "Progress",
    "export_pack",
    "import_pack",
    "pack_contents",
]

#: A shared pack's file name ends so.
SUFFIX: Final = ".jpack"
#: The manifest's format: an archive of a later one is refused (made by a newer program).
FORMAT: Final = 1
#: Why an export over a file there (without ``overwrite``) is refused.
EXISTS: Final = "the file exists already: nothing written"
#: The manifest entry, at the top of the archive.
MANIFEST: Final = "jpack.json"
#: What a pack folder may hold, by type: text, and images known by their first bytes.
TEXT_TYPES: Final = frozenset({".yaml", ".yml", ".md", ".txt"})
IMAGE_TYPES: Final = {
    ".png": b"\x89PNG\r\n\x1a\n",
    ".jpg": b"\xff\xd8\xff",
    ".jpeg": b"\xff\xd8\xff",
}
#: Folders never shared: caches and the like.
CACHES: Final = frozenset({"__pycache__", "__MACOSX", "node_modules"})
#: The compression methods a pack is read with (export writes deflate).
METHODS: Final = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflate"}
#: How much is read from a stream at a time.
CHUNK: Final = 64 * 1024
#: The longest entry name (all parts) and part.
NAME_CHARS: Final = 400
PART_CHARS: Final = 120
_DRIVE = re.compile(r"[A-Za-z]:")
_NOT_ON_WINDOWS = frozenset('<>:"|?*')
_DEVICE = re.compile(r"(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])(\.|\Z)", re.IGNORECASE)
MB: Final = 1024 * 1024


#: Told how far an export or import has come: ``(done, total)``.
Progress = Callable[[int, int], None]
#: The stages an export or import tells of.
STAGES: Final = 3


def _untold(_done: int, _total: int) -> None:
    """No one is told of the progress."""


@dataclass(frozen=True)
class Limits:
    """How large an archive may be, and how much it may expand."""

    #: The most bytes any one file may hold, decompressed.
    file_bytes: int = 8 * MB
    #: The most bytes all files together may hold, decompressed.
    total_bytes: int = 64 * MB
    #: The most entries (files and folders).
    files: int = 1000
    #: The most a file may expand over its compressed size once it is past ``ratio_from``
    #: bytes (text compresses 3 to 20 times; a zip bomb a thousand times).
    ratio: int = 100
    ratio_from: int = 1 * MB


LIMITS: Final = Limits()


@dataclass(eq=False)
class JpackError(Exception):
    """A pack that cannot be shared or installed: the archive (or folder), the entry
    and the reason; ``problems`` lists a pack's own errors (each with file and line)."""

    archive: str
    entry: str
    reason: str
    problems: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        where = f"{self.archive}: {shown(self.entry, PART_CHARS)}" if self.entry else self.archive
        return "\n".join([f"{where}: {self.reason}", *self.problems])


@dataclass(eq=False)
class PackExists(JpackError):
    """The pack's id is installed already, in ``folder`` (``replace`` says whether to
    replace it)."""

    folder: Path | None = None


# ------------------------------------------------------------------ exporting


@dataclass
class Contents:
    """What of a pack folder is shared: its files (relative names, posix), and what is
    left out with the reason."""

    files: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def pack_contents(folder: Path) -> Contents:
    """The files of a pack folder a ``.jpack`` holds, and those left out (links, hidden
    files, caches, types a pack does not hold), sorted."""
    contents = Contents()
    _gather(folder, PurePosixPath(), contents)
    return contents


def _gather(folder: Path, prefix: PurePosixPath, contents: Contents) -> None:
    for child in sorted(folder.iterdir(), key=lambda path: path.name):
        name = str(prefix / child.name)
        if child.is_symlink():
            contents.skipped.append((name, "a link"))
        elif child.name.startswith("."):
            contents.skipped.append((name, "a hidden file"))
        elif child.is_dir():
            if child.name in CACHES:
                contents.skipped.append((name + "/", "a cache"))
            else:
                _gather(child, prefix / child.name, contents)
        elif not child.is_file():
            contents.skipped.append((name, "not a plain file"))
        elif _type_problem(name) is not None:
            contents.skipped.append((name, "not a file a pack holds"))
        else:
            contents.files.append(name)


def export_pack(
    folder_or_id: str | Path,
    dest: str | Path | None = None,
    *,
    overwrite: bool = True,
    limits: Limits = LIMITS,
    progress: Progress | None = None,
) -> Path:
    """Write the pack (an id, its folder or pack.yaml) as a ``.jpack`` at ``dest`` (a
    file, or a folder to write ``ID.jpack`` in; default the current folder); the file.

    The pack is checked first as ``vtt validate`` checks it, and its files held to the
    limits an import holds them to: an archive that would be refused is not written.
    The file is written whole or not at all; over a file there only with ``overwrite``.
    ``progress`` as ``import_pack`` tells it.
    """
    told = progress if progress is not None else _untold
    try:
        folder = find_pack(folder_or_id).parent
    except FileNotFoundError as error:
        raise JpackError(str(folder_or_id), "", str(error)) from None
    told(1, STAGES)
    validated = validate_pack(folder / "pack.yaml")
    told(2, STAGES)
    spec = validated.checked.spec
    if validated.problems or spec is None:
        why = "the pack does not validate (fix it first):"
        raise JpackError(str(folder), "", why, validated.problems)
    target = Path(dest) if dest is not None else Path.cwd()
    if target.is_dir():
        target = target / f"{spec.id}{SUFFIX}"
    elif not target.suffix:
        target = target.with_name(target.name + SUFFIX)
    if target.exists() and not overwrite:
        raise JpackError(str(target), "", EXISTS)
    manifest = {"format": FORMAT, "id": spec.id, "name": spec.name}
    partial = target.with_name(f".{target.name}.partial")
    try:
        contents = pack_contents(folder)
        _check_folder(folder, contents.files, limits, str(folder))
        manifest.update(digest=pack_digest(folder), files=len(contents.files))
        told(STAGES, STAGES)
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
            _write(archive, MANIFEST, json.dumps(manifest, indent=2).encode())
            for name in contents.files:
                _write(archive, f"{spec.id}/{name}", (folder / name).read_bytes())
        os.replace(partial, target)
    except OSError as error:
        with suppress(OSError):
            partial.unlink(missing_ok=True)
        where = error.filename or target
        why = f"cannot export the pack: {error.strerror or error}"
        raise JpackError(str(where), "", why) from None
    return target


def _write(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    """An entry as every export writes it: a plain file, dated alike (the same pack
    makes the same archive)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = (stat.S_IFREG | 0o644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def _check_folder(folder: Path, names: list[str], limits: Limits, label: str) -> None:
    """A folder's files held to an import's limits (their count, sizes and contents)."""
    if len(names) > limits.files:
        raise JpackError(label, "", f"{len(names)} files, past the limit of {limits.files}")
    total = 0
    for name in names:
        size = (folder / name).stat().st_size
        total += size
        if size > limits.file_bytes:
            raise JpackError(label, name, _too_large(size, limits.file_bytes))
        if total > limits.total_bytes:
            raise JpackError(label, name, _past_total(limits.total_bytes))
        with (folder / name).open("rb") as stream:
            problem = _content_problem(name, stream.read(CHUNK)) or _image_problem(folder / name)
        if problem is not None:
            raise JpackError(label, name, problem)


# ------------------------------------------------------------------ importing


def import_pack(
    file: str | Path,
    packs_dir: Path | None = None,
    replace: bool | Callable[[Path], bool] = False,
    limits: Limits = LIMITS,
    progress: Progress | None = None,
    *,
    shipped_id: bool = False,
) -> Path:
    """Install the pack a ``.jpack`` holds into ``packs_dir`` (the user's packs folder);
    its folder there. Everything is checked first (see the module's text); any refusal
    is a JpackError naming the entry and the reason, and nothing is written into
    ``packs_dir``. A pack of the same id already there is replaced only when
    ``replace`` is True (or, a function, answers True given its folder); else
    PackExists (raised before the pack's trial games when ``replace`` is False).
    ``progress(done, total)`` is told of each stage; an exception it raises (the
    person cancelled) stops the import, at the latest before anything is installed.
    ``shipped_id``: a pack with a shipped pack's id is taken too (into a folder read by
    path, never by id, such as a network room's cache: the shipped pack does not
    hide it there); every other check is the same."""
    told = progress if progress is not None else _untold
    path = Path(file)
    label = path.name
    packs = packs_dir if packs_dir is not None else user_packs_dir()
    try:
        with _open(path, label) as archive:
            entries = _entries(archive, label, limits)
            root, manifest = _layout(entries, label)
            said = _read_manifest(archive, manifest, label) if manifest is not None else None
            # Unpacked beside the packs folder (not in it: nothing half-made is ever
            # listed there), so that the checked pack moves in by one rename.
            packs.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(prefix=".jpack-", dir=packs.parent) as work:
                unpacked = Path(work).resolve() / "pack"
                told(1, STAGES)
                _extract(archive, entries, root, unpacked, label, limits)
                _check_images(unpacked, root, label)
                told(2, STAGES)
                pack_id = _checked_pack(
                    unpacked, packs, said, replace, label, root, shipped_id=shipped_id
                )
                told(STAGES, STAGES)
                return _install(unpacked, packs, pack_id, replace, label, root)
    except OSError as error:
        why = f"cannot install it in {packs}: {error.strerror or error}"
        raise JpackError(label, "", why) from None


def _open(path: Path, label: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path)
    except FileNotFoundError:
        raise JpackError(label, "", f"no such file: {path}") from None
    except IsADirectoryError:
        raise JpackError(label, "", "a folder, not a .jpack file") from None
    except (*DAMAGED, zipfile.LargeZipFile, ValueError) as error:
        raise JpackError(
            label, "", f"not a .jpack file (not a zip archive, or damaged: {error})"
        ) from None


def _entries(archive: zipfile.ZipFile, label: str, limits: Limits) -> list[zipfile.ZipInfo]:
    """The archive's file entries, each name, kind, type and claimed size checked, and
    the whole: how many, no name twice."""
    infos = archive.infolist()
    if len(infos) > limits.files:
        raise JpackError(label, "", f"{len(infos)} entries, past the limit of {limits.files}")
    seen: dict[str, str] = {}
    files: list[zipfile.ZipInfo] = []
    for info in infos:
        problem = _name_problem(info.filename) or _kind_problem(info)
        if problem is not None:
            raise JpackError(label, info.filename, problem)
        key = _folded(info.filename.rstrip("/"))
        if key in seen:
            same = "the same name" if seen[key] == info.filename else f"the name {seen[key]!r}"
            raise JpackError(
                label, info.filename, f"{same} is in the archive already (in any case)"
            )
        seen[key] = info.filename
        if not info.is_dir():
            files.append(info)
    folders = {_folded(str(parent)) for f in files for parent in PurePosixPath(f.filename).parents}
    for info in files:
        if _folded(info.filename) in folders:
            raise JpackError(label, info.filename, "both a file and a folder in the archive")
        problem = _type_problem(info.filename) if info.filename != MANIFEST else None
        if problem is None and info.file_size > limits.file_bytes:
            problem = _too_large(info.file_size, limits.file_bytes) + " (its header says)"
        if problem is not None:
            raise JpackError(label, info.filename, problem)
    return files


def _folded(name: str) -> str:
    """A name as a file system that ignores case and Unicode's two spellings of an
    accented letter (macOS, Windows) sees it: two names alike so are one file there."""
    return unicodedata.normalize("NFC", name).casefold()


def _name_problem(name: str) -> str | None:
    """What is wrong with an entry's name, or None: only plain relative names stay
    inside the folder they are unpacked into."""
    if not name or name == "/":
        return "an entry with no name"
    if "\\" in name:
        return "a backslash in its name (a Windows path could leave the folder)"
    if name.startswith("/"):
        return "an absolute path (it would be written outside the pack's folder)"
    if _DRIVE.match(name):
        return "a drive letter in its name (it would be written outside the pack's folder)"
    if len(name) > NAME_CHARS:
        return f"a name longer than {NAME_CHARS} characters"
    parts = name.removesuffix("/").split("/")
    if ".." in parts:
        return "'..' in its path (it would be written outside the pack's folder)"
    if any(part in ("", ".") for part in parts):
        return "an empty or '.' part in its path"
    hidden = hidden_character(name)
    if hidden is not None or "\x00" in name:
        return f"an invisible or control character in its name ({hidden or chr(0)!r})"
    if any(len(part) > PART_CHARS for part in parts):
        return f"a name part longer than {PART_CHARS} characters"
    if any(char in _NOT_ON_WINDOWS for char in name):
        return 'a character Windows does not allow in a file name (one of <>:"|?*)'
    if any(part.endswith((".", " ")) or _DEVICE.match(part) for part in parts):
        return "a name Windows reserves (a device such as CON or NUL, or a trailing dot or space)"
    if any(part.startswith(".") for part in parts):
        return "a hidden file or folder (a name starting with '.'): a pack holds none"
    return None


def _kind_problem(info: zipfile.ZipInfo) -> str | None:
    """What is wrong with an entry's kind (a link, a device, encryption...), or None."""
    if info.flag_bits & 0x1:
        return "encrypted: a pack is never encrypted (it could not be checked)"
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if stat.S_ISLNK(mode):
        return "a symbolic link: a pack holds only plain files"
    if kind and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return "a special file (a device, pipe or socket): a pack holds only plain files"
    if stat.S_ISDIR(mode) and not info.is_dir():
        return "a folder entry whose name does not end in '/'"
    if not info.is_dir() and info.compress_type not in METHODS:
        return (
            f"compressed by method {info.compress_type}: a .jpack uses only "
            f"{' or '.join(METHODS.values())}"
        )
    return None


def _type_problem(name: str) -> str | None:
    """Whether a pack holds a file of this name's type."""
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in TEXT_TYPES or suffix in IMAGE_TYPES:
        return None
    kinds = ", ".join(sorted(TEXT_TYPES | set(IMAGE_TYPES)))
    said = f"a {suffix} file" if suffix else "a file with no type"
    return f"{said}: a pack holds only {kinds} files"


def _content_problem(name: str, head: bytes) -> str | None:
    """An image must start as its type's images start (a text file is read as text
    later, by the pack's check)."""
    signature = IMAGE_TYPES.get(PurePosixPath(name).suffix.lower())
    if signature is not None and not head.startswith(signature):
        kind = "PNG" if signature.startswith(b"\x89") else "JPEG"
        return f"not a {kind} image (its first bytes are not a {kind} file's)"
    return None


def _image_problem(path: Path) -> str | None:
    """What the pack check says of an image (``vtt.rules.art``: format, file size,
    pixels, whether it decodes), for every image a pack holds, drawn or not."""
    if path.suffix.lower() not in IMAGE_TYPES:
        return None
    problem = check_image(path)
    return None if problem is None else f"a broken image: {problem}"


def _check_images(folder: Path, root: str, label: str) -> None:
    """Every unpacked image checked as the pack check checks the images it draws."""
    for path in sorted(folder.rglob("*")):
        problem = _image_problem(path)
        if problem is not None:
            raise JpackError(label, root + path.relative_to(folder).as_posix(), problem)


def _too_large(size: int, limit: int) -> str:
    return f"too large: {_mb(size)} once decompressed, past the limit of {_mb(limit)} a file"


def _past_total(limit: int) -> str:
    return f"the archive expands past the limit of {_mb(limit)} in all"


def _mb(size: int) -> str:
    return f"{size / MB:.1f} MB" if size >= MB // 10 else f"{size:,} bytes"


def _layout(files: list[zipfile.ZipInfo], label: str) -> tuple[str, zipfile.ZipInfo | None]:
    """The pack's place in the archive: '' (pack.yaml at the top) or one top folder
    ('war/'); and the manifest entry, if any."""
    names = {info.filename for info in files}
    manifest = next((info for info in files if info.filename == MANIFEST), None)
    if "pack.yaml" in names:
        root = ""
    else:
        tops = {name.split("/", 1)[0] for name in names if name != MANIFEST}
        top = next(iter(tops)) if len(tops) == 1 else ""
        if not top or f"{top}/pack.yaml" not in names:
            raise JpackError(
                label,
                "",
                "not a pack: no pack.yaml at the top of the archive, nor in one folder there",
            )
        root = f"{top}/"
    return root, manifest


def _extract(
    archive: zipfile.ZipFile,
    files: list[zipfile.ZipInfo],
    root: str,
    folder: Path,
    label: str,
    limits: Limits,
) -> None:
    """Unpack the pack's files into ``folder``, each read from its decompressed stream
    and never past the limits, whatever its header says."""
    folder.mkdir()
    total = 0
    for info in files:
        if info.filename == MANIFEST:
            continue
        target = folder.joinpath(*info.filename[len(root) :].split("/"))
        if not target.resolve().is_relative_to(folder.resolve()):  # never, names checked
            raise JpackError(label, info.filename, "it would be written outside the pack")
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("xb") as out:
            total += _copy(archive, info, out, limits, total, label)


def _copy(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    out: IO[bytes],
    limits: Limits,
    total: int,
    label: str,
) -> int:
    """Copy one entry's decompressed bytes to ``out``; how many."""
    written = 0
    for chunk in _chunks(archive, info, label):
        if written == 0:
            problem = _content_problem(info.filename, chunk)
            if problem is not None:
                raise JpackError(label, info.filename, problem)
        written += len(chunk)
        if written > limits.file_bytes:
            too_large = _too_large(written, limits.file_bytes) + " at least"
            raise JpackError(label, info.filename, too_large)
        if total + written > limits.total_bytes:
            raise JpackError(label, info.filename, _past_total(limits.total_bytes))
        if written > limits.ratio_from and written / max(info.compress_size, 1) > limits.ratio:
            bomb = f"compressed more than {limits.ratio}:1 (a zip bomb's ratio): refused"
            raise JpackError(label, info.filename, bomb)
        out.write(chunk)
    if written == 0:
        problem = _content_problem(info.filename, b"")
        if problem is not None:
            raise JpackError(label, info.filename, problem)
    return written


#: What reading a damaged archive raises (a bad checksum, a cut or garbled stream, a
#: header pointing nowhere).
DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError)


def _chunks(archive: zipfile.ZipFile, info: zipfile.ZipInfo, label: str) -> Iterator[bytes]:
    """An entry's decompressed bytes, a chunk at a time; a damaged entry is refused."""
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(CHUNK):
                yield chunk
    except DAMAGED as error:
        raise JpackError(label, info.filename, f"damaged: {error}") from None


def _checked_pack(
    folder: Path,
    packs: Path,
    said: dict[str, object] | None,
    replace: bool | Callable[[Path], bool],
    label: str,
    root: str,
    *,
    shipped_id: bool = False,
) -> str:
    """Check the unpacked pack: against its manifest, its id (no shipped pack's unless
    ``shipped_id``; no installed one's unless it may be replaced), and as ``vtt
    validate`` does; its id."""
    if said is not None and said.get("digest") != pack_digest(folder):
        raise JpackError(
            label,
            MANIFEST,
            "its content hash does not match pack.yaml's: the archive was changed after "
            "it was exported, or damaged",
        )
    # Refused before the pack's trial games are played.
    declared = _declared_id(folder)
    if not shipped_id:
        _not_shipped(declared, folder, label, root)
    if declared is not None and replace is False:
        _not_there(packs / declared, label, root)
    pack_id = _validated(folder, label, root)
    if not shipped_id:
        _not_shipped(pack_id, folder, label, root)
    if said is not None and said.get("id") != pack_id:
        named = shown(said.get("id"), PART_CHARS)
        raise JpackError(
            label, MANIFEST, f"names the pack {named}, but pack.yaml's id is {pack_id}"
        )
    return pack_id


def _validated(folder: Path, label: str, root: str) -> str:
    """Check the unpacked pack as ``vtt validate`` does; its id. Its problems name the
    archive's entries, not the folder it was unpacked into."""
    validated = validate_pack(folder / "pack.yaml")
    spec = validated.checked.spec
    if validated.problems or spec is None:
        place = f"{folder}{os.sep}"
        problems = [problem.replace(place, f"{label}: {root}") for problem in validated.problems]
        raise JpackError(label, f"{root}pack.yaml", "the pack does not validate:", problems)
    if not PACK_ID.match(spec.id):
        raise JpackError(label, f"{root}pack.yaml", f"{spec.id!r} cannot be a pack's id")
    return spec.id


def _read_manifest(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, label: str
) -> dict[str, object]:
    """The manifest (small JSON), of a format this program reads."""
    try:
        with archive.open(info) as stream:
            raw = stream.read(CHUNK + 1)
        manifest = json.loads(raw.decode("utf-8")) if len(raw) <= CHUNK else None
    except (*DAMAGED, UnicodeDecodeError, ValueError):
        manifest = None
    if not isinstance(manifest, dict):
        raise JpackError(label, MANIFEST, "not a manifest (a small JSON object)")
    version = manifest.get("format")
    if not isinstance(version, int) or version > FORMAT:
        raise JpackError(
            label,
            MANIFEST,
            f"format {shown(version, PART_CHARS)}: made by a newer Janken Table "
            f"(this one reads format {FORMAT})",
        )
    return manifest


def _install(
    unpacked: Path,
    packs: Path,
    pack_id: str,
    replace: bool | Callable[[Path], bool],
    label: str,
    root: str,
) -> Path:
    """Move the checked pack into the packs folder as ``ID/`` (replacing a pack of that
    id when allowed), in one rename; its folder there."""
    target = packs / pack_id
    there = target.exists() or target.is_symlink()
    if there and not (replace(target) if callable(replace) else replace):
        _not_there(target, label, root)
    packs.mkdir(parents=True, exist_ok=True)
    if not there:
        os.replace(unpacked, target)
        return target
    old = unpacked.with_name("replaced")
    os.replace(target, old)  # beside the unpacked pack: removed with it
    try:
        os.replace(unpacked, target)
    except OSError:
        os.replace(old, target)
        raise
    return target


def _not_there(target: Path, label: str, root: str) -> None:
    if target.exists() or target.is_symlink():
        why = f"a pack with the id {target.name} is installed already: {target}"
        raise PackExists(label, f"{root}pack.yaml", why, folder=target)


def _not_shipped(pack_id: str | None, unpacked: Path, label: str, root: str) -> None:
    """Refuse a pack whose id is a shipped pack's: the shipped one is found first, so
    the installed one would never be played."""
    shipped = _shipped_with(pack_id) if pack_id is not None else None
    if shipped is None:
        return
    if pack_digest(shipped) == pack_digest(unpacked):
        why = f"{pack_id} is shipped with Janken Table, with the same rules: nothing to install"
    else:
        why = (
            f"the id {pack_id} is a shipped pack's, and the shipped one comes first: this "
            "one would never be played (its author must give it an id of its own)"
        )
    raise JpackError(label, f"{root}pack.yaml", why)


def _shipped_with(pack_id: str) -> Path | None:
    """The shipped pack with this id (its folder's name, or declared), if any."""
    folder = rulesets_dir() / pack_id
    if (folder / "pack.yaml").is_file():
        return folder
    return _shipped_ids().get(pack_id)


@lru_cache(maxsize=1)
def _shipped_ids() -> dict[str, Path]:
    """The shipped packs by the ids they declare (read once: they do not change)."""
    found: dict[str, Path] = {}
    for folder in pack_folders(rulesets_dir()):
        declared = _declared_id(folder)
        if declared is not None:
            found.setdefault(declared, folder)
    return found


def _declared_id(folder: Path) -> str | None:
    try:
        data = load_yaml_file(folder / "pack.yaml", links=False).data
    except (OSError, PackError):
        return None
    pack_id = data.get("id") if isinstance(data, dict) else None
    return pack_id if isinstance(pack_id, str) and PACK_ID.match(pack_id) else None
