"""What expressions may reach besides their environment, and how libraries combine."""

from __future__ import annotations

import itertools
import keyword
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

# Attribute names a Library may never allow: the doors out of a sandbox (frames,
# code, globals) and the text-formatting methods that read attributes themselves.
_FORBIDDEN_ATTRIBUTES: Final = frozenset(
    {
        "ag_code",
        "ag_frame",
        "cr_code",
        "cr_frame",
        "f_back",
        "f_builtins",
        "f_code",
        "f_globals",
        "f_locals",
        "format",
        "format_map",
        "func_globals",
        "gi_code",
        "gi_frame",
        "gi_yieldfrom",
        "mro",
        "tb_frame",
        "tb_next",
    }
)


@dataclass(frozen=True)
class Library:
    """What expressions may reach besides their environment: functions, constants, attributes."""

    functions: Mapping[str, Callable[..., object]] = field(default_factory=dict)
    constants: Mapping[str, object] = field(default_factory=dict)
    attributes: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name in itertools.chain(self.functions, self.constants):
            if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
                raise ValueError(f"{name!r} cannot be a library name in pack expressions")
        for name, value in self.constants.items():
            if isinstance(value, types.ModuleType) or callable(value):
                raise ValueError(f"library constant {name!r} must be a plain value")
        for attribute in self.attributes:
            if attribute.startswith("_") or attribute in _FORBIDDEN_ATTRIBUTES:
                raise ValueError(f"attribute {attribute!r} must never be reachable from a pack")
        # Frozen in fact, not only in name: later changes to the caller's dicts do not leak in.
        object.__setattr__(self, "functions", types.MappingProxyType(dict(self.functions)))
        object.__setattr__(self, "constants", types.MappingProxyType(dict(self.constants)))
        object.__setattr__(self, "attributes", frozenset(self.attributes))


def merge(*libraries: Library) -> Library:
    """One library holding all of ``libraries``; on a name clash the later one wins."""
    functions: dict[str, Callable[..., object]] = {}
    constants: dict[str, object] = {}
    attributes: set[str] = set()
    for library in libraries:
        functions.update(library.functions)
        constants.update(library.constants)
        attributes |= library.attributes
    return Library(functions, constants, frozenset(attributes))
