"""The JSON Schema of rule packs, and schema errors turned into file:line:col messages.

The schema ships as ``vtt/rules/pack.schema.json``; its ``table:`` key refers to
the free-form layout schema (``vtt/table/layout.schema.json``), and its steps are
those the kinds of step register (``vtt.rules.steps``), both of which
``pack_schema()`` embeds so the result is one self-contained document (the copy
published as ``docs/pack.schema.json``).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.errors import PackError
from vtt.rules.shown import excerpt
from vtt.rules.steps import KINDS, step_schema
from vtt.rules.yamlsource import Document
from vtt.table.layout import layout_schema

__all__ = ["pack_schema", "schema_errors", "valid_part"]

#: Rounds of pruning before a document is given up as having no valid part.
_MOST_PRUNING = 16


@cache
def _pack_schema_text() -> str:
    return resources.files("vtt.rules").joinpath("pack.schema.json").read_text("utf-8")


def pack_schema() -> dict[str, Any]:
    """The full pack schema, with the table layout schema embedded under ``$defs``."""
    schema: dict[str, Any] = json.loads(_pack_schema_text())
    schema["$defs"]["step"] = step_schema()
    arg = schema["properties"]["moves"]["additionalProperties"]["properties"]["args"]
    arg["additionalProperties"]["properties"]["type"] = {
        "enum": list(ARG_TYPES),
        # Editors with the YAML language server show each type's line as you type.
        "markdownDescription": "; ".join(
            f"`{name}`: {kind.doc}" for name, kind in ARG_TYPES.items()
        ),
    }
    schema["$defs"]["table_layout"] = layout_schema()
    return schema


def _is_integer(_checker: object, instance: object) -> bool:
    # JSON Schema counts 3.0 as an integer; a pack's counts and sizes are used as Python
    # ints, where 3.0 fails at game start instead of at load.
    return isinstance(instance, int) and not isinstance(instance, bool)


def _pattern(
    validator: jsonschema.protocols.Validator, pattern: str, instance: object, schema: object
) -> Iterator[ValidationError]:
    """``pattern`` as JSON Schema means it: ``$`` is the end of the text, as in ECMA
    regexes (Python's ``$`` also matches before a final newline, letting ``extra\\n``
    through as a name)."""
    if not isinstance(instance, str):
        return
    python = (
        pattern[:-1] + r"\Z" if pattern.endswith("$") and not pattern.endswith(r"\$") else pattern
    )
    if re.search(python, instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


# The draft's validator with the two keywords read as the schema means them.
_PackValidator: type[jsonschema.Draft202012Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return _PackValidator(pack_schema())


def schema_errors(document: Document) -> list[PackError]:
    """Every place where the document breaks the schema, with what was expected."""
    if not isinstance(document.data, dict):
        # Never quoted: a file that is no pack at all may hold anything.
        found = _kind_of(document.data)
        return [
            PackError(
                f"this is not a rule pack: a pack file is a mapping of keys (id:, name:, "
                f"players:, ...), and this file holds {found}",
                document.where([]),
            )
        ]
    errors: list[PackError] = []
    for error in sorted(_validator().iter_errors(document.data), key=lambda e: list(e.path)):
        errors.extend(_explained(error, document))
    return errors


def valid_part(document: Document) -> tuple[Document | None, frozenset[tuple[str | int, ...]]]:
    """The document without the nodes that break the schema (and the nodes that break
    it once those are gone), with the file paths of what was cut: what the rest of the
    check reads, so that one pass finds every problem. None when nothing is left that
    the schema allows (the file is no mapping of keys)."""
    if not isinstance(document.data, dict):
        return None, frozenset()
    part, cut = document, set[tuple[str | int, ...]]()
    for _ in range(_MOST_PRUNING):
        data = part.data
        assert isinstance(data, dict)
        bad: set[tuple[str | int, ...]] = set()
        missing: list[str] = []
        for error in _validator().iter_errors(data):
            path = tuple(error.absolute_path)
            if error.validator == "additionalProperties" and isinstance(error.instance, dict):
                schema = error.schema if isinstance(error.schema, dict) else {}
                allowed = schema.get("properties", {})
                patterns = list(schema.get("patternProperties", {}))
                bad.update(
                    (*path, key)
                    for key in error.instance
                    if key not in allowed and not any(re.search(p, key) for p in patterns)
                )
            elif path:
                bad.add(path)
            elif error.validator == "required":
                # The pack's own id and name: a stand-in ("pack"), to check the rest.
                missing += [key for key in error.validator_value if key not in data]
            else:
                return None, frozenset(cut)
        if not bad and not missing:
            return part, frozenset(cut)
        if missing:
            part = Document(
                part.file, {**data, **dict.fromkeys(missing, "pack")}, part.places, part.written
            )
        cut.update(part.file_path(path) for path in bad)
        part = part.pruned(bad)
    return None, frozenset(cut)


def _kind_of(value: object) -> str:
    """What a value is, in words, without quoting it."""
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "a single value"


def _message(error: ValidationError) -> str:
    """jsonschema's message with the value it quotes cut to one short line: the value
    may be a whole file's text."""
    quoted = repr(error.instance)
    return error.message.replace(quoted, excerpt(quoted)) if len(quoted) > 20 else error.message


