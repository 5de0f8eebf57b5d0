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

from vtt.ai.levels import make_agent
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
    frame_from_json,
    seat_frame,
)
from vtt.match.plain import plain
from vtt.rules.build import Target, judge
from vtt.rules.engine import State
from vtt.rules.errors import RulesError
from vtt.rules.explain import Drop
from vtt.rules.footprint import Footprint
from vtt.rules.game import Game
from vtt.rules.moves import IllegalMove, InvalidMove, Move
from vtt.rules.records import Record, apply_recorded, record_of, start_state
from vtt.rules.search import is_simultaneous
from vtt.rules.seenrecord import record_seen_by
from vtt.rules.views import Hidden, View
from vtt.table.seats import SEAT_COLOURS, named_colour

__all__ = [
    "COMPUTER",
    "PERSON",
    "REMOTE",
    "Answer",
    "HouseTable",
    "Match",
    "MatchSeat",
    "Reloaded",
    "answer_from_json",
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

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON data (``answer_from_json`` reads it back), without the
        house table: it names every secret, for the people at this screen only."""
        return {
            "accepted": self.accepted,
            "reason": self.reason,
            "frame": None if self.frame is None else self.frame.to_json(),
            "text": self.text,
        }


@dataclass(frozen=True)
class Reloaded:
    """A game carried over into new rules (``Match.reloaded``): the new match, with
    every move made again up to the first that no longer applies, if any: its number
    (from 1), the seat that made it, its text and the reason (``stopped_at`` None: all
    of them were made again)."""

    match: Match
    stopped_at: int | None = None
    seat: str = ""
    text: str = ""
    reason: str = ""

    @property
    def message(self) -> str:
        """What happened, in words for the people at the table."""
        made = len(self.match.moves)
        moves = f"{made} move{'' if made == 1 else 's'}"
        if self.stopped_at is None:
            return f"Reloaded: {moves} made again under the new rules"
        return (
            f"Move {self.stopped_at} ({self.seat}: '{self.text}') no longer applies: "
            f"{self.reason}. The game stops before it, after {moves}."
        )


def answer_from_json(data: object) -> Answer:
    """The answer ``Answer.to_json`` wrote; ValueError if ``data`` is not one."""
    if not isinstance(data, dict) or set(data) != {"accepted", "reason", "frame", "text"}:
        raise ValueError(f"not an answer's JSON form: {data!r:.80}")
    accepted, reason, text = data["accepted"], data["reason"], data["text"]
    if type(accepted) is not bool or not isinstance(reason, str):
        raise ValueError("an answer's 'accepted' is true or false and its 'reason' text")
    if text is not None and not isinstance(text, str):
        raise ValueError("an answer's 'text' is text or null")
    frame = None if data["frame"] is None else frame_from_json(data["frame"])
    return Answer(accepted, reason, frame, text)


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


def revelation(before: State, after: State, viewer: int | None = None) -> str | None:
    """What the move from ``before`` to ``after`` revealed, in words; None if nothing:
    for some seat, a component it could not see before is now visible to it, or a log
    line that read "chooses" now reads the choice (undo never crosses such a move).
    Given a ``viewer``, the components shown to another seat only are not named."""
    names = after.seat_names
    for seat in range(after.players):
        old, new = before.view(seat), after.view(seat)
        shown = Counter(new.visible_components()) - Counter(old.visible_components())
        if shown:
            if viewer is not None and viewer != seat:
                seen = Counter(after.view(viewer).visible_components())
                if shown - seen:
                    count = sum(shown.values())
                    return f"it showed {count} {'card' if count == 1 else 'cards'} to {names[seat]}"
            faces = " ".join(sorted(str(component) for component in shown.elements()))
            return f"it showed {faces} to {names[seat]}"
        if new.log[: len(old.log)] != old.log:
            return f"it revealed a secret choice to {names[seat]}"
    return None


class _Replay:
    """A record being replayed: its states made on demand, the position shown, and
    whose eyes it is watched with."""

    def __init__(
        self, match: Match, record: Record, step: Callable[[int], None] | None = None
    ) -> None:
        self.record = record
        self.states = [start_state(record, match.game)]
        self.at = 0
        state = self.state(len(record.moves), step)
        names = state.seat_names
        if record.seen_by is not None:  # its hidden cards are stand-ins: its seat's eyes only
            self.seats: tuple[int, ...] = (names.index(record.seen_by),)
        else:
            self.seats = tuple(range(len(names)))
        # A game under way keeps its secrets: each seat sees only its own, as in play.
        self.open_hands = record.seen_by is None and state.outcome is not None
        self.watched: int | None = None if self.open_hands else self.seats[0]

    def state(self, index: int, step: Callable[[int], None] | None = None) -> State:
        """The state after ``index`` moves (made now if not yet); ValueError naming the
        record at a bad move. ``step`` hears how many moves are made after each (a
        worker thread's progress: it may raise to stop)."""
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
            if step is not None:
                step(number)
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
        *,
        names: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.options = dict(options or {})
        self.seed = seed
        self.deal = dict(deal) if deal is not None else None
        #: The seats' names as the rules write them: ``names`` as given (the rules check
        #: them), else the chosen names made one word each (``seat_words``).
        self.names = (
            tuple(names) if names is not None else seat_words([seat.name for seat in self.seats])
        )
        labels = game.seat_labels(len(self.seats))
        self.colours = tuple(
            seat.colour or named_colour(labels[index]) or SEAT_COLOURS[index % len(SEAT_COLOURS)]
            for index, seat in enumerate(self.seats)
        )
        self.generation = 0
        self.state: State = self.first_state()
        self.moves: list[Move] = []
        #: The state before each move and after the last, and which moves showed
        #: anything (``revelation``), for undo.
        self._kept: list[State] = [self.state.copy()]
        self._reveals: dict[int, bool] = {}
        self.undone: list[list[Move]] = []
        self.resigned: int | None = None
        #: The footprint of the last move made (None after any other change), and the
        #: moments of its aftermath (``State.beats``).
        self.last_footprint: Footprint | None = None
        self.beat_states: list[State] = []
        self.replay: _Replay | None = None
        #: The moves seats of a simultaneous phase chose ahead of their turn in the
        #: engine's order, made when it comes.
        self.queued: dict[int, Move] = {}
        #: The frames made since the last change, by seat (None: the spectator's).
        self._frames: dict[int | None, SeatFrame] = {}
        self._frames_at = -1
        #: The agents of the computer seats, made when first asked to move.
        self.agents: dict[int, Any] = {}
        #: The last answer of ``_undo_back``, and the generation it was worked out at.
        self._undo_cache: tuple[int, tuple[int | None, int | None]] | None = None

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

    def agent_input(self, seat: int) -> tuple[View, list[Move]]:
        """What a computer seat's agent is handed (``vtt.ai``): the seat's view, never the
        state, and its legal moves now (none when it is not to move)."""
        moves = self.state.legal_list() if seat == self.to_move else []
        return self.state.view(seat), list(moves)

    def think(self, seat: int, timed: bool = False) -> Answer:
        """Let the computer playing ``seat`` choose its move and make it (``timed``: a
        level thinks for its time per move, else for its iterations, the same on any
        machine); refused when ``seat`` is no computer's or not to move."""
        if self.seats[seat].kind != COMPUTER:
            return Answer(
                False, f"{self.names[seat]} is not played by the computer", self.frame(seat)
            )
        view, legal = self.agent_input(seat)
        if not legal:
            return Answer(False, f"{self.names[seat]} has no move to make now", self.frame(seat))
        agent = self.agents.get(seat)
        if agent is None:
            agent = make_agent(self.seats[seat].level or "random", self.seed * 31 + seat, timed)
            self.agents[seat] = agent
        return self.send(Play(seat, text=agent.choose(view, legal).text))

    # ------------------------------------------------------------- frames

    def frame(self, seat: int) -> SeatFrame:
        """What ``seat`` may know and do now (in a replay: the replay as watched)."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"seat {seat} is not a seat of this {len(self.seats)}-seat game")
        return self._cached(seat)

    def spectator_frame(self) -> SeatFrame:
        """What every seat sees now (in a replay: the replay as watched)."""
        return self._cached(None)

    def _cached(self, seat: int | None) -> SeatFrame:
        """The frame of ``seat``, made once a change (``generation``)."""
        if self._frames_at != self.generation:
            self._frames, self._frames_at = {}, self.generation
        frame = self._frames.get(seat)
        if frame is None:
            if self.replay is not None:
                frame = self._replay_frame()
            else:
                frame = self._frame(self.state, seat)
            self._frames[seat] = frame
        return frame

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
        chosen = self.queued.get(seat) if seat is not None and state is self.state else None
        frame = seat_frame(
            state,
            seat,
            moves=moves and chosen is None,
            generation=self.generation,
            colours=self.colours,
            kinds=tuple(seat.kind_text for seat in self.seats),
            outcome=self.outcome,
            last=self.last_footprint if last else None,
            can_undo=seat is not None and self._undo_target(seat)[0] is not None,
            can_redo=seat is not None and self._may_redo(seat) is None,
        )
        return frame if chosen is None else _with(frame, chosen=chosen.text)

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

    def send(self, command: Command, answer_as: Callable[[], int] | None = None) -> Answer:
        """Do what ``command`` asks if its seat may: the answer says whether it was
        done (else why not) and gives the seat's frame now; once done, the frame of the
        seat ``answer_as`` names then, when given (a window showing another seat's view
        than the mover's: no frame is made for nothing)."""
        seat = command.seat
        if not 0 <= seat < len(self.seats):
            return Answer(False, f"seat {seat} is not a seat of this {len(self.seats)}-seat game")
        handler = _HANDLERS[type(command)]
        refused = handler(self, command)
        if isinstance(refused, Answer):
            return refused
        if refused is not None:
            return Answer(False, refused, self.frame(seat))
        return Answer(True, "", self.frame(seat if answer_as is None else answer_as()))

    def _play(self, command: Play) -> str | None:
        if self.replay is not None:
            return "This is a replay: step through it; no moves here"
        if self.over:
            return "The game is over"
        seat = command.seat
        state = self.state
        ahead = self._asked(seat)
        if ahead is None:
            if seat in self.queued:
                return f"{self.names[seat]} has chosen already: wait for the others"
            return f"It is {self.names[state.to_move or 0]}'s turn, not {self.names[seat]}'s"
        try:
            if command.action is not None:
                move: Move | str = ahead.action_to_move(command.action)
            else:
                move = Move.parse(command.text or "")
        except (InvalidMove, ValueError, KeyError, IndexError) as error:
            return str(error) or "That is not a move of this game"
        if ahead is not state:  # chosen ahead of its turn in a simultaneous phase
            try:
                self.queued[seat] = ahead.copy().apply(move)
            except (IllegalMove, InvalidMove) as error:
                return str(error)
            self.generation += 1
            return None
        return self.play(move)

    def _asked(self, seat: int) -> State | None:
        """The state in which ``seat`` may choose a move now: the state for the seat to
        move; in a simultaneous phase, a copy asking ``seat`` first for another seat
        still to choose that has not chosen yet; else None."""
        state = self.state
        if seat == state.to_move:
            return state
        if seat in self.queued or seat not in state.pending or not is_simultaneous(state):
            return None
        ahead = state.copy()
        ahead.pending = (seat, *(s for s in state.pending if s != seat))
        ahead.invalidate()
        return ahead

    def play(self, move: Move | str) -> str | None:
        """Make ``move`` for the seat to move if it is legal, then the moves the next
        seats of a simultaneous phase chose ahead of their turn; None when made, else
        the rules' reason."""
        if self.replay is not None or self.over:
            return "No move can be made now"
        why = self._made(move)
        if why is not None:
            return why
        while self.state.to_move in self.queued and not self.over:
            # Chosen without seeing the others' choices: legal still, but checked again.
            if self._made(self.queued.pop(self.state.to_move)) is not None:
                break
        return None

    def _made(self, move: Move | str) -> str | None:
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
        self.moves.append(made)
        self._keep(len(self.moves) - 1)
        self._kept.append(state.copy())
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
        """The state before each move and after the last (kept as the moves are made;
        read only, please)."""
        return list(self._kept)

    def _revealed(self, index: int) -> bool:
        """True if move ``index`` showed anything to anyone (worked out once a move)."""
        found = self._reveals.get(index)
        if found is None:
            kept = self._kept
            found = self._reveals[index] = revelation(kept[index], kept[index + 1]) is not None
        return found

    def _undo_target(self, seat: int) -> tuple[int | None, str]:
        """How many moves an undo by ``seat`` keeps (None: none to take back) and why
        not, in words ``seat`` may read."""
        if self.replay is not None:
            return None, "This is a replay: step back through it instead"
        if not self.moves:
            return None, "Nothing to undo"
        if self.resigned is not None:
            return None, "The game is over: a seat resigned"
        if not self.is_person(seat):
            return None, f"{self.names[seat]} is not played here"
        if self._undo_cache is None or self._undo_cache[0] != self.generation:
            self._undo_cache = (self.generation, self._undo_back())
        back, blocked = self._undo_cache[1]
        if back is not None:
            return back, ""
        if blocked is None:
            return None, "Nothing to undo: no person has moved yet"
        why = revelation(self._kept[blocked], self._kept[blocked + 1], seat)
        return None, f"Cannot undo past '{self.moves[blocked].text}': {why}"

    def _undo_back(self) -> tuple[int | None, int | None]:
        """How many moves undo keeps, or None and the index of the move that revealed
        something (None: no person has moved)."""
        back = len(self.moves)
        while back > 0:
            back -= 1
            if self._revealed(back):
                return None, back
            if self.is_person(self._kept[back].to_move or 0):
                return back, None
        return None, None

    def _keep(self, back: int) -> None:
        """Forget what was kept of the moves after the first ``back``."""
        del self._kept[back + 1 :]
        for index in [index for index in self._reveals if index >= back]:
            del self._reveals[index]

    def _undo(self, command: Undo) -> str | None:
        back, why = self._undo_target(command.seat)
        if back is None:
            return why
        self.undone.append(self.moves[back:])
        self.moves = self.moves[:back]
        self._keep(back)
        self.state = self._kept[back].copy()
        self.queued = {}
        self._changed()
        return None

    def _may_redo(self, seat: int) -> str | None:
        if self.replay is not None:
            return "This is a replay: step on through it instead"
        if not self.undone:
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
            self._kept.append(self.state.copy())
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
        self.queued = {}
        self._changed()
        return None

    def _house_rules(self, command: HouseRules) -> Answer:
        if self.replay is not None:
            return Answer(
                False,
                "This is a replay: it cannot go on under house rules",
                self.frame(command.seat),
            )
        if not self.is_person(command.seat):
            return Answer(
                False, f"{self.names[command.seat]} is not played here", self.frame(command.seat)
            )
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
            return Answer(False, "This is a replay: no moves here", self.frame(seat))
        if self.over:
            return Answer(True, "", self.frame(seat), "The game is over")
        asked = self._asked(seat)
        if asked is None:
            whose = self.names[state.to_move or 0]
            return Answer(True, "", self.frame(seat), f"It is {whose}'s turn")
        try:
            text = self._reason(asked, command)
        except (InvalidMove, NotationError, ValueError) as error:
            return Answer(False, str(error), self.frame(seat))
        return Answer(True, "", self.frame(seat), text)

    def judge_build(self, seat: int, question: BuildQuestion) -> BuildVerdict | None:
        """What the cards of ``question`` gathered against its target make now, for
        ``seat`` building a move card by card (None: it is not that seat's move, or no
        built move is aimed at that card there). Asked at every card clicked: no frame."""
        if self.replay is not None or self.over:
            return None
        asked = self._asked(seat)
        if asked is None:
            return None
        return build_verdict(asked, question.target, question.place, question.cards)

    def _reason(self, state: State, command: Why) -> str:
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
    def of_record(
        cls, game: Game, record: Record, step: Callable[[int], None] | None = None
    ) -> Match:
        """A match showing ``record`` to step through (at its start); ValueError naming
        the record at a bad move. ``step`` hears how many moves are made after each."""
        state = start_state(record, game)
        match = cls(
            game,
            [MatchSeat(name) for name in state.seat_names],
            record.options,
            record.seed,
            record.deal,
            names=state.seat_names,
        )
        match.replay = _Replay(match, record, step)
        return match

    def resume(
        self, moves: Sequence[str], source: str, step: Callable[[int], None] | None = None
    ) -> None:
        """Go on from the position ``moves`` reach from the start (a saved game);
        ValueError naming ``source`` at a bad move, and then nothing changes. ``step``
        hears how many moves are made after each (it may raise to stop)."""
        state = self.first_state()
        kept, made = [state.copy()], []
        for number, text in enumerate(moves, 1):
            try:
                made.append(state.apply(Move.parse(text)))
            except (IllegalMove, InvalidMove) as error:
                raise ValueError(
                    f"{source}: move {number} '{text}' is not legal: {error}"
                ) from None
            kept.append(state.copy())
            if step is not None:
                step(number)
        self.state, self.moves, self._kept = state, made, kept
        self._reveals, self.undone, self.queued, self.resigned = {}, [], {}, None
        self._changed()

    def reloaded(self, game: Game) -> Reloaded:
        """This game under new rules (a pack edited while it is played): a match of
        ``game`` with the same seats, options, seed and deal, each move made again by its
        text; at the first that no longer applies, it stops there and says which and why
        (``Reloaded``). ValueError with the reason when ``game`` cannot start this game
        at all (the seats or options it refuses). Nothing changes in this match."""
        try:
            match = Match(game, self.seats, self.options, self.seed, self.deal, names=self.names)
        except (RulesError, ValueError, KeyError, TypeError) as error:
            raise ValueError(f"The new rules cannot start this game: {error}") from None
        state = match.state
        kept = [state.copy()]
        made: list[Move] = []
        for number, move in enumerate(self.moves, 1):
            seat = self._kept[number - 1].to_move
            who = self.names[seat] if seat is not None else "the rules"
            if state.outcome is None and state.to_move != seat:  # never one seat's move for another
                now = state.to_move
                done: tuple[State, Move] | str = (
                    f"it is {self.names[now] if now is not None else 'the rules'}'s turn now, "
                    f"not {who}'s"
                )
            else:
                done = _applied(state, move.text)
            if isinstance(done, str):
                match.state, match.moves, match._kept = state, made, kept
                match._changed()
                return Reloaded(match, number, who, move.text, done)
            state, new_move = done
            made.append(new_move)
            kept.append(state.copy())
        match.state, match.moves, match._kept = state, made, kept
        match.resigned = None if state.outcome is not None else self.resigned
        match._changed()
        return Reloaded(match)

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
        """The game's record (a replay's: up to the position shown): the whole game; for
        ``seat`` of a game under way, the game as that seat saw it (nothing hidden from
        it in the record). A game started from a deal is written from that deal."""
        state = self.state if self.replay is None else self.replay.state(self.replay.at)
        if seat is None or state.outcome is not None:
            return record_of(state, deal=self.deal)
        return record_seen_by(state, seat, deal=self.deal)


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


def _applied(state: State, text: str) -> tuple[State, Move] | str:
    """The state after the move written ``text`` is made in a copy of ``state``, and
    the move made; else why it cannot be: the rules' reason, or the failure of a step
    of the new rules on it."""
    if state.outcome is not None:
        return "the game is over by then"
    after = state.copy()
    try:
        made = after.apply(Move.parse(text))
    except (IllegalMove, InvalidMove, NotationError) as error:
        return str(error) or "it is not a move of these rules"
    except RulesError as error:  # a step of the new rules fails on it
        return f"the rules fail on it: {error}"
    return after, made


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
