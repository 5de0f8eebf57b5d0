"""``vtt export`` and ``vtt import``: a pack shared as one ``.jpack`` file.

vtt export PACK [FILE.jpack]      write the pack (an id or folder) as one file
vtt import FILE.jpack [--replace] check it, then install it into your packs folder
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from vtt.rules.finder import find_pack, load_game
from vtt.rules.shown import echo
from vtt.studio.jpack import (
    EXISTS,
    SUFFIX,
    JpackError,
    PackExists,
    export_pack,
    import_pack,
    pack_contents,
)

__all__ = ["add_jpack_parsers", "export_command", "import_command"]


def add_jpack_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``export`` and ``import`` subcommands' arguments."""
    export = sub.add_parser(
        "export",
        help="write a rule pack as one .jpack file, to share it",
        description="Check a rule pack as vtt validate does, then write its folder "
        "(pack.yaml, README.md, records, images) as one .jpack file.",
    )
    export.add_argument("pack", help="a pack id, folder or pack.yaml")
    export.add_argument(
        "file", nargs="?", help=f"the file to write (default: ID{SUFFIX} in this folder)"
    )
    export.add_argument("--force", action="store_true", help="replace the file if it exists")
    imported = sub.add_parser(
        "import",
        help="check a .jpack file, then install its pack into your packs folder",
        description="Check everything in a .jpack file (its entries, their sizes, the "
        "pack as vtt validate checks it), then install the pack into your packs folder. "
        "Nothing in it is run; a refusal names the entry and the reason.",
    )
    imported.add_argument("file", help=f"a {SUFFIX} file")
    imported.add_argument(
        "--replace", action="store_true", help="replace an installed pack of the same id"
    )


def export_command(args: argparse.Namespace) -> int:
    """Run ``vtt export``; 0 when the file was written."""
    try:
        folder = find_pack(args.pack).parent
        written = export_pack(folder, args.file, overwrite=args.force)
    except FileNotFoundError as error:
        echo(f"vtt export: {error}", file=sys.stderr)
        return 1
    except JpackError as error:
        echo(f"vtt export: {error}", file=sys.stderr)
        if error.reason == EXISTS:
            echo("vtt export: --force replaces it", file=sys.stderr)
        return 1
    for name, why in pack_contents(folder).skipped:
        echo(f"  left out: {name} ({why})")
    size = written.stat().st_size
    echo(f"Wrote {load_game(folder).name} as {written} ({size / 1024:.1f} KB).")
    echo(f"Install it:  vtt import {written.name}   (or drop it on the table window)")
    return 0


def import_command(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    interactive: Callable[[], bool] = lambda: sys.stdin.isatty(),
) -> int:
    """Run ``vtt import``; 0 when the pack was installed."""

    def replace(folder: Path) -> bool:
        if args.replace:
            return True
        if not interactive():
            return False
        try:
            answer = ask(f"{folder} holds a pack of this id already. Replace it? [y/N] ")
        except EOFError:
            answer = ""
        return answer.strip().lower() in ("y", "yes")

    try:
        folder = import_pack(args.file, replace=replace)
    except PackExists as error:
        echo(f"vtt import: {error}: nothing installed (--replace to replace it)", file=sys.stderr)
        return 1
    except JpackError as error:
        echo(f"vtt import: {error}", file=sys.stderr)
        echo("vtt import: nothing installed", file=sys.stderr)
        return 1
    game = load_game(folder)
    echo(f"Installed {game.name} ({game.id}) in {folder}.")
    if game.kind == "setup":
        echo("Open it:    vtt, then File > New table from (a free table: no rules to play)")
    else:
        echo(f"Play it:    vtt play {game.id} --text   (or in the window: Game > New game...)")
    return 0