def _step_message(error: ValidationError) -> str | None:
    """What is wrong with a step that is not a step at all (a list, a number, a word that
    is no kind of step, a mapping without a step's key), or None when it is one whose
    insides are wrong (explained as usual)."""
    if error.validator != "anyOf" or error.schema != pack_schema()["$defs"]["step"]:
        return None
    words = [key for key, kind in KINDS.items() if kind.bare]
    keyed = [key for key, kind in KINDS.items() if not kind.bare]
    known = {*keyed, *(key for kind in KINDS.values() for key in kind.companions or ())}
    shape = (
        f"a step is a mapping with one step key ({', '.join(keyed)}) "
        f"or one of the words {', '.join(words)}"
    )
    instance = error.instance
    if isinstance(instance, str):
        close = difflib.get_close_matches(instance, [*words, *keyed], n=1)
        if instance in keyed:
            return f"the '{instance}' step needs its value: {instance}: ..."
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return f"'{excerpt(instance)}' is not a step{hint} ({shape})"
    if not isinstance(instance, dict):
        found = "a list" if isinstance(instance, list) else excerpt(instance)
        return f"{shape}; found {found}"
    if not instance:
        return f"an empty step: {shape}"
    for key in instance:
        if key in words:
            return f"'{key}' is a step without arguments, written alone: - {key}"
        if key not in known:
            close = difflib.get_close_matches(str(key), keyed, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return f"'{excerpt(key)}' is not a kind of step{hint} ({shape})"
    return None


def _step_named(error: ValidationError) -> str:
    """'in the 'move' step: ' for an error inside a step's value, else ''."""
    path = list(error.absolute_path)
    for position in range(len(path) - 1, 0, -1):
        key = path[position]
        if isinstance(key, str) and key in KINDS and isinstance(path[position - 1], int):
            return f"in the '{key}' step: "
    return ""


def _descendants(error: ValidationError) -> list[ValidationError]:
    found = [error]
    for inner in error.context or ():
        found += _descendants(inner)
    return found


def _explained(error: ValidationError, document: Document) -> list[PackError]:
    # A step that is no step at all, however deep among the steps of ifs and fors.
    steps = [
        (len(inner.absolute_path), message, inner)
        for inner in _descendants(error)
        if (message := _step_message(inner)) is not None
    ]
    if steps:
        _, message, inner = max(steps, key=lambda found: found[0])
        return [PackError(message, document.where(list(inner.absolute_path)))]
    while error.context:  # down through a step of a step (an if's then, a for's do)
        # Of "a mapping like this, or a plain value", a mapping with one bad key is
        # told what is wrong inside it, not that it is not a plain value.
        # A mapping is told what is wrong with it as a mapping, not that it is not one
        # of the bare words (an unknown step is an unknown key, not "not keep_turn").
        plain = ("type", "enum") if isinstance(error.instance, dict) else ("type",)
        inside = [e for e in error.context if e.relative_path or e.validator not in plain]
        error = best_match(inside or error.context)
    path = list(error.absolute_path)
    step_prefix = _step_named(error)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        schema = error.schema if isinstance(error.schema, dict) else {}
        allowed = sorted(schema.get("properties", {}))
        extra = [key for key in error.instance if key not in allowed]
        expected = f"expected one of: {', '.join(allowed)}" if allowed else "no keys are expected"
        return [
            PackError(
                f"{step_prefix}unknown key '{excerpt(key)}'; {expected}",
                document.where([*path, key]),
            )
            for key in extra
        ]
    if error.validator == "required":
        return [PackError(f"{step_prefix}missing key: {_message(error)}", document.where(path))]
    if error.validator in ("type", "enum", "const"):
        wanted = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
        message = f"{step_prefix}{_message(error)}" + (f" (expected {wanted})" if wanted else "")
        return [PackError(message, document.value_where(path))]
    return [PackError(f"{step_prefix}{_message(error)}", document.value_where(path))]
