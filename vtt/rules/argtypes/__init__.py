"""The types of a move's arguments, one module a type (see ``registry``): how each is
written and read in a move's notation, where its candidates come from, how it becomes
a digit of an action, its role, its schema name and its documentation.

The loader, the notation (``vtt.rules.moves``), the legal-move search
(``vtt.rules.generate``), the action codec (``vtt.rules.actions``), the schema, the
pack editor and the table all read ``ARG_TYPES`` (or an argument's own ``argtype``).
Adding a type is adding one module and naming it below; the order below is the
order of the language reference and of the schema.

>>> ARG_TYPES["cards"].read("8S 2R", ())
(Card.parse('2R'), Card.parse('8S'))
>>> ARG_TYPES["player"].write(1, ("Ann", "Ben"))
'Ben'
"""

# isort: off
from vtt.rules.argtypes import (  # noqa: F401  (each module registers its type)
    card,
    cards,
    piece,
    cell,
    number,
    suit,
    player,
    word,
)

# isort: on
from vtt.rules.argtypes.piece import kinds
from vtt.rules.argtypes.registry import ARG_TYPES, ArgType, Role, UnknownArgType, arg_type
from vtt.rules.argtypes.sets import (
    MAX_CARD_SETS_SIZE,
    card_set_key,
    card_sets,
    card_sets_kept,
    card_sets_size,
    set_cards,
    unique,
)

__all__ = [
    "ARG_TYPES",
    "MAX_CARD_SETS_SIZE",
    "ArgType",
    "Role",
    "UnknownArgType",
    "arg_type",
    "card_set_key",
    "card_sets",
    "card_sets_kept",
    "card_sets_size",
    "kinds",
    "set_cards",
    "unique",
]
