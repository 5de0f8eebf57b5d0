"""An argument's candidates, as the legal-move search writes them out and as reasons and
built moves ask for them: both read the argument's type in the registry
(``vtt.rules.argtypes``), the one definition.

The search (``vtt.rules.generate``) writes its loops from ``origin`` and ``former``;
the reasons (``vtt.rules.explain``) and moves built on the table (``vtt.rules.build``)
call ``candidates``, which is ``ArgType.values``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from vtt.rules.model import ArgDef, Env

__all__ = ["Origin", "candidates", "former", "origin"]

#: Where the candidates come from: the cells of the argument's grid, every suit, every
#: seat still playing, or the values of its ``from`` (made distinct by ``former``).
Origin = Literal["grid", "suits", "players", "from"]


def origin(arg: ArgDef) -> Origin:
    """Where ``arg``'s candidates come from."""
    if arg.grid is not None:
        return "grid"
    if arg.domain is None:
        return "suits" if arg.argtype.default == "suits" else "players"
    return "from"


def former(arg: ArgDef) -> Callable[..., Any]:
    """The helper of ``arg``'s type that makes the values of its ``from`` distinct
    candidates (a set's takes ``min`` and ``max`` too)."""
    return arg.argtype.candidates


def candidates(arg: ArgDef, env: Env) -> Sequence[Any]:
    """The values ``arg`` may take in this environment (its type's ``values``)."""
    found: Sequence[Any] = arg.argtype.values(arg, env)
    return found
