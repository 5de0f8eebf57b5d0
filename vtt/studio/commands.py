"""``vtt new``: a new pack from a starting template, written to the user's packs folder.

vtt new --list                 name the templates
vtt new NAME                   a new pack NAME from the shedding template
vtt new NAME --template duel   ... from another template
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from vtt.resources import user_packs_dir
from vtt.studio.newgame import TEMPLATES, answers_for, compose, existing, name_problem, write_pack

DEFAULT_TEMPLATE = "shedding"


def add_new_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``new`` subcommand's arguments."""
    new = sub.add_parser(
        "new",
        help="make a new rule pack from a starting template (--list names them)",
        description="Write a new rule pack that already plays (pack.yaml under the rule "
        "text's five headings, README.md, a first record) into your packs folder.",
    )
    new.add_argument("name", nargs="?", help="the new pack's name (its id and folder): my-game")
    new.add_argument(
        "--template",
        default=DEFAULT_TEMPLATE,
        choices=sorted(TEMPLATES),
        metavar="T",
        help=f"the starting template (default {DEFAULT_TEMPLATE}; --list names them)",
    )
    new.add_argument("--list", action="store_true", help="name the templates and stop")
    new.add_argument(
        "--folder",
        type=Path,
        help="write the pack folder inside this folder (default: your packs folder)",
    )
    new.add_argument("--force", action="store_true", help="replace files already there")


def new_command(
    args: argparse.Namespace,
    ask: Callable[[str], str] = input,
    interactive: Callable[[], bool] = lambda: sys.stdin.isatty(),
) -> int:
    """Run ``vtt new``; 0 when the pack was written (or the templates listed)."""
    if args.list:
        width = max(map(len, TEMPLATES))
        for name, line in TEMPLATES.items():
            print(f"{name:<{width}}  {line}")
        return 0
    name = args.name or ""
    problem = name_problem(name)
    if problem is not None:
        print(f"vtt new: {problem}", file=sys.stderr)
        return 1
    folder = (args.folder if args.folder is not None else user_packs_dir()) / name
    files = compose({**answers_for(args.template)}, name)
    there = existing(folder, files)
    overwrite = bool(args.force)
    if there and not overwrite:
        listed = ", ".join(str(path) for path in there)
        verb = "exists" if len(there) == 1 else "exist"
        if not interactive():
            print(
                f"vtt new: {listed} already {verb}: nothing written "
                "(choose another name, or --force to replace)",
                file=sys.stderr,
            )
            return 1
        try:
            answer = ask(f"{listed} already {verb}. Replace? [y/N] ").strip().lower()
        except EOFError:
            answer = ""
        if answer not in ("y", "yes"):
            print("Nothing written.")
            return 1
        overwrite = True
    written = write_pack(folder, files, overwrite=overwrite)
    print(f"Wrote {name} ({args.template} template) in {folder}:")
    for path in written:
        print(f"  {path.relative_to(folder)}")
    named = name if args.folder is None else str(folder)
    if args.template == "free-table":
        print("Open it:    vtt, then File > New table... (a free table: no rules to play)")
    else:
        print(f"Play it:    vtt play {named} --text   (or in the window: Game > New game...)")
    print(f"Check it:   vtt validate {named}")
    print(f"Edit it:    vtt edit {named}   (the studio; or in the window: Sandbox > Edit pack...)")
    return 0
