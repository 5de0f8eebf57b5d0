"""The rule-pack subcommands of ``vtt``: validate packs and replay game records."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from vtt.rules.errors import RulesError
from vtt.rules.finder import find_pack, pack_folders
from vtt.rules.game import Game
from vtt.rules.loader import check_pack
from vtt.rules.records import load_record, replay
from vtt.rules.shown import ERROR_CHARS, echo, shown

__all__ = ["parse_options", "replay_command", "validate_command"]


def _pack_paths(text: str) -> list[Path]:
    """The packs a command-line argument names: a pack (folder, file or id), or every
    pack in a folder of packs such as rulesets/ (none: an empty list)."""
    path = Path(text)
    if path.is_dir() and not (path / "pack.yaml").exists():
        return list(pack_folders(path))
    try:
        return [find_pack(text)]
    except FileNotFoundError:
        return [path]


def validate_command(paths: list[str]) -> int:
    """Check packs and print every error; 0 when all are good, 1 otherwise (a folder
    holding no pack is an error too: nothing was checked)."""
    bad = 0
    for text in paths:
        packs = _pack_paths(text)
        if not packs:
            bad += 1
            echo(
                f"{text}: no rule pack here (no pack.yaml in it or in its sub-folders)",
                file=sys.stderr,
            )
        for path in packs:
            problems = check_pack(path)
            for problem in problems:
                echo(shown(problem, ERROR_CHARS), file=sys.stderr)
            if problems:
                bad += 1
                echo(f"{path}: {len(problems)} problem(s)", file=sys.stderr)
            else:
                echo(f"{path}: ok")
    return 1 if bad else 0


def replay_command(path: str) -> int:
    """Replay a record and print the report as JSON; 1 at an illegal move or wrong outcome."""
    try:
        record = load_record(path)
        report = replay(record)
    except (RulesError, FileNotFoundError) as error:
        echo(json.dumps({"record": path, "ok": False, "error": str(error)}, indent=2))
        return 1
    report = {"record": path, **report}
    echo(json.dumps(report, indent=2, default=str))
    return 0 if report["ok"] else 1


def parse_options(game: Game, pairs: list[str]) -> dict[str, object]:
    """Pack options from ``NAME=VALUE`` texts; ValueError names an unknown option."""
    known = {option.name: option for option in game.options}
    chosen: dict[str, object] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        option = known.get(name)
        if option is None:
            raise ValueError(f"unknown option {name!r}; the options are: {', '.join(known)}")
        if option.kind == "bool":
            chosen[name] = text.lower() in ("1", "true", "yes", "on")
        elif option.kind == "int" or isinstance(option.default, int):
            chosen[name] = int(text)
        else:
            chosen[name] = text
    return chosen
