"""The parts of a loaded rule pack: options, zones, vars, moves, phases, compiled once.

These are fixed facts shared by every state of a game; states hold only values.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.janken import Card, Rank, Suit
from vtt.rules.argtypes import ArgType, arg_type
from vtt.rules.errors import Where
from vtt.rules.expr import EvalError, Expr
from vtt.rules.stdlib import describe
from vtt.rules.values import Cell, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer

__all__ = [
    "ENGINE_CHANGES",
    "MAX_GRID",
    "PLAIN_TYPES",
    "ArgDef",
    "ComponentDef",
    "Condition",
    "EndCheck",
    "LackDef",
    "MoveDef",
    "OptionDef",
    "PhaseDef",
    "Step",
    "StepLists",
    "StopSteps",
    "Template",
    "VarDef",
    "ZoneDef",
    "ZoneRef",
    "leaves",
    "stopping",
    "taking_back",
]

Env = dict[str, Any]
#: Most columns (letters a-z) and rows of a grid.
MAX_GRID = 26
#: The names the engine's own turn methods (``give_turn``, ``skip``...) may change.
ENGINE_CHANGES = frozenset({"current", "direction", "players"})


class StopSteps(Exception):
    """Ends the step list under way (a ``stop`` step); the turn goes on."""


class Step:
    """One effect step of a pack, as loaded: plain data, run as generated code.

    Each kind of step is one module of ``vtt.rules.steps``, which reads it from YAML,
    says what it does (``run``: the reference, a plain interpreter of the step on a
    State) and how it is written into a generated function (``write``: the engine's
    optimisation, by default a call of ``run``). ``tests/rules/test_step_kinds.py``
    plays every kind both ways and finds them equal."""

    __slots__ = ()

    #: False for a step that changes neither zones nor vars nor names (kept values stay).
    changes_game: ClassVar[bool] = True
    #: True for a step that ends the list it runs in (``stop``).
    stops: ClassVar[bool] = False
    #: True for a step that undoes the turn under way (``take_back``).
    takes_back: ClassVar[bool] = False

    def inner(self) -> tuple[Step, ...]:
        """The steps this one holds (the branches of an ``if``, the body of a ``for``)."""
        found: list[Step] = []
        for name in getattr(self, "__dataclass_fields__", {}):
            value = getattr(self, name)
            if isinstance(value, tuple) and value and isinstance(value[0], Step):
                found += value
        return tuple(found)

    def assigned(self) -> frozenset[str] | None:
        """The environment names this step may bind anew; None: it could bind any."""
        return ENGINE_CHANGES

    def names_changed(self) -> frozenset[str] | None:
        """The environment names this step changes (bound anew or changed in place) when
        that is all it does; None for a step that may change zones, the turn or anything
        else, or that decides which steps run (``if``, ``for``)."""
        return None

    def specialise(self, decide: Callable[[Expr], bool]) -> tuple[Step, ...]:
        """This step for one set of options: an ``if`` on options alone becomes the
        branch it takes (``decide(test)`` gives the answer)."""
        return (self,)

    def run(self, state: State) -> None:
        """Do the step, plainly: what the kind means (every kind says it). A ``stop``
        raises StopSteps, which whoever runs the list catches."""
        raise NotImplementedError(f"{type(self).__name__} does not say how it runs")

    def write(self, writer: Writer) -> list[ast.stmt]:
        """The statements of this step in a generated function (``vtt.rules.stepgen``);
        by default a call of ``run``."""
        return writer.call(self)


@dataclass(frozen=True)
class OptionDef:
    """A choice made at game start."""

    name: str
    kind: str  # bool, int or choice
    default: object
    choices: tuple[object, ...] = ()
    low: int | None = None
    high: int | None = None
    label: str = ""

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed for this option, or None when it is."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else "expected true or false"
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return "expected a whole number"
            if self.low is not None and value < self.low:
                return f"expected at least {self.low}"
            if self.high is not None and value > self.high:
                return f"expected at most {self.high}"
            return None
        if value not in self.choices:
            return "expected one of " + ", ".join(str(c) for c in self.choices)
        return None


@dataclass(frozen=True)
class ZoneDef:
    """A kind of zone: one stack, one per player, a grid of stacks, or copies of those."""

    name: str
    per_player: bool = False
    #: Columns and rows: numbers, or expressions over options worked out when a game starts.
    grid: tuple[int | Expr, int | Expr] | None = None
    copies: Expr | None = None
    visibility: str = "everyone"
    shown: Expr | None = None  # the window lays it out only while this holds (or it is used)
    label: str = ""  # what players read it as, else its name
    #: How the table draws a grid: "cells" (squares) or "lines" (a go board's crossings).
    look: str = "cells"

    depth: int = field(init=False, default=0)  # how many indexes lead to one stack

    def __post_init__(self) -> None:
        depth = int(self.per_player) + int(self.copies is not None) + int(self.grid is not None)
        object.__setattr__(self, "depth", depth)

    @property
    def fixed_size(self) -> tuple[int, int] | None:
        """The grid's columns and rows when the pack writes them as numbers (the same in
        every game), else None."""
        if self.grid is None:
            return None
        cols, rows = self.grid
        return (cols, rows) if isinstance(cols, int) and isinstance(rows, int) else None

    def size(self, env: Env) -> tuple[int, int]:
        """The grid's columns and rows in a game with these options."""
        assert self.grid is not None
        found = []
        for part, what in zip(self.grid, ("columns", "rows"), strict=True):
            value = part if isinstance(part, int) else part(env)
            if type(value) is not int or not 1 <= value <= MAX_GRID:
                raise ValueError(
                    f"the grid of zone '{self.name}' needs 1 to {MAX_GRID} {what}, "
                    f"not {describe(value)}"
                )
            found.append(value)
        return found[0], found[1]


