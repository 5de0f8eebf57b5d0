"""A move a person builds on the table card by card (Battlefront's attack, in general
terms: ``vtt.rules.build``).

A card dragged onto a target starts the move; clicks add cards and take them back;
a click on the target again, Enter or the panel's button makes it once it is legal;
Escape or any change of the game cancels it. What the cards chosen make (the legal
move, else the pack's reason, and the pack's tally) is worked out by the match
(``Match.judge_build``) after every change, never here.
"""

from __future__ import annotations

from vtt.janken import Card
from vtt.match.frames import BuildVerdict
from vtt.rules.build import Target
from vtt.ui.game.session import GameSession
from vtt.ui.qt import QObject, Signal


class MoveBuilder(QObject):
    """The move under construction on the table, if any.

    Signals:
        changed(): a move was started, a card added or taken back, or it ended.
    """

    changed = Signal()

    def __init__(self, session: GameSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        #: The card aimed at, and the card dragged onto it (it stays in the move).
        self.target: Target | None = None
        self.starter: Card | None = None
        self.chosen: frozenset[Card] = frozenset()
        self.verdict: BuildVerdict | None = None
        session.changed.connect(self.cancel)

    @property
    def active(self) -> bool:
        """True while a move is being built."""
        return self.target is not None

    @property
    def word(self) -> str:
        """What the move is called on its button: the first word of its notation."""
        first = self.verdict.notation.split()[0] if self.verdict is not None else ""
        return first.capitalize() if first and "{" not in first else "Play"

    def targets(self, card: Card) -> set[Target]:
        """Where a card of the person's may be dragged to start a legal move."""
        return self.session.builds().targets(card)

    def can_start(self, card: Card) -> bool:
        """True if a card of the person's may be dragged onto a target to start a move
        (legal or not: the move then says why not)."""
        return card in self.session.builds().pool

    def helpers(self) -> frozenset[Card]:
        """The cards that can join the cards chosen (they glow on the table)."""
        if self.target is None:
            return frozenset()
        return self.session.builds().helpers(self.target, self.chosen)

    def start(self, target: Target, card: Card) -> bool:
        """Aim a move at ``target`` with ``card``, the first card chosen; False (nothing
        started) when no move of the person's can be aimed at that card with it at all."""
        verdict = self.session.judge_build(target, frozenset({card}))
        if verdict is None or verdict.stage < 0:
            return False
        self.target, self.starter, self.chosen = target, card, frozenset({card})
        self.verdict = verdict
        self.changed.emit()
        return True

    def click(self, target: Target, mine: bool) -> None:
        """A click on a card on the table (``mine``: in a place of the person's): the
        target makes the move, a card that can join joins, a chosen one goes back."""
        if self.target is None:
            return
        card = target.card
        if target == self.target:
            self.play()
        elif not mine:
            self.session.message.emit("Click the glowing cards to add them; Escape cancels")
        elif card == self.starter:
            self.session.message.emit(f"{card} started this move: Escape cancels it")
        elif card in self.chosen:
            self.chosen -= {card}
            self._judge()
        elif card in self.helpers():
            self.chosen |= {card}
            self._judge()
        else:
            # No legal move holds it with the cards chosen, yet it may join them as long
            # as they get as far through the rules with it as without (6W and 3W on 9R:
            # still not enough, and the total says by how much).
            tried = self.session.judge_build(self.target, self.chosen | {card})
            now = self.verdict.stage if self.verdict is not None else 0
            if tried is not None and tried.stage >= max(now, 0):
                self.chosen |= {card}
                self.verdict = tried
                self.changed.emit()
                return
            why = tried.reason if tried is not None else None
            self.session.message.emit(why or f"{card} cannot join this move")

    def play(self) -> bool:
        """Make the move built, if it is legal; else say why not. True if it was made."""
        verdict = self.verdict
        if verdict is None:
            return False
        if verdict.move is None:
            self.session.message.emit(self.status())
            return False
        return self.session.play(verdict.move)

    def cancel(self) -> None:
        """Stop building (nothing is played)."""
        if self.target is None:
            return
        self.target, self.starter, self.chosen, self.verdict = None, None, frozenset(), None
        self.changed.emit()

    def status(self) -> str:
        """What the cards chosen make, in words: the move, the pack's reason, or what is
        still to choose."""
        verdict = self.verdict
        if verdict is None:
            return ""
        if verdict.move is not None:
            return f"Ready: {verdict.move}"
        if verdict.reason is not None:
            return verdict.reason
        missing = " and ".join(name.replace("_", " ") for name in verdict.missing)
        return f"Still to choose: {missing}" if missing else ""

    def _judge(self) -> None:
        assert self.target is not None
        self.verdict = self.session.judge_build(self.target, self.chosen)
        self.changed.emit()
