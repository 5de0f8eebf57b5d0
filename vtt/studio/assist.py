"""Completion and help for the pack editor: what may be written at the cursor, and
what a word under the mouse means.

Everything offered comes from the one home of its meaning, never from a list kept
here: the keys valid at the cursor's key path and their descriptions from the pack
schema (``vtt.rules.schema.pack_schema``), which also says where an expression or a
zone is written; the kinds of step and of move argument from their registries
(``vtt.rules.steps.KINDS``, ``vtt.rules.argtypes.ARG_TYPES``) with their lines of
documentation; the standard library's functions with their signatures and
docstrings (``LIBRARY_ALL``) and the engine's names (``ENGINE_DOCS``); the names an
expression may read at the cursor from the check pass (``Checked.scope``), and the
pack's own zones, vars, moves, phases, arguments and ``let`` names from the text as
it is now (``yamlpath.scan``), for while the text is too broken to check. What this
module knows itself is only which keys name a phase (``flow.start``, a ``phase``
step), a move (a phase's ``moves``) or a var (the keys of ``set`` and ``add``).

The cursor's place is found by ``yamlpath.scan``, which reads half-typed text; the
check pass may be older than the text, or may have failed (``checked`` None).
Lines and columns are 1-based, as in ``Diagnostic``; the column is that of the
character after the cursor.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Any

from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.loader import ENGINE_DOCS, ENGINE_NAMES, LIBRARY_ALL, Checked
from vtt.rules.model import OptionDef
from vtt.rules.schema import pack_schema
from vtt.rules.steps import KINDS, StepKind
from vtt.studio.editorcheck import EditorChecked
from vtt.studio.yamlpath import Key, Path, Place, scan

__all__ = ["Completion", "Help", "completions", "hover"]


@dataclass(frozen=True)
class Completion:
    """One thing that may be written at the cursor. ``insert`` replaces the
    ``replace`` characters before the cursor (the word typed so far); after a line
    break it carries the whole indentation of the new line, so it is valid YAML."""

    label: str
    insert: str
    kind: str  # key, step, argtype, function, zone, var, move, phase, option, ...
    detail: str = ""  # one line: a signature, a type, where a name is defined
    doc: str = ""
    replace: int = 0
    #: Where the cursor goes in ``insert`` (a step's first field); None: after it.
    caret: int | None = None


@dataclass(frozen=True)
class Help:
    """What a word of the pack means: a title, a signature or definition, its doc."""

    title: str
    signature: str
    doc: str


# --- the schema ---------------------------------------------------------------------

Node = Mapping[str, Any]


@cache
def _schema() -> dict[str, Any]:
    return pack_schema()


def _step_def() -> Node:
    step: Node = _schema()["$defs"]["step"]
    return step


def _resolved(node: Node, root: Node) -> Iterator[tuple[Node, Node]]:
    """The node with its ``$ref`` followed and its ``anyOf``/``oneOf`` alternatives
    spread out, each with the schema document its own references are read in."""
    ref = node.get("$ref")
    if isinstance(ref, str):
        if ref.startswith("#/"):
            target: Any = root
            for part in ref[2:].split("/"):
                target = target.get(part, {}) if isinstance(target, Mapping) else {}
            yield from _resolved(target, root)
        else:
            for found in _schema()["$defs"].values():
                if isinstance(found, Mapping) and found.get("$id") == ref:
                    yield from _resolved(found, found)
        return
    yield node, root
    for key in ("anyOf", "oneOf"):
        for alternative in node.get(key, ()):
            yield from _resolved(alternative, root)


def _children(node: Node, part: str | int) -> Iterator[Node]:
    if isinstance(part, int):
        items = node.get("items")
        if isinstance(items, Mapping):
            yield items
        return
    properties = node.get("properties", {})
    if part in properties:
        yield properties[part]
        return
    for pattern, child in node.get("patternProperties", {}).items():
        if re.search(pattern, part):
            yield child
            return
    extra = node.get("additionalProperties")
    if isinstance(extra, Mapping):
        yield extra


def _nodes(path: Path) -> list[tuple[Node, Node]]:
    """The schema nodes (with their documents) of the node at ``path``, before
    their references are followed."""
    found: list[tuple[Node, Node]] = [(_schema(), _schema())]
    for part in path:
        found = [
            (child, root)
            for node, root in found
            for inner, root in _resolved(node, root)
            for child in _children(inner, part)
        ]
    return found


def _spread(nodes: Iterable[tuple[Node, Node]]) -> list[Node]:
    return [inner for node, root in nodes for inner, _ in _resolved(node, root)]


def _is_step(nodes: Iterable[tuple[Node, Node]]) -> bool:
    """True at a step of a step list."""
    step = _step_def()
    return any(inner is step for inner in _spread(nodes))


def _described(nodes: Iterable[Node], key: str) -> str:
    for node in nodes:
        if isinstance(node.get(key), str):
            return str(node[key])
    return ""


def _doc_of(nodes: list[Node]) -> str:
    """A key's documentation: its line for editors, else its description."""
    return _described(nodes, "markdownDescription") or _described(nodes, "description")


