"""Load a rule pack in two passes: a check pass and a compile pass.

The **check pass** (``check_pack``) reads the YAML, checks it against the schema and
checks every name and expression, in one pass: it gives a typed, immutable spec of
the pack (``PackSpec``: its zones, vars, moves, phases and steps, each expression
parsed and checked, each node's place in the file), every problem of the pack as a
``Diagnostic`` (file, line, column, message, key path), and the names in scope at
each place (``Checked.scope``, for an editor's completion). The parts the schema
refuses are left out of the spec, so the expressions of the rest are checked too.

The **compile pass** (``compile_pack``) turns a spec without problems into a
``Game``: the move searches are generated; an expression is compiled the first time
it runs or is written into generated code (``Expr.compile``).

``load_pack`` is both passes, raising ``PackErrors`` listing every problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from vtt.rules.argtypes import UnknownArgType, arg_type
from vtt.rules.art import PackArt, read_art
from vtt.rules.engine import MAX_COMPONENTS, Game
from vtt.rules.errors import PackError, PackErrors, Where
from vtt.rules.expr import Define, Expr, ExprError, check_define, compile_expr
from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.game import PackSpec
from vtt.rules.generate import compile_generator, plain_name
from vtt.rules.model import (
    ArgDef,
    ComponentDef,
    Condition,
    EndCheck,
    Env,
    LackDef,
    MoveDef,
    OptionDef,
    PhaseDef,
    Step,
    StepLists,
    Template,
    VarDef,
    ZoneDef,
    ZoneRef,
    taking_back,
)
from vtt.rules.moves import notation_pattern, placeholders
from vtt.rules.plan import plan_move
from vtt.rules.schema import schema_errors, valid_part
from vtt.rules.sheet import SHEET, SheetColumn, SheetDef
from vtt.rules.standing import SeatValues, shape_problem
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.steps import StepParser
from vtt.rules.yamlsource import Document, format_path, load_yaml, load_yaml_file

__all__ = [
    "ENGINE_DOCS",
    "ENGINE_NAMES",
    "LIBRARY_ALL",
    "Checked",
    "Diagnostic",
    "PackSpec",
    "Scope",
    "check_pack",
    "check_pack_text",
    "compile_pack",
    "load_pack",
    "load_pack_text",
    "pack_file",
]

#: Names the engine puts in every expression's reach, with what each holds.
ENGINE_DOCS: Mapping[str, str] = MappingProxyType(
    {
        "me": "the seat making the move",
        "current": "the seat whose turn it is",
        "direction": "the direction the turn passes in: 1, or -1 once reversed",
        "players": "the seats still in the game, in order",
        "seats": "every seat of the game, in order",
        "seat_names": "the players' names, by seat",
        "phase": "the name of the phase under way",
    }
)
ENGINE_NAMES = frozenset(ENGINE_DOCS)
LIBRARY_ALL = PACK_LIBRARY
#: Whole numbers a pack may write: those a 64-bit signed integer holds.
MAX_PACK_INT = 2**63
_RESERVED = (
    ENGINE_NAMES
    | {REVEALED_ZONES}
    | frozenset(LIBRARY_ALL.functions)
    | frozenset(LIBRARY_ALL.constants)
)
_ZONE_REF = re.compile(r"^\s*([A-Za-z_]\w*)\s*(.*?)\s*$", re.DOTALL)

Path_ = tuple[str | int, ...]


def pack_file(where: Path) -> Path:
    """The pack.yaml of a pack folder (or the file itself)."""
    return where / "pack.yaml" if where.is_dir() else where


@dataclass(frozen=True)
class Diagnostic:
    """One problem of a pack: where it is and what is wrong (``text`` as printed).
    An ``error`` stops the pack from loading; a ``warning`` (a check on meaning,
    ``vtt.studio.meaning``) says something the pack does is likely not meant."""

    file: str
    line: int  # 1-based; 0 when unknown
    column: int  # 1-based; 0 when unknown
    message: str  # what is wrong, one line
    path: str  # the key path, as authors read it: moves.play.when[0].check
    text: str = field(default="", compare=False)  # the whole message with its place
    severity: str = "error"  # "error" or "warning"

    @classmethod
    def of(cls, error: PackError) -> Diagnostic:
        where = error.where or Where("")
        message = error.reason if isinstance(error, ExprError) else error.message
        return cls(where.file, where.line, where.column, message, where.path, str(error))

    def __str__(self) -> str:
        if self.text:
            return self.text
        said = "warning: " if self.severity == "warning" else ""
        return f"{self.file}:{self.line}:{self.column}: {said}{self.message}"


@dataclass(frozen=True)
class Scope:
    """The names an expression may read at one place of a pack, each with its kind:
    option, constant, zone, var, define, engine, argument (of the move), local (a
    ``let`` or ``for`` name), seat (``seat``, ``p``, ``c`` where they are given),
    function or library (a library constant)."""

    path: str
    names: Mapping[str, str]

    def of_kind(self, kind: str) -> list[str]:
        """The names of one kind, sorted."""
        return sorted(name for name, found in self.names.items() if found == kind)


@dataclass(frozen=True)
class Checked:
    """What the check pass found: the spec (None when nothing of the file is a pack;
    with problems, the spec of the parts that passed, for an editor, never compiled),
    every problem, and the names in scope at each place."""

    spec: PackSpec | None
    diagnostics: tuple[Diagnostic, ...]
    errors: tuple[PackError, ...] = field(default=(), repr=False)
    scopes: Mapping[Path_, frozenset[str]] = field(default_factory=dict, repr=False)
    kinds: Mapping[str, str] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        """True when the pack has no problem: ``compile_pack`` takes its spec."""
        return not self.diagnostics and self.spec is not None

    def scope(self, path: Iterable[str | int] | str) -> Scope:
        """The names in scope at ``path`` (``('moves', 'play', 'when', 0)`` or
        ``'moves.play.when[0]'``): at a place with no expression, those of the
        nearest place around it that has one."""
        key = _parsed_path(path) if isinstance(path, str) else tuple(path)
        found: frozenset[str] = frozenset()
        for length in range(len(key), -1, -1):
            if key[:length] in self.scopes:
                found = self.scopes[key[:length]]
                break
        names = {name: self.kinds.get(name, "local") for name in found}
        names.update(dict.fromkeys(LIBRARY_ALL.functions, "function"))
        names.update(dict.fromkeys(LIBRARY_ALL.constants, "library"))
        return Scope(format_path(key), MappingProxyType(names))


_PATH_PART = re.compile(r'\.?([A-Za-z_]\w*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]')


def _parsed_path(text: str) -> Path_:
    """``moves.play.when[0]`` -> ``('moves', 'play', 'when', 0)`` (as ``format_path`` writes)."""
    parts: list[str | int] = []
    position = 0
    while position < len(text):
        match = _PATH_PART.match(text, position)
        if match is None:
            raise ValueError(f"not a key path: {text!r}")
        name, index, quoted = match.groups()
        if index is not None:
            parts.append(int(index))
        elif name is not None:
            parts.append(str(name))
        else:
            parts.append(str(quoted).replace('\\"', '"').replace("\\\\", "\\"))
        position = match.end()
    return tuple(parts)


def check_pack(source: Path | str | Document) -> Checked:
    """The check pass over a pack (its folder or pack.yaml, or YAML already read):
    the spec, every problem in one pass, and the names in scope at each place.
    Never raises for a bad pack: a file that cannot be read is a problem too."""
    try:
        document = (
            source
            if isinstance(source, Document)
            else load_yaml_file(pack_file(Path(source)), links=False)
        )
    except PackError as error:
        return Checked(None, (Diagnostic.of(error),), (error,))
    errors = schema_errors(document)
    part, cut = valid_part(document) if errors else (document, frozenset())
    if part is None:
        return Checked(None, tuple(map(Diagnostic.of, errors)), tuple(errors))
    builder = _Builder(part, cut)
    spec = builder.spec()
    errors += [error for error in builder.errors if not isinstance(error, _Quiet)]
    return Checked(
        spec, tuple(map(Diagnostic.of, errors)), tuple(errors), builder.scopes, builder.kinds
    )


def check_pack_text(text: str, file: str = "pack.yaml") -> Checked:
    """The check pass over YAML text (``file`` names it in messages)."""
    try:
        document = load_yaml(text, file=file)
    except PackError as error:
        return Checked(None, (Diagnostic.of(error),), (error,))
    return check_pack(document)


def compile_pack(spec: PackSpec) -> Game:
    """The compile pass: the Game of a spec the check pass found no problem in, its
    move searches generated (the spec itself is left as it is)."""
    moves = {
        name: replace(kind, generator=compile_generator(kind, LIBRARY_ALL))
        for name, kind in spec.moves.items()
    }
    phases = {
        name: replace(phase, moves=tuple(moves[kind.name] for kind in phase.moves))
        for name, phase in spec.phases.items()
    }
    given = {part.name: getattr(spec, part.name) for part in fields(spec)}
    given.update(moves=moves, phases=phases, zones=dict(spec.zones), vars=dict(spec.vars))
    given.update(source=None)  # the YAML read stays with the spec
    return Game(**given)


def load_pack(where: Path | str) -> Game:
    """Load a pack from its folder or pack.yaml; raise PackErrors listing every problem
    (a PackError when the file cannot be read as YAML)."""
    return _loaded(check_pack(load_yaml_file(pack_file(Path(where)), links=False)))


def load_pack_text(text: str, file: str = "pack.yaml") -> Game:
    """Load a pack from YAML text (``file`` names it in messages)."""
    return _loaded(check_pack(load_yaml(text, file=file)))


def _loaded(checked: Checked) -> Game:
    if checked.errors or checked.spec is None:
        raise PackErrors(checked.errors)
    return compile_pack(checked.spec)


class _Quiet(PackError):
    """A problem that only follows from a part the schema refused (a move named in a
    phase, whose definition was cut): not reported, the schema's message says it."""


