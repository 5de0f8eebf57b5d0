"""Load a rule pack: YAML -> schema check -> names and expressions compiled -> ``Game``.

Every problem is reported with its file, line, column and key path; ``check_pack``
collects them all (``vtt validate``), ``load_pack`` raises ``PackErrors``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from vtt.rules.argtypes import UnknownArgType, arg_type
from vtt.rules.engine import MAX_COMPONENTS, Game
from vtt.rules.errors import PackError, PackErrors, Where
from vtt.rules.expr import Define, Expr, check_define, compile_expr
from vtt.rules.expr.revealing import REVEALED_ZONES
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
from vtt.rules.schema import schema_errors
from vtt.rules.sheet import SHEET, SheetColumn, SheetDef
from vtt.rules.standing import SeatValues, shape_problem
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.steps import StepParser
from vtt.rules.yamlsource import Document, load_yaml, load_yaml_file

__all__ = ["ENGINE_NAMES", "LIBRARY_ALL", "check_pack", "load_pack", "load_pack_text", "pack_file"]

#: Names the engine puts in every expression's reach.
ENGINE_NAMES = frozenset({"me", "current", "direction", "players", "seats", "seat_names", "phase"})
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


def load_pack(where: Path | str) -> Game:
    """Load a pack from its folder or pack.yaml; raise PackErrors listing every problem."""
    source = load_yaml_file(pack_file(Path(where)), links=False)
    return _Builder(source).build()


def load_pack_text(text: str, file: str = "pack.yaml") -> Game:
    """Load a pack from YAML text (``file`` names it in messages)."""
    source = load_yaml(text, file=file)
    return _Builder(source).build()


def check_pack(where: Path | str) -> list[PackError]:
    """Every problem of a pack (empty when it loads)."""
    try:
        load_pack(where)
    except PackErrors as errors:
        return list(errors.errors)
    except PackError as error:
        return [error]
    return []


#: A name in an expression's text (a superset of the names it reads).
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Values that are written into expressions as constants (as ``compile_expr`` does).
_FOLDABLE = frozenset({bool, int, str, float, type(None)})


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


class _Builder:
    """Builds a Game from a checked document, collecting every error on the way."""

    def __init__(self, document: Document) -> None:
        self.doc = document
        self.data: dict[str, Any] = document.data if isinstance(document.data, dict) else {}
        self.errors: list[PackError] = []
        self.zones: dict[str, ZoneDef] = {}
        self.vars: dict[str, VarDef] = {}
        self.defines: dict[str, Define] = {}
        self.compiled: dict[tuple[object, ...], Expr] = {}
        # Names whose values the pack itself bounds (options, constants, zones, the
        # engine's, move arguments): every other name (a var, a let or for name) holds
        # a value built by earlier runs, whose comparisons are charged (``stored``).
        self.bounded: frozenset[str] = frozenset()
        # Each zone's number of indexes, for ``revealed(zone)`` in any expression.
        zones = self.data.get("zones", {})
        self.depths: dict[str, int] = {
            name: sum((raw.get("per") == "player", "copies" in raw, "grid" in raw))
            for name, raw in (zones.items() if isinstance(zones, dict) else ())
            if isinstance(raw, dict)
        }

    # --- helpers --------------------------------------------------------------------

    def where(self, path: Path_) -> Where:
        return self.doc.where(path)

    def fail(self, message: str, path: Path_) -> None:
        self.errors.append(PackError(message, self.where(path)))

    def expr(
        self,
        raw: object,
        names: frozenset[str],
        path: Path_,
        fixed: Mapping[str, object] | None = None,
    ) -> Expr:
        source = raw if isinstance(raw, str) else repr(raw)
        # Compiled once per value of the fixed names it may read: the step lists of a
        # new set of options compile again only the expressions that read options.
        used: tuple[tuple[str, object], ...] = ()
        if fixed:
            read = set(_IDENTIFIER.findall(source))
            for name in read & self.defines.keys():
                read |= self.defines[name].names
            used = tuple(sorted((n, fixed[n]) for n in read if n in fixed))
        key = (source, names, path, used)
        found = self.compiled.get(key)
        if found is None:
            found = self.compiled[key] = compile_expr(
                source,
                names=names,
                library=LIBRARY_ALL,
                where=self.doc.value_where(path),
                fixed=dict(used),
                defines=self.defines,
                zones=self.depths,
                stored=names - self.bounded,
            )
        return found

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
            raise PackError(
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

    def build(self) -> Game:
        problems = schema_errors(self.doc)
        if problems:
            raise PackErrors(problems)
        self._check_numbers(self.data, ())
        self._check_seats(self.data, ())
        if self.errors:
            raise PackErrors(self.errors)
        data = self.data
        if data.get("kind") == "setup":
            return self._setup_only()
        for key in ("flow", "moves"):
            if key not in data:
                self.fail(f"a game pack needs '{key}' (or kind: setup for a layout only)", ())
        if self.errors:
            raise PackErrors(self.errors)
        game = self._game()
        if self.errors:
            raise PackErrors(self.errors)
        return game

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

    def _setup_only(self) -> Game:
        players = self.data.get("players", {"min": 1, "max": 8})
        return Game(
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
            setup=(),
            phases={},
            start="",
            moves={},
            path=self.doc.file,
            kind="setup",
        )

    def _game(self) -> Game:
        data = self.data
        players = data.get("players", {"min": 2, "max": 2})
        options = self._options()
        constants = dict(data.get("constants", {}))
        if not self._check_names(options, constants):
            # A name that cannot be a variable breaks the generated code and the
            # expressions built after this point: stop at these errors.
            raise PackErrors(self.errors)
        base = (
            frozenset(_define_name(key) for key in data.get("define", {}))
            | ENGINE_NAMES
            | {o.name for o in options}
            | frozenset(constants)
            | frozenset(data.get("zones", {}))
            | frozenset(data.get("vars", {}))
            | (frozenset({SHEET}) if "sheet" in data else frozenset())
        )
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
        effects = self._step_parser(fixed_names)
        moves = {name: self._move(name, raw, base, effects) for name, raw in data["moves"].items()}
        phases = self._phases(base, moves, effects)
        setup = effects.steps(data.get("setup", []), base, ("setup",))
        self._check_take_back(moves, phases, setup)
        # A name a step or argument binds is not fixed there.
        static = fixed_names - _bound_names(data)
        start = data["flow"]["start"]
        if start not in phases:
            self.fail(f"the start phase '{start}' is not among the phases", ("flow", "start"))
        return Game(
            id=data["id"],
            name=data["name"],
            players=(players["min"], players["max"], players.get("default", players["min"])),
            seat_names=tuple(data.get("seats", ())),
            options=tuple(options),
            variants={name: dict(raw["options"]) for name, raw in data.get("variants", {}).items()},
            constraints=self._constraints(base),
            constants=constants,
            components=self._components(base),
            zones=self.zones,
            vars=self.vars,
            setup=setup,
            phases=phases,
            start=start,
            moves=moves,
            end=self._end(base),
            scores=self._scores(data["scores"], base) if "scores" in data else None,
            value=self._seat_values(data["value"], base) if "value" in data else None,
            playout=data.get("playout"),
            max_moves=data.get("max_moves"),
            sheet=sheet,
            rest_zone=self._rest_zone(base),
            lacks=self._lacks(base),
            path=self.doc.file,
            step_lists=lambda values: self._step_lists(base, static, values, effects),
            summary=str(data.get("summary", "")),
            variant_labels={
                name: str(raw.get("label", name)) for name, raw in data.get("variants", {}).items()
            },
        )

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

    def _check_take_back(
        self, moves: Mapping[str, MoveDef], phases: Mapping[str, PhaseDef], setup: Sequence[Step]
    ) -> None:
        """``take_back`` undoes a player's own moves: it belongs in a move's effects, in
        a game whose every zone and var all seats see (undone, a draw from a face-down
        pile or a hidden change would be there to see again)."""
        if taking_back(setup):
            self.fail(
                "take_back undoes a player's moves: it belongs in a move's effects", ("setup",)
            )
        for phase in phases.values():
            lists = (phase.enter, phase.after_move, phase.then, phase.stuck or ())
            if any(taking_back(steps) for steps in lists):
                self.fail(
                    "take_back undoes a player's moves: it belongs in a move's effects",
                    ("flow", "phases", phase.name),
                )
        if not any(taking_back(move.effects) for move in moves.values()):
            return
        hidden = [f"zone '{z.name}'" for z in self.zones.values() if z.visibility != "everyone"]
        hidden += [f"var '{v.name}'" for v in self.vars.values() if v.visibility != "everyone"]
        if hidden:
            first = next(name for name, move in moves.items() if taking_back(move.effects))
            self.fail(
                "take_back is for games every seat sees whole: a turn taken back could "
                f"show again what it hid ({', '.join(hidden)} is not seen by everyone)",
                ("moves", first, "effects"),
            )

    def _step_parser(self, fixed_names: frozenset[str]) -> StepParser:
        """The reader of this pack's step lists."""
        data = self.data
        return StepParser(
            compile_expr=self.expr,
            zone_ref=self.zone_ref,
            template=self.template,
            where=self.where,
            vars=self.vars,
            all_stacks=self._all_stacks,
            phase_names=set(data["flow"]["phases"]),
            errors=self.errors,
            static_names=fixed_names,
            kept_names=frozenset(data.get("zones", {})) | frozenset(data.get("vars", {})),
        )

    def _step_lists(
        self,
        base: frozenset[str],
        static: frozenset[str],
        values: Mapping[str, object],
        general: StepParser,
    ) -> StepLists | None:
        """Every step list compiled again with the options and constants in ``values``
        written into its expressions; None if that does not compile as it did at load."""
        fixed = {
            name: value
            for name, value in values.items()
            if name in static and type(value) in _FOLDABLE
        }
        errors: list[PackError] = []

        def expr(raw: object, names: frozenset[str], path: Path_) -> Expr:
            return self.expr(raw, names, path, fixed)

        effects = StepParser(
            compile_expr=expr,
            zone_ref=general.zone_ref,
            template=lambda text, names, path: Template(
                text, lambda part: self.expr(part, names, path, fixed)
            ),
            where=general.where,
            vars=general.vars,
            all_stacks=general.all_stacks,
            phase_names=general.phase_names,
            errors=errors,
            static_names=general.static_names,
            kept_names=general.kept_names,
        )
        data = self.data
        moves = {}
        for name, raw in data["moves"].items():
            names = base | frozenset(raw.get("args", {}))
            moves[name] = effects.steps(raw.get("effects", []), names, ("moves", name, "effects"))
        phases: dict[str, dict[str, tuple[Step, ...]]] = {}
        for part in ("enter", "after_move", "then", "stuck"):
            phases[part] = {
                name: effects.steps(raw.get(part, []), base, ("flow", "phases", name, part))
                for name, raw in data["flow"]["phases"].items()
            }
        setup = effects.steps(data.get("setup", []), base, ("setup",))
        if errors:
            return None
        return StepLists(setup, moves, **phases)

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
        self, name: str, raw: Mapping[str, Any], base: frozenset[str], effects: StepParser
    ) -> MoveDef:
        path: Path_ = ("moves", name)
        args = self._args(raw.get("args", {}), base, path)
        arg_names = [arg.name for arg in args]
        names = base | frozenset(arg_names)
        written = placeholders(raw["text"])
        readable = sorted(written) == sorted(arg_names)
        if not readable:
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
        move = MoveDef(
            name=name,
            text=raw["text"],
            args=tuple(args),
            conditions=tuple(conditions),
            effects=effects.steps(raw.get("effects", []), names, (*path, "effects")),
            enabled=enabled,
            secret=secret,
            secret_to=secret_to,
            pattern=notation_pattern(raw["text"], args) if readable else None,
            where=self.where(path),
            tally=tally,
            plan=plan,
        )
        move.generator = compile_generator(move, LIBRARY_ALL)
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
        self, base: frozenset[str], moves: Mapping[str, MoveDef], effects: StepParser
    ) -> dict[str, PhaseDef]:
        phases: dict[str, PhaseDef] = {}
        for name, raw in self.data["flow"]["phases"].items():
            path: Path_ = ("flow", "phases", name)
            listed = []
            for index, move in enumerate(raw.get("moves", [])):
                if move in moves:
                    listed.append(moves[move])
                else:
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
            if turn != "auto" and not listed:
                self.fail(f"a '{turn}' phase needs moves", path)

            def steps(
                key: str, raw: Mapping[str, Any] = raw, path: Path_ = path
            ) -> tuple[Step, ...]:
                return effects.steps(raw.get(key, []), base, (*path, key))

            phases[name] = PhaseDef(
                name=name,
                turn=turn,
                moves=tuple(listed),
                actors=self.try_expr(raw["actors"], base, (*path, "actors"))
                if "actors" in raw
                else None,
                enter=steps("enter"),
                after_move=steps("after_move"),
                then=steps("then"),
                stuck=steps("stuck") if "stuck" in raw else None,
                label=str(raw.get("label", "")),
            )
        return phases
