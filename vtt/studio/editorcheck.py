"""The checks the pack editor runs as the designer types, as pure functions of the
text whose answers pickle: the studio runs them in a worker process (``serve``), so
no check ever holds the window's thread.

``check_text`` is one job: the check pass, then (for a clean game) the deal with
the default seats and options, whose failure is a problem at its place like the
others ("gives '5x' where a whole number is needed"), then the static checks on
meaning. ``play_text`` is the second job: the short run of random games, which a
newer text cancels. A ``Checked`` holds compiled expressions and does not pickle;
``TextCheck`` carries what the editor needs of it (the problems, the names in scope
at each place, the options for completion) and ``TextCheck.checked()`` makes a
``Checked`` of it again, with no spec.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from vtt.rules.errors import PackError, RulesError
from vtt.rules.loader import Checked, Diagnostic, Path_, check_pack_text, compile_pack
from vtt.rules.model import OptionDef
from vtt.studio.meaning import meaning_warnings

__all__ = [
    "EditorChecked",
    "TextCheck",
    "check_text",
    "guarded_check",
    "play_text",
    "serve",
    "start_problem",
]

#: The place an error's message starts with: ``pack.yaml:17:41 (setup[1].deal.count): ...``.
_PLACED = re.compile(r"\A([^\n]+?):(\d+):(\d+)(?: \(([^)\n]*)\))?: (.*)\Z", re.DOTALL)


@dataclass(frozen=True)
class EditorChecked(Checked):
    """A ``Checked`` made again from a ``TextCheck``: no spec (its compiled expressions
    stay in the worker process), but whether there was one (``ok`` as for the
    spec's ``Checked``) and the options the text defines (completion offers their
    choices)."""

    is_pack: bool = False
    options: tuple[OptionDef, ...] = field(default=(), repr=False)

    @property
    def ok(self) -> bool:
        return not self.diagnostics and self.is_pack


@dataclass(frozen=True)
class TextCheck:
    """What the editor needs of one check of a text (it pickles)."""

    diagnostics: tuple[Diagnostic, ...]
    scopes: Mapping[Path_, frozenset[str]]
    kinds: Mapping[str, str]
    is_pack: bool
    options: tuple[OptionDef, ...] = ()

    def checked(self) -> EditorChecked:
        """The ``Checked`` the editor shows and completes from (no spec)."""
        return EditorChecked(
            None,
            self.diagnostics,
            scopes=self.scopes,
            kinds=self.kinds,
            is_pack=self.is_pack,
            options=self.options,
        )


def guarded_check(text: str, file: str) -> Checked:
    """The check pass, never raising: a failure of the checker itself is a problem
    shown like the others."""
    try:
        return check_pack_text(text, file)
    except Exception as error:
        message = f"the check pass failed on this text: {type(error).__name__}: {error}"
        return Checked(None, (Diagnostic(file, 1, 1, message, ""),))


def start_problem(checked: Checked, file: str) -> Diagnostic | None:
    """Why a clean game cannot be dealt with its default seats and options (what the
    table beside the text deals), as a problem at its place; None when it can."""
    spec = checked.spec
    if not checked.ok or spec is None or spec.kind != "game":
        return None
    try:
        game = compile_pack(spec)
        game.new_state(None, 1, players=game.players[2])
    except (RulesError, ValueError) as error:
        return _problem(error, file)
    return None


def _problem(error: Exception, file: str) -> Diagnostic:
    """The error as a problem at the place it names (its ``where``, or the place its
    message starts with)."""
    said = f"the table cannot be dealt: {error}"
    if isinstance(error, PackError) and error.where is not None and error.where.line:
        where = error.where
        return Diagnostic(where.file, where.line, where.column, said, where.path, said)
    placed = _PLACED.match(str(error))
    if placed is None:
        return Diagnostic(file, 0, 0, said, "", f"{file}: {said}")
    name, line, column, path, message = placed.groups()
    text = f"the table cannot be dealt: {message}"
    return Diagnostic(name, int(line), int(column), text, path or "", said)


def check_text(text: str, file: str) -> tuple[Checked, TextCheck]:
    """The check pass over the text: the ``Checked`` (with its spec, for the deal and
    the checks on meaning) and what the editor needs of it."""
    checked = guarded_check(text, file)
    spec = checked.spec
    found = TextCheck(
        checked.diagnostics,
        checked.scopes,
        checked.kinds,
        spec is not None,
        tuple(spec.options) if spec is not None else (),
    )
    return checked, found


def play_text(
    checked: Checked, games: int, stop: Callable[[], bool]
) -> tuple[Diagnostic, ...] | None:
    """The warnings on meaning with ``games`` random games played (the static ones
    too); None when ``stop()`` said so before they were all played."""
    found = meaning_warnings(checked, games=games, stop=stop)
    return None if stop() else found


class Connection(Protocol):
    """The worker's end of its pipe (``multiprocessing.connection.Connection``)."""

    def recv(self) -> Any: ...
    def send(self, obj: Any) -> None: ...


class Flag(Protocol):
    """The studio's "a newer text waits" flag (``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...
    def wait(self, timeout: float | None = None) -> bool: ...


#: A check job: (text, file) -> the Checked and what the editor needs of it.
Check = Callable[[str, str], tuple[Checked, TextCheck]]


#: How long a text's check rests before the deal and the checks on meaning, in
#: seconds: while the designer types on, only the check pass runs.
EXTRAS_REST_S = 0.3


def serve(
    connection: Connection, newer: Flag, check: Check = check_text, rest: float = EXTRAS_REST_S
) -> None:
    """The worker process's loop: take a job, answer it, until told to stop (None).

    A job is ``(generation, "check", text, file)``, answered by ``(generation,
    "checked", TextCheck)`` as soon as the check pass is done; once the text has
    rested ``rest`` seconds more (no newer text waits), by a second ``"checked"`` with
    the problem added when a clean game cannot be dealt, then by
    ``(generation, "warned", warnings)``: the static checks on meaning of a clean
    text (None for a text with problems, or when a newer text waited meanwhile). Or
    ``(generation, "games", text, file, count)``, answered by ``(generation,
    "games", warnings)`` (None when ``newer`` was set before the games were all
    played). Each job ends with one answer, "warned" or "games": the studio sends
    the next job only then, and sets ``newer`` while one waits."""
    last: tuple[tuple[str, str], Checked, TextCheck] | None = None
    while True:
        try:
            job = connection.recv()
        except EOFError:  # the studio is gone
            return
        if job is None:
            return
        generation, kind, text, file = job[:4]
        if kind == "check" or last is None or last[0] != (text, file):  # games: reuse
            checked, found = check(text, file)
            if kind == "check":
                connection.send((generation, "checked", found))
            if checked.ok and newer.wait(rest if kind == "check" else 0):  # typing goes on
                connection.send((generation, "warned" if kind == "check" else "games", None))
                continue
            problem = start_problem(checked, file)
            if problem is not None:
                found = replace(found, diagnostics=(*found.diagnostics, problem))
                checked = replace(checked, diagnostics=found.diagnostics)
                if kind == "check":
                    connection.send((generation, "checked", found))
            last = ((text, file), checked, found)
        _, checked, found = last
        if kind == "check":
            warned = meaning_warnings(checked) if checked.ok and not newer.is_set() else None
            connection.send((generation, "warned", warned))
        else:
            connection.send((generation, "games", play_text(checked, job[4], newer.is_set)))