@dataclass(frozen=True)
class ZoneRef:
    """A zone named in an effect: ``hand[me]``, ``board[cell]``, or a whole family ``battle``."""

    zone: ZoneDef
    indexes: tuple[Expr, ...]
    text: str
    #: ``get(env)``: what the reference names (one stack when complete); built when
    #: first asked for (its indexes compile then).
    get: Callable[[Env], Any] = field(init=False, repr=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        # Only called while ``get`` is not made yet.
        if name != "get":
            raise AttributeError(name)
        get = _getter(self.zone.name, self.indexes)
        object.__setattr__(self, "get", get)
        return get

    @property
    def complete(self) -> bool:
        """True when the reference leads to exactly one stack."""
        return len(self.indexes) == self.zone.depth

    def stack(self, env: Env) -> list[Any]:
        """The one stack this reference names."""
        return self.get(env)  # type: ignore[no-any-return]

    def stacks(self, env: Env) -> list[list[Any]]:
        """Every stack under this reference (one for a complete reference)."""
        found = self.get(env)
        depth = self.zone.depth - len(self.indexes)
        if depth == 0:
            return [found]
        if depth == 1 and found.__class__ is list:  # one stack per player
            return found[:]
        return list(leaves(found, depth))

    def key(self, env: Env) -> tuple[object, ...]:
        """The instance's identity: the zone name and its evaluated indexes."""
        return (self.zone.name, *(index.fast(env) for index in self.indexes))


def _index(expr: Expr) -> Callable[[Env], Any]:
    """How to work out one index: a bare name (``hand[me]``) is read straight from the
    environment, anything else runs the expression."""
    body = expr.tree.body
    if isinstance(body, ast.Name) and body.id in expr.names:
        return operator.itemgetter(body.id)
    return expr.fast


def _getter(name: str, indexes: Sequence[Expr]) -> Callable[[Env], Any]:
    """``env[name][i1(env)][i2(env)]...`` as one small function."""
    steps = [_index(index) for index in indexes]
    if not steps:
        return operator.itemgetter(name)
    if len(steps) == 1:
        (first,) = steps
        return lambda env: env[name][first(env)]
    if len(steps) == 2:
        first, second = steps
        return lambda env: env[name][first(env)][second(env)]

    def deep(env: Env) -> Any:
        found = env[name]
        for step in steps:
            found = found[step(env)]
        return found

    return deep


def stopping(steps: Sequence[Step]) -> bool:
    """True when a ``stop`` step is among ``steps`` or inside them."""
    return any(step.stops or stopping(step.inner()) for step in steps)


def taking_back(steps: Sequence[Step]) -> bool:
    """True when a ``take_back`` step is among ``steps`` or inside them."""
    return any(step.takes_back or taking_back(step.inner()) for step in steps)


def leaves(node: Any, depth: int) -> Sequence[list[Any]]:
    """Every stack of a zone's contents ``depth`` levels down (cells of a grid too)."""
    if depth == 0:
        return [node]
    children = node.values() if isinstance(node, dict) else node
    return [leaf for child in children for leaf in leaves(child, depth - 1)]


@dataclass(frozen=True)
class LackDef:
    """What play has shown a seat does not hold (a pack's ``lacks:``): no component ``c``
    for which ``where`` holds lies in seat ``p``'s stacks of the per-player ``zone``.
    Searching agents deal unseen components under it (``search.determinize``)."""

    zone: str
    where: Expr  # over the pack's names, ``p`` (a seat) and ``c`` (a component)


@dataclass(frozen=True)
class VarDef:
    """A value the rules keep: global, or one per player (``initial`` may use ``seat``)."""

    name: str
    initial: Expr
    per_player: bool = False
    label: str = ""  # what players read it as, else its name
    shows: str = ""  # "seat": a seat number, shown as that player's name
    shown: Expr | None = None  # the window lists the var only while this holds
    visibility: str = "everyone"  # who sees its value: everyone, owner (per player), nobody
    bar: Expr | None = None  # the window draws the value as a bar filled out of this maximum
    on_table: bool = False  # the window writes the value on the table too, a line of text

    def value_text(self, value: object, names: Sequence[str]) -> str:
        """One value of the var as players read it: a seat as its player's name, true
        and false as yes and no ("points broken: yes")."""
        if self.shows == "seat" and type(value) is int and 0 <= value < len(names):
            return names[value]  # (a bool is not a seat: type() is exactly int)
        if type(value) is bool:
            return "yes" if value else "no"
        return describe(value)


@dataclass(frozen=True)
class ComponentDef:
    """A group of components and the zone they start in."""

    name: str
    start: ZoneRef
    cards: Expr | None = None
    pieces: tuple[str, ...] = ()
    count: int = 1
    per_player: bool = False
    when: Expr | None = None


class Template:
    """A message with ``{expression}`` places, filled in with player-readable values."""

    _PLACE = re.compile(r"\{([^{}]+)\}")

    def __init__(self, text: str, compile_part: Callable[[str], Expr]) -> None:
        self.text = text
        self.parts: list[str | Expr] = []
        position = 0
        for match in self._PLACE.finditer(text):
            self.parts.append(text[position : match.start()])
            self.parts.append(compile_part(match.group(1)))
            position = match.end()
        self.parts.append(text[position:])
        self._places = tuple(i for i, p in enumerate(self.parts) if not isinstance(p, str))

    @classmethod
    def of_parts(cls, text: str, parts: Sequence[str | Expr]) -> Template:
        """The template ``text`` with its parts already made (text and expressions, in order)."""
        made = cls.__new__(cls)
        made.text = text
        made.parts = list(parts)
        made._places = tuple(i for i, p in enumerate(parts) if not isinstance(p, str))
        return made

    def __getattr__(self, name: str) -> Any:
        # Only called while ``_runs`` is not made yet: the parts compile when first run.
        if name != "_runs":
            raise AttributeError(name)
        runs = tuple(p if isinstance(p, str) else p.fast for p in self.parts)
        self._runs: tuple[Any, ...] = runs
        return runs

    def render(self, env: Env) -> str:
        """The message for this environment."""
        return render_parts(self.capture(env))

    def capture(self, env: Env) -> tuple[object, ...]:
        """The message's parts for this environment, to be joined when first read: the
        expressions run now; a value that could change later is written out now too."""
        parts = [run if run.__class__ is str else run(env) for run in self._runs]
        for index in self._places:
            value = parts[index]
            if value.__class__ not in PLAIN_TYPES:
                parts[index] = describe(value)
        return tuple(parts)

    @property
    def names(self) -> frozenset[str]:
        """Every name the template reads."""
        return frozenset().union(*(p.names for p in self.parts if isinstance(p, Expr)))


def shown_now(test: Expr | None, env: Env) -> bool:
    """Whether a pack's display test (a var's or a zone's ``shown``) holds now. No test,
    or one that fails, counts as holding: a mistake in it never hides anything."""
    if test is None:
        return True
    try:
        return bool(test(env))
    except EvalError:
        return True


def bar_maximum(test: Expr | None, env: Env) -> float | None:
    """The maximum of a var drawn as a bar (its ``bar``), or None: no bar, or a maximum
    that fails or is not a positive number (a mistake in it never breaks the window)."""
    if test is None:
        return None
    try:
        value = test(env)
    except EvalError:
        return None
    if type(value) is int or type(value) is float:  # (a bool is no maximum)
        return float(value) if value > 0 else None
    return None


#: Values that never change, so a message may hold them and be written out later.
PLAIN_TYPES: frozenset[type] = frozenset(
    {str, int, bool, float, type(None), Card, Suit, Rank, Cell, Piece}
)


def render_parts(parts: Sequence[object]) -> str:
    """A message from the parts ``Template.capture`` kept."""
    return "".join(p if p.__class__ is str else describe(p) for p in parts)


@dataclass(frozen=True)
class Condition:
    """A ``when`` check with its message; ``after`` is the last argument it needs (-1: none)."""

    check: Expr
    message: Template
    after: int = -1


@dataclass(frozen=True)
class ArgDef:
    """A move argument: how it is written (``type``, the name of its ``argtype``) and
    where its values come from. A type that is no argument type is refused here
    (``UnknownArgType`` names the types), so no argument is ever of an unknown one."""

    name: str
    type: str
    domain: Expr | None = None
    grid: ZoneRef | None = None
    low: int = 1
    high: int = 1
    argtype: ArgType = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "argtype", arg_type(self.type))