def _is_expression(nodes: Iterable[Node]) -> bool:
    """True where the schema takes an expression (``EXPR`` and its kin say so)."""
    return any(
        str(node.get(key, "")).startswith("an expression")
        for node in nodes
        for key in ("description", "markdownDescription")
    )


def _is_zone(nodes: Iterable[Node]) -> bool:
    """True where the schema takes a zone reference (``ZONE``) or a zone's name."""
    return _described(nodes, "description").startswith(("a zone", "a per-player zone"))


def _shape(nodes: list[Node]) -> str:
    """How a value is written: "mapping", "list" or "scalar" (when it may be any)."""
    if any(_SCALARS & set(_types(node)) or "enum" in node for node in nodes):
        return "scalar"
    for node in nodes:
        kind = node.get("type")
        if kind == "object" or "properties" in node:
            return "mapping"
        if kind == "array" or "items" in node:
            return "list"
    return "scalar"


_SCALARS = frozenset({"string", "number", "integer", "boolean", "null"})


def _types(node: Node) -> list[str]:
    kind = node.get("type", [])
    return [kind] if isinstance(kind, str) else list(kind)


def _type_text(nodes: list[Node]) -> str:
    """A short line on what a key takes."""
    if _is_expression(nodes):
        return "expression"
    if _is_zone(nodes):
        return "zone"
    for node in nodes:
        if "enum" in node:
            return " | ".join(str(value) for value in node["enum"])
        if "const" in node:
            return str(node["const"])
    shape = _shape(nodes)
    if shape == "list" and _is_step(_nodes_items(nodes)):
        return "list of steps"
    if shape != "scalar":
        return shape
    kinds = [node["type"] for node in nodes if isinstance(node.get("type"), str)]
    return kinds[0] if kinds else ""


def _nodes_items(nodes: list[Node]) -> list[tuple[Node, Node]]:
    items = [node.get("items") for node in nodes]
    return [(item, _schema()) for item in items if isinstance(item, Mapping)]


# --- inserting ----------------------------------------------------------------------


def _pad(column: int) -> str:
    return "\n" + " " * column


def _key_insert(name: str, nodes: list[Node], column: int, flow: bool) -> str:
    """``key: `` for a scalar, the key with an indented line under it for a mapping
    or a list (``column`` is the key's)."""
    shape = _shape(nodes)
    if flow or shape == "scalar":
        return f"{name}: "
    if shape == "list":
        return f"{name}:{_pad(column + 2)}- "
    return f"{name}:{_pad(column + 2)}"


def _skeleton(kind: StepKind, column: int, flow: bool) -> tuple[str, int | None]:
    """A step as it is usually written, its key and the fields it needs, and where the
    cursor goes in it (None: at its end)."""
    if kind.schema is None:
        return kind.key, None
    if flow:
        return f"{kind.key}: ", None
    if kind.companions:  # if: TEST, then its steps
        first = next(iter(kind.companions))
        written = f"{kind.key}: "
        return f"{written}{_pad(column)}{first}:{_pad(column + 2)}- ", len(written)
    schema = kind.schema
    required = list(schema.get("required", ()))
    if _shape([schema]) != "mapping":
        return f"{kind.key}: ", None
    if not required:
        return f"{kind.key}:{_pad(column + 2)}", None
    fields = [
        _key_insert(name, _spread([(schema["properties"][name], _schema())]), column + 2, False)
        for name in required
    ]
    head = f"{kind.key}:{_pad(column + 2)}"
    first = fields[0].split("\n")[0]
    return head + _pad(column + 2).join(fields), len(head) + len(first)


