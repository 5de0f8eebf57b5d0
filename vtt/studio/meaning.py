"""Checks on a pack's meaning: parts of a pack that load without an error but do nothing.

A pack may pass the check pass and still hold parts no game ever uses: a phase no
step goes to, a move no phase offers or whose checks are false with every set of
options, components lying face down where no step takes them from or shows them, an
end check false in every game, a var that no expression reads and no player sees.
``meaning_warnings`` finds these from the checked spec alone (quick enough to run as
a designer types), each a ``Diagnostic`` of severity ``warning`` at its line. With
``games`` it also plays that many seeded random games (the random agent's choices,
each game's options taken in turn from the defaults, the variants, each other value
of each option and the fewest and most players) and reports what only play shows: a
game that did not end within the pack's move limit, a move never legal, a phase
never entered, an end check that never ended a game.

Every warning is true of the pack as written (or of the games played, which its
message says): where a check cannot be sure (a phase step whose target is worked
out from a var, an option with too many values to try), it says nothing. A pack with
errors gets no warnings: its spec is only the part that passed.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from typing import Any

from vtt.ai.random_agent import RandomAgent
from vtt.ai.simulate import MAX_MOVES
from vtt.rules.errors import RulesError, Where
from vtt.rules.expr import Expr
from vtt.rules.game import Game
from vtt.rules.loader import Checked, Diagnostic, PackSpec, compile_pack
from vtt.rules.model import OptionDef, Step, Template, ZoneRef
from vtt.rules.sheet import SHEET
from vtt.rules.steps.branch import If
from vtt.rules.steps.deal import Deal
from vtt.rules.steps.draw_until import DrawUntil
from vtt.rules.steps.gather import Gather
from vtt.rules.steps.move import Move
from vtt.rules.steps.phase import Phase
from vtt.rules.steps.refill import Refill
from vtt.rules.steps.reveal import Reveal
from vtt.rules.steps.shuffle import Shuffle
from vtt.rules.trial import Setting, settings_of

__all__ = ["BACKGROUND_GAMES", "WARNING", "meaning_warnings"]

#: The severity of every finding here.
WARNING = "warning"
#: Random games for a background run (the studio's, after the pack is saved or idle):
#: the first eight settings (the defaults, each variant, each other option value...),
#: under half a second of CPU time for most shipped packs, 4 s for Janken Go's
#: (``make bench``). ``vtt validate`` plays none unless asked (``--games``).
BACKGROUND_GAMES = 8
#: The most sets of options an expression is worked out for; past it, no finding.
MAX_OPTION_SETS = 4096
#: The most times the static checks work an expression out (one set of options
#: each) for one pack: a pack of many large options stays quick, with fewer findings.
MAX_WORKINGS = 50_000
#: An int option with more values than this is not tried value by value.
MAX_INT_VALUES = 64

Path_ = tuple[str | int, ...]


def meaning_warnings(
    checked: Checked,
    *,
    games: int = 0,
    seed: int = 0,
    stop: Callable[[], bool] | None = None,
) -> tuple[Diagnostic, ...]:
    """The warnings on a checked pack's meaning, in the order of their lines: the
    static checks, and with ``games`` > 0 those of that many random games (seeds
    ``seed``, ``seed + 1``...). ``stop()`` is asked between games and moves; once it
    says True the games played so far are dropped and only the static warnings come
    back. A pack with errors, or a table setup, gets none."""
    spec = checked.spec
    if spec is None or spec.kind != "game":
        return ()
    if any(found.severity != WARNING for found in checked.diagnostics):
        return ()
    stopped = stop or _never
    meaning = _Meaning(spec)
    found = meaning.static()
    if games > 0 and not stopped():
        played = _play_games(meaning, games, seed, stopped)
        if played is not None:
            found += meaning.from_play(played)
    diagnostics = [_diagnostic(spec, where, message) for where, message in found]
    return tuple(sorted(diagnostics, key=lambda d: (d.line, d.column, d.message)))


def _never() -> bool:
    return False


def _diagnostic(spec: PackSpec, where: Path_ | Where, message: str) -> Diagnostic:
    place = where if isinstance(where, Where) else spec.where(where)
    return Diagnostic(
        place.file,
        place.line,
        place.column,
        message,
        place.path,
        f"{place}: warning: {message}",
        severity=WARNING,
    )


# --- what the steps and expressions of a pack do --------------------------------------


def _walk(steps: Iterable[Step], fixed: Mapping[str, object] | None = None) -> Iterator[Step]:
    """Every step of a list, the steps inside an ``if`` or a ``for`` too; with the
    ``fixed`` values of a game's options, only the branch of an ``if`` they decide."""
    for step in steps:
        yield step
        if fixed is not None and isinstance(step, If):
            truth = _truth_of(step.test, fixed)
            if truth is not None:
                yield from _walk(step.then if truth else step.other, fixed)
                continue
        yield from _walk(step.inner(), fixed)