@dataclass
class MoveDef:
    """A kind of move: its notation, arguments and conditions (its effects are in the
    pack's ``StepLists``, by the move's name)."""

    name: str
    text: str
    args: tuple[ArgDef, ...]
    conditions: tuple[Condition, ...]
    enabled: Expr | None = None
    #: Who learns the move's arguments: "" everyone; "phase" the others when the ``each``
    #: phase reveals its choices; "never" nobody else; "to" the seats ``secret_to``
    #: gives (when the phase reveals its choices, in an ``each`` phase; else at once).
    secret: str = ""
    secret_to: Expr | None = None
    pattern: Any = None  # how its notation is read: a vtt.rules.moves.Notation
    where: Where | None = None
    #: What the table shows while the move is built card by card ("9 of 13 needed").
    tally: Template | None = None
    plan: Any = None  # a vtt.rules.plan.MovePlan
    generator: Any = None  # its vtt.rules.generate.Generator, set by the loader
    arg_names: tuple[str, ...] = field(init=False, default=())
    #: ``bind(env, values)`` puts the argument values into the environment by name.
    bind: Callable[[Env, tuple[Any, ...]], None] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.arg_names = tuple(arg.name for arg in self.args)
        self.bind = _binder(self.arg_names)


def _binder(names: tuple[str, ...]) -> Callable[[Env, tuple[Any, ...]], None]:
    """A function storing argument values under their names: applying a move does this
    every time, so the usual one, two or three arguments are stored without a loop."""
    if len(names) == 1:
        (a,) = names

        def bind_one(env: Env, values: tuple[Any, ...]) -> None:
            env[a] = values[0]

        return bind_one
    if len(names) == 2:
        a, b = names

        def bind_two(env: Env, values: tuple[Any, ...]) -> None:
            env[a], env[b] = values

        return bind_two
    if len(names) == 3:
        a, b, c = names

        def bind_three(env: Env, values: tuple[Any, ...]) -> None:
            env[a], env[b], env[c] = values

        return bind_three

    def bind(env: Env, values: tuple[Any, ...]) -> None:
        env.update(zip(names, values, strict=True))

    return bind


