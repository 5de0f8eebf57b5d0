"""Reads the step lists of a pack (``setup``, a move's ``effects``, a phase's ``enter``...)
into steps, each by its kind's reader, reporting errors with their place."""

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
    template: Callable[[str, frozenset[str], Path], Template]
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
            try:
                found.append(self.step(item, names, here))
            except PackError as error:
                self.errors.append(error)
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
        """An expression of the step, checked against the names in scope."""
        return self.compile_expr(raw, names, path)

    def complete(self, ref: ZoneRef, path: Path) -> None:
        """Refuse a zone reference that names several stacks where one is needed."""
        if not ref.complete:
            raise PackError(
                f"'{ref.text}' names several stacks; give all {ref.zone.depth} indexes",
                self.where(path),
            )

    def binds(self, name: str, path: Path) -> None:
        """Refuse a name a ``let`` or ``for`` may not bind."""
        if name in self.kept_names:
            raise PackError(
                f"'{name}' is a zone or var of this pack: a let or for cannot use its name",
                self.where(path),
            )
        if not plain_name(name):
            raise PackError(
                f"'{name}' cannot be a name in expressions (a Python keyword, or a name "
                "starting with _)",
                self.where(path),
            )