def _boards(table: object) -> list[tuple[Path_, dict[str, Any]]]:
    """The boards of a ``table:`` layout, each with its key path."""
    if not isinstance(table, dict):
        return []
    return [
        (("table", section, index), item)
        for section in ("objects", "per_seat")
        for index, item in enumerate(table.get(section, []))
        if isinstance(item, dict) and "board" in item
    ]


def _bound_names(data: object) -> frozenset[str]:
    """Every name a ``let``, a ``for`` or a move argument binds anywhere in the pack."""
    found: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("let"), dict):
            found.update(data["let"])
        if isinstance(data.get("each"), str):
            found.add(data["each"])
        if isinstance(data.get("args"), dict):
            found.update(data["args"])
        for value in data.values():
            found |= _bound_names(value)
    elif isinstance(data, list):
        for item in data:
            found |= _bound_names(item)
    return frozenset(found)


def _mentions(data: object, word: str) -> bool:
    """True when some text in ``data`` holds ``word``."""
    if isinstance(data, str):
        return word in data
    if isinstance(data, dict):
        return any(word in key or _mentions(value, word) for key, value in data.items())
    if isinstance(data, list):
        return any(_mentions(item, word) for item in data)
    return False


def _split_indexes(text: str) -> list[str] | None:
    """``[a][b[c]]`` -> ``['a', 'b[c]']``; None when the brackets do not pair up."""
    parts: list[str] = []
    depth, start = 0, -1
    for position, char in enumerate(text):
        if char == "[":
            if depth == 0:
                start = position + 1
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                parts.append(text[start:position])
        elif depth == 0 and not char.isspace():
            return None
    return parts if depth == 0 else None


#: The steps whose value is one seat.
_SEAT_STEPS = frozenset({"give_turn", "eliminate"})


