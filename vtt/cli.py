"""The ``vtt`` command: open the table (default), or work with rule packs.

vtt                      open the table window
vtt open FILE            open a table (.jtable), saved game (.jgame) or game record (.yaml)
vtt edit PACK            edit a rule pack in the studio, errors shown as you type
vtt validate PACK...     check rule packs and print every error
vtt replay RECORD        replay a game record and print the result as JSON
vtt play PACK --text     play a pack in the terminal
vtt solve PACK           prove who wins a small game with perfect play
vtt simulate PACK        play batches of games between agents; designer metrics
vtt compare PACK         compare two variants on the same games, or sweep an option
vtt report PACK --html F a designer's report on a pack: one HTML page for playtesters
vtt new NAME             make a new rule pack from a starting template (--list names them)
vtt export PACK [FILE]   write a rule pack as one .jpack file, to share it
vtt import FILE.jpack    check a .jpack file, then install its pack into your packs folder
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from vtt import __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="vtt",
        description="Janken Table: a virtual tabletop for the Janken Deck.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("--version", action="version", version=f"vtt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    opener = sub.add_parser("open", help="open the table window, optionally with a file")
    opener.add_argument(
        "file", nargs="?", help="a table (.jtable), a saved game (.jgame) or a game record (.yaml)"
    )

    edit = sub.add_parser("edit", help="edit a rule pack in the studio window")
    edit.add_argument(
        "pack", nargs="?", help="a pack id, folder or pack.yaml (none: a new, empty pack)"
    )

    validate = sub.add_parser("validate", help="check rule packs and print every error")
    validate.add_argument("packs", nargs="+", help="pack folders or pack.yaml files")
    validate.add_argument(
        "--games",
        type=int,
        default=0,
        metavar="N",
        help="also play N seeded random games of each pack and warn of what they show: a "
        "game that did not end, a move never legal, a phase never entered (default 0: "
        "only the quick checks on meaning)",
    )

    replay = sub.add_parser("replay", help="replay a game record; print JSON; exit 1 if illegal")
    replay.add_argument("record", help="a game record (.yaml)")
    replay.add_argument(
        "--pack",
        help="play this pack (an id, folder or pack.yaml, anywhere) instead of the one the "
        "record names, which is looked up among the shipped packs, your packs folder, "
        "then the record's own folder",
    )
    replay.add_argument(
        "--pinned",
        action="store_true",
        help="play the copy of the pack the record keeps (pack_text), not the pack as it is now",
    )

    play = sub.add_parser("play", help="play a pack in the terminal")
    play.add_argument("pack", help="a pack id, folder or pack.yaml")
    play.add_argument("--text", action="store_true", help="play in the terminal (required)")
    play.add_argument("--players", type=int, help="number of players")
    play.add_argument(
        "--names",
        metavar="NAME,NAME",
        help="the seats' names, one word each, in seat order (default: the pack's)",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a pack option (repeatable)",
    )
    play.add_argument("--seed", type=int, help="the random seed")
    play.add_argument(
        "--random",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help="let the random agent play this seat (0-based; repeatable)",
    )
    from vtt.agentcommands import add_simulate_parser, add_solve_parser

    add_solve_parser(sub)
    add_simulate_parser(sub)
    from vtt.analysiscommands import add_compare_parser

    add_compare_parser(sub)
    from vtt.findingscommands import add_findings_parser

    add_findings_parser(sub)
    from vtt.studio.commands import add_new_parser

    add_new_parser(sub)
    from vtt.studio.jpackcommands import add_jpack_parsers

    add_jpack_parsers(sub)
    from vtt.net.serve import add_serve_parser

    add_serve_parser(sub)
    from vtt.reportcommand import add_report_parser

    add_report_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``vtt`` command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``vtt replay x | head``): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _run(args: argparse.Namespace) -> int:
    if args.command in (None, "open"):
        from vtt import syslibs

        # Without them Qt aborts, naming one library and no command to install it.
        if syslibs.xcb_in_use(os.environ) and syslibs.check(install=False) != 0:
            return 1
        from vtt.ui import app

        return app.run_app(getattr(args, "file", None))
    if args.command == "edit":
        return _edit(args.pack)
    if args.command == "validate":
        from vtt.rules.commands import validate_command
        from vtt.studio.meaning import meaning_warnings

        games = max(0, args.games)
        return validate_command(args.packs, lambda c: meaning_warnings(c, games=games))
    if args.command == "replay":
        from vtt.rules.commands import replay_command

        return replay_command(args.record, args.pack, args.pinned)
    if args.command == "solve":
        from vtt.agentcommands import solve_command

        return solve_command(args)
    if args.command == "new":
        from vtt.studio.commands import new_command

        return new_command(args)
    if args.command in ("export", "import"):
        from vtt.studio.jpackcommands import export_command, import_command

        return export_command(args) if args.command == "export" else import_command(args)
    if args.command == "simulate":
        from vtt.agentcommands import simulate_command

        return simulate_command(args)
    if args.command == "compare":
        from vtt.analysiscommands import compare_command

        return compare_command(args)
    if args.command == "report":
        from vtt.reportcommand import report_command

        return report_command(args)
    if args.command == "serve":
        from vtt.net.serve import serve_command

        return serve_command(args)
    if args.command == "findings":
        from vtt.findingscommands import findings_command

        return findings_command(args)
    from vtt.textplay import play_command

    return play_command(args)


def _edit(pack: str | None) -> int:
    """``vtt edit PACK``: the studio window on a pack (by id, folder or pack.yaml)."""
    from pathlib import Path

    from vtt import syslibs
    from vtt.rules.finder import find_pack

    path: Path | None = None
    if pack is not None:
        try:
            path = find_pack(pack)
        except FileNotFoundError as error:
            print(f"vtt edit: {error}", file=sys.stderr)
            return 2
    if syslibs.xcb_in_use(os.environ) and syslibs.check(install=False) != 0:
        return 1
    from vtt.ui.app import application
    from vtt.ui.studio.window import open_studio

    app = application()
    _window = open_studio(path)  # held until the loop ends
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
