"""Effect steps: the declarative lists in ``setup``, moves and phases, compiled to closures.

Each step of a pack becomes one Python function ``step(state)``; a list of steps
runs them in order. Expressions and zone references are compiled once here.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from vtt.rules.errors import PackError, RulesError, Where
from vtt.rules.expr import Expr, spend
from vtt.rules.model import EndCheck, Env, Step, Template, VarDef, ZoneRef
from vtt.rules.stdlib import describe
from vtt.rules.values import Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = [
    "MAX_TURN_WORK",
    "STEP_WORK",
    "EffectCompiler",
    "RuleError",
    "end_steps",
    "move_top",
    "run",
    "specialise",
]

Path = tuple[str | int, ...]

#: Work one move, one setup or one settling of phases may do: the work units of its
#: expressions plus ``STEP_WORK`` for every step a ``for`` loop runs. Real turns
#: spend hundreds.
MAX_TURN_WORK: Final = 2_000_000
#: The work units of one step run by a ``for``: a step costs about as much as ten
#: items of a comprehension.
STEP_WORK: Final = 10


class RuleError(RulesError, RuntimeError):
    """A pack's rules did something impossible while running (a pack bug), with its place."""


# --- forms: what each compiled step does, for the step-list compiler ----------------
#
# A step closure built here carries its ``form``: the step's parts (expressions, zone
# references, inner step lists) as data, so ``vtt.rules.stepgen`` can write a whole
# list of steps as one Python function. A step without a form is called as it is.

#: The attribute a step closure keeps its form in.
FORM = "form"


@dataclass(frozen=True)
class IfForm:
    """``if: TEST, then: [...], else: [...]``."""

    test: Expr
    then: tuple[Step, ...]
    other: tuple[Step, ...]


@dataclass(frozen=True)
class ForForm:
    """``for: {each: NAME, in: VALUES, do: [...]}``, charged ``cost`` work units a round."""

    each: str
    values: Expr
    body: tuple[Step, ...]
    cost: int
    where: str


@dataclass(frozen=True)
class LetForm:
    """``let: {NAME: VALUE, ...}``."""

    bound: tuple[tuple[str, Expr], ...]


@dataclass(frozen=True)
class SetForm:
    """``set``/``add``: each var (an index for a per-player var) and its value."""

    changes: tuple[tuple[str, Expr | None, Expr], ...]
    adding: bool


@dataclass(frozen=True)
class MoveForm:
    """``move``: ``what`` to move (None: ``count`` from the top, None for all)."""

    what: Expr | None
    count: Expr | None
    sources: tuple[ZoneRef, ...]
    dest: ZoneRef
    bottom: bool


@dataclass(frozen=True)
class LogForm:
    """``log: TEXT``."""

    text: Template


@dataclass(frozen=True)
class PhaseForm:
    """``phase: NAME``."""

    name: str


@dataclass(frozen=True)
class EndForm:
    """``end_game: {winners: ..., reason: ...}``."""

    winners: Expr
    reason: Template


@dataclass(frozen=True)
class FlagForm:
    """``keep_turn`` or ``reverse``."""

    word: str


def end_steps(checks: Sequence[EndCheck]) -> tuple[Step, ...]:
    """A pack's ``end`` checks as steps: ``if CHECK: end_game`` for each, in order (the
    first that holds ends the game)."""
    found: list[Step] = []
    for check in checks:
        winners, reason = check.winners, check.reason

        def finish(state: State, winners: Expr = winners, reason: Template = reason) -> None:
            state.finish(winners.fast(state.env), reason.render(state.env))

        ending = _formed(finish, EndForm(winners, reason))
        found.append(_if_step(check.check, (ending,), ()))
    return tuple(found)


def _formed(step: Step, form: object) -> Step:
    setattr(step, FORM, form)
    return step


def run(steps: Iterable[Step], state: State) -> None:
    """Run a compiled step list."""
    for step in steps:
        step(state)