def _field_values(step: Step) -> list[object] | None:
    """The values a step holds (its expressions, messages, zones...); None for a step
    of a kind whose parts cannot be read (then nothing is concluded from them)."""
    parts: Mapping[str, object] | None = getattr(step, "__dataclass_fields__", None)
    if parts is None:
        return None
    return [getattr(step, name) for name in parts]


_PLAIN = (Step, str, int, float, bool, type(None), frozenset)


def _reads(value: object, into: set[str]) -> bool:
    """Add the names ``value`` reads (an expression, a message, a zone's indexes, or a
    tuple of them) to ``into``; False when it holds a part this does not know."""
    if isinstance(value, Expr | Template):
        into |= value.names
    elif isinstance(value, ZoneRef):
        for index in value.indexes:
            into |= index.names
    elif isinstance(value, tuple | list):
        return all([_reads(item, into) for item in value])
    elif not (isinstance(value, _PLAIN) or callable(value)):
        return False
    return True


def _zone_refs(value: object) -> Iterator[ZoneRef]:
    if isinstance(value, ZoneRef):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _zone_refs(item)


def _taken_from(step: Step) -> tuple[str, ...] | None:
    """The zones a step takes components from or shows (None: every zone)."""
    if isinstance(step, Gather):
        return None
    if isinstance(step, Shuffle):
        return ()
    if isinstance(step, Move):
        return tuple(ref.zone.name for ref in step.sources)
    if isinstance(step, Deal | DrawUntil | Refill):
        return (step.source.zone.name,)
    if isinstance(step, Reveal):
        return (step.zone.zone.name,) if step.shown else ()
    # Any other kind: every zone it names counts (it may take from it).
    values = _field_values(step)
    if values is None:
        return None
    return tuple(ref.zone.name for ref in _zone_refs(values))


def _phase_targets(step: Step) -> frozenset[str] | None:
    """The phases a step may go to: none but a ``phase:`` step's (None: any)."""
    return step.targets() if isinstance(step, Phase) else frozenset()


# --- expressions false whatever the options -------------------------------------------


_UNKNOWN: Any = object()

_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}


