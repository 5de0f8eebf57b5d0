"""The safe expression language of rule packs: checked once at load, compiled once, run often.

An expression is written in Python-expression syntax. At load it is parsed, every
node is checked against an allow-list (``checker``, the safety boundary), then the
checked tree is rewritten so that the operations that can build large values or do
unbounded work go through small guards (``guarding``, ``guards``, ``meter``), and
compiled once to a Python function (``compiled``). Running it costs one Python call
plus the guards.

>>> library = merge(SAFE_BUILTINS, Library(functions={}, constants={"LIMIT": 3},
...                                        attributes=frozenset()))
>>> fits = compile_expr("len(hand) < LIMIT and 0 not in hand", names={"hand", "top"},
...                     library=library)
>>> fits, sorted(fits.names), fits({"hand": (1, 2)})
(Expr('len(hand) < LIMIT and 0 not in hand'), ['hand'], True)
>>> compile_expr("len(hnad)", names={"hand"}, library=library)
Traceback (most recent call last):
...
vtt.rules.expr.errors.ExprError: unknown name 'hnad'; did you mean 'hand'?
  len(hnad)
      ^^^^
"""

from vtt.rules.expr.compiled import (
    Expr,
    compile_expr,
    evaluation_error,
    register_lines,
    run_namespace,
)
from vtt.rules.expr.defines import Define, check_define
from vtt.rules.expr.errors import EvalError, ExprError
from vtt.rules.expr.inlining import INLINE_FORMS
from vtt.rules.expr.library import Library, merge
from vtt.rules.expr.limits import (
    MAX_DEPTH,
    MAX_INT,
    MAX_NODES,
    MAX_SOURCE_LENGTH,
    MAX_STORED,
    MAX_WORK,
)
from vtt.rules.expr.meter import (
    METER_KEY,
    Meter,
    charged,
    meter_of,
    spend,
    start_work,
    stored,
    work_done,
)
from vtt.rules.expr.safe_builtins import SAFE_BUILTINS

__all__ = [
    "INLINE_FORMS",
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_NODES",
    "MAX_SOURCE_LENGTH",
    "MAX_STORED",
    "MAX_WORK",
    "METER_KEY",
    "SAFE_BUILTINS",
    "Define",
    "EvalError",
    "Expr",
    "ExprError",
    "Library",
    "Meter",
    "charged",
    "check_define",
    "compile_expr",
    "evaluation_error",
    "merge",
    "meter_of",
    "register_lines",
    "run_namespace",
    "spend",
    "start_work",
    "stored",
    "work_done",
]
