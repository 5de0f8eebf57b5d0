"""One enforced game: the pack, the state, who sits where, and the moves made so far.

Every change goes through :meth:`GameSession.play`, which applies a move only if the
rules allow it, keeps it in the record (for undo, save and replay later) and
emits ``changed``; an illegal move emits ``message`` with the pack's reason.

The moves are the game record: undo starts again from the same setup and seed and
replays all but the last moves (never past one that revealed anything); a saved
game and a replayed record are rebuilt the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vtt.ai.levels import make_agent
from vtt.rules import Game, IllegalMove, InvalidMove, Move, State, load_game
from vtt.rules.build import Builds, builds_of
from vtt.rules.explain import Drop
from vtt.rules.footprint import Footprint
from vtt.rules.model import ZoneDef
from vtt.rules.records import Record, apply_recorded, start_state
from vtt.rules.values import Piece
from vtt.rules.views import View
from vtt.table.seats import DEFAULT_NAMES, SEAT_COLOURS, named_colour
from vtt.ui.game.drags import Drags, drags_of
from vtt.ui.game.places import Key
from vtt.ui.game.reveals import revelation
from vtt.ui.qt import QObject, Signal

HUMAN, COMPUTER = "Human", "Computer (Random)"
#: The computer seats of the New game dialog, by their label: the agent that plays
#: (``vtt.ai.levels``). Easy, Normal and Hard search for a time per move (Hard: 1 s).
COMPUTERS: dict[str, str] = {
    "Computer (Easy)": "easy",
    "Computer (Normal)": "normal",
    "Computer (Hard)": "hard",
    "Computer (Greedy)": "greedy",
    COMPUTER: "random",
}
#: What a computer seat is unless the person chooses otherwise.
NORMAL = "Computer (Normal)"
SEAT_KINDS = (HUMAN, *COMPUTERS)


@dataclass(frozen=True)
class SeatChoice:
    """One seat as chosen before the game: a name, and who plays it."""

    name: str
    kind: str = HUMAN
    #: The seat's colour, ``#rrggbb``; empty for the usual colour of its place.
    colour: str = ""

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
    deal: dict[str, Any] | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)


def seat_words(names: Sequence[str]) -> tuple[str, ...]:
    """Chosen names as the rules write seats: one word each ("Ann Lee" as "Ann-Lee"), no
    two alike ("Ann", "Ann-2"), none empty (the seat's number, "P2").

    >>> seat_words(["Ann Lee", "", "ann"])
    ('Ann-Lee', 'P2', 'ann')
    >>> seat_words(["Ann", "ann", "Ann-2"])
    ('Ann', 'ann-2', 'Ann-2-2')
    """
    words: list[str] = []
    for index, name in enumerate(names):
        word = "-".join(name.split()) or f"P{index + 1}"
        taken = {other.lower() for other in words}
        chosen, number = word, 2
        while chosen.lower() in taken:
            chosen, number = f"{word}-{number}", number + 1
        words.append(chosen)
    return tuple(words)


def default_names(game: Game, count: int) -> tuple[str, ...]:
    """The names a new game's seats start with: those the pack gives its seats (JANTORI's
    White and Black), else the names the free table gives people (Ann, Ben, ...), never
    the rules' P1, P2.

    >>> default_names(load_game("war"), 2), default_names(load_game("jantori"), 2)
    (('Ann', 'Ben'), ('White', 'Black'))
    """
    named = list(game.seat_names[:count])
    taken = {name.lower() for name in named}
    spare = (name for name in DEFAULT_NAMES if name.lower() not in taken)
    while len(named) < count:
        named.append(next(spare, f"P{len(named) + 1}"))
    return tuple(named)


class GameSession(QObject):
    """The game being played in a window.

    Signals:
        changed(): the state changed (a move was made, or a new game began).
        message(str): something to tell the person (an illegal move's reason).
        picks_changed(): the cards picked in the hand changed (a set of cards to pass).
    """

    changed = Signal()
    message = Signal(str)
    picks_changed = Signal()

    def __init__(self, setup: GameSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game: Game = load_game(setup.pack)
        self.generation = 0
        self.start(setup)

    def start(self, setup: GameSetup) -> None:
        """Begin a new game from a setup (also "play again", with the next seed)."""
        self.setup = setup
        self.state: State = self.first_state()
        self.moves: list[Move] = []
        self.undone: list[list[Move]] = []
        #: The states of a record being replayed (else None) and the one on show.
        self.replay_states: list[State] | None = None
        self.replay_at = 0
        #: Whose eyes a replay is watched with; None: open hands (see ``view``).
        self.replay_seat: int | None = None
        #: The seats a replay may be watched as: every seat, and open hands too, for a
        #: finished game; the seat it was written for alone (``seen_by``); every seat but
        #: no open hands for a game under way written for nobody in particular.
        self.replay_seats: tuple[int, ...] = ()
        self.replay_open_hands = True
        #: Counts every change, so an agent's late answer to an older state is dropped.
        self.generation += 1
        self.agents: dict[int, Any] = {
            seat: make_agent(COMPUTERS[choice.kind], setup.seed * 31 + seat, timed=True)
            for seat, choice in enumerate(setup.seats)
            if choice.computer
        }
        self._drags: Drags | None = None
        #: ``hand_reason``'s answers for this position, by (card, hand).
        self._reasons: dict[tuple[str, Key], str | None] = {}
        #: The cards the person to move has picked in the hand (``Drags.picks``), and
        #: whose they are: kept while they may still be picked (a computer's pass
        #: meanwhile changes nothing of theirs).
        self.picked: set[str] = set()
        self.picked_by: int | None = None
        self._builds: Builds | None = None
        self._feet: dict[Move, Footprint] | None = None
        #: The footprint of the last move made by ``play`` (None after any other change).
        self.last_footprint: Footprint | None = None
        #: The moments of the last move's aftermath (``State.beats``), for the table to
        #: show one after another (empty after any other change).
        self.beats: list[State] = []
        self.changed.emit()

    def first_state(self) -> State:
        """The state before any move, from the setup (the same deal every time)."""
        setup = self.setup
        return self.game.new_state(
            setup.options,
            setup.seed,
            players=setup.players,
            deal=setup.deal,
            seat_names=self.names,
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as chosen at the start, as the rules write them (``seat_words``)."""
        return seat_words([seat.name for seat in self.setup.seats])

    @property
    def colours(self) -> tuple[str, ...]:
        """The seats' colours as chosen at the start (``#rrggbb``); a seat given none
        wears the colour the pack names it after (JANTORI's White and Black), else the
        usual colour of its place."""
        labels = self.game.seat_labels(self.setup.players)
        return tuple(
            seat.colour or named_colour(labels[index]) or SEAT_COLOURS[index % len(SEAT_COLOURS)]
            for index, seat in enumerate(self.setup.seats)
        )

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.state.outcome is not None

    def computer_to_move(self) -> int | None:
        """The seat an agent must move for now, if any."""
        seat = self.state.to_move
        replaying = self.replay_states is not None
        return seat if seat in self.agents and not self.over and not replaying else None

    def human_to_move(self) -> bool:
        """True if a person must move now."""
        if self.over or self.state.to_move is None or self.replay_states is not None:
            return False
        return self.computer_to_move() is None

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the person to move, else the first person;
        in a replay, the seat it is watched as (the first one with open hands)."""
        if self.replay_states is not None:
            return self.replay_seat if self.replay_seat is not None else 0
        seat = self.state.to_move
        if seat is not None and seat not in self.agents:
            return seat
        humans = [s for s in range(self.setup.players) if s not in self.agents]
        return humans[0] if humans else 0

    def view(self) -> View:
        """What the table shows now: the viewer's view, with every hand open in a replay
        watched by nobody in particular (a record holds no secrets from its reader)."""
        open_hands = self.replay_states is not None and self.replay_seat is None
        return self.state.view(self.viewer, open_hands=open_hands)

    def watch_as(self, seat: int | None) -> None:
        """Watch the replay as ``seat`` sees it, or with every hand open (None), where the
        record allows it (see ``replay_seats``)."""
        if self.replay_states is None or seat == self.replay_seat:
            return
        if (seat is None and not self.replay_open_hands) or (
            seat is not None and seat not in self.replay_seats
        ):
            self.message.emit("This record of a game under way shows only what its seat saw")
            return
        self.replay_seat = seat
        self._changed()

    def shown_zones(self) -> dict[str, ZoneDef]:
        """The zones the table lays out: those the pack does not mark as unused now (its
        ``shown``), and any zone holding something, so no component is ever out of sight."""
        return {name: zone for name, zone in self.game.zones.items() if self.state.laid_out(name)}

    @property
    def uses_cards(self) -> bool:
        """True if the game's components are cards (else pieces)."""
        return not all(isinstance(c, Piece) for c in self.state.components())

    def footprints(self) -> dict[Move, Footprint]:
        """What each legal move of the position moves (``State.footprints``), worked out
        once a position: the drags, the built moves and ``play`` all read it."""
        if self._feet is None:
            self._feet = self.state.footprints()
        return self._feet

    def builds(self) -> Builds:
        """The person's legal moves built from a target and a set of cards (Battlefront's
        attacks), by target and cards (none while a computer moves)."""
        if self._builds is None:
            self._builds = (
                builds_of(self.state, self.footprints()) if self.human_to_move() else Builds()
            )
        return self._builds

    def drags(self) -> Drags:
        """The person's legal moves as drags and actions (none while a computer moves)."""
        if self._drags is None:
            self._drags = (
                drags_of(self.state, self.footprints()) if self.human_to_move() else Drags()
            )
            if self.picked_by != self.state.to_move:
                self.picked = set()
            self.picked = {what for what in self.picked if self._drags.pickable(what)}
        return self._drags

    def toggle_pick(self, what: str) -> bool:
        """Pick a card of the person's hand for a move taking a set of cards, or put it
        back; False (nothing changes) when no such move could take it."""
        if not self.drags().pickable(what):
            return False
        self.picked ^= {what}
        self.picked_by = self.state.to_move
        self.picks_changed.emit()
        return True

    def hand_reason(self, what: str, hand: Key) -> str | None:
        """Why a card written ``what`` in the hand ``hand`` of the person to move cannot
        be played now, in the rules' words (Stones: "You must follow suit: you hold a
        Paper card"): the reason for putting it where the hand's playable cards all go
        (the trick, the discard pile). None when it can be played (dragged, picked or
        chosen in the action bar), when no card of the hand goes anywhere by a drag now
        (a bid) or they go to several places (a board: a drop there says why not)."""
        drags = self.drags()
        if drags.draggable(what) or drags.pickable(what):
            return None
        places = {
            key
            for (_, source), targets in drags.sources.items()
            if source == hand
            for key in targets
        }
        if len(places) != 1:
            return None
        key = (what, hand)
        if key not in self._reasons:  # asked at every draw: once per card and position
            self._reasons[key] = self.state.explain(Drop(what, places.pop(), hand))
        return self._reasons[key]

    def play(self, move: Move | str) -> bool:
        """Apply a move if it is legal; else say why. True if it was applied."""
        if self.replay_states is not None:
            self.message.emit("This is a replay: step through it with ← and →; no moves here")
            return False
        # Where the move takes its component from and to: the table shows it going.
        feet = self.footprints()
        state = self.state
        state.beats = []
        try:
            made = state.apply(move)
        except (IllegalMove, InvalidMove) as error:
            self.message.emit(str(error))
            return False
        finally:
            beats, state.beats = state.beats, None
        self.moves.append(made)
        self.undone = []
        self._changed(feet.get(made), beats or [])
        return True

    def _changed(
        self, footprint: Footprint | None = None, beats: list[State] | None = None
    ) -> None:
        self.generation += 1
        self._drags = None
        self._reasons = {}
        self._builds = None
        self._feet = None
        self.last_footprint = footprint
        self.beats = beats or []
        self.changed.emit()

    def drop(self, what: str, target: Key | None, source: Key | None = None) -> bool:
        """Put a component written ``what`` on a place (taken from the place ``source``,
        when known): its move if legal, else the rules' reason (``State.explain``)."""
        drags = self.drags()
        move = drags.targets_of(what, source).get(target) if target is not None else None
        if move is not None:
            return self.play(move)
        if target is None:
            why = self.hand_reason(what, source) if source is not None else None
            self.message.emit(why or f"Drop the {what} on a highlighted place")
            return False
        if (what, target) in drags.several:
            self.message.emit(
                f"The {what} goes there in several ways: choose one in the action bar"
            )
            return False
        why = self.state.explain(Drop(what, target, source))
        self.message.emit(why or f"Drop the {what} on a highlighted place")
        return False

    # ------------------------------------------------------------- undo and redo

    def states(self) -> list[State]:
        """The state before each move and after the last, rebuilt from the setup."""
        state = self.first_state()
        found = [state.copy()]
        for move in self.moves:
            state.apply(move)
            found.append(state.copy())
        return found

    def undo(self) -> bool:
        """Take back moves to the last decision of a person; never past a revealing move."""
        if self.replay_states is not None or not self.moves:
            self.message.emit("Nothing to undo")
            return False
        states = self.states()
        back = len(self.moves)
        while back > 0:
            back -= 1
            why = revelation(states[back], states[back + 1])
            if why is not None:
                move = self.moves[back]
                self.message.emit(f"Cannot undo past '{move.text}': {why}")
                return False
            if states[back].to_move not in self.agents:
                break
        else:
            self.message.emit("Nothing to undo: no person has moved yet")
            return False
        self.undone.append(self.moves[back:])
        self.moves = self.moves[:back]
        self.state = states[back]
        self._changed()
        return True

    def redo(self) -> bool:
        """Make again the moves the last undo took back."""
        if not self.undone or self.replay_states is not None:
            self.message.emit("Nothing to redo")
            return False
        for move in self.undone.pop():
            self.moves.append(self.state.apply(move))
        self._changed()
        return True

    # ------------------------------------------------------------- resume and replay

    def resume(self, setup: GameSetup, state: State, made: list[Move]) -> None:
        """Go on from ``state``, reached from ``setup`` by the moves ``made`` (``made_again``)."""
        self.start(setup)
        self.state, self.moves = state, made
        self._changed()

    def open_replay(self, record: Record, found: list[State] | None = None) -> None:
        """Show a game record to step through; ValueError naming the record at a bad move.
        ``found``: its states, made already (``replayed_states``, on a worker thread)."""
        if found is None:
            found = replayed_states(self.game, record)
        state = found[-1]
        setup = GameSetup(
            self.setup.pack,  # the pack the record names, as the window found it
            tuple(SeatChoice(name) for name in state.seat_names),
            dict(record.options),
            record.seed,
            deal=record.deal,
        )
        self.start(setup)
        self.replay_states = found
        self.moves = [Move.parse(text) for text in record.moves]
        names = state.seat_names
        if record.seen_by is not None:  # its hidden cards are stand-ins: its seat's eyes only
            self.replay_seats = (names.index(record.seen_by),)
        else:
            self.replay_seats = tuple(range(len(names)))
        # A game under way keeps its secrets: each seat sees only its own, as in play.
        self.replay_open_hands = record.seen_by is None and state.outcome is not None
        self.replay_seat = None if self.replay_open_hands else self.replay_seats[0]
        self.step_to(0)

    def step_to(self, index: int) -> bool:
        """Show the replayed state after ``index`` moves; False if there is none."""
        states = self.replay_states
        if states is None or not 0 <= index < len(states):
            return False
        self.replay_at = index
        self.state = states[index]
        self._changed()
        return True


def replayed_states(
    game: Game, record: Record, step: Callable[[int], None] | None = None
) -> list[State]:
    """The states of a record to step through, from its start to after its last move;
    ValueError naming the record at a bad move. ``step`` hears how many moves are made
    after each (a worker thread's progress: it may raise to stop)."""
    state = start_state(record, game)
    found = [state.copy()]
    for number, text in enumerate(record.moves, 1):
        _replayed(state, text, number, record.file or "the record", record)
        found.append(state.copy())
        if step is not None:
            step(number)
    return found


def made_again(
    game: Game,
    setup: GameSetup,
    moves: Sequence[str],
    source: str,
    step: Callable[[int], None] | None = None,
) -> tuple[State, list[Move]]:
    """The state after ``moves`` from ``setup``, and the moves as made; ValueError naming
    ``source`` at a bad move. ``step`` hears how many are made after each (a worker
    thread's progress: it may raise to stop)."""
    names = seat_words([seat.name for seat in setup.seats])
    state = game.new_state(setup.options, setup.seed, players=setup.players, seat_names=names)
    made: list[Move] = []
    for number, text in enumerate(moves, 1):
        made.append(_replayed(state, text, number, source))
        if step is not None:
            step(number)
    return state, made


def _replayed(
    state: State, text: str, number: int, source: str, record: Record | None = None
) -> Move:
    try:
        if record is not None:  # a move hidden from the seat it was written for, too
            return apply_recorded(state, text, record)
        return state.apply(Move.parse(text))
    except (IllegalMove, InvalidMove) as error:
        raise ValueError(f"{source}: move {number} '{text}' is not legal: {error}") from None