def _value(node: ast.expr, fixed: Mapping[str, object]) -> Any:
    """The value of an expression's part when the ``fixed`` names (options and
    constants) decide it, else ``_UNKNOWN``: literals, those names, and the
    comparisons, ``not``, ``and``/``or`` and ``x if c else y`` built of them."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return fixed.get(node.id, _UNKNOWN)
    if isinstance(node, ast.Tuple | ast.List):
        items = [_value(item, fixed) for item in node.elts]
        return _UNKNOWN if any(item is _UNKNOWN for item in items) else tuple(items)
    truth = _truth(node, fixed)
    if isinstance(node, ast.Compare | ast.UnaryOp) and truth is not None:
        return truth
    if isinstance(node, ast.IfExp) and truth is not None:
        test = _truth(node.test, fixed)
        if test is not None:
            return _value(node.body if test else node.orelse, fixed)
    return _UNKNOWN


def _truth(node: ast.expr, fixed: Mapping[str, object]) -> bool | None:
    """Whether an expression's part is true, when the ``fixed`` names decide it
    (``len(hand) > 0 and mode == 'x'`` is false whenever ``mode`` is not 'x'); None
    when they do not."""
    if isinstance(node, ast.BoolOp):
        parts = [_truth(value, fixed) for value in node.values]
        deciding = isinstance(node.op, ast.Or)  # the truth value that ends the chain
        if deciding in parts:
            return deciding
        return None if None in parts else not deciding
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _truth(node.operand, fixed)
        return None if inner is None else not inner
    if isinstance(node, ast.IfExp):
        test = _truth(node.test, fixed)
        if test is not None:
            return _truth(node.body if test else node.orelse, fixed)
        body, orelse = _truth(node.body, fixed), _truth(node.orelse, fixed)
        return body if body == orelse else None
    if isinstance(node, ast.Compare):
        values = [_value(part, fixed) for part in (node.left, *node.comparators)]
        if any(value is _UNKNOWN for value in values):
            return None
        try:
            return all(
                _COMPARE[type(op)](values[i], values[i + 1]) for i, op in enumerate(node.ops)
            )
        except Exception:  # ('a' < 3): it fails when it runs, nothing to say here
            return None
    value = _value(node, fixed) if isinstance(node, ast.Constant | ast.Name) else _UNKNOWN
    if value is _UNKNOWN:
        return None
    try:
        return bool(value)
    except Exception:
        return None


def _values(option: OptionDef) -> tuple[object, ...] | None:
    """Every value an option may take, or None when there are too many to try."""
    if option.kind == "bool":
        return (False, True)
    if option.kind == "int":
        low, high = option.low, option.high
        if low is None or high is None or high - low >= MAX_INT_VALUES:
            return None
        return tuple(range(low, high + 1))
    return option.choices or None


def _option_sets(spec: PackSpec, exprs: Sequence[Expr]) -> list[dict[str, object]] | None:
    """Every set of values of the options these expressions read, or None when there
    are too many to try (no finding then). A name a comprehension binds in one of
    them is left out: there it is not the option. Constants are not fixed: they are
    the designer's switches (a template's ``goal: squares``, to change to ``line``),
    so a check false only with the value written now is not said never to hold."""
    read = frozenset().union(*(expr.names for expr in exprs)) & spec.static_names
    read -= frozenset().union(*(_bound(expr.tree) for expr in exprs))
    tried: list[tuple[str, tuple[object, ...]]] = []
    for option in spec.options:
        if option.name in read:
            values = _values(option)
            if values is not None:
                tried.append((option.name, values))
    if math.prod(len(values) for _, values in tried) > MAX_OPTION_SETS:
        return None
    names = [name for name, _ in tried]
    return [dict(zip(names, chosen, strict=True)) for chosen in product(*(v for _, v in tried))]


def _bound(tree: ast.AST) -> frozenset[str]:
    """The names a comprehension in ``tree`` binds."""
    return frozenset(
        node.id
        for generator in ast.walk(tree)
        if isinstance(generator, ast.comprehension)
        for node in ast.walk(generator.target)
        if isinstance(node, ast.Name)
    )


def _truth_of(expr: Expr, fixed: Mapping[str, object]) -> bool | None:
    """Whether ``expr`` holds when the ``fixed`` values decide it (a name a
    comprehension in it binds is not the fixed one), else None."""
    bound = _bound(expr.tree)
    return _truth(expr.tree.body, {k: v for k, v in fixed.items() if k not in bound})


def _false_with(expr: Expr, options: Mapping[str, object]) -> bool:
    return _truth_of(expr, options) is False


class _Flow:
    """Where the steps of a pack lead: the phases a game may enter. With the ``fixed``
    values of a game's options, an ``if`` they decide takes its one branch."""

    def __init__(self, spec: PackSpec, fixed: Mapping[str, object] | None = None) -> None:
        self.spec = spec
        #: Every step of the pack, by the list it is in.
        steps = spec.steps
        self.lists: dict[str, list[Step]] = {"setup": list(_walk(steps.setup, fixed))}
        for move in spec.moves:
            self.lists[f"move {move}"] = list(_walk(steps.effects.get(move, ()), fixed))
        for phase in spec.phases:
            parts = (
                *steps.enter.get(phase, ()),
                *steps.after_move.get(phase, ()),
                *steps.then.get(phase, ()),
                *steps.stuck.get(phase, ()),
            )
            self.lists[f"phase {phase}"] = list(_walk(parts, fixed))
        self.reachable = self._reachable()
        self.at_start = self._at_start(fixed)

    def _targets(self, key: str) -> frozenset[str] | None:
        found: set[str] = set()
        for step in self.lists[key]:
            targets = _phase_targets(step)
            if targets is None:
                return None
            found |= targets
        return frozenset(found)

    def _leads_to(self, phase: str) -> frozenset[str] | None:
        """The phases the steps run in ``phase`` may go to (None: any)."""
        keys = [f"phase {phase}", *(f"move {move.name}" for move in self.spec.phases[phase].moves)]
        found: set[str] = set()
        for key in keys:
            targets = self._targets(key)
            if targets is None:
                return None
            found |= targets
        return frozenset(found)

    def _reachable(self) -> frozenset[str]:
        """The phases some game may enter: the start, and those a ``phase:`` step of a
        phase entered leads to (every phase when a step's target comes from a var)."""
        every = frozenset(self.spec.phases)
        first = self._targets("setup")
        if first is None:
            return every
        seen = {self.spec.start} | set(first)
        waiting = list(seen)
        while waiting:
            phase = waiting.pop()
            if phase not in self.spec.phases:
                continue
            targets = self._leads_to(phase)
            if targets is None:
                return every
            waiting += targets - seen
            seen |= targets
        return frozenset(seen) & every

    def _at_start(self, fixed: Mapping[str, object] | None) -> frozenset[str]:
        """The phases a new game may pass through before the first move is asked for
        (the start, and where their ``enter`` and ``stuck`` steps lead): random games
        cannot see them entered, so they are never said not to be."""
        seen = {self.spec.start}
        waiting = [self.spec.start]
        while waiting:
            name = waiting.pop()
            if name not in self.spec.phases:
                continue
            lists = self.spec.steps
            entering = (*lists.enter.get(name, ()), *lists.stuck.get(name, ()))
            for step in _walk(entering, fixed):
                targets = _phase_targets(step)
                if targets is None:
                    return frozenset(self.spec.phases)
                waiting += targets - seen
                seen |= targets
        return frozenset(seen)


