"""The rule-pack subcommands of ``vtt``: validate packs and replay game records."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from vtt.rules.errors import RulesError
from vtt.rules.finder import FoundPack, find_pack, load_game, pack_folders
from vtt.rules.game import Game
from vtt.rules.loader import Checked, Diagnostic, check_pack, compile_pack
from vtt.rules.model import OptionDef
from vtt.rules.records import load_record, replay, source_report
from vtt.rules.shown import ERROR_CHARS, echo, shown
from vtt.rules.trial import Trial, trial_games
from vtt.rules.yamlsource import load_yaml_file

__all__ = ["Validated", "parse_options", "replay_command", "validate_command", "validate_pack"]


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


#: What else to say of a checked pack: its warnings (the studio's checks on meaning).
Warnings = Callable[[Checked], Sequence[Diagnostic]]


def validate_command(paths: list[str], warnings: Warnings | None = None) -> int:
    """Check packs and print every error, then each pack's ``warnings``; 0 when all
    are good (warnings or not), 1 otherwise (a folder holding no pack is an error
    too: nothing was checked)."""
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
            if _is_record(path):
                bad += _validate_record(path)
                continue
            bad += _validate_pack(path, warnings)
    return 1 if bad else 0


@dataclass
class Validated:
    """What ``vtt validate`` finds of a pack: the check pass, then (when it passes and
    the pack has rules to play) trial games of the compiled game."""

    path: Path
    checked: Checked
    game: Game | None = None
    trial: Trial | None = None

    @property
    def problems(self) -> list[str]:
        """Every problem, each naming its file (and line where it has one)."""
        if self.trial is not None:
            return [f"{self.path}: {problem}" for problem in self.trial.problems]
        return [str(diagnostic) for diagnostic in self.checked.diagnostics]


def validate_pack(path: Path) -> Validated:
    """Check a pack (the check pass tells every problem at once: the schema's and the
    expressions'), then play trial games of it (``vtt.rules.trial``), as ``vtt
    validate`` does; a pack is data: nothing of it is run but by the engine's rules."""
    checked = check_pack(path)
    if not checked.ok or checked.spec is None:
        return Validated(path, checked)
    game = compile_pack(checked.spec)
    return Validated(path, checked, game, None if game.kind == "setup" else trial_games(game))


def _validate_pack(path: Path, warnings: Warnings | None = None) -> int:
    """Check a pack and play trial games of it (``validate_pack``): 0 when both pass,
    else 1 with every problem; the ``warnings`` after the problems."""
    validated = validate_pack(path)
    checked, trial = validated.checked, validated.trial
    problems = validated.problems
    found = warnings(checked) if warnings is not None and checked.ok else ()
    if validated.game is not None:
        if trial is None:
            echo(f"{path}: ok (a table setup: no rules to play)")
            return 0
        if not problems:
            _say(found, sys.stdout)
            echo(f"{path}: ok ({trial.summary()}{_counted(found)})")
            return 0
        echo(f"{path}: loads, but fails in play ({trial.summary()}):", file=sys.stderr)
    for problem in problems:
        echo(shown(problem, ERROR_CHARS), file=sys.stderr)
    _say(found, sys.stderr)
    echo(f"{path}: {len(problems)} problem(s){_counted(found)}", file=sys.stderr)
    return 1


def _say(warnings: Sequence[Diagnostic], file: TextIO) -> None:
    """The warnings, on the stream of the line that sums the pack up (which follows)."""
    for warning in warnings:
        echo(shown(str(warning), ERROR_CHARS), file=file)


def _counted(warnings: Sequence[Diagnostic]) -> str:
    count = len(warnings)
    return f", {count} warning{'s' if count != 1 else ''}" if count else ""


def _is_record(path: Path) -> bool:
    """True for a YAML file that is a game record (it names its pack and lists moves),
    not a pack: designers check both with ``vtt validate``."""
    if not path.is_file() or path.name == "pack.yaml":
        return False
    try:
        data = load_yaml_file(path).data
    except RulesError:
        return False
    return isinstance(data, dict) and "pack" in data and "id" not in data


def _validate_record(path: Path) -> int:
    """Replay a record given to ``vtt validate``: 0 when it replays as it says, else 1
    with the reason."""
    try:
        report = replay(load_record(path))
    except RulesError as error:
        echo(shown(str(error), ERROR_CHARS), file=sys.stderr)
        echo(f"{path}: a game record that does not replay", file=sys.stderr)
        return 1
    if not report["ok"]:
        failed = next((m for m in report.get("moves", []) if not m.get("ok", True)), None)
        why = report.get("error") or (failed and failed.get("error")) or "its expectations fail"
        echo(shown(f"{path}: {why}", ERROR_CHARS), file=sys.stderr)
        echo(f"{path}: a game record that does not replay as it says", file=sys.stderr)
        return 1
    echo(
        f"{path}: ok (a game record of {report['pack']}, {report['pack_from']}: "
        f"{len(report['moves'])} moves replay)"
    )
    if "pack_note" in report:
        echo(f"{path}: note: {report['pack_note']}")
    return 0


def replay_command(path: str, pack: str | None = None, pinned: bool = False) -> int:
    """Replay a record and print the report as JSON; 1 at an illegal move or wrong outcome.

    The report says which pack was played, where it was found and its fingerprint
    (``pack_file``, ``pack_from``, ``pack_digest``); when the pack has changed since the
    record was written, a note on stderr says so (``pack_changed``) and the exit status
    is the replay's as ever. ``pinned`` (``--pinned``) plays the copy of the pack the
    record keeps; ``pack`` (``--pack``) plays that pack instead of the one it names,
    wherever it is: the only way to reach a pack outside the known places.
    """
    given: dict[str, str] = {}
    try:
        record = load_record(path)
        game = None
        if pack is not None:
            found = FoundPack(find_pack(pack), "given")
            given = source_report(found)
            game = load_game(found.path)
        report = replay(record, game, pinned)
    except (RulesError, FileNotFoundError) as error:
        failed = {"record": path, **given, "ok": False, "error": str(error)}
        echo(json.dumps(failed, indent=2))
        return 1
    report = {"record": path, **given, **report}
    if "pack_changed" in report:
        kept = (
            "--pinned replays the copy the record keeps"
            if record.pack_text
            else ("the record keeps no copy of the pack it was played with")
        )
        echo(
            f"vtt replay: {shown(report['pack_changed'])} Replaying on the pack as it is now "
            f"({report['pack_file']}); {kept}.",
            file=sys.stderr,
        )
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
        chosen[name] = _option_value(option, text)
    return chosen


_YES, _NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def _option_value(option: OptionDef, text: str) -> object:
    """An option's value from its text; ValueError names the option and what it takes.

    >>> _option_value(OptionDef("size", "int", 5, low=5, high=8), "abc")
    Traceback (most recent call last):
    ValueError: option 'size': expected a whole number from 5 to 8, not 'abc'
    """
    if option.kind == "bool":
        if text.lower() in _YES + _NO:
            return text.lower() in _YES
        expected = "true or false"
    elif option.kind == "int" or isinstance(option.default, int):
        try:
            return int(text)
        except ValueError:
            expected = "a whole number"
            if option.choices:
                expected = "one of " + ", ".join(str(choice) for choice in option.choices)
            elif option.low is not None and option.high is not None:
                expected += f" from {option.low} to {option.high}"
    else:
        return text
    raise ValueError(f"option {option.name!r}: expected {expected}, not {text!r}")
