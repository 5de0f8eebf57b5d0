"""One game being played: the only holder of its full state.

A :class:`Match` owns the ``Game``, the ``State``, the seats (a name, a colour, and
who plays: a person, a computer of some level, or a remote player), the moves made
(for undo, redo, the record and the saved game), and a record being replayed. It
takes :mod:`commands <vtt.match.commands>` and answers with :mod:`frames
<vtt.match.frames>`: what the asking seat may know and do now.

Undo takes back moves to the last decision of a person, never past a move that
revealed anything (``revelation``); the moves are the game: undo starts again from
the same setup and seed and makes all but the last moves again. A resignation ends
the game with every other seat winning (the rules need no step for it: the match
keeps the outcome, and every frame shows it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vtt.janken import Card, NotationError
from vtt.match.commands import (
    BuildQuestion,
    Command,
    HouseRules,
    Play,
    Redo,
    ReplayTo,
    Resign,
    Undo,
    WatchAs,
    Why,
)
from vtt.match.frames import (
    BuildVerdict,
    FrameOutcome,
    Key,
    ReplayInfo,
    SeatFrame,
    build_verdict,
    seat_frame,
)
from vtt.match.plain import plain
from vtt.rules.build import Target, judge
from vtt.rules.engine import State
from vtt.rules.explain import Drop
from vtt.rules.footprint import Footprint
from vtt.rules.game import Game
from vtt.rules.moves import IllegalMove, InvalidMove, Move
from vtt.rules.records import Record, apply_recorded, record_of, start_state
from vtt.rules.seenrecord import record_seen_by
from vtt.rules.views import Hidden
from vtt.table.seats import SEAT_COLOURS, named_colour

__all__ = [
    "COMPUTER",
    "PERSON",
    "REMOTE",
    "Answer",
    "HouseTable",
    "Match",
    "MatchSeat",
    "revelation",
    "seat_words",
]

PERSON, COMPUTER, REMOTE = "person", "computer", "remote"


@dataclass(frozen=True)
class MatchSeat:
    """One seat: its name as chosen, who plays it (``kind``: person, computer or remote;
    a computer's ``level``: easy, normal, hard, greedy, random) and its colour
    (``#rrggbb``; empty: the usual colour of its place)."""

    name: str
    kind: str = PERSON
    level: str = ""
    colour: str = ""

    @property
    def kind_text(self) -> str:
        """How frames tell who plays the seat: ``person``, ``computer:normal``, ``remote``."""
        return f"{COMPUTER}:{self.level}" if self.kind == COMPUTER else self.kind


@dataclass(frozen=True)
class HouseTable:
    """The position handed over to a free table (house rules): every place with what
    lies there, bottom first, and which seats saw it (a hand: its owner alone; a pile
    face down: nobody); the seats' names and colours. It names every secret: it is
    for the free table of the people at this screen, never for a remote seat."""

    places: Mapping[Key, tuple[Any, ...]]
    seen: Mapping[Key, tuple[bool, ...]]
    seat_names: tuple[str, ...]
    colours: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class Answer:
    """What the match says to a command: accepted or not (with the reason), the
    asking seat's frame now, and the text of an answer to "why" (or None)."""

    accepted: bool
    reason: str = ""
    frame: SeatFrame | None = None
    text: str | None = None
    house: HouseTable | None = field(default=None, repr=False)


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


def revelation(before: State, after: State) -> str | None:
    """What the move from ``before`` to ``after`` revealed, in words; None if nothing:
    for some seat, a component it could not see before is now visible to it, or a log
    line that read "chooses" now reads the choice (undo never crosses such a move)."""
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


class _Replay:
    """A record being replayed: its states made on demand, the position shown, and
    whose eyes it is watched with."""

    def __init__(self, match: Match, record: Record) -> None:
        self.record = record
        self.states = [start_state(record, match.game)]
        self.at = 0
        state = self.state(len(record.moves))
        names = state.seat_names
        if record.seen_by is not None:  # its hidden cards are stand-ins: its seat's eyes only
            self.seats: tuple[int, ...] = (names.index(record.seen_by),)
        else:
            self.seats = tuple(range(len(names)))
        # A game under way keeps its secrets: each seat sees only its own, as in play.
        self.open_hands = record.seen_by is None and state.outcome is not None
        self.watched: int | None = None if self.open_hands else self.seats[0]

    def state(self, index: int) -> State:
        """The state after ``index`` moves (made now if not yet); ValueError naming the
        record at a bad move."""
        record = self.record
        while len(self.states) <= index:
            number = len(self.states)
            state = self.states[-1].copy()
            text = record.moves[number - 1]
            try:
                apply_recorded(state, text, record)
            except (IllegalMove, InvalidMove) as error:
                raise ValueError(
                    f"{record.file or 'the record'}: move {number} '{text}' is not legal: {error}"
                ) from None
            self.states.append(state)
        return self.states[index]


class Match:
    """One game: see the module's doc."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[MatchSeat],
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        deal: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.options = dict(options or {})
        self.seed = seed
        self.deal = dict(deal) if deal is not None else None
        self.names = seat_words([seat.name for seat in self.seats])
        labels = game.seat_labels(len(self.seats))
        self.colours = tuple(
            seat.colour or named_colour(labels[index]) or SEAT_COLOURS[index % len(SEAT_COLOURS)]
            for index, seat in enumerate(self.seats)
        )
        self.generation = 0
        self.state: State = self.first_state()
        self.moves: list[Move] = []
        self.undone: list[list[Move]] = []
        #: ``states()`` as made last, kept while moves are only added (by ``play``): a
        #: frame's ``can_undo`` reads it, so it is not made again at every frame.
        self._states: list[State] | None = None
        #: What the move after each of those states revealed (``revelation``), by index.
        self._revealed: dict[int, str | None] = {}
        self.resigned: int | None = None
        #: The footprint of the last move made (None after any other change), and the
        #: moments of its aftermath (``State.beats``).
        self.last_footprint: Footprint | None = None
        self.beat_states: list[State] = []
        self.replay: _Replay | None = None

    # ------------------------------------------------------------- the game

    def first_state(self) -> State:
        """The state before any move (the same deal every time)."""
        return self.game.new_state(
            self.options,
            self.seed,
            players=len(self.seats),
            deal=self.deal,
            seat_names=self.names,
        )

    @property
    def outcome(self) -> FrameOutcome | None:
        """How the game ended (a resignation too), or None while it goes on."""
        if self.resigned is not None:
            others = tuple(s for s in range(len(self.seats)) if s != self.resigned)
            name = self.names[self.resigned]
            return FrameOutcome(others, f"{name} resigned", None, self.resigned)
        outcome = self.state.outcome
        if outcome is None:
            return None
        scores = None if outcome.scores is None else plain(outcome.scores)
        return FrameOutcome(tuple(outcome.winners), outcome.reason, scores)

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    @property
    def to_move(self) -> int | None:
        """The seat that moves next, or None (the game is over, or a replay is shown)."""
        if self.over or self.replay is not None:
            return None
        return self.state.to_move

    def is_person(self, seat: int) -> bool:
        """True if a person at this screen plays ``seat``."""
        return self.seats[seat].kind == PERSON

    def computer_to_move(self) -> int | None:
        """The seat a computer must move for now, if any."""
        seat = self.to_move
        return seat if seat is not None and self.seats[seat].kind == COMPUTER else None

    # ------------------------------------------------------------- frames

    def frame(self, seat: int) -> SeatFrame:
        """What ``seat`` may know and do now (in a replay: the replay as watched)."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"seat {seat} is not a seat of this {len(self.seats)}-seat game")
        if self.replay is not None:
            return self._replay_frame()
        return self._frame(self.state, seat)

    def spectator_frame(self) -> SeatFrame:
        """What every seat sees now (in a replay: the replay as watched)."""
        if self.replay is not None:
            return self._replay_frame()
        return self._frame(self.state, None)

    def beats(self, seat: int | None) -> tuple[SeatFrame, ...]:
        """The moments of the last move's aftermath (War's two cards side by side before
        the winner takes them) as ``seat`` (None: a spectator) sees them, no moves in
        them; empty after any other change."""
        return tuple(
            self._frame(state, seat, moves=False, last=False) for state in self.beat_states
        )

    def _frame(
        self, state: State, seat: int | None, moves: bool = True, last: bool = True
    ) -> SeatFrame:
        return seat_frame(
            state,
            seat,
            moves=moves,
            generation=self.generation,
            colours=self.colours,
            kinds=tuple(seat.kind_text for seat in self.seats),
            outcome=self.outcome,
            last=self.last_footprint if last else None,
            can_undo=seat is not None and self._undo_target(seat)[0] is not None,
            can_redo=seat is not None and self._may_redo(seat) is None,
        )

    def _replay_frame(self) -> SeatFrame:
        replay = self.replay
        assert replay is not None
        state = replay.state(replay.at)
        watched = replay.watched
        frame = seat_frame(
            state,
            watched,
            open_hands=watched is None,
            moves=False,
            generation=self.generation,
            colours=self.colours,
            kinds=tuple(seat.kind_text for seat in self.seats),
            replay=None,
        )
        last = replay.states[-1] if len(replay.states) > len(replay.record.moves) else None
        texts = frame.history if last is None else _history_as(last, watched)
        info = ReplayInfo(
            replay.at, len(replay.record.moves), texts, replay.seats, replay.open_hands
        )
        return _with(frame, replay=info)

    # ------------------------------------------------------------- commands

    def send(self, command: Command) -> Answer:
        """Do what ``command`` asks if its seat may: the answer says whether it was
        done (else why not) and gives the seat's frame now."""
        seat = command.seat
        if not 0 <= seat < len(self.seats):
            return Answer(False, f"seat {seat} is not a seat of this {len(self.seats)}-seat game")
        handler = _HANDLERS[type(command)]
        refused = handler(self, command)
        if isinstance(refused, Answer):
            return refused
        if refused is not None:
            return Answer(False, refused, self.frame(seat))
        return Answer(True, "", self.frame(seat))

    def _play(self, command: Play) -> str | None:
        if self.replay is not None:
            return "This is a replay: step through it; no moves here"
        if self.over:
            return "The game is over"
        seat = command.seat
        if self.state.to_move != seat:
            return f"It is {self.names[self.state.to_move or 0]}'s turn, not {self.names[seat]}'s"
        try:
            if command.action is not None:
                move: Move | str = self.state.action_to_move(command.action)
            else:
                move = Move.parse(command.text or "")
        except (InvalidMove, ValueError, KeyError, IndexError) as error:
            return str(error) or "That is not a move of this game"
        return self.play(move)

    def play(self, move: Move | str) -> str | None:
        """Make ``move`` for the seat to move if it is legal; None when made, else the
        rules' reason."""
        if self.replay is not None or self.over:
            return "No move can be made now"
        state = self.state
        try:
            feet = state.footprints()
        except (IllegalMove, InvalidMove):
            feet = {}
        state.beats = []
        try:
            made = state.apply(move)
        except (IllegalMove, InvalidMove) as error:
            return str(error)
        finally:
            beats, state.beats = state.beats, None
        kept = self._states
        self._states = None
        if kept is not None and len(kept) == len(self.moves) + 1:
            kept.append(state.copy())
            self._states = kept
        self.moves.append(made)
        self.undone = []
        self._changed(feet.get(made), beats or [])
        return None

    def _changed(
        self, footprint: Footprint | None = None, beats: list[State] | None = None
    ) -> None:
        self.generation += 1
        self.last_footprint = footprint
        self.beat_states = beats or []

    def states(self) -> list[State]:
        """The state before each move and after the last, made again from the setup
        (kept while moves are only added; never to be changed by the caller)."""
        if self._states is not None and len(self._states) == len(self.moves) + 1:
            return self._states
        self._states = self._made_again()
        self._revealed = {}
        return self._states

    def _made_again(self) -> list[State]:
        state = self.first_state()
        found = [state.copy()]
        for move in self.moves:
            state.apply(move)
            found.append(state.copy())
        return found

    def _undo_target(self, seat: int) -> tuple[int | None, str]:
        """How many moves undo keeps (None: none to take back) and why not."""
        if self.replay is not None or not self.moves:
            return None, "Nothing to undo"
        if self.resigned is not None:
            return None, "The game is over: a seat resigned"
        if not self.is_person(seat):
            return None, f"{self.names[seat]} is not played here"
        states = self.states()
        back = len(self.moves)
        while back > 0:
            back -= 1
            if back not in self._revealed:  # (asked at every frame: once per move)
                self._revealed[back] = revelation(states[back], states[back + 1])
            why = self._revealed[back]
            if why is not None:
                return None, f"Cannot undo past '{self.moves[back].text}': {why}"
            if self.is_person(states[back].to_move or 0):
                return back, ""
        return None, "Nothing to undo: no person has moved yet"

    def _undo(self, command: Undo) -> str | None:
        back, why = self._undo_target(command.seat)
        if back is None:
            return why
        states = self.states()
        self.undone.append(self.moves[back:])
        self.moves = self.moves[:back]
        self.state = states[back].copy()
        self._states = None  # (moves taken back: made again when next asked)
        self._changed()
        return None

    def _may_redo(self, seat: int) -> str | None:
        if not self.undone or self.replay is not None:
            return "Nothing to redo"
        if not self.is_person(seat):
            return f"{self.names[seat]} is not played here"
        return None

    def _redo(self, command: Redo) -> str | None:
        why = self._may_redo(command.seat)
        if why is not None:
            return why
        for move in self.undone.pop():
            self.moves.append(self.state.apply(move))
        self._changed()
        return None

    def _resign(self, command: Resign) -> str | None:
        if self.replay is not None:
            return "This is a replay: nobody can resign"
        if self.over:
            return "The game is over"
        if self.seats[command.seat].kind == COMPUTER:
            return f"{self.names[command.seat]} is played by the computer"
        self.resigned = command.seat
        self.undone = []
        self._changed()
        return None

    def _house_rules(self, command: HouseRules) -> Answer:
        if self.replay is not None:
            return Answer(False, "This is a replay: it cannot go on under house rules")
        if not self.is_person(command.seat):
            return Answer(False, f"{self.names[command.seat]} is not played here")
        return Answer(True, "", self.frame(command.seat), house=self.house_table())

    def house_table(self) -> HouseTable:
        """The position for a free table (see ``HouseTable``)."""
        state = self.state
        views = [state.view(seat) for seat in range(state.players)]
        places: dict[Key, tuple[Any, ...]] = {}
        seen: dict[Key, tuple[bool, ...]] = {}
        for name, zone in self.game.zones.items():
            for key, stack in _instances(state.zone(name), zone.depth, (name,)):
                places[key] = tuple(stack)
                seen[key] = tuple(not isinstance(_node(view.zones, key), Hidden) for view in views)
        return HouseTable(places, seen, self.names, self.colours, self.seed)

    def _why(self, command: Why) -> Answer:
        seat = command.seat
        state = self.state
        if self.replay is not None:
            return Answer(False, "This is a replay: no moves here")
        if self.over:
            return Answer(True, "", self.frame(seat), "The game is over")
        if state.to_move != seat:
            whose = self.names[state.to_move or 0]
            return Answer(True, "", self.frame(seat), f"It is {whose}'s turn")
        try:
            text = self._reason(command)
        except (InvalidMove, NotationError, ValueError) as error:
            return Answer(False, str(error), self.frame(seat))
        return Answer(True, "", self.frame(seat), text)

    def judge_build(self, seat: int, question: BuildQuestion) -> BuildVerdict | None:
        """What the cards of ``question`` gathered against its target make now, for
        ``seat`` building a move card by card (None: it is not that seat's move, or no
        built move is aimed at that card there). Asked at every card clicked: no frame."""
        if self.replay is not None or self.over or self.state.to_move != seat:
            return None
        return build_verdict(self.state, question.target, question.place, question.cards)

    def _reason(self, command: Why) -> str:
        state = self.state
        if command.text is not None:
            return state.explain(command.text, command.seat) or "It is a legal move"
        if command.drop is not None:
            drop = command.drop
            why = state.explain(Drop(drop.what, drop.target, drop.source), command.seat)
            return why or f"The {drop.what} may go there"
        build = command.build
        assert build is not None
        verdict = judge(
            state,
            Target(Card.parse(build.target), build.place),
            frozenset(Card.parse(card) for card in build.cards),
        )
        if verdict is None:
            return f"Nothing can be aimed at the {build.target} there"
        if verdict.move is not None:
            return f"It is a legal move: {verdict.move.text}"
        parts = [verdict.reason or ""]
        if verdict.missing:
            parts.append("still to choose: " + ", ".join(verdict.missing))
        if verdict.tally:
            parts.append(verdict.tally)
        return "; ".join(part for part in parts if part) or "Not a move yet"

    # ------------------------------------------------------------- replay

    @classmethod
    def of_record(cls, game: Game, record: Record) -> Match:
        """A match showing ``record`` to step through (at its start); ValueError naming
        the record at a bad move."""
        state = start_state(record, game)
        match = cls(
            game,
            [MatchSeat(name) for name in state.seat_names],
            record.options,
            record.seed,
            record.deal,
        )
        match.replay = _Replay(match, record)
        match.moves = []
        return match

    def _replay_to(self, command: ReplayTo) -> str | None:
        replay = self.replay
        if replay is None:
            return "This is no replay"
        if not 0 <= command.index <= len(replay.record.moves):
            return f"The record has moves 0 to {len(replay.record.moves)}"
        replay.state(command.index)
        replay.at = command.index
        self._changed()
        return None

    def _watch_as(self, command: WatchAs) -> str | None:
        replay = self.replay
        if replay is None:
            return "This is no replay"
        watched = command.watched
        if (watched is None and not replay.open_hands) or (
            watched is not None and watched not in replay.seats
        ):
            return "This record of a game under way shows only what its seat saw"
        replay.watched = watched
        self._changed()
        return None

    # ------------------------------------------------------------- record, save

    def record(self, seat: int | None = None) -> Record:
        """The game's record: the whole game; for ``seat`` of a game under way, the
        game as that seat saw it (nothing hidden from it in the record)."""
        if seat is None or self.state.outcome is not None:
            return record_of(self.state, deal=self.deal)
        return record_seen_by(self.state, seat)

    def save_data(self) -> dict[str, Any]:
        """What a saved game holds: the setup and the moves made."""
        return {
            "pack": self.game.id,
            "options": dict(self.options),
            "players": len(self.seats),
            "seed": self.seed,
            "seats": [
                {"name": s.name, "kind": s.kind_text, "colour": s.colour} for s in self.seats
            ],
            "moves": [move.text for move in self.moves],
        }


_HANDLERS: dict[type, Callable[[Match, Any], str | Answer | None]] = {
    Play: Match._play,
    Undo: Match._undo,
    Redo: Match._redo,
    Resign: Match._resign,
    HouseRules: Match._house_rules,
    Why: Match._why,
    ReplayTo: Match._replay_to,
    WatchAs: Match._watch_as,
}


def _with(frame: SeatFrame, **changes: Any) -> SeatFrame:
    from dataclasses import replace

    return replace(frame, **changes)


def _history_as(state: State, watched: int | None) -> tuple[str, ...]:
    view = state.view(watched if watched is not None else 0, open_hands=watched is None)
    return tuple(view.history)


def _instances(node: Any, depth: int, key: Key) -> list[tuple[Key, list[Any]]]:
    if depth == 0:
        return [(key, node)]
    items = node.items() if isinstance(node, dict) else enumerate(node)
    return [
        found for index, child in items for found in _instances(child, depth - 1, (*key, index))
    ]


def _node(zones: Mapping[str, Any], key: Key) -> Any:
    node = zones[key[0]]
    for index in key[1:]:
        node = node[index]
    return node
