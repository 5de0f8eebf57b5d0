"""Who played the cards lying on the table's shared places: a trick's cards, by seat.

A move that puts a card of its own (its footprint, ``vtt.rules.footprint``) on a
shared place that everyone sees (Stones' trick, Joker's Wild's discard pile) is
noted with its mover when ``State.apply`` makes it, the checked path every move a
person or the window's computer makes takes. A play to such a place is public, so
every view shows who made it (``View.played``), for the cards still lying there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vtt.janken import Card
from vtt.rules.moves import Move

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["Played", "noted", "played_by", "tidied"]

#: (the place, the card, the seat that played it), oldest first.
Played = tuple[tuple[tuple[Any, ...], Card, int], ...]


def _stack(state: State, key: tuple[Any, ...]) -> Any:
    """The stack at a place, or None when there is no such place now."""
    node: Any = state.env.get(str(key[0]))
    try:
        for index in key[1:]:
            node = node[index]
    except (IndexError, KeyError, TypeError):
        return None
    return node if isinstance(node, list) else None


def tidied(state: State) -> Played:
    """``state.played`` without the cards no longer lying where they were played."""
    kept = []
    for entry in state.played:
        stack = _stack(state, entry[0])
        if stack is not None and entry[1] in stack:
            kept.append(entry)
    return tuple(kept)


def noted(state: State, move: Move) -> Played:
    """``state.played`` tidied, with the card ``move`` (legal now) puts on a shared place
    everyone sees, and the seat that plays it; a secret move is noted nowhere."""
    kept = tidied(state)
    kind, mover = move.kind, state.to_move
    if kind is None or kind.secret or mover is None:
        return kept
    foot = state.footprint(move)
    if foot is None or not isinstance(foot.component, Card):
        return kept
    zone = state.game.zones.get(str(foot.target[0]))
    if zone is None or zone.per_player or zone.grid is not None or zone.visibility != "everyone":
        return kept
    return (*kept, (foot.target, foot.component, mover))


def played_by(state: State) -> dict[tuple[Any, ...], tuple[int | None, ...]]:
    """For each shared place with a card a move was noted putting there: the seat that
    played each of its cards, bottom first (None for a card no noted move put there).

    >>> from vtt.rules import load_game
    >>> state = load_game("stones").new_state({}, 1, players=3)
    >>> while state.phase == "bid":
    ...     _ = state.apply("bid 3")
    >>> first = state.to_move
    >>> _ = state.apply(state.legal_list()[0])
    >>> played_by(state) == {("trick",): (first,)}
    True
    """
    found: dict[tuple[Any, ...], tuple[int | None, ...]] = {}
    for key in dict.fromkeys(entry[0] for entry in state.played):
        stack = _stack(state, key)
        if stack is None:
            continue
        seats = {card: seat for place, card, seat in state.played if place == key}
        found[key] = tuple(seats.get(card) for card in stack)
    return found