def _step_fields(kind: StepKind) -> str:
    if kind.schema is None:
        return kind.key
    properties = list(kind.schema.get("properties", ()))
    if kind.companions:
        return f"{kind.key}: TEST, " + ", ".join(f"{key}: [...]" for key in kind.companions)
    if properties:
        return f"{kind.key}: {{{', '.join(properties)}}}"
    shape = _spread([(kind.schema, _schema())])
    if _shape(shape) == "mapping" and kind.schema.get("description"):
        return f"{kind.key}: {{{kind.schema['description']}}}"
    return f"{kind.key}: {_type_text(shape) or 'value'}"


# --- the pack's own names -----------------------------------------------------------

#: Sections whose keys name things, and what each names.
_SECTIONS = {
    "options": "option",
    "constants": "constant",
    "zones": "zone",
    "vars": "var",
    "define": "define",
    "moves": "move",
    "components": "component",
}


@dataclass(frozen=True)
class _Named:
    name: str
    kind: str
    line: int
    text: str  # the line that defines it


def _defined(text: str, written: list[Key]) -> dict[str, _Named]:
    """The names the pack's text defines now (zones, vars, moves, phases...)."""
    lines = text.split("\n")
    found: dict[str, _Named] = {}
    for key in written:
        path = key.path
        kind = None
        if len(path) == 2 and path[0] in _SECTIONS:
            kind = _SECTIONS[str(path[0])]
        elif len(path) == 3 and path[:2] == ("flow", "phases"):
            kind = "phase"
        if kind is not None:
            name = re.sub(r"\s*\(.*$", "", str(path[-1]))
            found.setdefault(name, _Named(name, kind, key.line, _definition(lines, key.line)))
    return found


#: The most lines of a definition a help shows.
_DEFINITION_LINES = 5


def _definition(lines: list[str], line: int) -> str:
    """The text defining a name: its line, and the lines under it when it opens a block."""
    first = lines[line - 1] if line <= len(lines) else ""
    indent = len(first) - len(first.lstrip())
    found = [first.strip()]
    for more in lines[line : line + _DEFINITION_LINES - 1]:
        if not more.strip() or len(more) - len(more.lstrip()) <= indent:
            break
        found.append(more[indent:].rstrip())
    return "\n".join(found)


#: What a name of each kind the check pass gives is, where nothing defines it in the text.
_KIND_DOCS = {
    "local": "a name a let or for step binds",
    "argument": "an argument of the move",
    "seat": "the seat the value is worked out for",
    "engine": "a name the engine gives every expression",
}


# --- what to offer ------------------------------------------------------------------


def _rank(label: str, prefix: str) -> int | None:
    """How well ``label`` matches what was typed (lower is better); None: not at all."""
    if not prefix:
        return 0
    low, typed = label.lower(), prefix.lower()
    if label.startswith(prefix):
        return 0
    if low.startswith(typed):
        return 1
    if any(part.startswith(typed) for part in low.split("_")[1:]):
        return 2
    if typed in low:
        return 3
    letters = iter(low)
    if all(char in letters for char in typed):
        return 4
    return None


#: Which names come first in an expression: the pack's own before the library's.
_ORDER = {
    "argument": 0,
    "local": 0,
    "seat": 0,
    "var": 1,
    "zone": 1,
    "option": 1,
    "constant": 1,
    "define": 1,
    "engine": 2,
    "function": 3,
    "library": 4,
}


def _sorted(found: Iterable[Completion], prefix: str) -> list[Completion]:
    ranked = []
    seen: set[tuple[str, str]] = set()
    for position, item in enumerate(found):
        rank = _rank(item.label, prefix)
        if rank is None or (item.label, item.kind) in seen:
            continue
        if item.label == prefix and item.insert == prefix:  # nothing more to write
            continue
        seen.add((item.label, item.kind))
        ranked.append(((rank, _ORDER.get(item.kind, 0), position), item))
    return [item for _, item in sorted(ranked, key=lambda pair: pair[0])]


