"""What a move showed that someone could not see before: the line undo may not cross.

DESIGN.md: "Undo in enforced play stops at the last move that revealed anything".
A move reveals when, for some seat, a component it could not see before is now
visible to it, or a log line that read "chooses" now reads the choice.
"""

from __future__ import annotations

from collections import Counter

from vtt.rules import State

__all__ = ["revelation"]


def revelation(before: State, after: State) -> str | None:
    """What the move from ``before`` to ``after`` revealed, in words; None if nothing."""
    names = after.seat_names
    for seat in range(after.players):
        old, new = before.view(seat), after.view(seat)
        shown = Counter(new.visible_components()) - Counter(old.visible_components())
        if shown:
            faces = " ".join(sorted(str(component) for component in shown.elements()))
            return f"it showed {faces} to {names[seat]}"
        if new.log[: len(old.log)] != old.log:
            return f"it revealed a secret choice to {names[seat]}"
    return None
