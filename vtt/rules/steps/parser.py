"""Reads the step lists of a pack (``setup``, a move's ``effects``, a phase's ``enter``...)
into steps, each by its kind's reader, reporting errors with their place.

Every problem of a step list is reported in one run, not only the first of each step
(the editor shows them as you type): an expression or message that fails to compile,
or a name a ``let`` or ``for`` may not bind, is noted in ``errors`` and the reader goes
on with a stand-in (``None``, an empty message), so the rest of the step and the steps
nested in it are read too. A step with a problem is left out of its list. A problem of
a step's shape (an unknown kind, a key it does not take, a zone that does not exist)
still ends that step's reading: what follows in it could not be read sensibly; the
next step is read all the same."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vtt.rules.errors import PackError, Where
from vtt.rules.expr import Expr
from vtt.rules.generate import plain_name
from vtt.rules.model import Env, Step, Template, VarDef, ZoneRef
from vtt.rules.steps.registry import KINDS

__all__ = ["Path", "StepParser"]

Path = tuple[str | int, ...]


@dataclass
class StepParser:
    """Turns raw YAML step lists into steps; what a kind's reader may ask for."""

    compile_expr: Callable[[object, frozenset[str], Path], Expr]
    zone_ref: Callable[[str, frozenset[str], Path], ZoneRef]
    where: Callable[[Path], Where]
    vars: Mapping[str, VarDef]
    all_stacks: Callable[[Env], list[list[Any]]]
    phase_names: set[str]
    errors: list[PackError]
    static_names: frozenset[str] = frozenset()  # options and constants: fixed for a game
    kept_names: frozenset[str] = frozenset()  # zones and vars: a let or for may not rebind them

    def steps(self, raw: Sequence[Any], names: frozenset[str], path: Path) -> tuple[Step, ...]:
        """Read a list of steps; ``let`` names reach the steps after them."""
        found: list[Step] = []
        for index, item in enumerate(raw):
            here = (*path, index)
            before = len(self.errors)
            try:
                step = self.step(item, names, here)
            except PackError as error:
                self.errors.append(error)
            else:
                if len(self.errors) == before:  # else its problems are noted: left out
                    found.append(step)
            if isinstance(item, dict) and isinstance(item.get("let"), dict):
                names = names | frozenset(item["let"])
        return tuple(found)

    def step(self, item: Any, names: frozenset[str], path: Path) -> Step:
        """Read one step."""
        if isinstance(item, str):
            kind = KINDS.get(item)
            if kind is None or not kind.bare:
                raise PackError(f"'{item}' is not a step", self.where(path))
            return kind.parse(self, item, names, path)
        keys = set(item)
        for kind in KINDS.values():
            if kind.companions and kind.key in keys:
                extra = keys - {kind.key, *kind.companions}
                if extra:
                    raise PackError(
                        f"an '{kind.key}' step takes only {'/'.join(kind.companions)}, "
                        f"not {', '.join(sorted(extra))}",
                        self.where(path),
                    )
                return kind.parse(self, item, names, path)
            if kind.companions and keys & set(kind.companions):
                belong = " and ".join(f"'{key}'" for key in kind.companions)
                raise PackError(f"{belong} belong to an '{kind.key}' step", self.where(path))
        if len(keys) != 1:
            raise PackError(
                f"a step has one key, found {', '.join(sorted(keys))}", self.where(path)
            )
        (key,) = keys
        found = KINDS.get(key)
        if found is None or found.bare:
            raise PackError(f"'{key}' is not a step", self.where(path))
        return found.parse(self, item[key], names, (*path, key))

    def expr(self, raw: object, names: frozenset[str], path: Path) -> Expr:
        """An expression of the step, checked against the names in scope; if it fails,
        its problem is noted and ``None`` stands in for it (see the module's text)."""
        try:
            return self.compile_expr(raw, names, path)
        except PackError as error:
            return self.noted(error, names, path)

    def noted(self, error: PackError, names: frozenset[str], path: Path) -> Expr:
        """Note ``error`` and give the expression that stands in for the failed one."""
        self.errors.append(error)
        return self.compile_expr("None", names, path)

    def template(self, text: str, names: frozenset[str], path: Path) -> Template:
        """A message of the step; each ``{expression}`` in it read as ``expr`` reads one."""
        try:
            return Template(text, lambda part: self.expr(part, names, path))
        except PackError as error:
            self.errors.append(error)
            return Template("", lambda part: self.expr(part, names, path))

    def complete(self, ref: ZoneRef, path: Path) -> None:
        """Note a zone reference that names several stacks where one is needed."""
        if not ref.complete:
            self.errors.append(
                PackError(
                    f"'{ref.text}' names several stacks; give all {ref.zone.depth} indexes",
                    self.where(path),
                )
            )

    def binds(self, name: str, path: Path) -> None:
        """Note a name a ``let`` or ``for`` may not bind."""
        if name in self.kept_names:
            self.errors.append(
                PackError(
                    f"'{name}' is a zone or var of this pack: a let or for cannot use its name",
                    self.where(path),
                )
            )
        elif not plain_name(name):
            self.errors.append(
                PackError(
                    f"'{name}' cannot be a name in expressions (a Python keyword, or a name "
                    "starting with _)",
                    self.where(path),
                )
            )
