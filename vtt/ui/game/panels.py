"""The panels of the game window over and above the board: the result at the end of a
game (over the board's foot), the move being built card by card (over its top), and
the replay's controls (above it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vtt.match import FrameOutcome
from vtt.rules.shown import shown, shown_name
from vtt.ui.game.building import MoveBuilder
from vtt.ui.game.session import GameSession
from vtt.ui.plaintext import Label, escaped, rich_label
from vtt.ui.qt import QComboBox, QHBoxLayout, QPushButton, Qt, QWidget


class ResultPanel(QWidget):
    """The end of the game over the foot of the board, with Play again.

    Over the board, not in the layout: showing it at the end of a game leaves the board
    its size, so nothing is drawn again at another scale."""

    def __init__(self, view: QWidget, again: Callable[[], None]) -> None:
        super().__init__(view)
        self.view = view
        self.setObjectName("result")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(
            "#result { background: rgba(43, 47, 58, 240); border-radius: 8px; }"
            " #result QLabel { color: #f3ead8; }"
        )
        row = QHBoxLayout(self)
        self.label = Label()
        self.label.setStyleSheet("font-size: 16px; padding: 6px;")
        self.again_button = QPushButton("&Play again")
        self.again_button.clicked.connect(again)
        row.addWidget(self.label, 1)
        row.addWidget(self.again_button)
        self.hide()

    def show_outcome(self, outcome: FrameOutcome | None, names: Sequence[str]) -> None:
        """Who won and why, with the scores (hidden while the game goes on)."""
        if outcome is None:
            self.hide()
            return
        winners = " and ".join(names[w] for w in outcome.winners)
        headline = f"{winners} won" if winners else "A draw"
        reason = outcome.reason
        scores = ""
        if outcome.scores:
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, outcome.scores, strict=False))
            # The pack's reason often gives them already ("White 6, Black 7").
            scores = "" if scores in reason else f" · {scores}"
        self.label.setText(shown(f"{headline}: {reason}{scores}"))
        self.show()
        self.place()

    def place(self) -> None:
        """Across the foot of the board."""
        view = self.view
        width = min(view.width() - 32, 980)
        height = self.sizeHint().height()
        left, top = (view.width() - width) // 2, view.height() - height - 16
        self.setGeometry(left, top, width, height)
        self.raise_()


class BuildPanel(QWidget):
    """The move being built card by card, in words over the top of the board.

    Over the board, as the result panel is over its foot: showing it leaves the table
    where it is, so the cards being clicked do not move."""

    def __init__(self, view: QWidget, builder: MoveBuilder, session: GameSession) -> None:
        super().__init__(view)
        self.view = view
        self.builder = builder
        self.session = session
        self.setObjectName("building")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(
            "#building { background: rgba(36, 26, 19, 235); border: 1px solid #8a6a4a;"
            " border-radius: 8px; }"
            " #building QLabel { color: #f3ead8; }"
        )
        row = QHBoxLayout(self)
        self.label = rich_label("")  # its lines are coloured: every text in it escaped
        self.label.setWordWrap(True)
        self.label.setStyleSheet("font-size: 14px; padding: 2px 4px;")
        self.play_button = QPushButton()
        self.play_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Enter, Esc stay on the board
        self.play_button.clicked.connect(builder.play)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cancel_button.clicked.connect(builder.cancel)
        row.addWidget(self.label, 1)
        row.addWidget(self.play_button)
        row.addWidget(self.cancel_button)
        self.hide()

    def show_build(self) -> None:
        """The move being built: its tally, what the cards chosen make (the move, or the
        rules' reason) and how to go on; hidden when no move is being built."""
        builder = self.builder
        verdict = builder.verdict
        if not builder.active or verdict is None:
            self.hide()
            return
        target = builder.target
        assert target is not None
        chosen = " ".join(str(c) for c in sorted(builder.chosen, key=lambda c: c.sort_key()))
        owner = target.place[1] if len(target.place) > 1 else None
        whose = f"{self.session.names[owner]}'s " if isinstance(owner, int) else ""
        head = f"{builder.word} {whose}{target.card} with {chosen}"
        tally = f" · {verdict.tally}" if verdict.tally else ""
        ready = verdict.move is not None
        colour = "#8dffa0" if ready else "#ffb08a"
        mark = "✓" if ready else "✗" if verdict.reason else "…"
        how = (
            f"Click {target.card} again, press Enter or {builder.word}"
            if ready
            else "Click a glowing card to add it"
        )
        self.label.setText(
            f"<b>{escaped(head)}</b>{escaped(tally)}<br>"
            f'<span style="color:{colour}">{mark} {escaped(builder.status())}</span><br>'
            f'<span style="color:#b8a88f; font-size: 12px">{escaped(how)}; a chosen card again'
            " to take it back · Esc cancels</span>"
        )
        self.play_button.setText(shown(builder.word).replace("&", "&&"))
        self.play_button.setEnabled(ready)
        self.show()
        self.place()

    def place(self) -> None:
        """Across the top of the board."""
        view = self.view
        width = min(view.width() - 32, 820)
        row = self.layout()
        margins = row.contentsMargins()
        buttons = self.play_button.sizeHint().width() + self.cancel_button.sizeHint().width()
        room = width - buttons - 2 * row.spacing() - margins.left() - margins.right()
        text = max(self.label.heightForWidth(room), self.play_button.sizeHint().height())
        height = text + margins.top() + margins.bottom()
        self.setGeometry((view.width() - width) // 2, 12, width, height)
        self.raise_()


class ReplayBar(QWidget):
    """A record stepped through: back, forward, where it is, and whose eyes it is seen
    with (open hands, or one seat's view)."""

    def __init__(
        self, session: GameSession, back: Callable[[], object], forward: Callable[[], object]
    ) -> None:
        super().__init__()
        self.session = session
        row = QHBoxLayout(self)
        self.back_button = QPushButton("◀ Back")
        self.back_button.clicked.connect(back)
        self.forward_button = QPushButton("Forward ▶")
        self.forward_button.clicked.connect(forward)
        self.label = Label()
        self.seen_label = Label("Seen by")
        self.seen_by = QComboBox()
        self.seen_by.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← and → stay the replay's keys
        self.seen_by.setToolTip("Show every hand, or the table as one player saw it")
        self.seen_by.currentIndexChanged.connect(self._watch_as)
        row.addWidget(self.back_button)
        row.addWidget(self.label, 1)
        row.addWidget(self.seen_label)
        row.addWidget(self.seen_by)
        row.addWidget(self.forward_button)
        self.hide()

    def show_at(self) -> None:
        """Where the replay is: the move shown, and which steps are left."""
        session = self.session
        replay = session.frame.replay
        assert replay is not None
        at, last = replay.at, replay.length
        moves = session.moves
        made = f": {shown(moves[at - 1].text)}" if at else ""
        self.label.setText(f"Replay · move {at} of {last}{made}")
        self._fill_seen_by()
        self.back_button.setEnabled(at > 0)
        self.forward_button.setEnabled(at < last)

    def _watch_as(self, index: int) -> None:
        if index >= 0 and self.session.replaying:
            self.session.watch_as(self.seen_by.itemData(index))

    def _fill_seen_by(self) -> None:
        """The choices of "Seen by": open hands, then each seat by its name."""
        session = self.session
        hidden = any(z.visibility != "everyone" for z in session.game.zones.values())
        self.seen_label.setVisible(hidden)
        self.seen_by.setVisible(hidden)
        replay = session.frame.replay
        assert replay is not None
        choices: list[tuple[str, int | None]] = [
            (shown_name(session.names[seat]), seat) for seat in replay.seats
        ]
        if replay.open_hands:
            choices.insert(0, ("Everyone (open hands)", None))
        listed = [
            (self.seen_by.itemText(i), self.seen_by.itemData(i))
            for i in range(self.seen_by.count())
        ]
        self.seen_by.blockSignals(True)
        if listed != choices:
            self.seen_by.clear()
            for text, seat in choices:
                self.seen_by.addItem(text, seat)
        for index, (_, seat) in enumerate(choices):
            if seat == session.frame.seat:
                self.seen_by.setCurrentIndex(index)
        self.seen_by.blockSignals(False)


class ReloadBar(QWidget):
    """Over the table of a game whose pack was edited since it started (the studio):
    "The rules changed. Reload", and after a reload what became of the moves."""

    def __init__(self, reload: Callable[[], object]) -> None:
        super().__init__()
        self.setStyleSheet("background: #2b3a24; color: #e8e2c8;")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 8, 2)
        self.label = Label("The rules changed.")
        self.label.setWordWrap(True)
        self.button = QPushButton("&Reload")
        self.button.setToolTip(
            "Make the game's moves again under the edited rules: the table keeps its state"
        )
        self.button.clicked.connect(reload)
        self.close_button = QPushButton("✕")
        self.close_button.setToolTip("Go on with the rules the game started with")
        self.close_button.setFlat(True)
        self.close_button.clicked.connect(self.hide)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        row.addWidget(self.close_button)
        self.hide()

    def offer(self) -> None:
        """The pack changed: offer to reload the game into it."""
        self.label.setText("The rules changed.")
        self.button.show()
        self.show()

    def tell(self, text: str) -> None:
        """What the reload did (which move stopped it, and why)."""
        self.label.setText(shown(text))
        self.button.hide()
        self.show()
