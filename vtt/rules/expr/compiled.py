"""Compilation: a checked expression becomes ``Expr``, one Python function with its guards,
and errors raised inside compiled pack code are traced back to their expression."""

from __future__ import annotations

import ast
import copy
import warnings
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Final

from vtt.rules.errors import Where
from vtt.rules.expr.defines import Define, _checked
from vtt.rules.expr.errors import EvalError
from vtt.rules.expr.folding import _FOLDABLE, _Folding
from vtt.rules.expr.guarding import _Guarding
from vtt.rules.expr.guards import _GUARDS
from vtt.rules.expr.inlining import _Inlining
from vtt.rules.expr.library import Library
from vtt.rules.expr.limits import MAX_WORK
from vtt.rules.expr.meter import METER_KEY, Meter
from vtt.rules.expr.revealing import REVEALED_ZONES, write_revealed
from vtt.rules.shown import excerpt


def compile_expr(
    source: str,
    *,
    names: Collection[str],
    library: Library,
    where: Where | None = None,
    fixed: Mapping[str, object] | None = None,
    defines: Mapping[str, Define] | None = None,
    zones: Mapping[str, int] | None = None,
    stored: Collection[str] = (),
) -> Expr:
    """Check ``source`` against the allow-list; raise ExprError if bad. The Expr compiles
    itself once, when first run (or by ``Expr.compile``).

    ``defines`` are the pack's named expressions: each use of one (a name it does not
    bind itself) is replaced by the define's checked tree after the check, so messages
    show what the author wrote.

    ``zones`` gives each zone's number of indexes, for ``revealed(zone)`` (see
    ``vtt.rules.expr.revealing``).

    ``fixed`` gives names whose values cannot change (a game's options): after the
    check, they are written in as constants and what then depends on constants alone
    is worked out (see ``_Folding``), so ``mode == 'classic' and x`` runs as ``x``.

    ``stored`` names values kept from earlier runs (vars, ``let`` and ``for`` names):
    comparing or hashing them is charged like a value the expression built."""
    text = source.strip()
    tree, free = _checked(text, names, library, where, defines or {})
    # ``zones``: each zone's number of indexes, for ``revealed(zone)``. The tree is the
    # checker's own (defines are written in as copies): rewritten in place.
    revealing = zones is not None and "revealed" in library.functions
    if revealing and write_revealed(tree, zones or {}, text, where):
        free |= {REVEALED_ZONES}
    return Expr(text, free, tree, library, where, frozenset(stored)).folded(fixed or {})