def _signature(name: str, function: Callable[..., object]) -> str:
    """``beats(a, b, reversed=False) -> bool``: as a pack calls it (no meter)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return f"{name}(...)"
    parameters = list(signature.parameters.values())
    if parameters and "Meter" in str(parameters[0].annotation):
        parameters = parameters[1:]
    parts: list[str] = []
    for parameter in parameters:
        if parameter.kind is parameter.KEYWORD_ONLY and not any(
            part.startswith("*") for part in parts
        ):
            parts.append("*")
        if parameter.kind is parameter.VAR_POSITIONAL:
            parts.append(f"*{parameter.name}")
        elif parameter.kind is parameter.VAR_KEYWORD:
            parts.append(f"**{parameter.name}")
        elif parameter.default is parameter.empty:
            parts.append(parameter.name)
        else:
            parts.append(f"{parameter.name}={parameter.default!r}")
    returns = signature.return_annotation
    shown = "" if returns is signature.empty else f" -> {str(returns).strip(chr(39))}"
    return f"{name}({', '.join(parts)}){shown}"


def _doc(function: Callable[..., object]) -> str:
    """A function's docstring, as plain text (``code`` written `code`)."""
    text = inspect.cleandoc(function.__doc__ or "")
    return re.sub(r"``([^`]*)``", r"`\1`", text.split("\n\n")[0].replace("\n", " "))


@cache
def _function(name: str) -> Completion:
    function = LIBRARY_ALL.functions[name]
    return Completion(name, name, "function", _signature(name, function), _doc(function))


def _named_detail(named: _Named | None, kind: str) -> tuple[str, str]:
    if named is None:
        return kind, ""
    return f"{kind}, line {named.line}", named.text


_EACH = re.compile(r"\beach:\s*[\"']?([A-Za-z_]\w*)")


@dataclass(frozen=True)
class _Context:
    """What the completion and the help of one cursor need."""

    text: str
    line: int
    place: Place
    checked: Checked | None
    written: list[Key]
    defined: dict[str, _Named]

    @cached_property
    def nodes(self) -> list[tuple[Node, Node]]:
        """The schema's nodes at the cursor's path, as written."""
        return _nodes(self.place.path)

    @cached_property
    def spread(self) -> list[Node]:
        """The same with their references and alternatives followed."""
        return _spread(self.nodes)

    def names_of(self, kind: str) -> list[_Named]:
        return [named for named in self.defined.values() if named.kind == kind]

    def scope(self) -> dict[str, str]:
        """The names an expression reads here, with their kinds."""
        names: dict[str, str] = {}
        if self.checked is not None and self.checked.scopes:
            names.update(self.checked.scope(self.place.path).names)
        else:
            names.update(dict.fromkeys(ENGINE_NAMES, "engine"))
            names.update(dict.fromkeys(LIBRARY_ALL.functions, "function"))
            names.update(dict.fromkeys(LIBRARY_ALL.constants, "library"))
        for named in self.defined.values():
            if named.kind in _READABLE:
                names.setdefault(named.name, named.kind)
        for name, named in self.bound.items():
            names.setdefault(name, named.kind)
        return names

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @cached_property
    def bound(self) -> dict[str, _Named]:
        """The names the text binds above the cursor in the move, phase or section it
        is in (the move's arguments, ``let`` and ``for`` names), the nearest last: what
        the check pass gives as argument and local, found while the text is too
        broken for it, and where each is bound."""
        path = self.place.path
        owner = (
            path[:2] if path[:1] == ("moves",) else path[:3] if path[:1] == ("flow",) else path[:1]
        )
        found: dict[str, _Named] = {}
        for key in self.written:
            if key.line > self.line:
                break
            if key.path[: len(owner)] != owner or len(key.path) < 2:
                continue
            name, kind = str(key.path[-1]), "local"
            if key.path[-2] == "args" and len(key.path) == 4:
                kind = "argument"
            elif key.path[-1] == "each" and (each := _EACH.search(self.lines[key.line - 1])):
                name = each.group(1)
            elif key.path[-2] != "let":
                continue
            found[name] = _Named(name, kind, key.line, _definition(self.lines, key.line))
        return found


def _context(text: str, line: int, column: int, checked: Checked | None) -> _Context:
    place, written = scan(text, line, column)
    return _Context(text, line, place, checked, written, _defined(text, written))


# --- expressions --------------------------------------------------------------------

