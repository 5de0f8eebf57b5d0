"""``move: {what: ..., from: ZONE(S), to: ZONE, count: N, at: bottom}``: components
between zones, named (``what``) or from the top (``count``, all by default), put on
top of the destination, under it (``at: bottom``) or each at a random place in it
(``at: random``), or never at its ends (``at: middle``)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import RuleError
from vtt.rules.expr import Expr
from vtt.rules.model import Env, Step, ZoneRef
from vtt.rules.stdlib import describe
from vtt.rules.stepgen import SCAFFOLD, code, replace_marker
from vtt.rules.steps.registry import EXPR, ZONE, StepKind, register
from vtt.rules.values import Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Move", "move_top", "take_item"]


def take_item(stack: list[Any], item: object) -> Any:
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


def _stacks(refs: tuple[ZoneRef, ...], env: Env) -> list[list[Any]]:
    return [stack for ref in refs for stack in ref.stacks(env)]


@dataclass(frozen=True, slots=True)
class Move(Step):
    """Move ``what`` (a component or a list of them, each looked for in the sources in
    order), or else ``count`` components from the top of each source (None: all)."""

    what: Expr | None
    count: Expr | None
    sources: tuple[ZoneRef, ...]
    dest: ZoneRef
    bottom: bool
    #: ``at: random``: each component goes in at a place of the destination drawn with
    #: the state's random generator (a card put back into the middle of a pile).
    random: bool = False
    #: ``at: middle``: as ``random``, but never on top or at the bottom while the
    #: destination holds two components or more ("put it back into the middle").
    middle: bool = False

    def run(self, state: State) -> None:
        """The general case, which the written statements fall back on."""
        if self.random:
            self._run_random(state)
            return
        env = state.env
        if self.what is not None:
            moved = self._take_named(env)
            into = self.dest.stack(env)
            if self.bottom:
                into[0:0] = moved
            else:
                into.extend(moved)
            return
        into = self.dest.stack(env)
        count = None if self.count is None else int(self.count.fast(env))  # type: ignore[call-overload]
        for stack in _stacks(self.sources, env):
            move_top(stack, into, count, self.bottom)

    def _take_named(self, env: Env) -> list[Any]:
        """Take out the components ``what`` names, each from the first source holding it."""
        assert self.what is not None
        items = self.what.fast(env)
        wanted: Any = items if isinstance(items, list | tuple) else (items,)
        sources = _stacks(self.sources, env)
        taken = []
        for item in wanted:
            for stack in sources:
                found = take_item(stack, item)
                if found is not None:
                    break
            else:
                where = " or ".join(ref.text for ref in self.sources)
                raise RuleError(f"cannot move {describe(item)}: it is not in {where}")
            taken.append(found)
        return taken

    def _run_random(self, state: State) -> None:
        """Take the components as a move to the top would, then put each, in order, at a
        place of the destination drawn from the state's generator (any gap, the top and
        the bottom included). The source may be the destination: the top card of a
        pile put back into it."""
        env = state.env
        taken: list[Any] = []
        if self.what is not None:
            taken = self._take_named(env)
        else:
            count = None if self.count is None else int(self.count.fast(env))  # type: ignore[call-overload]
            for stack in _stacks(self.sources, env):
                move_top(stack, taken, count, False)
        into = self.dest.stack(env)
        below = state.rng.below
        for component in taken:
            if self.middle and len(into) >= 2:
                into.insert(1 + below(len(into) - 1), component)
            else:
                into.insert(below(len(into) + 1), component)

    def write(self, writer: Writer) -> list[ast.stmt]:
        if self.random:
            return writer.call(self)
        if self.what is not None:
            return self._write_items(writer)
        before, dest = writer.zone(self.dest)
        if self.count is None and not self.bottom:
            return [*before, *self._write_all(writer, dest)]
        count = None if self.count is None else self.count.body
        if (
            not self.bottom
            and isinstance(count, ast.Constant)
            and type(count.value) is int
            and count.value == 1
            and len(self.sources) == 1
            and self.sources[0].complete
        ):  # turn up a card, draw one: the commonest move of all
            more, source = writer.zone(self.sources[0])
            stack, into = writer.temp("s"), writer.temp("d")
            return [
                *before,
                *more,
                *code(
                    "S = V\nD = T\nif S and S is not D:\n    D.append(S.pop())",
                    SCAFFOLD,
                    S=stack,
                    V=source,
                    D=into,
                    T=dest,
                ),
            ]
        return [*before, *self._write_count(writer, dest)]

    def _write_items(self, writer: Writer) -> list[ast.stmt]:
        """One item from one stack, on top, written out; the rest (a list of items, an
        item not there, several sources, the bottom) is ``run``."""
        if self.bottom or len(self.sources) != 1 or not self.sources[0].complete:
            return writer.call(self)
        assert self.what is not None
        before, dest = writer.zone(self.dest)
        loads, what, line = writer.expr(self.what)
        more, source = writer.zone(self.sources[0])
        fallback = writer.call(self)
        writer.use("_take", take_item)
        item = writer.temp("x")
        moved = code(
            "X = W\n"
            "if X.__class__ is list or X.__class__ is tuple:\n    F\n"
            "else:\n"
            "    X = _take(S, X)\n"
            "    if X is None:\n        F\n"
            "    else:\n        D.append(X)",
            line,
            X=item,
            W=what,
            S=source,
            D=dest,
        )
        replace_marker(moved, fallback)
        return [*before, *loads, *more, *moved]

    def _sources(self, writer: Writer) -> tuple[list[ast.stmt], list[tuple[str, bool]]]:
        """Every source stack, found before any component moves (an index may count
        them): statements and (local name, complete) for each reference."""
        written: list[ast.stmt] = []
        found: list[tuple[str, bool]] = []
        for ref in self.sources:
            loads, source = writer.zone(ref)
            left = ref.zone.depth - len(ref.indexes)
            if not ref.complete and not (left == 1 and ref.zone.grid is None):
                source = ast.Call(
                    func=ast.Name(id="_leaves", ctx=ast.Load()),
                    args=[source, ast.Constant(left)],
                    keywords=[],
                )
            stack = writer.temp("s")
            written += [*loads, *code("S = V", SCAFFOLD, S=stack, V=source)]
            found.append((stack, ref.complete))
        return written, found

    def _write_all(self, writer: Writer, dest: ast.expr) -> list[ast.stmt]:
        into = writer.temp("d")
        written = code("D = V", SCAFFOLD, D=into, V=dest)
        more, found = self._sources(writer)
        written += more
        gather = "if S and S is not D:\n    D.extend(S)\n    S.clear()"
        for stack, complete in found:
            if complete:
                written += code(gather, SCAFFOLD, S=stack, D=into)
                continue
            each = writer.temp("s")
            loop = "for E in S:\n    " + gather.replace("\n", "\n    ").replace("S", "E")
            written += code(loop, SCAFFOLD, E=each, S=stack, D=into)
        return written

    def _write_count(self, writer: Writer, dest: ast.expr) -> list[ast.stmt]:
        """A number of components from the top (or all, under the destination): the
        destination, the number, then every source stack, then the moving."""
        into, wanted = writer.temp("d"), writer.temp("n")
        written = code("D = V", SCAFFOLD, D=into, V=dest)
        if self.count is None:
            written += code("N = None", SCAFFOLD, N=wanted)
        else:
            loads, count, line = writer.expr(self.count)
            written += [*loads, *code("N = _int(C)", line, N=wanted, C=count)]
        more, stacks = self._sources(writer)
        written += more
        writer.use("_move_top", move_top)
        bottom = ast.Constant(self.bottom)
        for stack, complete in stacks:
            if complete:
                written += code(
                    "_move_top(S, D, N, B)", SCAFFOLD, S=stack, D=into, N=wanted, B=bottom
                )
            else:
                each = writer.temp("s")
                written += code(
                    "for E in S:\n    _move_top(E, D, N, B)",
                    SCAFFOLD,
                    E=each,
                    S=stack,
                    D=into,
                    N=wanted,
                    B=bottom,
                )
        return written


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    sources = raw["from"] if isinstance(raw["from"], list) else [raw["from"]]
    refs = tuple(parser.zone_ref(text, names, (*path, "from")) for text in sources)
    dest = parser.zone_ref(raw["to"], names, (*path, "to"))
    parser.complete(dest, (*path, "to"))
    at = raw.get("at")
    bottom, middle = at == "bottom", at == "middle"
    random = at == "random" or middle
    if "what" in raw:
        what = parser.expr(raw["what"], names, (*path, "what"))
        return Move(what, None, refs, dest, bottom, random, middle)
    count = None if raw.get("count", "all") == "all" else raw["count"]
    amount = None if count is None else parser.expr(count, names, (*path, "count"))
    return Move(None, amount, refs, dest, bottom, random, middle)


register(
    StepKind(
        "move",
        "move components between zones: `what` names them, else `count` from the top "
        "(all by default); `at: bottom` puts them under the destination, `at: random` "
        "each at a random place in it, `at: middle` the same but never on top or at the bottom "
        "(a card put back into the middle of a pile)",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "what": EXPR,
                "from": {"anyOf": [ZONE, {"type": "array", "items": ZONE, "minItems": 1}]},
                "to": ZONE,
                "count": EXPR,
                "at": {
                    "enum": ["top", "bottom", "random", "middle"],
                    "markdownDescription": "where in the destination: top (the default), "
                    "bottom, random (each at a random place) or middle (never on top or at "
                    "the bottom)",
                },
            },
            "required": ["from", "to"],
            "description": "move components between zones",
        },
        _parse,
    )
)
