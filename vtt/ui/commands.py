"""What the keys and menus do to pieces: each command is one model operation or one batch.

Commands get the ids they act on (the piece under the cursor, or the
selection) and run through :meth:`TableSession.run`, so a refusal becomes a
status-bar message and every command is exactly one undo step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vtt.janken import Suit
from vtt.table import CARD_WIDTH, Bag, CardPiece, Counter, Die, Piece, Stack, Table
from vtt.ui import dialogs
from vtt.ui.animation import Animator
from vtt.ui.items import DieItem, StackItem
from vtt.ui.qt import QObject, QPointF, QWidget, Signal
from vtt.ui.scene import FELT, TableScene
from vtt.ui.session import TableSession

#: Commands and the kinds of piece they apply to (None: any loose piece).
APPLIES: dict[str, tuple[str, ...] | None] = {
    "flip": ("card", "stack"),
    "rotate-left": None,
    "rotate-right": None,
    "rotate-half": None,
    "roll": ("die", "stack"),
    "lock": None,
    "delete": None,
    "copy": None,
    "draw": ("stack", "card"),
    "deal": ("stack",),
    "fan": ("stack",),
    "gather": ("card",),
    "count": ("stack", "bag"),
    "take-whole": ("stack",),
    "take-from-bag": ("bag",),
    "type-value": ("counter",),
    "reroll-joker": ("die",),
}
#: Cards between neighbours in a fanned row, in table units.
FAN_STEP = CARD_WIDTH * 0.32
#: Felt kept clear between a fanned row and the table's edge, in table units.
FAN_MARGIN = 30.0


def applies(command: str, piece: Piece) -> bool:
    """True if ``command`` makes sense for ``piece``."""
    kinds = APPLIES.get(command)
    if command == "reroll-joker":
        return isinstance(piece, Die) and piece.shown == "Jk"
    return kinds is None or piece.KIND in kinds


class PieceCommands(QObject):
    """The piece commands of the table window.

    Signals:
        joker_rolled(str): a pip die landed on the Joker (offer the Sandbox re-roll).
        whole_stack_armed(str): the next drag of this stack moves it whole.
        logged(str): a line for the table's log (what a roll or a shuffle came to).
    """

    joker_rolled = Signal(str)
    whole_stack_armed = Signal(str)
    logged = Signal(str)

    def __init__(self, session: TableSession, scene: TableScene, parent: QWidget) -> None:
        super().__init__(parent)
        self.session = session
        self.scene = scene
        self.parent_widget = parent
        self.animator = Animator(self)
        self.clipboard: list[str] = []

    @property
    def table(self) -> Table:
        """The session's table."""
        return self.session.table

    def run(self, command: str, ids: Sequence[str], at: QPointF | None = None) -> None:
        """Run a command on pieces (``at``: the scene point, for paste)."""
        if command == "paste":
            self.paste(at)
            return
        if command.startswith("draw-"):
            self.draw(ids, int(command.split("-")[1]))
            return
        chosen = [pid for pid in ids if pid in self.table.objects]
        fitting = [pid for pid in chosen if applies(command, self.table.objects[pid])]
        if not fitting:
            self.session.message.emit(_nothing(command, chosen, self.table))
            return
        handler: Callable[[list[str]], None] = getattr(self, command.replace("-", "_"))
        handler(fitting)

    def _each(self, verb: str, ids: list[str], op: Callable[[str], object]) -> None:
        label = None if len(ids) == 1 else f"{verb} {len(ids)} pieces"
        self.session.run(label, lambda: [op(pid) for pid in ids])

    # ------------------------------------------------------------- pieces

    def flip(self, ids: list[str]) -> None:
        """Turn cards or stacks over."""
        self._each("Flip", ids, self.table.flip)

    def rotate_left(self, ids: list[str]) -> None:
        """Rotate 45 degrees anticlockwise."""
        self._each("Rotate", ids, lambda pid: self.table.rotate(pid, -45.0))

    def rotate_right(self, ids: list[str]) -> None:
        """Rotate 45 degrees clockwise."""
        self._each("Rotate", ids, lambda pid: self.table.rotate(pid, 45.0))

    def rotate_half(self, ids: list[str]) -> None:
        """Turn half way round."""
        self._each("Rotate", ids, lambda pid: self.table.rotate(pid, 180.0))

    def lock(self, ids: list[str]) -> None:
        """Lock the pieces, or unlock them if all are locked."""
        locking = not all(self.table.objects[pid].locked for pid in ids)
        verb = "Lock" if locking else "Unlock"
        self._each(verb, ids, lambda pid: self.table.lock(pid, locking))

    def delete(self, ids: list[str]) -> None:
        """Remove pieces from the table."""
        self._each("Delete", ids, self.table.delete)

    def copy(self, ids: list[str]) -> None:
        """Remember pieces for paste."""
        self.clipboard = list(ids)
        noun = self.table.objects[ids[0]].describe() if len(ids) == 1 else f"{len(ids)} pieces"
        self.session.message.emit(f"Copied {noun}: Ctrl+V pastes a copy under the cursor")

    def paste(self, at: QPointF | None) -> None:
        """Put copies of the copied pieces under the cursor."""
        ids = [pid for pid in self.clipboard if pid in self.table.objects]
        if not ids:
            self.session.message.emit("Nothing copied: Ctrl+C over a piece first")
            return
        first = self.table.objects[ids[0]]
        dx, dy = (at.x() - first.x, at.y() - first.y) if at is not None else (30.0, 30.0)
        label = None if len(ids) == 1 else f"Paste {len(ids)} pieces"
        self.session.run(label, lambda: [self.table.clone(pid, (dx, dy)) for pid in ids])

    # -------------------------------------------------------- dice, stacks

    def roll(self, ids: list[str]) -> None:
        """Roll dice and shuffle stacks, with their animations; say what they came to."""
        before = len(self.table.history)
        self._each("Roll and shuffle", ids, self._roll_one)
        if len(self.table.history) == before:
            return  # refused (and said why): nothing rolled
        who = self.session.seat_name()
        said = []
        for pid in ids:
            item = self.scene.item(pid)
            piece = self.table.objects.get(pid)
            if isinstance(piece, Die):
                said.append(rolled(who, piece))
                if isinstance(item, DieItem):
                    self.animator.tumble(item, list(piece.faces))
            elif isinstance(piece, Stack):
                said.append(f"{who} shuffles {the(piece.describe())}")
                if isinstance(item, StackItem):
                    self.animator.shuffle(item)
        self._say(said)
        for pid in ids:
            piece = self.table.objects.get(pid)
            if isinstance(piece, Die) and piece.shown == "Jk" and piece.style == "pip":
                self.joker_rolled.emit(pid)

    def _say(self, lines: list[str]) -> None:
        """Put lines in the log and on the status line."""
        for line in lines:
            self.logged.emit(line)
        if lines:
            self.session.message.emit("; ".join(lines))

    def _roll_one(self, pid: str) -> None:
        if isinstance(self.table.objects[pid], Die):
            self.table.roll(pid)
        else:
            self.table.shuffle(pid)

    def reroll_joker(self, ids: list[str]) -> None:
        """The Sandbox rule: a Joker rolls again for a suit, played reversed."""
        shown = self.session.run(None, lambda: self.table.reroll_joker(ids[0]))
        item = self.scene.item(ids[0])
        piece = self.table.objects.get(ids[0])
        if shown is not None and isinstance(item, DieItem) and isinstance(piece, Die):
            self.animator.tumble(item, list(piece.faces))
            who = self.session.seat_name()
            self._say(
                [
                    f"{who} re-rolls the Joker on {the(piece.describe())}: {face_words(shown)},"
                    " under reversed (Joker) rules"
                ]
            )

    def draw(self, ids: Sequence[str], count: int) -> None:
        """Draw cards from a stack into the active seat's hand."""
        sources = [p for p in ids if p in self.table.objects and applies("draw", self.table.get(p))]
        if not sources:
            self.session.message.emit("Point at a stack to draw from it")
            return
        seat = self.session.active_seat
        self.session.run(None, lambda: self.table.draw(sources[0], seat, count))

    def deal(self, ids: list[str], count: int | None = None) -> None:
        """Deal cards to every seat (asks how many when not told)."""
        if count is None:
            count = dialogs.ask_number(self.parent_widget, "Deal", "Cards to each seat:", 5, 1, 70)
            if count is None:
                return
        dealt = self.session.run(None, lambda: self.table.deal(ids[0], count))
        if dealt is not None:
            seats = len(self.table.seats)
            self.session.message.emit(f"Dealt {dealt} cards to {seats} seats")

    def fan(self, ids: list[str]) -> None:
        """Spread a stack out in an overlapping row, left to right from the top card."""
        stack = self.table.objects[ids[0]]
        assert isinstance(stack, Stack)
        cards = list(reversed(stack.contents))
        step, left = fan_row(stack.x, len(cards))
        spots = {cid: (left + n * step, stack.y) for n, cid in enumerate(cards)}

        def spread() -> None:
            for cid in cards[:-1]:
                self.table.take(stack.id, 1, spots[cid])
            self.table.move({cards[-1]: spots[cards[-1]]})

        self.session.run(f"Fan out {stack.describe()}", spread)

    def gather(self, ids: list[str]) -> None:
        """Stack the selected cards, or the row the card lies in, at the row's middle.

        The rightmost card goes to the bottom, so gathering undoes a fan.
        """
        cards = ids if len(ids) > 1 else _row_of(self.table, ids[0])
        if len(cards) < 2:
            self.session.message.emit("Nothing to gather: select cards or point at a row")
            return
        ordered = sorted(cards, key=lambda c: -self.table.objects[c].x)
        xs = [self.table.objects[c].x for c in ordered]
        middle = ((max(xs) + min(xs)) / 2, self.table.objects[ordered[0]].y)

        def gather() -> None:
            target = ordered[0]
            for cid in ordered[1:]:
                target = self.table.stack_onto(cid, target)
            self.table.move({target: middle})

        self.session.run(f"Gather {len(ordered)} cards", gather)

    def count(self, ids: list[str]) -> None:
        """Say how many cards (or pieces) there are."""
        piece = self.table.objects[ids[0]]
        assert isinstance(piece, Stack | Bag)
        noun = "cards" if isinstance(piece, Stack) else "pieces inside"
        self.session.message.emit(
            f"{piece.label or piece.KIND.title()}: {len(piece.contents)} {noun}"
        )

    def take_whole(self, ids: list[str]) -> None:
        """Make the next drag of this stack move all of it."""
        self.whole_stack_armed.emit(ids[0])
        self.session.message.emit("Drag the stack now to move it whole")

    def take_from_bag(self, ids: list[str]) -> None:
        """Take a piece out of a bag at random."""
        self.session.run(None, lambda: self.table.take_from_bag(ids[0]))

    # ------------------------------------------------------------ counters

    def step_counter(self, counter_id: str, step: int) -> None:
        """Add ``step`` to a counter."""
        counter = self.table.objects[counter_id]
        assert isinstance(counter, Counter)
        self.session.run(None, lambda: self.table.set_counter(counter_id, counter.value + step))

    def type_value(self, ids: list[str]) -> None:
        """Ask for a counter's new value."""
        counter = self.table.objects[ids[0]]
        assert isinstance(counter, Counter)
        value = dialogs.ask_number(
            self.parent_widget, counter.label or "Counter", "Value:", counter.value, -99999, 99999
        )
        if value is not None:
            self.session.run(None, lambda: self.table.set_counter(ids[0], value))

    def turn_die(self, die_id: str, value: int) -> None:
        """Set a die to a face."""
        self.session.run(None, lambda: self.table.turn_die(die_id, value))


