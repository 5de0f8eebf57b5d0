"""One enforced game: the pack, the state, who sits where, and the moves made so far.

Every change goes through :meth:`GameSession.play`, which applies a move only if the
rules allow it, keeps it in the record (for undo, save and replay later) and
emits ``changed``; an illegal move emits ``message`` with the pack's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from vtt.ai.random_agent import RandomAgent
from vtt.rules import Game, IllegalMove, InvalidMove, Move, State, load_game
from vtt.rules.finder import find_pack
from vtt.rules.values import Piece
from vtt.ui.game.projection import Drags, Key, drags_of, drop_reason
from vtt.ui.qt import QObject, Signal

HUMAN, COMPUTER = "Human", "Computer (Random)"
SEAT_KINDS = (HUMAN, COMPUTER)


@dataclass(frozen=True)
class SeatChoice:
    """One seat as chosen before the game: a name, and who plays it."""

    name: str
    kind: str = HUMAN

    @property
    def computer(self) -> bool:
        """True if an agent plays this seat."""
        return self.kind != HUMAN


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start (and start again) a game."""

    pack: str
    seats: tuple[SeatChoice, ...]
    options: dict[str, object] = field(default_factory=dict)
    seed: int = 0
    enforced: bool = True

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)


def zone_labels(pack_file: Path) -> dict[str, str]:
    """The words a pack gives its zones (``label:``), which the engine does not keep."""
    data = yaml.safe_load(pack_file.read_text("utf-8"))
    zones = data.get("zones", {}) if isinstance(data, dict) else {}
    return {
        name: str(zone["label"])
        for name, zone in zones.items()
        if isinstance(zone, dict) and "label" in zone
    }


class GameSession(QObject):
    """The game being played in a window.

    Signals:
        changed(): the state changed (a move was made, or a new game began).
        message(str): something to tell the person (an illegal move's reason).
    """

    changed = Signal()
    message = Signal(str)

    def __init__(self, setup: GameSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game = load_game(setup.pack)
        self.zone_labels = zone_labels(find_pack(setup.pack))
        self.start(setup)

    def start(self, setup: GameSetup) -> None:
        """Begin a new game from a setup (also "play again", with the next seed)."""
        self.setup = setup
        self.state: State = self.game.new_state(setup.options, setup.seed, players=setup.players)
        self.moves: list[Move] = []
        self.agents: dict[int, Any] = {
            seat: RandomAgent(setup.seed * 31 + seat)
            for seat, choice in enumerate(setup.seats)
            if choice.computer
        }
        self._drags: Drags | None = None
        self.changed.emit()

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as chosen at the start."""
        return tuple(seat.name for seat in self.setup.seats)

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.state.outcome is not None

    def computer_to_move(self) -> int | None:
        """The seat an agent must move for now, if any."""
        seat = self.state.to_move
        return seat if seat in self.agents and not self.over else None

    def human_to_move(self) -> bool:
        """True if a person must move now."""
        return not self.over and self.state.to_move is not None and self.computer_to_move() is None

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the person to move, else the first person."""
        seat = self.state.to_move
        if seat is not None and seat not in self.agents:
            return seat
        humans = [s for s in range(self.setup.players) if s not in self.agents]
        return humans[0] if humans else 0

    @property
    def uses_cards(self) -> bool:
        """True if the game's components are cards (else pieces)."""
        return not all(isinstance(c, Piece) for c in self.state.components())

    def drags(self) -> Drags:
        """The person's legal moves as drags and actions (none while a computer moves)."""
        if self._drags is None:
            self._drags = drags_of(self.state) if self.human_to_move() else Drags()
        return self._drags

    def play(self, move: Move | str) -> bool:
        """Apply a move if it is legal; else say why. True if it was applied."""
        try:
            made = self.state.apply(move)
        except (IllegalMove, InvalidMove) as error:
            self.message.emit(str(error))
            return False
        self.moves.append(made)
        self._drags = None
        self.changed.emit()
        return True

    def drop(self, what: str, target: Key | None) -> bool:
        """Put a component written ``what`` on a place: its move if legal, else the reason."""
        move = self.drags().targets.get(what, {}).get(target) if target is not None else None
        if move is not None:
            return self.play(move)
        if target is None:
            self.message.emit(f"Drop the {what} on a highlighted place")
        else:
            self.message.emit(drop_reason(self.state, what, target))
        return False