_WORD_END = re.compile(r"(\.)?([A-Za-z_][A-Za-z0-9_]*)?\Z")
_NUMBER_END = re.compile(r"(?<![A-Za-z0-9_])\d+\Z")


def _open_string(expression: str) -> bool:
    """True when the expression's text ends inside one of its own quotes."""
    quote = ""
    for char in expression:
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
    return bool(quote)


def _expression_text(context: _Context) -> str | None:
    """The expression being written before the cursor, or None outside one."""
    place, nodes = context.place, context.spread
    value = place.value
    if _is_expression(nodes) and place.role != "key":
        return value
    if _is_zone(nodes):
        depth = value.count("[") - value.count("]")
        return value[value.rfind("[") + 1 :] if depth > 0 else None
    if any(node.get("type") == "string" for node in nodes):
        opening = value.rfind("{")
        if opening >= 0 and "}" not in value[opening:]:
            return value[opening + 1 :]
    return None


#: An option compared with a text being written: ``mode == '`` or ``mode in ('a', '``.
_COMPARED = re.compile(r"([A-Za-z_]\w*)\s*(?:==|!=|(?:not\s+)?in\s*[(\[{][^()\[\]{}]*?)\s*\Z")


def _choices(context: _Context, expression: str) -> tuple[list[Completion], str]:
    """Inside a quoted text of an expression: the choices of the option it is compared with."""
    opening = max(expression.rfind("'"), expression.rfind('"'))
    typed = expression[opening + 1 :]
    compared = _COMPARED.search(expression[:opening])
    return (_option_choices(context, compared.group(1)) if compared else []), typed


def _option_choices(context: _Context, name: str) -> list[Completion]:
    """The choices of the option ``name`` (as the check pass read it)."""
    return [
        Completion(choice, choice, "choice", f"a choice of option {option.name}", option.label)
        for option in _options(context.checked)
        if option.name == name
        for choice in map(str, option.choices)
    ]


def _options(checked: Checked | None) -> tuple[OptionDef, ...]:
    """The options the check pass read (from its spec, or, in the editor, which has
    no spec, from the worker's answer)."""
    if checked is None:
        return ()
    if checked.spec is not None:
        return tuple(checked.spec.options)
    return checked.options if isinstance(checked, EditorChecked) else ()


def _expression_items(context: _Context, expression: str) -> tuple[list[Completion], str]:
    if _open_string(expression):
        return _choices(context, expression)
    match = _WORD_END.search(expression)
    assert match is not None
    prefix = match.group(2) or ""
    if match.group(1):
        if _NUMBER_END.search(expression[: match.start()]):
            return [], prefix  # a number's decimal point
        attributes = sorted(LIBRARY_ALL.attributes)
        return [Completion(name, name, "attribute", "attribute") for name in attributes], prefix
    found = []
    for name, kind in sorted(context.scope().items()):
        if kind == "function":
            found.append(_function(name))
            continue
        named = context.defined.get(name)
        if kind in ("argument", "local"):
            named = context.bound.get(name)
        detail, doc = _named_detail(named, kind)
        if kind == "library":
            doc = f"library constant: {LIBRARY_ALL.constants[name]}"
        elif kind == "engine":  # what it is, in the list too (its kind says "engine")
            doc = ENGINE_DOCS.get(name, "")
            detail = doc or detail
        found.append(Completion(name, name, kind, detail, doc))
    return found, prefix


# --- keys, items and values ---------------------------------------------------------


def _key_items(context: _Context, path: Path, column: int, flow: bool) -> list[Completion]:
    nodes = _nodes(path)
    if _is_step(nodes):
        return _step_keys(context.place.siblings, column, flow)
    found = []
    named_kind = _key_name_kind(path)
    for named in context.names_of(named_kind) if named_kind else ():
        detail = _named_detail(named, named.kind)
        found.append(Completion(named.name, f"{named.name}: ", named.kind, *detail))
    for node in _spread(nodes):
        for name, child in node.get("properties", {}).items():
            if name in context.place.siblings:
                continue
            inner = _spread([(child, _schema())])
            found.append(
                Completion(
                    name,
                    _key_insert(name, inner, column, flow),
                    "key",
                    _type_text(inner),
                    _doc_of([child, *inner]),
                )
            )
    return found