# --- the static checks ------------------------------------------------------------------

Found = tuple[Path_ | Where, str]


class _Meaning:
    """What the steps and expressions of one pack do, found once, and the warnings."""

    def __init__(self, spec: PackSpec) -> None:
        self.spec = spec
        self.flow = _Flow(spec)
        #: Every step of the pack, by the list it is in.
        self.lists = self.flow.lists
        self.reachable = self.flow.reachable
        self._flows: dict[str, _Flow] = {}
        #: The moves the static checks found never legal.
        self.idle: set[str] = set()
        #: How many more times an expression may be worked out (``MAX_WORKINGS``).
        self.workings = MAX_WORKINGS

    def flow_with(self, fixed: Mapping[str, object]) -> _Flow:
        """The phases of a game with these option values (made once for each)."""
        key = repr(sorted(fixed.items()))
        found = self._flows.get(key)
        if found is None:
            found = self._flows[key] = _Flow(self.spec, fixed)
        return found

    def fixed(self, env: Mapping[str, object]) -> dict[str, object]:
        """A game's option values and constants (the fixed names), as its ``env``
        holds them."""
        return {name: env[name] for name in self.spec.static_names if name in env}

    def option_sets(self, exprs: Sequence[Expr]) -> list[dict[str, object]] | None:
        """``_option_sets`` within what is left of the pack's workings."""
        sets = _option_sets(self.spec, exprs)
        if sets is None or len(sets) * len(exprs) > self.workings:
            return None
        self.workings -= len(sets) * len(exprs)
        return sets

    def never_holds(self, expr: Expr) -> bool:
        """True when ``expr`` is false with every set of options."""
        return self._always(expr, False)

    def _always(self, expr: Expr, truth: bool) -> bool:
        """True when ``expr`` is ``truth`` with every set of options."""
        sets = self.option_sets((expr,))
        return bool(sets) and all(_truth_of(expr, options) is truth for options in sets or ())

    # - the checks

    def static(self) -> list[Found]:
        """Every warning the spec alone shows."""
        return [
            *self.unreached_phases(),
            *self.idle_moves(),
            *self.never_ending(),
            *self.absent_components(),
            *self.unused_components(),
            *self.unread_vars(),
        ]

    def unreached_phases(self) -> Iterator[Found]:
        for name in self.spec.phases:
            if name not in self.reachable:
                yield (
                    ("flow", "phases", name),
                    f"phase '{name}' can never be reached: it is not flow.start, and no "
                    "'phase:' step run in a phase that can be reached goes to it",
                )

    def idle_moves(self) -> Iterator[Found]:
        """Moves no phase entered offers, or whose checks are false with every set of
        options (each noted in ``idle``)."""
        offered: dict[str, list[str]] = {}
        for phase in self.spec.phases.values():
            for move in phase.moves:
                offered.setdefault(move.name, []).append(phase.name)
        for name, move in self.spec.moves.items():
            phases = offered.get(name, [])
            if not phases:
                self.idle.add(name)
                yield (
                    ("moves", name),
                    f"move '{name}' can never be legal: no phase lists it in its moves",
                )
            elif not set(phases) & self.reachable:
                self.idle.add(name)
                yield (
                    ("moves", name),
                    f"move '{name}' can never be legal: it is offered only in phases that "
                    f"can never be reached ({', '.join(phases)})",
                )
            else:
                yield from self._never_legal(name, move.enabled, [c.check for c in move.conditions])

    def _never_legal(self, name: str, enabled: Expr | None, checks: list[Expr]) -> Iterator[Found]:
        """A move whose ``enabled`` or a ``when`` check is false with every set of options."""
        exprs = [expr for expr in (enabled, *checks) if expr is not None]
        sets = self.option_sets(exprs)
        if not exprs or not sets:
            return
        blocking = [{id(e) for e in exprs if _false_with(e, options)} for options in sets]
        if not all(blocking):
            return
        self.idle.add(name)
        always = set.intersection(*blocking)
        culprit = next((e for e in exprs if id(e) in always), None)
        if culprit is None:
            yield (
                ("moves", name),
                f"move '{name}' can never be legal: with every set of options one of its "
                "checks is false",
            )
            return
        what = "enabled: is" if culprit is enabled else "this check is"
        yield (
            culprit.where or ("moves", name),
            f"move '{name}' can never be legal: {what} false with every set of options",
        )

    def never_ending(self) -> Iterator[Found]:
        for index, end in enumerate(self.spec.end):
            if self.never_holds(end.check):
                yield (
                    end.check.where or ("end", index, "check"),
                    "this end check never fires: it is false with every set of options",
                )
            elif self._always(end.check, True):
                yield (
                    end.check.where or ("end", index, "check"),
                    "this end check always holds: every game ends as soon as it starts",
                )

    def _all_steps(self) -> Iterator[Step]:
        for steps in self.lists.values():
            yield from steps

    @cached_property
    def names_read(self) -> tuple[set[str], bool]:
        """Every name an expression, message or step of the pack reads (the vars'
        own ``initial``, ``shown`` and ``bar`` left out), and False when some step
        holds parts that cannot be read."""
        spec = self.spec
        read: set[str] = set()
        known = True
        for step in self._all_steps():
            values = _field_values(step)
            known = values is not None and _reads(values, read) and known
        parts: list[object] = [
            [check for check, _ in spec.constraints],
            [(c.cards, c.when, c.start) for c in spec.components],
            [(z.copies, z.shown, z.grid or ()) for z in spec.zones.values()],
            [(e.check, e.winners, e.reason) for e in spec.end],
            spec.scores,
            spec.value.expr if spec.value is not None else None,
            [c.value for c in (*spec.sheet.row, *spec.sheet.seat)] if spec.sheet else None,
            spec.rest_zone,
            [lack.where for lack in spec.lacks],
            [phase.actors for phase in spec.phases.values()],
        ]
        for move in spec.moves.values():
            parts += [move.enabled, move.secret_to, move.tally]
            parts += [(arg.domain, arg.grid) for arg in move.args]
            parts += [(c.check, c.message) for c in move.conditions]
        known = _reads(parts, read) and known
        return read, known

    def unread_vars(self) -> Iterator[Found]:
        read, known = self.names_read
        if not known:
            return
        written: set[str] = set()
        for step in self._all_steps():
            written |= step.names_changed() or frozenset()
        for var in self.spec.vars.values():
            if var.name == SHEET or var.shows == SHEET or var.name in read:
                continue
            others = (v for v in self.spec.vars.values() if v is not var)
            if any(var.name in _names(v.initial, v.shown, v.bar) for v in others):
                continue
            if var.visibility != "nobody" and not (
                var.shown is not None and self.never_holds(var.shown)
            ):
                continue  # the window lists it: players read it
            why = (
                "visibility: nobody"
                if var.visibility == "nobody"
                else "its shown: is false with every set of options"
            )
            done = "is set" if var.name in written else "is never set"
            yield (
                ("vars", var.name),
                f"var '{var.name}' {done} but never read: no expression, message or step "
                f"reads it, and no player sees it ({why})",
            )

    def absent_components(self) -> Iterator[Found]:
        """Component groups whose ``when`` is false with every set of options."""
        for group in self.spec.components:
            if group.when is not None and self.never_holds(group.when):
                yield (
                    group.when.where or ("components", group.name, "when"),
                    f"the components of '{group.name}' are in no game: their when: is "
                    "false with every set of options",
                )

    def unused_components(self) -> Iterator[Found]:
        """Component groups lying face down where no step takes them or shows them."""
        taken: set[str] = set()
        for step in self._all_steps():
            zones = _taken_from(step)
            if zones is None:
                return  # a gather (or a step not known) may take from every zone
            taken |= set(zones)
        read, known = self.names_read
        if not known:
            return
        for group in self.spec.components:
            zone = group.start.zone
            if zone.visibility != "nobody" or zone.name in taken | read:
                continue
            yield (
                ("components", group.name),
                f"the components of '{group.name}' are never used: they start face down "
                f"in zone '{zone.name}', and no step ever moves them, deals them or shows "
                "them, nor does any expression read that zone",
            )

    # - what random games showed

    def from_play(self, played: _Played) -> list[Found]:
        spec, found = self.spec, list[Found]()
        if played.games == 0:
            return found
        games = f"{played.games} random game{'s' if played.games != 1 else ''}"
        if played.unended:
            data = spec.source.data if spec.source is not None else None
            where: Path_ = ("end",) if isinstance(data, dict) and "end" in data else ("flow",)
            found.append(
                (
                    where,
                    f"{len(played.unended)} of {games} did not end within {played.limit} "
                    f"moves, the most a game may take (max_moves); the first: "
                    f"{played.unended[0]}",
                )
            )
        entered = played.entered | self.flow.at_start
        for name in spec.phases:
            if name in played.reachable - entered:
                found.append(
                    (("flow", "phases", name), f"phase '{name}' was never entered in {games}")
                )
        for name in spec.moves:
            if name in played.offered - played.legal - self.idle:
                found.append(
                    (("moves", name), f"move '{name}' was offered but never legal in {games}")
                )
        if played.ended:
            for index, end in enumerate(spec.end):
                if index in played.tried - played.fired:
                    ended = f"{played.ended} of {games} that ended"
                    found.append(
                        (
                            end.check.where or ("end", index, "check"),
                            f"this end check never ended a game: it held at the end of none "
                            f"of the {ended}",
                        )
                    )
        return found


