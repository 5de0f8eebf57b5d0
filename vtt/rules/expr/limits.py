"""The bounds every pack expression stays within: its size when loaded, its work when run."""

from __future__ import annotations

from typing import Final

#: Longest expression source, in characters.
MAX_SOURCE_LENGTH: Final = 2000
#: Deepest nesting of the syntax tree (``-(-(-x))`` is 4 deep, ``a + b + c`` is 3).
MAX_DEPTH: Final = 60
#: Most syntax-tree nodes in one expression.
MAX_NODES: Final = 1000
#: Integers written in an expression or built by ``*``, ``**`` and ``<<`` stay below this.
MAX_INT: Final = 2**64
#: Work units one run may spend: each item a comprehension or library function goes
#: through, and each item of every text, tuple, list or set the expression builds.
MAX_WORK: Final = 1_000_000