def _step_keys(siblings: frozenset[str], column: int, flow: bool) -> list[Completion]:
    """In a step: its key while none is written, then the keys that go with it
    (an ``if``'s ``then``, ``elif`` and ``else``)."""
    if not siblings:
        return _step_items(column, flow)
    found = []
    for key in sorted(siblings & KINDS.keys()):
        for name, schema in (KINDS[key].companions or {}).items():
            if name not in siblings:
                inner = _spread([(schema, _schema())])
                insert = _key_insert(name, inner, column, flow)
                found.append(Completion(name, insert, "key", _type_text(inner), _doc_of(inner)))
    return found


def _step_items(column: int, flow: bool) -> list[Completion]:
    found = []
    for kind in KINDS.values():
        insert, caret = _skeleton(kind, column, flow)
        found.append(
            Completion(kind.key, insert, "step", _step_fields(kind), kind.doc, caret=caret)
        )
    return found


def _key_name_kind(path: Path) -> str | None:
    """The kind of pack name the keys at ``path`` are: the vars of a ``set`` or
    ``add`` step, the options of a variant."""
    if len(path) > 1 and path[-1] in ("set", "add") and isinstance(path[-2], int):
        return "var"
    if len(path) == 3 and path[0] == "variants" and path[2] == "options":
        return "option"
    return None


def _name_kind(path: Path, nodes: list[Node]) -> str | None:
    """The kind of pack name written at ``path``: zone, phase or move."""
    if _is_zone(nodes):
        return "zone"
    if path == ("flow", "start") or (
        len(path) > 1 and path[-1] == "phase" and isinstance(path[-2], int)
    ):
        return "phase"
    if len(path) == 5 and path[:2] == ("flow", "phases") and path[3] == "moves":
        return "move"
    return None


def _is_arg_type(path: Path) -> bool:
    return len(path) == 5 and path[0] == "moves" and path[2] == "args" and path[4] == "type"


def _value_items(context: _Context) -> list[Completion]:
    """The values that may be written at the cursor: argument types, the pack's names
    (zones, phases, moves) and the schema's own choices."""
    path, nodes = context.place.path, context.spread
    if _is_arg_type(path):
        return [
            Completion(name, name, "argtype", f"argument type ({kind.role.value})", kind.doc)
            for name, kind in ARG_TYPES.items()
        ]
    if len(path) == 4 and path[0] == "variants" and path[2] == "options":
        return _option_choices(context, str(path[3]))
    kind = _name_kind(path, nodes)
    if kind is not None:
        return [
            Completion(named.name, named.name, kind, *_named_detail(named, kind))
            for named in context.names_of(kind)
        ]
    found = []
    description = _doc_of(nodes)
    for node in nodes:
        values = list(node.get("enum", ())) + ([node["const"]] if "const" in node else [])
        if node.get("type") == "boolean":
            values += [True, False]
        for value in values:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            found.append(Completion(shown, shown, "value", description))
    return found


def completions(text: str, line: int, column: int, checked: Checked | None) -> list[Completion]:
    """What may be written at the cursor, best first for the word typed before it."""
    context = _context(text, line, column, checked)
    if context.place.role == "comment":
        return []
    items, prefix = _offers(context)
    return [replace(item, replace=len(prefix)) for item in _sorted(items, prefix)]


_VALUE_WORD = re.compile(r"[A-Za-z0-9_-]*\Z")


def _offers(context: _Context) -> tuple[list[Completion], str]:
    """What may be written at the cursor, and the word typed before it."""
    place = context.place
    if place.role == "key" and _shape(context.spread) == "list" and not place.flow:
        return _new_items(context), place.prefix
    if place.role == "key":
        return _key_items(context, place.path, place.column, place.flow), place.prefix
    if place.role == "item" and _is_step(context.nodes):
        return _step_items(place.column, place.flow), place.prefix
    expression = _expression_text(context)
    if expression is not None:
        return _expression_items(context, expression)
    items = _value_items(context)
    if place.role == "item":  # or the first key of a mapping
        items += _key_items(context, place.path, place.column, place.flow)
    found = _VALUE_WORD.search(place.value)
    return items, found.group() if found else ""


