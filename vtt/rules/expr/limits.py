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
#: The most a var may hold, by weight (see ``meter.weight``): a value kept over many
#: turns cannot grow past what one run may walk, so comparing, showing or hashing it
#: stays within a run's work (and is charged like a value the expression built).
MAX_STORED: Final = 100_000
#: Work one move, one setup, one settling of phases or one search for the legal moves
#: may do: the work units of its expressions, plus ``STEP_WORK`` for every step a
#: ``for`` loop runs (or each draw of a ``draw_until``), plus one for every candidate
#: the legal-move search tries (``MOVE_WORK`` in its innermost loop). Real turns spend
#: hundreds.
MAX_TURN_WORK: Final = 2_000_000
#: The work units of one step run by a ``for``: a step costs about as much as ten
#: items of a comprehension.
STEP_WORK: Final = 10
#: The work units of each value the innermost loop of a legal-move search tries: it
#: may make a move, which costs more than a step (so a search makes at most 100,000).
MOVE_WORK: Final = 20
