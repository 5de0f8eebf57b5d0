"""The effect steps of the pack language, one module a kind (see ``registry``).

The order below is the order of the language reference and of the schema.
"""

from vtt.rules.steps import (  # noqa: F401  (each module registers its kinds)
    assign,
    branch,
    deal,
    draw_until,
    end_game,
    flags,
    gather,
    let,
    log,
    loop,
    move,
    phase,
    refill,
    reveal,
    sheet,
    shuffle,
    stop,
    take_back,
    turns,
)
from vtt.rules.steps.branch import specialise
from vtt.rules.steps.end_game import end_steps
from vtt.rules.steps.parser import StepParser
from vtt.rules.steps.registry import KINDS, StepKind, step_schema

__all__ = ["KINDS", "StepKind", "StepParser", "end_steps", "specialise", "step_schema"]