def _names(*exprs: Expr | None) -> set[str]:
    found: set[str] = set()
    _reads(exprs, found)
    return found


# --- random games -----------------------------------------------------------------------


@dataclass
class _Played:
    """What the random games showed."""

    limit: int
    games: int = 0
    ended: int = 0
    unended: list[str] = field(default_factory=list)
    entered: set[str] = field(default_factory=set)
    legal: set[str] = field(default_factory=set)
    #: The moves offered at some position: in the phase, and ``enabled`` then.
    offered: set[str] = field(default_factory=set)
    #: The phases reachable with the options of some game played.
    reachable: set[str] = field(default_factory=set)
    #: The end checks not false with the options of some game that ended.
    tried: set[int] = field(default_factory=set)
    fired: set[int] = field(default_factory=set)


def _play_games(
    meaning: _Meaning, games: int, seed: int, stop: Callable[[], bool]
) -> _Played | None:
    """Play ``games`` random games of the pack; None when ``stop()`` said so (or when
    the pack cannot be compiled)."""
    try:
        game = compile_pack(meaning.spec)
    except Exception:  # nothing to play: the static warnings alone
        return None
    settings = list(settings_of(game))
    limit = MAX_MOVES if game.max_moves is None else int(game.max_moves)
    played = _Played(limit)
    for number in range(games):
        setting = settings[number % len(settings)]
        if not _play(game, meaning, setting, seed + number, played, stop):
            return None
    return played


