"""The order the person's hand is shown in: as dealt, by suit then rank, by rank then
suit, or either reversed. Only the hand area's order: the game, its moves and their
notation never change. The order chosen is kept per game (by pack id) with the game
windows' settings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from vtt.janken import Card
from vtt.rules.values import Component
from vtt.ui.game.places import Face, Layout
from vtt.ui.game.settings import read_settings, write_setting

__all__ = ["DEALT", "ORDERS", "HandOrder", "arrange", "chosen_order", "keep_order"]

#: The setting that holds each game's order, by pack id.
SETTING = "hand order"


@dataclass(frozen=True)
class HandOrder:
    """One way to order a hand: its name (kept in the settings) and its menu label."""

    name: str
    label: str
    by: str = ""  # "suit" or "rank"; "" as dealt
    reverse: bool = False

    def arranged(self, components: Iterable[Component]) -> list[Component]:
        """``components`` in this order (cards first, each other component after them
        in its own order; the Jokers after the other cards).

        >>> from vtt.janken import Card
        >>> hand = [Card.parse(c) for c in ("QL", "2R", "JkP", "9R", "2L")]
        >>> [str(c) for c in by_name("suit").arranged(hand)]
        ['2R', '9R', '2L', 'QL', 'JkP']
        >>> [str(c) for c in by_name("rank-reversed").arranged(hand)]
        ['JkP', 'QL', '9R', '2L', '2R']
        """
        found = list(components)
        if not self.by:
            return found[::-1] if self.reverse else found
        return sorted(found, key=self._key, reverse=self.reverse)

    def _key(self, component: Component) -> tuple[int, int, int, str]:
        if not isinstance(component, Card):
            return (2, 0, 0, str(component))
        suit, rank = int(component.suit), int(component.rank)
        first, second = (suit, rank) if self.by == "suit" else (rank, suit)
        return (int(component.is_joker), first, second, "")


DEALT = HandOrder("dealt", "As &dealt")
#: Every order, as the hand's menu lists them and S steps through them.
ORDERS: tuple[HandOrder, ...] = (
    DEALT,
    HandOrder("suit", "By &suit, then rank", "suit"),
    HandOrder("suit-reversed", "By suit, then rank, re&versed", "suit", True),
    HandOrder("rank", "By &rank, then suit", "rank"),
    HandOrder("rank-reversed", "By rank, then suit, rev&ersed", "rank", True),
)


def by_name(name: str) -> HandOrder:
    """The order called ``name`` (as dealt for a name it does not know)."""
    return next((order for order in ORDERS if order.name == name), DEALT)


def following(order: HandOrder) -> HandOrder:
    """The order after ``order`` in the menu, back to the first after the last."""
    return ORDERS[(ORDERS.index(order) + 1) % len(ORDERS)]


def chosen_order(pack: str) -> HandOrder:
    """The order chosen last for the game ``pack`` (its id): as dealt until one is."""
    kept = read_settings().get(SETTING)
    return by_name(str(kept.get(pack, ""))) if isinstance(kept, dict) else DEALT


def keep_order(pack: str, order: HandOrder) -> None:
    """Keep ``order`` as the hand's order in every game of ``pack`` from now on."""
    kept = read_settings().get(SETTING)
    kept = dict(kept) if isinstance(kept, dict) else {}
    kept[pack] = order.name
    write_setting(SETTING, kept)


def arrange(layout: Layout, order: HandOrder) -> None:
    """Show the hands in the hand area of ``layout`` in ``order``: the same slots, the
    faces in them in another order (each face's index is its slot's)."""
    if order is DEALT:
        return
    for key, place in list(layout.places.items()):
        if not place.in_hand:
            continue
        shown = order.arranged(face.component for face in place.faces if face.component)
        if len(shown) != len(place.faces):
            continue  # a back in the hand: nothing to order by
        faces = tuple(
            Face(component, face.rect, face.index)
            for component, face in zip(shown, place.faces, strict=True)
        )
        layout.places[key] = replace(place, faces=faces)