#: The rank die's faces that are not numbers, in words.
RANK_WORDS = {"J": "a Jack", "Q": "a Queen", "pip": "the pip (Ace or King)"}


def face_words(face: str) -> str:
    """A die's face as players say it: a suit's name, a rank, the Joker.

    >>> [face_words(f) for f in ("W", "Jk", "7", "Q", "pip", "star")]
    ['Water', 'Joker', '7', 'a Queen', 'the pip (Ace or King)', 'star']
    """
    if face == "Jk":
        return "Joker"
    if face in RANK_WORDS:
        return RANK_WORDS[face]
    try:
        return Suit.parse(face).title
    except ValueError:
        return face


def rolled(who: str, die: Die) -> str:
    """What a roll came to, in words: "Ann rolls the pip die: Water", "Ann rolls 7 on the
    Rock rank die" (a suit die says its suit, a rank die its rank)."""
    name = the(die.label or "die")
    if die.style.startswith("rank"):
        return f"{who} rolls {face_words(die.shown)} on {name}"
    return f"{who} rolls {name}: {face_words(die.shown)}"


def the(name: str) -> str:
    """A piece's name after "the", in lower case unless it starts with a suit's name.

    >>> [the(n) for n in ("Pip die", "Rock rank die", "Deck", "a face-down card")]
    ['the pip die', 'the Rock rank die', 'the deck', 'a face-down card']
    """
    if name.startswith(("a ", "an ", "the ")):
        return name
    first = name.split(" ", 1)[0]
    if first.upper() in {suit.name for suit in Suit}:
        return f"the {name}"
    return f"the {name[:1].lower()}{name[1:]}"


