"""How fast a game window shows the moves nobody at the screen made: a setting.

A move a person did not make (the computer's, or the rules' own) slides its card
from where it was to where it went; the computer waits until that is seen before
it moves again. The chosen pace is kept with the game windows' settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtt.ui.game.settings import read_settings, write_setting

__all__ = ["PACES", "Pace", "choose_pace", "chosen_pace"]


@dataclass(frozen=True)
class Pace:
    """A pace: its name in the menu, how long a card slides, how long the computer waits."""

    name: str
    label: str
    slide_ms: int
    pause_ms: int


PACES: tuple[Pace, ...] = (
    Pace("slow", "&Slow", 900, 1400),
    Pace("normal", "&Normal", 550, 900),
    Pace("fast", "&Fast", 250, 450),
    Pace("instant", "&Instant (no sliding)", 0, 250),
)
DEFAULT = "normal"


def chosen_pace() -> Pace:
    """The pace chosen last (Normal until one is chosen, or when the file is unreadable)."""
    name = read_settings().get("pace", DEFAULT)
    return next((p for p in PACES if p.name == name), _by_name(DEFAULT))


def choose_pace(name: str) -> Pace:
    """Keep ``name`` as the pace of every game window from now on; the pace."""
    pace = _by_name(name)
    write_setting("pace", pace.name)
    return pace


def _by_name(name: str) -> Pace:
    for pace in PACES:
        if pace.name == name:
            return pace
    raise ValueError(f"no pace {name!r}: choose one of {', '.join(p.name for p in PACES)}")
