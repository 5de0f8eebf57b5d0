"""The kinds of effect steps, in one registry that the loader, the schema, the docs
and the pack editor read.

Each kind is one module of ``vtt.rules.steps``: its node (a ``Step``, plain data),
how it is read from YAML, its part of the pack schema, its line of documentation,
and how it runs (written out by ``Step.write``, or called as ``Step.run``). Adding
a kind of step is adding one module and naming it in ``vtt/rules/steps/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.model import Step

if TYPE_CHECKING:
    from vtt.rules.steps.parser import Path, StepParser

__all__ = [
    "EXPR",
    "KINDS",
    "NAME",
    "STEPS",
    "ZONE",
    "StepKind",
    "register",
    "step_schema",
]

#: Reads a step's value: ``parse(parser, value, names in scope, path)``.
Parse = Callable[["StepParser", Any, frozenset[str], "Path"], Step]

# Schema parts the kinds share.
EXPR: Mapping[str, Any] = {
    "description": "an expression (docs/expressions.md), or a plain number, true/false or null",
    "type": ["string", "number", "boolean", "null"],
}
ZONE: Mapping[str, Any] = {
    "type": "string",
    "description": "a zone: name, optionally with indexes, e.g. hand[me] or board[cell]",
}
NAME: Mapping[str, Any] = {
    "type": "string",
    "pattern": "^[a-z_][a-z0-9_]*$",
    "description": "a name: lower case letters, digits and _",
}
STEPS: Mapping[str, Any] = {
    "type": "array",
    "items": {"$ref": "#/$defs/step"},
    "description": "a list of steps",
}


@dataclass(frozen=True)
class StepKind:
    """One kind of effect step: its YAML key, what it does, its schema and its reader."""

    key: str
    doc: str  # one line for the language reference and, in the schema, for editors
    schema: Mapping[str, Any] | None  # the JSON Schema of its value; None for a bare word
    parse: Parse
    #: Keys that go with this one in the same mapping (``if`` takes ``then``/``else``).
    companions: Mapping[str, Mapping[str, Any]] | None = None

    @property
    def bare(self) -> bool:
        """True for a step written as a bare word (``- keep_turn``)."""
        return self.schema is None


#: Every kind of step by its key, in the order the language reference lists them.
KINDS: dict[str, StepKind] = {}


def register(kind: StepKind) -> StepKind:
    """Add a kind of step to the language."""
    if kind.key in KINDS:
        raise ValueError(f"two kinds of step are called {kind.key!r}")
    KINDS[kind.key] = kind
    return kind


def step_schema() -> dict[str, Any]:
    """The pack schema's ``step``, built from the registered kinds."""
    properties: dict[str, Any] = {}
    for kind in KINDS.values():
        if kind.schema is not None:
            # Editors with the YAML language server show the kind's line as you type.
            properties[kind.key] = {**kind.schema, "markdownDescription": kind.doc}
        properties.update(kind.companions or {})
    bare = [kind for kind in KINDS.values() if kind.bare]
    return {
        "anyOf": [
            {
                "enum": [kind.key for kind in bare],
                "description": "a step without arguments",
                "markdownDescription": "a step without arguments: "
                + "; ".join(f"`{kind.key}`: {kind.doc}" for kind in bare),
            },
            {
                "type": "object",
                "additionalProperties": False,
                "properties": properties,
                "description": "one effect step: a mapping with one step key (if takes then/else)",
                "minProperties": 1,
            },
        ]
    }