def _literal_int(raw: object) -> int | None:
    """A whole number written as it is (``3``, ``"3"``, ``"-1"``), else None."""
    if type(raw) is int:
        return raw
    if isinstance(raw, str) and re.fullmatch(r"\s*[-+]?\d{1,20}\s*", raw):
        return int(raw)
    return None


_DEFINE_KEY = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\(([^()]*)\))?\s*$")


def _define_name(key: str) -> str:
    """The name of a define from its key: ``steppable(a, b)`` -> ``steppable``."""
    match = _DEFINE_KEY.match(key)
    return match.group(1) if match else key


def _define_params(key: str) -> tuple[str, ...]:
    """The arguments of a define from its key: ``steppable(a, b)`` -> ``('a', 'b')``."""
    match = _DEFINE_KEY.match(key)
    inside = match.group(2) if match else None
    if not inside or not inside.strip():
        return ()
    return tuple(part.strip() for part in inside.split(","))


#: The sections of a pack that name things expressions and steps refer to.
_NAMED = ("options", "constants", "zones", "vars", "define", "moves", "components")


class _ScopedParser(StepParser):
    """The step reader of the check pass: it notes the names in scope at each step."""

    scopes: dict[Path_, frozenset[str]]

    def steps(self, raw: Sequence[Any], names: frozenset[str], path: Path_) -> tuple[Step, ...]:
        found = super().steps(raw, names, path)
        # The place of a step written after the last one: what its lets bound reach it.
        lets = (item["let"] for item in raw if isinstance(item, dict) and "let" in item)
        self.scopes[(*path, len(raw))] = names.union(
            *(let for let in lets if isinstance(let, dict))
        )
        return found

    def step(self, item: Any, names: frozenset[str], path: Path_) -> Step:
        self.scopes[path] = names
        return super().step(item, names, path)