@dataclass
class EffectCompiler:
    """Turns raw YAML step lists into compiled steps, reporting errors with their place."""

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

    def _binds(self, name: str, path: Path) -> None:
        if name in self.kept_names:
            raise PackError(
                f"'{name}' is a zone or var of this pack: a let or for cannot use its name",
                self.where(path),
            )

    def steps(self, raw: Sequence[Any], names: frozenset[str], path: Path) -> tuple[Step, ...]:
        """Compile a list of steps; ``let`` names reach the steps after them."""
        compiled: list[Step] = []
        for index, item in enumerate(raw):
            here = (*path, index)
            try:
                if isinstance(item, dict) and "let" in item:
                    names = names | frozenset(item["let"])
                compiled.append(self.step(item, names, here))
            except PackError as error:
                self.errors.append(error)
        return tuple(compiled)

    def step(self, item: Any, names: frozenset[str], path: Path) -> Step:
        """Compile one step."""
        if isinstance(item, str):
            return _KEEP_TURN if item == "keep_turn" else _REVERSE
        keys = set(item)
        if "if" in keys:
            extra = keys - {"if", "then", "else"}
            if extra:
                raise PackError(
                    f"an 'if' step takes only then/else, not {', '.join(sorted(extra))}",
                    self.where(path),
                )
            return self._if(item, names, path)
        if keys & {"then", "else"}:
            raise PackError("'then' and 'else' belong to an 'if' step", self.where(path))
        if len(keys) != 1:
            raise PackError(
                f"a step has one key, found {', '.join(sorted(keys))}", self.where(path)
            )
        (key,) = keys
        build = getattr(self, f"_{key}")
        step: Step = build(item[key], names, (*path, key))
        return step

    def _expr(self, raw: object, names: frozenset[str], path: Path) -> Expr:
        return self.compile_expr(raw, names, path)

    def _if(self, item: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        test = self._expr(item["if"], names, (*path, "if"))
        then = self.steps(item.get("then", []), names, (*path, "then"))
        other = self.steps(item.get("else", []), names, (*path, "else"))
        if test.names <= self.static_names:
            return _folded_if(test, then, other)
        return _if_step(test, then, other)

    def _move(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        sources = raw["from"] if isinstance(raw["from"], list) else [raw["from"]]
        refs = [self.zone_ref(text, names, (*path, "from")) for text in sources]
        dest = self.zone_ref(raw["to"], names, (*path, "to"))
        self._complete(dest, (*path, "to"))
        bottom = raw.get("at") == "bottom"
        if "what" in raw:
            what = self._expr(raw["what"], names, (*path, "what"))
            form = MoveForm(what, None, tuple(refs), dest, bottom)
            return _formed(_move_items(what, refs, dest, bottom), form)
        count = None if raw.get("count", "all") == "all" else raw["count"]
        amount = None if count is None else self._expr(count, names, (*path, "count"))
        form = MoveForm(None, amount, tuple(refs), dest, bottom)
        return _formed(_move_count(amount, refs, dest, bottom), form)

    def _complete(self, ref: ZoneRef, path: Path) -> None:
        if not ref.complete:
            raise PackError(
                f"'{ref.text}' names several stacks; give all {ref.zone.depth} indexes",
                self.where(path),
            )

    def _shuffle(self, raw: str, names: frozenset[str], path: Path) -> Step:
        refs = self.zone_ref(raw, names, path)

        def step(state: State) -> None:
            shuffle = state.rng.shuffle
            for stack in refs.stacks(state.env):
                shuffle(stack)

        return step

    def _gather(self, raw: str, names: frozenset[str], path: Path) -> Step:
        target = self.zone_ref(raw, names, path)
        self._complete(target, path)
        everything = self.all_stacks

        def step(state: State) -> None:
            into = target.stack(state.env)
            for stack in everything(state.env):
                if stack is not into:
                    into.extend(stack)
                    stack.clear()
            state.revealed = frozenset()

        return step

    def _reveal(self, raw: str, names: frozenset[str], path: Path) -> Step:
        ref = self.zone_ref(raw, names, path)

        def step(state: State) -> None:
            state.revealed = state.revealed | {ref.key(state.env)}

        return step

    def _hide(self, raw: str, names: frozenset[str], path: Path) -> Step:
        ref = self.zone_ref(raw, names, path)

        def step(state: State) -> None:
            state.revealed = state.revealed - {ref.key(state.env)}

        return step

    def _deal(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        source = self.zone_ref(raw["from"], names, (*path, "from"))
        self._complete(source, (*path, "from"))
        family = self.zone_ref(raw["to"], names, (*path, "to"))
        if not family.zone.per_player or family.indexes or family.zone.depth != 1:
            raise PackError("deal: 'to' must be a per-player zone name", self.where((*path, "to")))
        count = raw["count"]
        each = None if count in ("all", "even") else self._expr(count, names, (*path, "count"))
        start = self._expr(raw["start"], names, (*path, "start")) if "start" in raw else None
        return _deal(source, family.zone.name, each, start, even=count == "even")

    def _refill(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        source = self.zone_ref(raw["from"], names, (*path, "from"))
        dest = self.zone_ref(raw["to"], names, (*path, "to"))
        size = self._expr(raw["size"], names, (*path, "size"))

        source_of, dest_of, size_of = source.get, dest.get, size.fast

        def step(state: State) -> None:
            env = state.env
            src, into, wanted = source_of(env), dest_of(env), size_of(env)
            while src and len(into) < wanted:  # type: ignore[operator]
                into.append(src.pop())

        return step

    def _draw_until(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        source = self.zone_ref(raw["from"], names, (*path, "from"))
        dest = self.zone_ref(raw["to"], names, (*path, "to"))
        until = self._expr(raw["until"], names, (*path, "until"))
        most = self._expr(raw["max"], names, (*path, "max")) if "max" in raw else None

        holds = until.fast

        def step(state: State) -> None:
            env = state.env
            src, into = source.stack(env), dest.stack(env)
            left = len(src) if most is None else min(len(src), int(most.fast(env)))  # type: ignore[call-overload]
            while left > 0 and not holds(env):
                into.append(src.pop())
                left -= 1

        return step

    def _target(self, key: str, names: frozenset[str], path: Path) -> tuple[str, Expr | None]:
        name, _, rest = key.partition("[")
        name = name.strip()
        if name not in self.vars:
            raise PackError(f"'{name}' is not a var of this pack", self.where(path))
        var = self.vars[name]
        if not rest:
            if var.per_player:
                raise PackError(f"'{name}' is per player: write {name}[seat]", self.where(path))
            return name, None
        if not var.per_player or not rest.endswith("]"):
            raise PackError(f"'{key}' is not a var or var[seat]", self.where(path))
        return name, self._expr(rest[:-1], names, path)

    def _set(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        return self._assign(raw, names, path, adding=False)

    def _add(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        return self._assign(raw, names, path, adding=True)

    def _assign(
        self, raw: Mapping[str, Any], names: frozenset[str], path: Path, *, adding: bool
    ) -> Step:
        changes: list[tuple[str, Expr | None, Expr]] = []
        for key, value in raw.items():
            name, index = self._target(key, names, (*path, key))
            changes.append((name, index, self._expr(value, names, (*path, key))))
        form = SetForm(tuple((name, index, value) for name, index, value in changes), adding)
        if len(changes) == 1 and not adding:
            return _formed(_set_one(*changes[0]), form)
        plan = [
            (name, None if index is None else index.fast, value.fast)
            for name, index, value in changes
        ]

        def step(state: State) -> None:
            env = state.env
            for name, index, value in plan:
                new = value(env)
                if index is None:
                    env[name] = env[name] + new if adding else new
                else:
                    seat = index(env)
                    slots = env[name]
                    slots[seat] = slots[seat] + new if adding else new

        return _formed(step, form)

    def _let(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        for name in raw:
            self._binds(name, (*path, name))
        exprs = tuple(
            (name, self._expr(value, names, (*path, name))) for name, value in raw.items()
        )
        bound = [(name, value.fast) for name, value in exprs]

        def step(state: State) -> None:
            env = state.env
            for name, value in bound:
                env[name] = value(env)

        return _formed(step, LetForm(exprs))

    def _for(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        each = raw["each"]
        self._binds(each, (*path, "each"))
        values = self._expr(raw["in"], names, (*path, "in"))
        body = self.steps(raw["do"], names | {each}, (*path, "do"))
        return _for_step(each, values, body, self.where(path))

    def _log(self, raw: str, names: frozenset[str], path: Path) -> Step:
        text = self.template(raw, names, path)
        capture = text.capture

        def step(state: State) -> None:
            state.say_later(capture(state.env))

        return _formed(step, LogForm(text))

    def _skip(self, raw: object, names: frozenset[str], path: Path) -> Step:
        count = self._expr(raw, names, path)

        def step(state: State) -> None:
            state.pass_turn(1 + int(count.fast(state.env)))  # type: ignore[call-overload]

        return step

    def _give_turn(self, raw: object, names: frozenset[str], path: Path) -> Step:
        seat = self._expr(raw, names, path)
        seat_of = seat.fast
        return lambda state: state.give_turn(seat_of(state.env))  # type: ignore[arg-type]

    def _eliminate(self, raw: object, names: frozenset[str], path: Path) -> Step:
        seat = self._expr(raw, names, path)
        return lambda state: state.eliminate(seat.fast(state.env))  # type: ignore[arg-type]

    def _phase(self, raw: str, names: frozenset[str], path: Path) -> Step:
        if raw not in self.phase_names:
            raise PackError(
                f"unknown phase '{raw}'; the phases are: {', '.join(sorted(self.phase_names))}",
                self.where(path),
            )

        def step(state: State) -> None:
            state.next_phase = raw

        return _formed(step, PhaseForm(raw))

    def _end_game(self, raw: Mapping[str, Any], names: frozenset[str], path: Path) -> Step:
        winners = self._expr(raw["winners"], names, (*path, "winners"))
        reason = self.template(raw["reason"], names, (*path, "reason"))

        def step(state: State) -> None:
            state.finish(winners.fast(state.env), reason.render(state.env))

        return _formed(step, EndForm(winners, reason))


#: ``specialise(decide)`` on a compound step: the steps it becomes once the ``if``
#: steps on options alone are decided (``decide(test)`` gives their answer).
_SPECIALISE = "specialise"


def specialise(steps: Sequence[Step], decide: Callable[[Expr], bool]) -> tuple[Step, ...]:
    """``steps`` for one set of options: every ``if`` on options alone replaced by the
    branch it takes, written in place, so a game never tests its options again."""
    found: list[Step] = []
    for step in steps:
        rebuild = getattr(step, _SPECIALISE, None)
        found.extend((step,) if rebuild is None else rebuild(decide))
    return tuple(found)


def _compound(step: Step, rebuild: Callable[[Callable[[Expr], bool]], Sequence[Step]]) -> Step:
    setattr(step, _SPECIALISE, rebuild)
    return step


def _if_step(test: Expr, then: tuple[Step, ...], other: tuple[Step, ...]) -> Step:
    holds = test.fast

    def step(state: State) -> None:
        for chosen in then if holds(state.env) else other:
            chosen(state)

    _formed(step, IfForm(test, then, other))
    return _compound(
        step,
        lambda decide: (_if_step(test, specialise(then, decide), specialise(other, decide)),),
    )


def _for_step(each: str, values: Expr, body: tuple[Step, ...], where: Where) -> Step:
    cost = STEP_WORK * (len(body) + 1)  # loops are how steps multiply: each round is charged
    values_of = values.fast

    def step(state: State) -> None:
        env = state.env
        found: Any = values_of(env)
        for value in tuple(found):
            env[each] = value
            for inner in body:
                inner(state)
            if spend(cost) > MAX_TURN_WORK:
                raise RuleError(
                    f"{where}: too much work in one turn: this 'for' and the steps and "
                    f"expressions before it did more than {MAX_TURN_WORK:,} units of work"
                )

    _formed(step, ForForm(each, values, body, cost, str(where)))
    return _compound(
        step, lambda decide: (_for_step(each, values, specialise(body, decide), where),)
    )


def _folded_if(test: Expr, then: tuple[Step, ...], other: tuple[Step, ...]) -> Step:
    """An ``if`` on options alone: decided once per game (the answer is shared by copies)."""
    key = object()

    def step(state: State) -> None:
        folds = state.folds
        answer = folds.get(key)
        if answer is None:
            answer = folds[key] = bool(test.fast(state.env))
        for chosen in then if answer else other:
            chosen(state)

    return _compound(step, lambda decide: specialise(then if decide(test) else other, decide))


def _set_one(name: str, index: Callable[[Env], Any] | None, value: Expr) -> Step:
    """``set`` with one var: the commonest change (a marker, a counter)."""
    value_of = value.fast
    if index is None:

        def step(state: State) -> None:
            env = state.env
            env[name] = value_of(env)

        return step

    def step_at(state: State) -> None:
        env = state.env
        env[name][index(env)] = value_of(env)

    return step_at


def _keep_turn(state: State) -> None:
    state.turn_decided = True


def _reverse(state: State) -> None:
    state.env["direction"] = -state.env["direction"]


_KEEP_TURN: Final = _formed(_keep_turn, FlagForm("keep_turn"))
_REVERSE: Final = _formed(_reverse, FlagForm("reverse"))


def _items(value: object) -> Sequence[Any]:
    if isinstance(value, list | tuple):
        return value
    return (value,)


def _take(stack: list[Any], item: object) -> Any:
    """Remove and return the topmost component equal to ``item`` (a piece may be named
    by its kind alone: identical pieces are interchangeable); None if there is none."""
    if item.__class__ is str or isinstance(item, str):
        for index in range(len(stack) - 1, -1, -1):
            found = stack[index]
            if found.__class__ is Piece:  # a piece never equals a string: its kind decides
                if found.kind != item:
                    continue
            elif getattr(found, "kind", None) != item and found != item:
                continue
            del stack[index]
            return found
        return None
    for index in range(len(stack) - 1, -1, -1):
        found = stack[index]
        if found == item:
            del stack[index]
            return found
    return None


def _sources(refs: Sequence[ZoneRef]) -> Callable[[Env], list[list[Any]]]:
    """Every stack the references name, as one function (one stack each when complete)."""
    if all(ref.complete for ref in refs):
        getters = [ref.get for ref in refs]
        if len(getters) == 1:
            (only,) = getters
            return lambda env: [only(env)]
        return lambda env: [get(env) for get in getters]
    return lambda env: [stack for ref in refs for stack in ref.stacks(env)]


def _move_items(what: Expr, refs: list[ZoneRef], dest: ZoneRef, bottom: bool) -> Step:
    items_of, sources_of, into_of = what.fast, _sources(refs), dest.get

    def cannot(item: object) -> RuleError:
        where = " or ".join(ref.text for ref in refs)
        return RuleError(f"cannot move {describe(item)}: it is not in {where}")

    if len(refs) == 1 and refs[0].complete and not bottom:
        return _move_item(items_of, refs[0].get, into_of, cannot)

    def step(state: State) -> None:
        env = state.env
        items = _items(items_of(env))
        sources = sources_of(env)
        moved = []
        for item in items:
            for stack in sources:
                found = _take(stack, item)
                if found is not None:
                    break
            else:
                raise cannot(item)
            moved.append(found)
        into = into_of(env)
        if bottom:
            into[0:0] = moved
        else:
            into.extend(moved)

    return step


def _move_item(
    items_of: Callable[[Env], object],
    source_of: Callable[[Env], Any],
    into_of: Callable[[Env], Any],
    cannot: Callable[[object], RuleError],
) -> Step:
    """``move: {what: piece, from: X, to: Y}`` with one stack to take from: placing a piece."""

    def step(state: State) -> None:
        env = state.env
        items = items_of(env)
        stack = source_of(env)
        if not isinstance(items, list | tuple):  # one piece or card: the usual case
            found = _take(stack, items)
            if found is None:
                raise cannot(items)
            into_of(env).append(found)
            return
        moved = []
        for item in items:
            found = _take(stack, item)
            if found is None:
                raise cannot(item)
            moved.append(found)
        into_of(env).extend(moved)

    return step


def _move_count(amount: Expr | None, refs: list[ZoneRef], dest: ZoneRef, bottom: bool) -> Step:
    sources_of, into_of = _sources(refs), dest.get
    written = (
        amount.body.value if amount is not None and isinstance(amount.body, ast.Constant) else 0
    )
    if written == 1 and type(written) is int and len(refs) == 1 and refs[0].complete and not bottom:
        return _move_one(refs[0].get, into_of)
    if amount is None and not bottom:
        return _move_all(sources_of, into_of)
    amount_of = None if amount is None else amount.fast

    def step(state: State) -> None:
        env = state.env
        into = into_of(env)
        wanted = None if amount_of is None else int(amount_of(env))  # type: ignore[call-overload]
        for stack in sources_of(env):
            move_top(stack, into, wanted, bottom)

    return step


def move_top(stack: list[Any], into: list[Any], wanted: int | None, bottom: bool) -> None:
    """Move the top ``wanted`` components of ``stack`` (all when None) onto ``into``, or
    under it (``bottom``), keeping their order."""
    if not stack or stack is into:
        return
    if wanted is None and not bottom:  # everything, on top: the usual gathering
        into.extend(stack)
        stack.clear()
        return
    take = len(stack) if wanted is None else min(wanted, len(stack))
    if take <= 0:
        return
    moved = stack[len(stack) - take :]
    del stack[len(stack) - take :]
    if bottom:
        into[0:0] = moved
    else:
        into.extend(moved)


def _move_all(sources_of: Callable[[Env], list[list[Any]]], into_of: Callable[[Env], Any]) -> Step:
    """``move: {from: X, to: Y}``: everything, on top (gathering the cards of a trick)."""

    def step(state: State) -> None:
        env = state.env
        into = into_of(env)
        for stack in sources_of(env):
            if stack and stack is not into:
                into.extend(stack)
                stack.clear()

    return step


def _move_one(source_of: Callable[[Env], Any], into_of: Callable[[Env], Any]) -> Step:
    """``move: {from: X, count: 1, to: Y}``: turn up a card, draw one."""

    def step(state: State) -> None:
        env = state.env
        stack, into = source_of(env), into_of(env)
        if stack and stack is not into:
            into.append(stack.pop())

    return step


def _deal(
    source: ZoneRef, family: str, each: Expr | None, start: Expr | None, *, even: bool
) -> Step:
    """Deal one at a time round the table; ``even`` leaves a short last round undealt."""

    def step(state: State) -> None:
        env = state.env
        src = source.stack(env)
        hands = env[family]
        seats: tuple[int, ...] = env["players"]
        first = seats.index(start.fast(env)) if start is not None else 0
        order = seats[first:] + seats[:first]
        rounds = len(src) if each is None else int(each.fast(env))  # type: ignore[call-overload]
        if not order or rounds <= 0:
            return
        available = len(src) - (len(src) % len(order) if even else 0)
        dealt = min(rounds * len(order), available)
        # One card at a time from the top: the n-th card drawn goes to order[n % players].
        drawn = src[len(src) - dealt :][::-1]
        del src[len(src) - dealt :]
        for place, seat in enumerate(order):
            hands[seat].extend(drawn[place :: len(order)])

    return step