@dataclass
class PhaseDef:
    """A phase of play: who moves (``single``, ``each`` or ``auto``) and which moves
    (its step lists are in the pack's ``StepLists``, by the phase's name)."""

    name: str
    turn: str = "single"
    moves: tuple[MoveDef, ...] = ()
    actors: Expr | None = None
    label: str = ""  # what players read while it runs ("placing a piece"), else its name


@dataclass(frozen=True)
class StepLists:
    """Every step list of a pack, their one home: ``setup``, each move's effects by move
    name, and each phase's lists by phase name (``stuck`` only for the phases that
    say what a stuck player does). The pack's as loaded (``PackSpec.steps``), and one
    set of options' with every ``if`` on options decided (``Rules.steps``, ``map``)."""

    setup: tuple[Step, ...]
    effects: Mapping[str, tuple[Step, ...]]
    enter: Mapping[str, tuple[Step, ...]]
    after_move: Mapping[str, tuple[Step, ...]]
    then: Mapping[str, tuple[Step, ...]]
    stuck: Mapping[str, tuple[Step, ...]]

    def map(self, change: Callable[[tuple[Step, ...]], tuple[Step, ...]]) -> StepLists:
        """Every list through ``change``, each in its place."""

        def each(lists: Mapping[str, tuple[Step, ...]]) -> dict[str, tuple[Step, ...]]:
            return {name: change(steps) for name, steps in lists.items()}

        return StepLists(
            setup=change(self.setup),
            effects=each(self.effects),
            enter=each(self.enter),
            after_move=each(self.after_move),
            then=each(self.then),
            stuck=each(self.stuck),
        )


@dataclass(frozen=True)
class EndCheck:
    """A check run after every move that ends the game when it holds."""

    check: Expr
    winners: Expr
    reason: Template


def option_values(options: Sequence[OptionDef], given: Mapping[str, object]) -> dict[str, object]:
    """Every option's value: the given ones checked, the rest their defaults."""
    known = {o.name: o for o in options}
    for name in given:
        if name not in known:
            raise ValueError(
                f"unknown option {name!r}; the options are: {', '.join(known) or 'none'}"
            )
    values: dict[str, object] = {}
    for option in options:
        value = given.get(option.name, option.default)
        problem = option.check(value)
        if problem:
            raise ValueError(f"option {option.name!r}: {problem}, not {value!r}")
        values[option.name] = value
    return values