def _new_items(context: _Context) -> list[Completion]:
    """A key typed where a list's items go: what may start a new item, with its ``- ``."""
    place = context.place
    depth = len(place.path)
    index = 1 + max(
        (int(key.path[depth]) for key in context.written if _is_item_of(key.path, place.path)),
        default=-1,
    )
    item = replace(place, path=(*place.path, index), role="item", column=place.column + 2)
    inner = _Context(
        context.text, context.line, item, context.checked, context.written, context.defined
    )
    if _is_step(inner.nodes):
        found = _step_items(item.column, False)
    else:
        found = _value_items(inner) + _key_items(inner, item.path, item.column, False)
    return [
        replace(
            offer,
            insert="- " + offer.insert,
            caret=None if offer.caret is None else offer.caret + 2,
        )
        for offer in found
    ]


def _is_item_of(path: Path, parent: Path) -> bool:
    return (
        len(path) > len(parent)
        and path[: len(parent)] == parent
        and isinstance(path[len(parent)], int)
    )


# --- help ---------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _word_at(text: str, line: int, column: int) -> tuple[str, int] | None:
    """The word under the cursor and the column just after it."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    for match in _WORD.finditer(lines[line - 1]):
        if match.start() <= column - 1 <= match.end():
            return match.group(), match.end() + 1
    return None


def _step_help(kind: StepKind) -> Help:
    return Help(f"step {kind.key}", _step_fields(kind), kind.doc)


#: The kinds of the pack's names an expression may read.
_READABLE = frozenset({"option", "constant", "zone", "var", "define"})


def _name_help(context: _Context, name: str, kinds: frozenset[str] | None = None) -> Help | None:
    """What one of the pack's names is (of ``kinds``, when given) and where it is defined."""
    named = context.defined.get(name)
    if named is None or (kinds is not None and named.kind not in kinds):
        named = context.bound.get(name)
    if named is None:
        return None
    where = f"defined at line {named.line}"
    return Help(f"{named.kind} {name}", named.text, where)


def _expression_help(context: _Context, word: str, expression: str) -> Help | None:
    before = expression[: len(expression) - len(word)]
    if before.endswith("."):
        return Help(f"attribute .{word}", "", "an attribute packs may read after a dot")
    if word in LIBRARY_ALL.functions:
        function = LIBRARY_ALL.functions[word]
        return Help(f"function {word}", _signature(word, function), _doc(function))
    if word in ENGINE_DOCS:
        return Help(f"engine name {word}", "", ENGINE_DOCS[word])
    if word in LIBRARY_ALL.constants:
        return Help(f"constant {word}", "", f"library constant: {LIBRARY_ALL.constants[word]}")
    found = _name_help(context, word, _READABLE)
    if found is not None:
        return found
    kind = context.scope().get(word)
    if kind is not None:
        return Help(f"{kind} {word}", "", _KIND_DOCS.get(kind, f"a name of the pack ({kind})"))
    return None


def hover(text: str, line: int, column: int, checked: Checked | None) -> Help | None:
    """What the word at the cursor means, or None for a word with nothing to say."""
    found = _word_at(text, line, column)
    if found is None:
        return None
    word, end = found
    context = _context(text, line, end, checked)
    place = context.place
    if place.role == "comment":
        return None
    if place.role == "key" or (place.role == "item" and _is_step(context.nodes)):
        return _key_help(context, word)
    expression = _expression_text(context)
    if expression is not None and expression.endswith(word):
        return _expression_help(context, word, expression)
    if _is_arg_type(place.path) and word in ARG_TYPES:
        return Help(f"argument type {word}", f"type: {word}", ARG_TYPES[word].doc)
    name_kind = _name_kind(place.path, context.spread)
    if name_kind is not None:
        return _name_help(context, word, frozenset({name_kind}))
    description = _doc_of(context.spread)
    if description:
        title = str(place.path[-1]) if place.path else word
        return Help(title, _type_text(context.spread), description)
    return None


def _key_help(context: _Context, word: str) -> Help | None:
    """A key's help: a kind of step, a key of the schema, or one of the pack's names."""
    if _is_step(context.nodes) and word in KINDS:
        return _step_help(KINDS[word])
    inner = _spread(_nodes((*context.place.path, word)))
    doc = _doc_of(inner)
    if context.place.role == "key" and doc:
        return Help(word, _type_text(inner), doc)
    return _name_help(context, word)