class Expr:
    """A checked expression: call it with an environment of names to values.

    Made by the check pass (``compile_expr``) from the checked tree, it is compiled
    into a Python function (with its guards) the first time the compiled form is
    asked for (``body``, ``metered``, ``fast`` or a call), or by ``compile()``: a
    pack can be checked whole without paying for the compilation."""

    __slots__ = (
        "_folds",
        "_function",
        "body",
        "fast",
        "library",
        "metered",
        "names",
        "source",
        "stored",
        "tree",
        "where",
    )

    #: The checked tree with its guards: what the move and effect compilers build on.
    body: ast.expr
    #: True when a run spends work units, so it must start from a full meter.
    metered: bool
    #: The quickest way to run it from engine code that turns errors into EvalErrors
    #: itself (see ``evaluation_error``): a bounded expression, one that cannot loop
    #: or grow values, is its compiled function; a metered one still starts its meter.
    fast: Callable[[Mapping[str, object]], object]
    _function: Callable[[Mapping[str, object], Meter | None], object]

    def __init__(
        self,
        source: str,
        names: frozenset[str],
        tree: ast.Expression,
        library: Library,
        where: Where | None = None,
        stored: frozenset[str] = frozenset(),
    ) -> None:
        self.source = source
        self.names = names
        self.where = where
        #: The checked tree (defines and ``revealed`` written in), never changed.
        self.tree = tree
        self.library = library
        self.stored = stored
        self._folds: dict[tuple[tuple[str, str, object], ...], Expr] = {}

    def __getattr__(self, name: str) -> Any:
        # Only called for a slot not set yet: the compiled parts, made on first use.
        if name in _COMPILED:
            self.compile()
            return object.__getattribute__(self, name)
        raise AttributeError(name)

    def compile(self) -> Expr:
        """Compile the checked tree into its function (once); this expression."""
        try:
            object.__getattribute__(self, "_function")
            return self
        except AttributeError:
            pass
        # Values from outside are game-sized; comprehension variables may hold built
        # ones, and stored values were built by earlier runs.
        library, tree = self.library, self.tree
        bound = _comprehension_names(tree)
        small = (self.names | frozenset(library.constants)) - bound - self.stored
        guarding = _Guarding(small, library.functions, bound)
        self.body = guarding.visit(_Inlining(library.functions).visit(copy.deepcopy(tree.body)))
        self.metered = guarding.metered
        function = _compile_function(self.source, self.body, sorted(self.names), library, self)
        self._function = function
        self.fast = self if self.metered else function  # type: ignore[assignment]
        return self

    def folded(self, fixed: Mapping[str, object]) -> Expr:
        """This expression with the ``fixed`` names (a game's options and constants)
        written in as constants and what then depends on constants alone worked out
        (see ``_Folding``): ``mode == 'classic' and x`` runs as ``x``. Itself when it
        reads none of them."""
        tree = self.tree
        constants = {
            name: fixed[name]
            for name in self.names & fixed.keys()
            if type(fixed[name]) in _FOLDABLE and name not in _comprehension_names(tree)
        }
        if not constants:
            return self
        # One folded expression per set of values, made once: each game of these
        # options shares its compiled function.
        key = tuple(
            sorted((name, type(value).__name__, value) for name, value in constants.items())
        )
        found = self._folds.get(key)
        if found is None:
            tree = _Folding(constants).visit(copy.deepcopy(tree))
            free = frozenset(node.id for node in ast.walk(tree) if isinstance(node, ast.Name))
            found = self._folds[key] = Expr(
                self.source, free & self.names, tree, self.library, self.where, self.stored
            )
        return found

    def __call__(self, env: Mapping[str, object]) -> object:
        if self.metered:  # it spends work: a full meter, its state's when it has one
            meter = env.get(METER_KEY)
            if isinstance(meter, Meter):
                meter.done += MAX_WORK - meter.left  # the run before this one, for work_done
                meter.left = MAX_WORK
                return self._run(env, meter)
            return self._run(env, Meter())
        return self._run(env, None)

    def _run(self, env: Mapping[str, object], meter: Meter | None) -> object:
        try:
            return self._function(env, meter)
        except KeyError as error:
            if error.args and error.args[0] in self.names and error.args[0] not in env:
                raise self.failed(error) from error
            raise self.failed(Exception(f"KeyError: {error}")) from error
        except Exception as error:  # a pack's expression must never crash the engine
            raise self.failed(error) from error

    def whole(self, env: Mapping[str, object]) -> int:
        """The value as a whole number (a count of cards, turns or rounds), or the error
        naming this expression and what it gave: a pack's ``count: hand_size`` with
        ``hand_size: 5x`` fails at its line, never as a bare ``int()`` error."""
        value = self.fast(env)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise self.failed(Exception(f"gives {value!r} where a whole number is needed"))

    def place_among(self, env: Mapping[str, object], seats: Sequence[int]) -> int:
        """Where the value (a seat) stands in ``seats``, or the error naming this
        expression and what it gave (``start: 5`` in a game of three)."""
        value = self.fast(env)
        if value in seats and not isinstance(value, bool):
            return seats.index(value)
        raise self.failed(Exception(f"gives {value!r}, not a seat of this game {tuple(seats)}"))

    def _place(self) -> str:
        # One line of the expression at most: the place says where the rest is.
        source = excerpt(self.source, _QUOTED_CHARS)
        return f"{self.where}: `{source}`: " if self.where else f"`{source}`: "

    def failed(self, error: BaseException) -> EvalError:
        """The EvalError naming this expression for an exception raised while it ran."""
        if isinstance(error, EvalError):
            if error.placed:
                return error
            failure = EvalError(f"{self._place()}{error}")
        elif isinstance(error, KeyError) and error.args and error.args[0] in self.names:
            failure = EvalError(f"{self._place()}no value for name {error.args[0]!r}")
        elif type(error) is Exception:  # a message already written out in full
            failure = EvalError(f"{self._place()}{error}")
        else:
            failure = EvalError(f"{self._place()}{type(error).__name__}: {error}")
        failure.placed = True
        return failure

    def __repr__(self) -> str:
        return f"Expr({self.source!r})"