class _Builder:
    """The check pass over the valid part of a document (what the schema allows, see
    ``valid_part``): builds the spec, collecting every error on the way. ``cut`` are
    the paths of the parts the schema refused: what only follows from their absence
    (an unknown move named in a phase) is not reported again."""

    def __init__(self, document: Document, cut: frozenset[Path_] = frozenset()) -> None:
        self.doc = document
        self.data: dict[str, Any] = document.data if isinstance(document.data, dict) else {}
        self.errors: list[PackError] = []
        #: The names whose definitions were cut, by section ("phases" for flow.phases);
        #: a section cut whole is listed under "" (its names cannot be known).
        self.cut: dict[str, set[str]] = {}
        for path in cut:
            if len(path) == 1:
                self.cut.setdefault("", set()).add(str(path[0]))
            elif len(path) == 2 and path[0] in _NAMED:
                self.cut.setdefault(str(path[0]), set()).add(str(path[1]))
            elif path[:2] == ("flow", "phases") and len(path) == 3:
                self.cut.setdefault("phases", set()).add(str(path[2]))
            elif path in (("flow", "phases"), ("flow", "start")):
                self.cut.setdefault("", set()).add(str(path[-1]))
        if "flow" in self.cut.get("", ()):
            self.cut[""] |= {"phases", "start"}
        self.cut_paths = cut
        #: The names in scope at each place, and each pack name's kind (``Scope``).
        self.scopes: dict[Path_, frozenset[str]] = {}
        self.kinds: dict[str, str] = {}
        self.zones: dict[str, ZoneDef] = {}
        self.vars: dict[str, VarDef] = {}
        self.defines: dict[str, Define] = {}
        self.compiled: dict[tuple[object, ...], Expr] = {}
        # Names whose values the pack itself bounds (options, constants, zones, the
        # engine's, move arguments): every other name (a var, a let or for name) holds
        # a value built by earlier runs, whose comparisons are charged (``stored``).
        self.bounded: frozenset[str] = frozenset()
        # Each zone's number of indexes, for ``revealed(zone)`` in any expression
        # (None when no expression uses it: nothing to rewrite).
        self.depths: dict[str, int] | None = None

    # --- helpers --------------------------------------------------------------------

    def where(self, path: Path_) -> Where:
        return self.doc.where(path)

    def fail(self, message: str, path: Path_) -> None:
        self.errors.append(PackError(message, self.where(path)))

    def was_cut(self, section: str, name: object) -> bool:
        """True when ``name`` of ``section`` (or the whole section) was cut."""
        return name in self.cut.get(section, ()) or section in self.cut.get("", ())

    def expr(self, raw: object, names: frozenset[str], path: Path_) -> Expr:
        source = raw if isinstance(raw, str) else repr(raw)
        self.scopes[path] = names
        key = (source, names, path)
        found = self.compiled.get(key)
        if found is None:
            try:
                found = self.compiled[key] = compile_expr(
                    source,
                    names=names,
                    library=LIBRARY_ALL,
                    where=self.doc.value_where(path),
                    defines=self.defines,
                    zones=self.depths,
                    stored=names - self.bounded,
                )
            except ExprError as error:
                if self.unknown_cut_name(error):
                    raise _Quiet(error.message, error.where) from None
                raise
        return found

    def unknown_cut_name(self, error: ExprError) -> bool:
        """True for an unknown name that may be one whose definition was cut."""
        found = re.match(r"unknown name '(\w+)'", error.reason)
        if found is None:
            return False
        return any(
            self.was_cut(section, found.group(1))
            for section in ("options", "constants", "zones", "vars", "define")
        )

    def try_expr(self, raw: object, names: frozenset[str], path: Path_) -> Expr | None:
        try:
            return self.expr(raw, names, path)
        except PackError as error:
            self.errors.append(error)
            return None

    def template(self, text: str, names: frozenset[str], path: Path_) -> Template:
        return Template(text, lambda part: self.expr(part, names, path))

    def zone_ref(self, text: str, names: frozenset[str], path: Path_) -> ZoneRef:
        match = _ZONE_REF.match(text)
        indexes = _split_indexes(match.group(2)) if match else None
        if match is None or indexes is None:
            raise PackError(
                f"'{text}' is not a zone reference: expected a zone name with optional "
                "[index] parts, like hand[me]",
                self.doc.value_where(path),
            )
        name = match.group(1)
        zone = self.zones.get(name)
        if zone is None:
            known = ", ".join(sorted(self.zones)) or "none"
            raise (_Quiet if self.was_cut("zones", name) else PackError)(
                f"unknown zone '{name}'; the zones are: {known}", self.doc.value_where(path)
            )
        if len(indexes) > zone.depth:
            raise PackError(
                f"'{text}' has {len(indexes)} indexes but zone '{name}' takes {zone.depth}",
                self.doc.value_where(path),
            )
        compiled = tuple(self.expr(part, names, path) for part in indexes)
        return ZoneRef(zone, compiled, text.strip())

    # --- the whole pack -------------------------------------------------------------

    def spec(self) -> PackSpec:
        """The spec of the pack; every problem found is in ``errors``."""
        self._check_numbers(self.data, ())
        self._check_seats(self.data, ())
        data = self.data
        if data.get("kind") == "setup":
            return self._setup_only()
        for key in ("flow", "moves"):
            if key not in data and not self.was_cut("", key):
                self.fail(f"a game pack needs '{key}' (or kind: setup for a layout only)", ())
        return self._game()

    def _check_numbers(self, node: object, path: Path_) -> None:
        """Refuse whole numbers past 64 bits anywhere in the pack: no rule needs them,
        and expressions could not work with them (they stop at 2**64)."""
        if type(node) is int and not -MAX_PACK_INT <= node < MAX_PACK_INT:
            self.fail(
                f"the number {node} is too large: whole numbers in a pack must lie "
                f"between -2**63 and 2**63 - 1",
                path,
            )
        elif isinstance(node, dict):
            for key, value in node.items():
                self._check_numbers(value, (*path, key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                self._check_numbers(value, (*path, index))

    def _check_seats(self, node: object, path: Path_) -> None:
        """Refuse a ``give_turn`` or ``eliminate`` step written with a seat number that
        no game of the pack has (seats are 0 to the most players less one)."""
        if isinstance(node, list):
            for index, item in enumerate(node):
                here = (*path, index)
                if isinstance(item, dict):
                    for step in _SEAT_STEPS & item.keys():
                        self._check_seat(item[step], (*here, step), step)
                self._check_seats(item, here)
        elif isinstance(node, dict):
            for key, value in node.items():
                self._check_seats(value, (*path, key))

    def _check_seat(self, raw: object, path: Path_, step: str) -> None:
        seat = _literal_int(raw)
        players = self.data.get("players", {})
        most = players.get("max", 2) if isinstance(players, dict) else 2
        if seat is not None and isinstance(most, int) and not 0 <= seat < most:
            self.errors.append(
                PackError(
                    f"{step}: there is no seat {seat}: the seats are 0 to {most - 1} "
                    f"(players: at most {most})",
                    self.doc.value_where(path),
                )
            )

    def _setup_only(self) -> PackSpec:
        players = self.data.get("players", {"min": 1, "max": 8})
        return PackSpec(
            id=self.data["id"],
            name=self.data["name"],
            players=(players["min"], players["max"], players.get("default", players["min"])),
            seat_names=tuple(self.data.get("seats", ())),
            options=(),
            variants={},
            constraints=(),
            constants={},
            components=(),
            zones={},
            vars={},
            steps=StepLists((), {}, {}, {}, {}, {}),
            phases={},
            start="",
            moves={},
            path=self.doc.file,
            kind="setup",
            art=self._art(),
            source=self.doc,
        )

    def _game(self) -> PackSpec:
        data = self.data
        if _mentions(data, "revealed"):
            self.depths = {
                name: sum((raw.get("per") == "player", "copies" in raw, "grid" in raw))
                for name, raw in data.get("zones", {}).items()
            }
        players = data.get("players", {"min": 2, "max": 2})
        options = self._options()
        constants = dict(data.get("constants", {}))
        # A name that cannot be a variable would break the generated code: refused
        # here, and the spec is never compiled.
        self._check_names(options, constants)
        defined = {
            "define": frozenset(_define_name(key) for key in data.get("define", {})),
            "engine": ENGINE_NAMES,
            "option": frozenset(o.name for o in options),
            "constant": frozenset(constants),
            "zone": frozenset(data.get("zones", {})),
            "var": frozenset(data.get("vars", {}))
            | (frozenset({SHEET}) if "sheet" in data else frozenset()),
            "seat": frozenset({"seat", "p", "c"}),
        }
        for kind, names in defined.items():
            self.kinds.update(dict.fromkeys(names, kind))
        # The names of definitions the schema refused stay names: what reads them is
        # checked as if they were there.
        cut = frozenset().union(
            *(self.cut.get(section, ()) for section in ("options", "constants", "zones", "vars"))
        )
        base = (
            frozenset().union(*(names for kind, names in defined.items() if kind != "seat")) | cut
        )
        self.scopes[()] = base
        moves_data = data["moves"] if isinstance(data.get("moves"), dict) else {}
        self.bounded = (
            base - frozenset(data.get("vars", {}))
            | {"seat"}
            | frozenset(
                arg
                for raw in moves_data.values()
                if isinstance(raw, dict)
                for arg in raw.get("args", {})
            )
        )
        self._defines(base)  # first: every other expression may use them
        # Options and constants: the names whose values are fixed for a whole game.
        fixed_names = frozenset(o.name for o in options) | frozenset(constants)
        self._zones(base, fixed_names | ENGINE_NAMES)
        self._vars(base)
        sheet = self._sheet(base)
        reader = self._step_parser(fixed_names)
        effects: dict[str, tuple[Step, ...]] = {}
        moves = {
            name: self._move(name, raw, base, reader, effects)
            for name, raw in data.get("moves", {}).items()
        }
        lists: dict[str, dict[str, tuple[Step, ...]]] = {
            key: {} for key in ("enter", "after_move", "then", "stuck")
        }
        phases = self._phases(base, moves, reader, lists)
        setup = reader.steps(data.get("setup", []), base, ("setup",))
        steps = StepLists(setup, effects, **lists)
        self._check_take_back(steps)
        # A name a step or argument binds is not fixed there.
        static = fixed_names - _bound_names(data)
        start = str(data.get("flow", {}).get("start", ""))
        if start not in phases and not self.was_cut("phases", start) and "flow" in data:
            self.fail(f"the start phase '{start}' is not among the phases", ("flow", "start"))
        return PackSpec(
            id=data["id"],
            name=data["name"],
            players=(players["min"], players["max"], players.get("default", players["min"])),
            seat_names=tuple(data.get("seats", ())),
            options=tuple(options),
            variants={name: dict(raw["options"]) for name, raw in data.get("variants", {}).items()},
            constraints=self._constraints(base),
            constants=constants,
            components=self._components(base),
            zones=MappingProxyType(self.zones),
            vars=MappingProxyType(self.vars),
            steps=steps,
            phases=MappingProxyType(phases),
            start=start,
            moves=MappingProxyType(moves),
            end=self._end(base),
            scores=self._scores(data["scores"], base) if "scores" in data else None,
            value=self._seat_values(data["value"], base) if "value" in data else None,
            playout=data.get("playout"),
            max_moves=data.get("max_moves"),
            sheet=sheet,
            rest_zone=self._rest_zone(base),
            lacks=self._lacks(base),
            path=self.doc.file,
            static_names=static,
            summary=str(data.get("summary", "")),
            variant_labels={
                name: str(raw.get("label", name)) for name, raw in data.get("variants", {}).items()
            },
            art=self._art(),
            source=self.doc,
        )

    def _art(self) -> PackArt | None:
        """The pack's own images (``art:``), each checked, and the boards of its
        ``table:`` layout, each needing one of them; None when it brings none."""
        data = self.data
        if "art" not in data and not _boards(data.get("table")):
            return None
        game = data.get("kind") != "setup"
        pieces = frozenset(
            str(kind)
            for raw in data.get("components", {}).values()
            for kind in raw.get("pieces", ())
        )
        grids = frozenset(name for name, zone in self.zones.items() if zone.grid is not None)
        art, errors = read_art(
            str(data["id"]),
            data.get("art", {}),
            Path(self.doc.file).parent,
            self.where,
            pieces=pieces if game and not self.was_cut("", "components") else None,
            grids=grids if game and not self.was_cut("", "zones") else None,
        )
        self.errors += errors
        for path, raw in _boards(data.get("table")):
            if "image" not in raw:
                self.fail("a board needs its 'image': one of the pack's images (art:)", path)
            elif raw["image"] not in art.images:
                self.fail(f"there is no image '{raw['image']}' in the pack's art", (*path, "image"))
        return art

    def _seat_values(self, raw: object, base: frozenset[str]) -> SeatValues | None:
        """``value:``: one number per seat, refused now when its text shows otherwise,
        else checked each time it runs."""
        expr = self._per_seat("value", raw, base)
        return None if expr is None else SeatValues(expr)

    def _scores(self, raw: object, base: frozenset[str]) -> Expr | None:
        """``scores:``: one number per seat, refused now when its text shows otherwise."""
        return self._per_seat("scores", raw, base)

    def _per_seat(self, key: str, raw: object, base: frozenset[str]) -> Expr | None:
        problem = shape_problem(raw)
        if problem is not None:
            self.fail(f"{key}: must give one number per seat: {problem}", (key,))
            return None
        return self.try_expr(raw, base, (key,))

    def _check_take_back(self, steps: StepLists) -> None:
        """``take_back`` undoes a player's own moves: it belongs in a move's effects, in
        a game whose every zone and var all seats see (undone, a draw from a face-down
        pile or a hidden change would be there to see again)."""
        if taking_back(steps.setup):
            self.fail(
                "take_back undoes a player's moves: it belongs in a move's effects", ("setup",)
            )
        for phase in steps.enter:
            lists = (steps.enter, steps.after_move, steps.then, steps.stuck)
            if any(taking_back(found.get(phase, ())) for found in lists):
                self.fail(
                    "take_back undoes a player's moves: it belongs in a move's effects",
                    ("flow", "phases", phase),
                )
        moves = steps.effects
        if not any(taking_back(effects) for effects in moves.values()):
            return
        hidden = [f"zone '{z.name}'" for z in self.zones.values() if z.visibility != "everyone"]
        hidden += [f"var '{v.name}'" for v in self.vars.values() if v.visibility != "everyone"]
        if hidden:
            first = next(name for name, effects in moves.items() if taking_back(effects))
            self.fail(
                "take_back is for games every seat sees whole: a turn taken back could "
                f"show again what it hid ({', '.join(hidden)} is not seen by everyone)",
                ("moves", first, "effects"),
            )

    def _step_parser(self, fixed_names: frozenset[str]) -> StepParser:
        """The reader of this pack's step lists."""
        data = self.data
        # A var the schema refused is still one for the steps that set it.
        vars = dict(self.vars)
        for name in self.cut.get("vars", ()):
            vars.setdefault(name, VarDef(name, self.expr("0", frozenset(), ("vars", name))))
        parser = _ScopedParser(
            compile_expr=self.expr,
            zone_ref=self.zone_ref,
            where=self.where,
            vars=vars,
            all_stacks=self._all_stacks,
            phase_names=set(data.get("flow", {}).get("phases", {})) | self.cut.get("phases", set()),
            errors=self.errors,
            static_names=fixed_names,
            kept_names=frozenset(data.get("zones", {})) | frozenset(data.get("vars", {})),
        )
        parser.scopes = self.scopes
        return parser

    def _check_names(self, options: list[OptionDef], constants: Mapping[str, object]) -> bool:
        """Refuse clashing names; False when a name cannot be a name in expressions."""
        plain = True
        seen: dict[str, str] = {}
        groups = [
            ("options", [o.name for o in options]),
            ("constants", list(constants)),
            ("zones", list(self.data.get("zones", {}))),
            ("vars", list(self.data.get("vars", {}))),
            ("define", [_define_name(key) for key in self.data.get("define", {})]),
        ]
        for section, names in groups:
            for name in names:
                if not plain_name(name):
                    plain = False
                    self.fail(
                        f"'{name}' cannot be a name in expressions (a Python keyword, or a "
                        "name starting with _, which the engine keeps for itself)",
                        (section, name),
                    )
                elif name in _RESERVED:
                    self.fail(
                        f"'{name}' is a name the engine or library already uses", (section, name)
                    )
                elif name in seen:
                    self.fail(f"'{name}' is already one of the {seen[name]}", (section, name))
                seen[name] = section
        if "sheet" in self.data and SHEET in seen:
            self.fail(
                f"the score sheet keeps its rows in a var named '{SHEET}', which is already "
                f"one of the {seen[SHEET]}",
                (seen[SHEET], SHEET),
            )
        return plain

    def _options(self) -> list[OptionDef]:
        found: list[OptionDef] = []
        for name, raw in self.data.get("options", {}).items():
            default = raw["default"]
            kind = raw.get("type") or (
                "choice" if "choices" in raw else "bool" if isinstance(default, bool) else "int"
            )
            option = OptionDef(
                name,
                kind,
                default,
                tuple(raw.get("choices", ())),
                raw.get("min"),
                raw.get("max"),
                raw.get("label", name),
            )
            problem = option.check(default)
            if problem:
                self.fail(
                    f"the default {default!r} does not fit: {problem}", ("options", name, "default")
                )
            found.append(option)
        known = {o.name: o for o in found}
        for variant, raw in self.data.get("variants", {}).items():
            for name, value in raw["options"].items():
                path = ("variants", variant, "options", name)
                if name not in known:
                    if not self.was_cut("options", name):
                        self.fail(f"unknown option '{name}'", path)
                elif (problem := known[name].check(value)) is not None:
                    self.fail(f"{value!r} does not fit option '{name}': {problem}", path)
        return found

    def _grid(
        self, raw: list[Any] | None, names: frozenset[str], path: Path_
    ) -> tuple[int | Expr, int | Expr] | None:
        """A grid's columns and rows: numbers, or expressions over options and constants."""
        if not raw:
            return None
        parts: list[int | Expr] = []
        for index, part in enumerate(raw[:2]):
            if isinstance(part, int):
                parts.append(part)
                continue
            found = self.try_expr(part, names, (*path, index))
            if found is None:
                return None
            parts.append(found)
        return parts[0], parts[1]

    def _zones(self, base: frozenset[str], fixed: frozenset[str]) -> None:
        for name, raw in self.data.get("zones", {}).items():
            path = ("zones", name)
            copies = (
                self.try_expr(raw["copies"], base, (*path, "copies")) if "copies" in raw else None
            )
            grid = self._grid(raw.get("grid"), fixed, (*path, "grid"))
            shown = self.try_expr(raw["shown"], base, (*path, "shown")) if "shown" in raw else None
            self.zones[name] = ZoneDef(
                name,
                per_player=raw.get("per") == "player",
                grid=grid,
                copies=copies,
                visibility=raw.get("visibility", "everyone"),
                shown=shown,
                label=str(raw.get("label", "")),
                look=raw.get("look", "cells"),
            )
            if "look" in raw and grid is None:
                self.fail("'look' is how a grid is drawn: this zone has no grid", (*path, "look"))
            if raw.get("visibility") == "owner" and raw.get("per") != "player":
                self.fail("visibility 'owner' needs a per-player zone (per: player)", path)

    def _vars(self, base: frozenset[str]) -> None:
        for name, raw in self.data.get("vars", {}).items():
            spec = raw if isinstance(raw, dict) else {"initial": raw}
            per_player = spec.get("per") == "player"
            names = base | {"seat"} if per_player else base
            initial = self.try_expr(spec.get("initial"), names, ("vars", name, "initial"))
            if initial is not None:
                label, shows = str(spec.get("label", "")), str(spec.get("shows", ""))
                shown = None
                if "shown" in spec:
                    shown = self.try_expr(spec["shown"], base, ("vars", name, "shown"))
                visibility = str(spec.get("visibility", "everyone"))
                if visibility == "owner" and not per_player:
                    self.fail(
                        "visibility 'owner' needs a per-player var (per: player)",
                        ("vars", name, "visibility"),
                    )
                bar = None
                if "bar" in spec:
                    bar = self.try_expr(spec["bar"], base, ("vars", name, "bar"))
                on_table = spec.get("on_table") is True
                if on_table and per_player:
                    self.fail(
                        "on_table writes one line on the table: it needs a var for everyone, "
                        "not one per player",
                        ("vars", name, "on_table"),
                    )
                self.vars[name] = VarDef(
                    name, initial, per_player, label, shows, shown, visibility, bar, on_table
                )

    def _sheet(self, base: frozenset[str]) -> SheetDef | None:
        """The score sheet's columns, and the var ``sheet`` holding its rows (the
        window lists it apart, so it is never shown among the vars)."""
        raw = self.data.get("sheet")
        if raw is None:
            return None

        def columns(part: str, names: frozenset[str]) -> tuple[SheetColumn, ...]:
            found = []
            for index, spec in enumerate(raw.get(part, [])):
                path = ("sheet", part, index, "value")
                value = self.try_expr(spec["value"], names, path)
                if value is not None:
                    found.append(SheetColumn(spec["label"], value, str(spec.get("shows", ""))))
            return tuple(found)

        sheet = SheetDef(
            columns("row", base), columns("seat", base | {"seat"}), raw.get("label", "score sheet")
        )
        initial = self.try_expr("()", base, ("sheet",))
        hidden = self.try_expr("False", base, ("sheet",))
        if initial is not None:
            label = sheet.label
            self.vars[SHEET] = VarDef(SHEET, initial, label=label, shows=SHEET, shown=hidden)
        return sheet

    def _defines(self, base: frozenset[str]) -> None:
        """Named expressions, checked alone, then written in wherever they are used."""
        defined = {_define_name(key) for key in self.data.get("define", {})}
        for key, raw in self.data.get("define", {}).items():
            source = raw if isinstance(raw, str) else repr(raw)
            path = ("define", key)
            name, params = _define_name(key), _define_params(key)
            clash = [p for p in params if p in base or p in _RESERVED]
            if clash or len(set(params)) != len(params):
                self.fail(
                    f"the argument '{clash[0]}' of define '{name}' is already a name of the "
                    "pack or the engine"
                    if clash
                    else f"define '{name}' names an argument twice",
                    path,
                )
                continue
            try:
                define = check_define(
                    name,
                    source,
                    names=base,
                    library=LIBRARY_ALL,
                    where=self.doc.value_where(path),
                    defines=self.defines,
                    params=params,
                )
            except PackError as error:
                self.errors.append(error)
                continue
            later = sorted(define.names & (defined - self.defines.keys()))
            if later:
                self.fail(
                    f"define '{name}' uses '{later[0]}', which is not defined before it: "
                    f"a define may use only the defines above it",
                    path,
                )
            self.defines[name] = define

    def _all_stacks(self, env: Env) -> list[list[Any]]:
        from vtt.rules.model import leaves

        return [
            stack for zone in self.zones.values() for stack in leaves(env[zone.name], zone.depth)
        ]

    def _components(self, base: frozenset[str]) -> tuple[ComponentDef, ...]:
        found = []
        pieces = 0  # at the most players: cards are counted when a game starts
        for name, raw in self.data.get("components", {}).items():
            path = ("components", name)
            per_player = raw.get("per") == "player"
            try:
                start = self.zone_ref(raw["start"], base | {"seat"}, (*path, "start"))
            except PackError as error:
                self.errors.append(error)
                continue
            if not start.complete:
                self.fail(
                    f"'start' must name one stack; '{start.text}' names several", (*path, "start")
                )
            if not per_player and any("seat" in index.names for index in start.indexes):
                self.fail("'seat' names each player's own group: add per: player", (*path, "start"))
            if ("cards" in raw) == ("pieces" in raw):
                self.fail("a component group has either 'cards' or 'pieces'", path)
                continue
            owners = self.data.get("players", {}).get("max", 2) if per_player else 1
            before, pieces = (
                pieces,
                pieces + len(raw.get("pieces", ())) * raw.get("count", 1) * owners,
            )
            if before <= MAX_COMPONENTS < pieces:
                self.fail(
                    f"too many components: the pieces come to {pieces:,} with this group "
                    f"(at most {MAX_COMPONENTS:,} in a game)",
                    (*path, "count" if "count" in raw else "pieces"),
                )
            found.append(
                ComponentDef(
                    name,
                    start,
                    cards=self.try_expr(
                        raw["cards"], base | {"seat"} if per_player else base, (*path, "cards")
                    )
                    if "cards" in raw
                    else None,
                    pieces=tuple(raw.get("pieces", ())),
                    count=raw.get("count", 1),
                    per_player=per_player,
                    when=self.try_expr(raw["when"], base, (*path, "when"))
                    if "when" in raw
                    else None,
                )
            )
        return tuple(found)

    def _constraints(self, base: frozenset[str]) -> tuple[tuple[Expr, str], ...]:
        found = []
        for index, raw in enumerate(self.data.get("constraints", [])):
            check = self.try_expr(raw["check"], base, ("constraints", index, "check"))
            if check is not None:
                found.append((check, raw["message"]))
        return tuple(found)

    def _end(self, base: frozenset[str]) -> tuple[EndCheck, ...]:
        found = []
        for index, raw in enumerate(self.data.get("end", [])):
            path: Path_ = ("end", index)
            try:
                found.append(
                    EndCheck(
                        self.expr(raw["check"], base, (*path, "check")),
                        self.expr(raw["winners"], base, (*path, "winners")),
                        self.template(raw["reason"], base, (*path, "reason")),
                    )
                )
            except PackError as error:
                self.errors.append(error)
        return tuple(found)

    def _lacks(self, base: frozenset[str]) -> tuple[LackDef, ...]:
        """The pack's ``lacks:``: per-player zones and what they are known not to hold."""
        found = []
        for index, raw in enumerate(self.data.get("lacks", [])):
            path = ("lacks", index)
            zone = self.zones.get(raw["zone"])
            if zone is None and self.was_cut("zones", raw["zone"]):
                continue
            if zone is None or not zone.per_player:
                known = ", ".join(sorted(z.name for z in self.zones.values() if z.per_player))
                self.fail(
                    f"'{raw['zone']}' is not a per-player zone; lacks names one of: "
                    f"{known or 'none (the pack has no per-player zone)'}",
                    (*path, "zone"),
                )
                continue
            where = self.try_expr(raw["where"], base | {"p", "c"}, (*path, "where"))
            if where is not None:
                found.append(LackDef(zone.name, where))
        return tuple(found)

    def _rest_zone(self, base: frozenset[str]) -> ZoneRef | None:
        if "rest_zone" not in self.data:
            return None
        try:
            return self.zone_ref(self.data["rest_zone"], base, ("rest_zone",))
        except PackError as error:
            self.errors.append(error)
            return None

    # --- moves and phases -----------------------------------------------------------

    def _move(
        self,
        name: str,
        raw: Mapping[str, Any],
        base: frozenset[str],
        reader: StepParser,
        effects: dict[str, tuple[Step, ...]],
    ) -> MoveDef:
        """The kind of move ``name``; its effects go into ``effects``."""
        path: Path_ = ("moves", name)
        args = self._args(raw.get("args", {}), base, path)
        arg_names = [arg.name for arg in args]
        written = placeholders(raw["text"])
        # Arguments the schema refused: the notation names them.
        refused = any(part[:3] == (*path, "args") for part in self.cut_paths)
        names = base | frozenset(arg_names) | (frozenset(written) if refused else frozenset())
        self.scopes[path] = names
        for arg in names - base:
            self.kinds.setdefault(arg, "argument")
        readable = sorted(written) == sorted(arg_names)
        if not readable and refused:
            pass
        elif not readable:
            self.fail(
                f"the notation must show every argument once: it shows {written or 'none'}, "
                f"the arguments are {arg_names or 'none'}",
                (*path, "text"),
            )
        elif "}{" in raw["text"]:
            readable = False
            self.fail(
                "two arguments side by side ('}{') cannot be told apart: put a space or "
                "other text between them",
                (*path, "text"),
            )
        conditions = []
        for index, item in enumerate(raw.get("when", [])):
            check = self.try_expr(item["check"], names, (*path, "when", index, "check"))
            try:
                message = self.template(item["message"], names, (*path, "when", index, "message"))
            except PackError as error:
                self.errors.append(error)
                continue
            if check is not None:
                needed = [i for i, arg in enumerate(arg_names) if arg in check.names]
                conditions.append(Condition(check, message, max(needed, default=-1)))
        enabled = (
            self.try_expr(raw["enabled"], base, (*path, "enabled")) if "enabled" in raw else None
        )
        secret, secret_to = self._secrecy(raw.get("secret", False), names, (*path, "secret"))
        tally = None
        if "tally" in raw:
            try:
                tally = self.template(raw["tally"], names, (*path, "tally"))
            except PackError as error:
                self.errors.append(error)
        plan = plan_move(args, conditions, lambda part: self.expr(part, names, (*path, "when")))
        effects[name] = reader.steps(raw.get("effects", []), names, (*path, "effects"))
        move = MoveDef(
            name=name,
            text=raw["text"],
            args=tuple(args),
            conditions=tuple(conditions),
            enabled=enabled,
            secret=secret,
            secret_to=secret_to,
            pattern=notation_pattern(raw["text"], args) if readable else None,
            where=self.where(path),
            tally=tally,
            plan=plan,
        )
        return move

    def _secrecy(self, raw: object, names: frozenset[str], path: Path_) -> tuple[str, Expr | None]:
        """A move's ``secret``: true, false, never, or ``{to: seats}``."""
        if raw is True:
            return "phase", None
        if raw == "never":
            return "never", None
        if isinstance(raw, dict):
            return "to", self.try_expr(raw["to"], names, (*path, "to"))
        return "", None

    def _args(self, raw: Mapping[str, Any], base: frozenset[str], path: Path_) -> list[ArgDef]:
        args: list[ArgDef] = []
        for name, spec in raw.items():
            here = (*path, "args", name)
            if name in base or name in _RESERVED:
                self.fail(f"the argument name '{name}' is already used by the pack or engine", here)
            elif not plain_name(name):
                # Arguments become names in expressions and in the generated turn code.
                self.fail(
                    f"the argument name '{name}' cannot be a name in expressions "
                    "(a Python keyword, or a name starting with _)",
                    here,
                )
                continue  # it could not be compiled into the move's search
            # An argument's domain may use the arguments before it.
            names = base | {arg.name for arg in args}
            kind = spec["type"]
            try:
                argtype = arg_type(kind)
            except UnknownArgType as error:
                self.fail(str(error), (*here, "type"))
                continue
            domain = self.try_expr(spec["from"], names, (*here, "from")) if "from" in spec else None
            grid = None
            if "grid" in spec:
                try:
                    grid = self.zone_ref(spec["grid"], names, (*here, "grid"))
                except PackError as error:
                    self.errors.append(error)
            default = argtype.default
            needs_domain = default is None or (default == "grid" and "grid" not in spec)
            if needs_domain and "from" not in spec:
                self.fail(f"a '{kind}' argument needs 'from' (where its values come from)", here)
            args.append(ArgDef(name, kind, domain, grid, spec.get("min", 1), spec.get("max", 1)))
        return args

    def _phases(
        self,
        base: frozenset[str],
        moves: Mapping[str, MoveDef],
        reader: StepParser,
        lists: dict[str, dict[str, tuple[Step, ...]]],
    ) -> dict[str, PhaseDef]:
        """The phases; their step lists go into ``lists`` (``enter``... by phase name)."""
        phases: dict[str, PhaseDef] = {}
        for name, raw in self.data.get("flow", {}).get("phases", {}).items():
            path: Path_ = ("flow", "phases", name)
            listed = []
            for index, move in enumerate(raw.get("moves", [])):
                if move in moves:
                    listed.append(moves[move])
                elif not self.was_cut("moves", move):
                    self.fail(
                        f"unknown move '{move}'; the moves are: {', '.join(moves)}",
                        (*path, "moves", index),
                    )
            turn = raw.get("turn", "single")
            for index, kind in enumerate(listed):
                if kind.secret == "phase" and turn != "each":
                    self.fail(
                        f"move '{kind.name}' is secret until its phase reveals the choices "
                        f"made in it, which only a 'turn: each' phase does; in a '{turn}' "
                        "phase write secret: never (nobody else learns it) or secret: "
                        "{to: SEATS} (only those seats learn it)",
                        (*path, "moves", index),
                    )
            cut = any(self.was_cut("moves", move) for move in raw.get("moves", []))
            if turn != "auto" and not listed and not cut:
                self.fail(f"a '{turn}' phase needs moves", path)

            for key, found in lists.items():
                if key in raw or key != "stuck":
                    found[name] = reader.steps(raw.get(key, []), base, (*path, key))

            phases[name] = PhaseDef(
                name=name,
                turn=turn,
                moves=tuple(listed),
                actors=self.try_expr(raw["actors"], base, (*path, "actors"))
                if "actors" in raw
                else None,
                label=str(raw.get("label", "")),
            )
        return phases