def fan_row(centre: float, cards: int) -> tuple[float, float]:
    """The step between the cards of a fanned row and its leftmost card's x: a third of a
    card apart, closer for a long row, so that the row lies on the felt (the whole deck
    ran 2,000 units wide, past both ends of the table).

    >>> fan_row(0.0, 5)
    (32.0, -64.0)
    >>> step, left = fan_row(-500.0, 65)
    >>> round(step, 1), left - 50 >= FELT.left(), left + 64 * step + 50 <= FELT.right()
    (24.7, True, True)
    """
    room = FELT.width() - CARD_WIDTH - 2 * FAN_MARGIN
    step = min(FAN_STEP, room / max(1, cards - 1))
    width = step * (cards - 1)
    low = FELT.left() + FAN_MARGIN + CARD_WIDTH / 2
    left = max(low, min(centre - width / 2, low + room - width))
    return step, left


def _row_of(table: Table, card_id: str) -> list[str]:
    """The loose cards lying in a row with this one (overlapping neighbours at the same height)."""
    card = table.objects[card_id]
    loose = [p for p in table.on_table() if isinstance(p, CardPiece) and abs(p.y - card.y) < 8]
    loose.sort(key=lambda p: p.x)
    index = next(i for i, p in enumerate(loose) if p.id == card_id)
    low = high = index
    while low > 0 and loose[low].x - loose[low - 1].x < CARD_WIDTH:
        low -= 1
    while high < len(loose) - 1 and loose[high + 1].x - loose[high].x < CARD_WIDTH:
        high += 1
    return [p.id for p in loose[low : high + 1]]


def _nothing(command: str, ids: list[str], table: Table) -> str:
    if not ids:
        return "Point at a piece (or select some) first"
    name = table.objects[ids[0]].describe()
    return f"Cannot {command.replace('-', ' ')} {name}"