def _comprehension_names(tree: ast.AST) -> frozenset[str]:
    return frozenset(
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension)
        for target in ast.walk(node.target)
        if isinstance(target, ast.Name)
    )


def _compile_function(
    source: str, body: ast.expr, names: Sequence[str], library: Library, owner: Expr
) -> Callable[[Mapping[str, object], Meter | None], object]:
    """A Python function ``(env, meter=None) -> value`` whose body is the guarded
    expression; ``meter`` is what it charges (a bounded expression charges nothing)."""
    reads: list[ast.stmt] = [
        ast.Assign(
            targets=[ast.Name(id=name, ctx=ast.Store())],
            value=ast.Subscript(
                value=ast.Name(id="_env", ctx=ast.Load()), slice=ast.Constant(name), ctx=ast.Load()
            ),
        )
        for name in names
    ]
    function = ast.FunctionDef(
        name="_expression",
        args=ast.arguments(
            posonlyargs=[],
            args=[ast.arg(arg="_env"), ast.arg(arg="_meter")],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[ast.Constant(None)],  # bounded expressions never read it
        ),
        body=[*reads, ast.Return(value=body)],
        decorator_list=[],
        returns=None,
    )
    module = ast.Module(body=[function], type_ignores=[])
    ast.fix_missing_locations(module)
    namespace = run_namespace(library)
    namespace[_EXPRESSIONS] = owner  # read back only by evaluation_error, never by packs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(module, filename=f"<pack expression {source[:60]!r}>", mode="exec")
    exec(code, namespace)  # defines _expression only; the checked body runs at call time
    compiled: Callable[[Mapping[str, object], Meter | None], object] = namespace["_expression"]
    return compiled


#: The slots of an Expr made when it is compiled.
_COMPILED: Final = frozenset({"_function", "body", "fast", "metered"})
#: The global naming which expression a compiled function runs: an Expr, or for a
#: function compiled from several expressions a mapping of line number to Expr.
_EXPRESSIONS: Final = "_pack_expressions"
#: The most of an expression a run-time error quotes: its first line, this long.
_QUOTED_CHARS: Final = 100


def run_namespace(library: Library) -> dict[str, Any]:
    """The globals of compiled pack code: the library and the guards, no Python built-ins."""
    namespace: dict[str, Any] = {"__builtins__": {}}
    namespace.update(library.constants)
    namespace.update(library.functions)
    namespace.update(_GUARDS)
    namespace["_MAX_WORK"] = MAX_WORK
    return namespace


def register_lines(namespace: dict[str, Any], lines: Mapping[int, Expr]) -> None:
    """Tell ``evaluation_error`` which expression each line of generated code runs."""
    namespace[_EXPRESSIONS] = dict(lines)


def evaluation_error(error: BaseException) -> EvalError | None:
    """The EvalError for an exception raised inside compiled pack code, naming the
    innermost expression that was running; None when no expression was running.

    Engine code runs expressions through ``Expr.fast`` or functions generated from
    their checked trees and calls this once, where it catches errors, instead of
    wrapping every single run."""
    found: Expr | None = None
    trace = error.__traceback__
    while trace is not None:
        owner = trace.tb_frame.f_globals.get(_EXPRESSIONS)
        if isinstance(owner, Expr):
            found = owner
        elif isinstance(owner, dict):
            found = owner.get(trace.tb_lineno, found)
        trace = trace.tb_next
    return None if found is None else found.failed(error)