def _play(
    game: Game,
    meaning: _Meaning,
    setting: Setting,
    seed: int,
    played: _Played,
    stop: Callable[[], bool],
) -> bool:
    """Play one random game and note what it showed; False when ``stop()`` said so. A
    game that cannot start or fails is left out (``vtt validate`` reports those)."""
    try:
        state = game.new_state(setting.options, seed, players=setting.players)
    except Exception:  # refused options, or a start that fails (vtt validate says so)
        return True
    agent = RandomAgent(seed)
    seen = _Played(played.limit)
    made = 0
    try:
        while state.outcome is None and made < played.limit:
            if stop():
                return False
            seen.entered.add(state.phase)
            _offer(game, state.phase, state.env, seen.offered)
            legal = list(state.legal_moves)
            if not legal:
                return True
            seen.legal.update(move.kind.name for move in legal if move.kind is not None)
            state.beats = []
            try:
                state.apply_unchecked(agent.choose(None, legal))
            finally:
                beats, state.beats = state.beats, None
            seen.entered.update(beat.phase for beat in beats or ())
            made += 1
    except Exception:  # a pack failing (vtt validate says how), or the engine: no finding
        return True
    seen.entered.add(state.phase)
    played.games += 1
    played.entered |= seen.entered
    played.legal |= seen.legal
    played.offered |= seen.offered
    fixed = meaning.fixed(state.env)
    played.reachable |= meaning.flow_with(fixed).reachable
    if state.outcome is None:
        played.unended.append(f"seed {seed}, {setting.label}, {setting.players} players")
        return True
    played.ended += 1
    played.tried |= {
        i for i, end in enumerate(game.end) if _truth_of(end.check, fixed) is not False
    }
    for index, end in enumerate(game.end):
        if _holds(end.check, state.env):
            played.fired.add(index)
    return True


def _offer(game: Game, phase: str, env: dict[str, Any], offered: set[str]) -> None:
    """Note the moves the phase offers now (those whose ``enabled`` holds): a move
    never offered in the games played (War's ``play`` when no game was of a mode
    that plays cards) is not said never to be legal."""
    for move in game.phases[phase].moves:
        if move.name not in offered and (move.enabled is None or _holds(move.enabled, env)):
            offered.add(move.name)


def _holds(check: Expr, env: dict[str, Any]) -> bool:
    try:
        return bool(check(env))
    except RulesError:
        return False
