"""What a seat must not be told, as the secrecy tests read it: the cards a frame's or
a message's JSON names, and the cards that lie only where a seat cannot see them."""

from __future__ import annotations

from vtt.rules import State

__all__ = ["cards_in", "hidden_only"]


def cards_in(data: object, found: set[str]) -> set[str]:
    """Every card a JSON value names as a value (``{"card": "QL"}``), added to ``found``."""
    if isinstance(data, dict):
        if set(data) == {"card"}:
            found.add(data["card"])
        for value in data.values():
            cards_in(value, found)
    elif isinstance(data, list):
        for value in data:
            cards_in(value, found)
    return found


def hidden_only(state: State, seat: int) -> set[str]:
    """The cards that lie only where ``seat`` cannot see them and that nothing it read
    named (Dueling Wizards' elements are drafted face up, then held in a hidden hand)."""
    view = state.view(seat)
    seen = {str(c) for c in view.visible_components()}
    read = {word for line in (*view.log, *view.history) for word in line.split()}
    return {str(c) for c in state.components()} - seen - read
