"""The JSON Schema of rule packs, and schema errors turned into file:line:col messages.

The schema ships as ``vtt/rules/pack.schema.json``; its ``table:`` key refers to
the free-form layout schema (``vtt/table/layout.schema.json``), and its steps are
those the kinds of step register (``vtt.rules.steps``), both of which
``pack_schema()`` embeds so the result is one self-contained document (the copy
published as ``docs/pack.schema.json``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.errors import PackError
from vtt.rules.steps import step_schema
from vtt.rules.yamlsource import Document
from vtt.table.layout import layout_schema

__all__ = ["pack_schema", "schema_errors"]


@cache
def _pack_schema_text() -> str:
    return resources.files("vtt.rules").joinpath("pack.schema.json").read_text("utf-8")


def pack_schema() -> dict[str, Any]:
    """The full pack schema, with the table layout schema embedded under ``$defs``."""
    schema: dict[str, Any] = json.loads(_pack_schema_text())
    schema["$defs"]["step"] = step_schema()
    arg = schema["properties"]["moves"]["additionalProperties"]["properties"]["args"]
    arg["additionalProperties"]["properties"]["type"] = {"enum": list(ARG_TYPES)}
    schema["$defs"]["table_layout"] = layout_schema()
    return schema


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(pack_schema())


def schema_errors(document: Document) -> list[PackError]:
    """Every place where the document breaks the schema, with what was expected."""
    errors: list[PackError] = []
    for error in sorted(_validator().iter_errors(document.data), key=lambda e: list(e.path)):
        errors.extend(_explained(error, document))
    return errors


def _explained(error: ValidationError, document: Document) -> list[PackError]:
    if error.context:
        # Of "a mapping like this, or a plain value", a mapping with one bad key is
        # told what is wrong inside it, not that it is not a plain value.
        # A mapping is told what is wrong with it as a mapping, not that it is not one
        # of the bare words (an unknown step is an unknown key, not "not keep_turn").
        plain = ("type", "enum") if isinstance(error.instance, dict) else ("type",)
        inside = [e for e in error.context if e.relative_path or e.validator not in plain]
        error = best_match(inside or error.context)
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        schema = error.schema if isinstance(error.schema, dict) else {}
        allowed = sorted(schema.get("properties", {}))
        extra = [key for key in error.instance if key not in allowed]
        expected = f"expected one of: {', '.join(allowed)}" if allowed else "no keys are expected"
        return [
            PackError(f"unknown key '{key}'; {expected}", document.where([*path, key]))
            for key in extra
        ]
    if error.validator == "required":
        return [PackError(f"missing key: {error.message}", document.where(path))]
    if error.validator in ("type", "enum", "const"):
        wanted = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
        message = f"{error.message}" + (f" (expected {wanted})" if wanted else "")
        return [PackError(message, document.value_where(path))]
    return [PackError(error.message, document.value_where(path))]
