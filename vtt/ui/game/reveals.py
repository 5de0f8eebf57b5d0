"""What a move showed that someone could not see before: the line undo may not cross.

DESIGN.md: "Undo in enforced play stops at the last move that revealed anything".
A move reveals when, for some seat, a component it could not see before is now
visible to it, or a log line that read "chooses" now reads the choice.
"""

from __future__ import annotations

from vtt.match import revelation

__all__ = ["revelation"]
