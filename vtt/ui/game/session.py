"""One enforced game in the window: a thin Qt adapter over a :class:`~vtt.match.Match`.

The match holds the game (its state, the moves made, undo, redo, a record being
replayed); the window reads the frame of the seat on view (:attr:`GameSession.frame`,
a :class:`~vtt.match.SeatFrame`: what that seat may know and do now) and sends
commands (:meth:`GameSession.send`). Every change emits ``changed`` with the new
frame; a command refused emits ``message`` with the match's reason.

The moves are the game record: undo starts again from the same setup and seed and
makes all but the last moves again (never past one that revealed anything); a saved
game and a replayed record are made the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from vtt.ai.levels import make_agent
from vtt.janken import Card
from vtt.match import COMPUTER as COMPUTER_SEAT
from vtt.match import (
    PERSON,
    BuildQuestion,
    Command,
    DropQuestion,
    FrameMove,
    HouseRules,
    HouseTable,
    Match,
    MatchSeat,
    Play,
    Redo,
    Reloaded,
    ReplayTo,
    SeatFrame,
    Undo,
    WatchAs,
    Why,
    builds_of_frame,
    drags_of_frame,
    seat_words,
)
from vtt.match.drags import Drags
from vtt.match.frames import BuildVerdict
from vtt.rules import Game, Move, load_game
from vtt.rules.build import Builds, Target
from vtt.rules.finder import load_game_text
from vtt.rules.footprint import Footprint
from vtt.rules.model import ZoneDef
from vtt.rules.pinned import pack_text
from vtt.rules.records import Record
from vtt.rules.views import View
from vtt.table.seats import DEFAULT_NAMES
from vtt.ui.game.places import Key
from vtt.ui.qt import QObject, Signal

__all__ = [
    "COMPUTER",
    "COMPUTERS",
    "HUMAN",
    "NORMAL",
    "SEAT_KINDS",
    "GameSession",
    "GameSetup",
    "SeatChoice",
    "default_names",
    "made_again",
    "new_match",
    "seat_words",
]

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

    def match_seat(self) -> MatchSeat:
        """The seat as the match knows it."""
        if self.computer:
            return MatchSeat(self.name, COMPUTER_SEAT, COMPUTERS[self.kind], self.colour)
        return MatchSeat(self.name, PERSON, "", self.colour)


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start (and start again) a game."""

    pack: str
    seats: tuple[SeatChoice, ...]
    options: dict[str, object] = field(default_factory=dict)
    seed: int = 0
    enforced: bool = True
    deal: dict[str, Any] | None = None
    #: The pack's text, for a game played from a text not saved (the studio): the
    #: rules are this text, and ``pack`` names only where it comes from (its file's
    #: path, or a name for a pack never saved).
    text: str | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    def rules_text(self) -> str | None:
        """The text of the rules this setup plays: its own, else its pack's file (None
        when that cannot be read): what saved games and records keep."""
        return self.text if self.text is not None else pack_text(self.pack)

    def game(self) -> Game:
        """The rules this setup plays: its text's, else the pack's (by id or folder);
        PackErrors or FileNotFoundError when there are none."""
        if self.text is not None:
            return load_game_text(self.text, _file_name(self.pack))
        return load_game(self.pack)


def _file_name(pack: str) -> str:
    """How messages name the file of a pack played from its text."""
    return pack if pack.endswith((".yaml", ".yml")) else f"{pack or 'untitled'}/pack.yaml"


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


def new_match(game: Game, setup: GameSetup) -> Match:
    """A match of ``game`` from a setup, before any move."""
    seats = [choice.match_seat() for choice in setup.seats]
    return Match(game, seats, setup.options, setup.seed, setup.deal)


def made_again(
    game: Game,
    setup: GameSetup,
    moves: Sequence[str],
    source: str,
    step: Callable[[int], None] | None = None,
) -> Match:
    """A match of ``setup`` with ``moves`` made; ValueError naming ``source`` at a bad
    move. ``step`` hears how many are made after each (a worker thread's progress: it
    may raise to stop)."""
    match = new_match(game, setup)
    for number, text in enumerate(moves, 1):
        _replayed(match, text, number, source)
        if step is not None:
            step(number)
    return match


def _replayed(match: Match, text: str, number: int, source: str) -> None:
    why = match.play(text)
    if why is not None:
        raise ValueError(f"{source}: move {number} '{text}' is not legal: {why}")


class GameSession(QObject):
    """The game being played in a window: a match, and the frame of the seat on view.

    Signals:
        changed(SeatFrame): the match changed (a move, an undo, a new game); the frame.
        message(str): something to tell the person (a refused move's reason).
        picks_changed(): the cards picked in the hand changed (a set of cards to pass).
    """

    changed = Signal(object)
    message = Signal(str)
    picks_changed = Signal()

    def __init__(
        self, setup: GameSetup, parent: QObject | None = None, game: Game | None = None
    ) -> None:
        super().__init__(parent)
        #: The rules: ``game`` when given (compiled already), else the setup's.
        self.game: Game = game if game is not None else setup.game()
        #: Counts every change (across new games too), so an agent's late answer to an
        #: older position is dropped.
        self.generation = 0
        self.start(setup)

    # ------------------------------------------------------------- the match

    def start(self, setup: GameSetup, match: Match | None = None) -> None:
        """Begin a new game from a setup (also "play again", with the next seed), or go
        on with ``match`` (a saved game made again, a record to replay)."""
        self.setup = setup
        self.match = match if match is not None else new_match(self.game, setup)
        self.close_agents()  # the last game's (their searches on other cores end)
        self.agents: dict[int, Any] = {
            seat: make_agent(COMPUTERS[choice.kind], setup.seed * 31 + seat, timed=True)
            for seat, choice in enumerate(setup.seats)
            if choice.computer
        }
        for seat, agent in self.agents.items():  # searching on every core: the workers
            starting = getattr(agent, "start", None)
            if starting is not None:
                starting(self.game, setup.text, self.agent_input(seat)[0])
        #: The cards the person to move has picked in the hand (``Drags.picks``), and
        #: whose they are: kept while they may still be picked (a computer's pass
        #: meanwhile changes nothing of theirs).
        self.picked: set[str] = set()
        self.picked_by: int | None = None
        #: The record being replayed (its moves as written), else None.
        self.record: Record | None = None
        self._first: SeatFrame | None = None
        self._changed()

    def _changed(self, frame: SeatFrame | None = None) -> None:
        """The match changed: the frame of the seat on view now (``frame`` when the
        match answered with it already), and ``changed``."""
        self.generation += 1
        self._drags: Drags[FrameMove] | None = None
        self._builds: Builds | None = None
        #: ``hand_reason``'s answers for this position, by (card, hand).
        self._reasons: dict[tuple[str, Key], str | None] = {}
        viewer = self.viewer
        if frame is None or (frame.seat != viewer and not self.replaying):
            frame = self.match.frame(viewer)
        self.frame: SeatFrame = frame
        self.changed.emit(self.frame)

    def send(self, command: Command) -> bool:
        """Send a command to the match: True if it was done (the frame is new), else
        the match's reason is said."""
        # Answered with the frame of the seat on view after the command (a computer's
        # move is not shown as that computer sees it).
        answer = self.match.send(command, answer_as=lambda: self.viewer)
        if not answer.accepted:
            self.message.emit(answer.reason)
            return False
        self._changed(answer.frame)
        return True

    def log_lines(self, frame: SeatFrame) -> list[str]:
        """The lines of the log the window shows with ``frame``: the game's."""
        return list(frame.log)

    def say(self, text: str) -> bool:
        """Say a line to the others at the table: only over the network (False)."""
        return False

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as the rules write them (``seat_words``)."""
        return self.match.names

    @property
    def colours(self) -> tuple[str, ...]:
        """The seats' colours (``#rrggbb``): as chosen, else the colour the pack names the
        seat after (JANTORI's White and Black), else the usual colour of its place."""
        return self.match.colours

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return self.frame.outcome is not None

    @property
    def replaying(self) -> bool:
        """True while a record is stepped through (no moves are made)."""
        return self.match.replay is not None

    @property
    def moves(self) -> list[Move]:
        """The moves made (a record's, in a replay)."""
        if self.record is not None:
            return [Move.parse(text) for text in self.record.moves]
        return list(self.match.moves)

    def computer_to_move(self) -> int | None:
        """The seat an agent must move for now, if any."""
        seat = self.match.to_move
        return seat if seat in self.agents else None

    def people(self) -> list[int]:
        """The seats played by people at this screen."""
        return [s for s in range(self.setup.players) if s not in self.agents]

    def leave(self) -> None:
        """The window is closing: the computer seats' searches end (a local game has
        nothing else to leave)."""
        self.close_agents()

    def close_agents(self) -> None:
        """End the computer seats' worker processes, if they have any (never waiting for
        a search under way: it is cancelled, and ends by itself)."""
        for agent in getattr(self, "agents", {}).values():
            closing = getattr(agent, "close", None)
            if closing is not None:
                closing()

    def human_to_move(self) -> bool:
        """True if a person must move now."""
        seat = self.match.to_move
        return seat is not None and seat not in self.agents

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the person to move, else the first person;
        in a replay, the seat it is watched as (the first one with open hands)."""
        replay = self.match.replay
        if replay is not None:
            return replay.watched if replay.watched is not None else 0
        seat = self.match.to_move
        if seat is not None and seat not in self.agents:
            return seat
        humans = [s for s in range(self.setup.players) if s not in self.agents]
        return humans[0] if humans else 0

    def view(self, frame: SeatFrame | None = None) -> View:
        """What the table shows of a frame (the seat on view's now): its zones, vars and
        log as the rules' ``View``, with the pack and options every seat knows."""
        return (frame or self.frame).view(self.game)

    def first_frame(self) -> SeatFrame:
        """The first seat's frame before any move (the room each place needs)."""
        if self._first is None:
            self._first = new_match(self.game, self.setup).frame(0)
        return self._first

    def frame_before(self) -> SeatFrame | None:
        """The frame of the seat on view one move ago (None before any move)."""
        replay = self.match.replay
        if replay is not None:
            at = replay.at
            if at == 0:
                return None
            # A step back and forth of the replay's own (its positions are kept).
            self.match.send(ReplayTo(0, at - 1))
            earlier = self.match.spectator_frame()
            self.match.send(ReplayTo(0, at))
            return earlier
        moves = self.match.moves
        if not moves:
            return None
        earlier = made_again(self.game, self.setup, [m.text for m in moves[:-1]], "the game")
        return earlier.frame(self.viewer)

    def beats(self) -> tuple[SeatFrame, ...]:
        """The moments of the last move's aftermath as the seat on view sees them."""
        return self.match.beats(self.viewer)

    @property
    def last_footprint(self) -> Footprint | None:
        """The last move's footprint as the seat on view may see it (None: none)."""
        return self.frame.last

    def agent_input(self, seat: int) -> tuple[View, list[Move]]:
        """What a computer seat's agent chooses from: its frame's view (with its own copy
        of the pack) and its legal moves."""
        frame = self.match.frame(seat)
        return frame.view(self.game), [Move.parse(move.text) for move in frame.moves]

    # ------------------------------------------------------------- the table

    def shown_zones(self) -> dict[str, ZoneDef]:
        """The zones the table lays out: those the pack does not mark as unused now (its
        ``shown``), and any zone holding something, so no component is ever out of sight."""
        laid = set(self.frame.laid_out)
        return {name: zone for name, zone in self.game.zones.items() if name in laid}

    @property
    def uses_cards(self) -> bool:
        """True if the game's components are cards (else pieces)."""
        return self.frame.uses_cards

    def builds(self) -> Builds:
        """The person's legal moves built from a target and a set of cards (Battlefront's
        attacks), by target and cards (none while a computer moves)."""
        if self._builds is None:
            self._builds = builds_of_frame(self.frame) if self.human_to_move() else Builds()
        return self._builds

    def drags(self) -> Drags[FrameMove]:
        """The person's legal moves as drags and actions (none while a computer moves)."""
        if self._drags is None:
            self._drags = drags_of_frame(self.frame) if self.human_to_move() else Drags()
            if self.picked_by != self.match.to_move:
                self.picked = set()
            self.picked = {what for what in self.picked if self._drags.pickable(what)}
        return self._drags

    def toggle_pick(self, what: str) -> bool:
        """Pick a card of the person's hand for a move taking a set of cards, or put it
        back; False (nothing changes) when no such move could take it."""
        if not self.drags().pickable(what):
            return False
        self.picked ^= {what}
        self.picked_by = self.match.to_move
        self.picks_changed.emit()
        return True

    def hand_reason(self, what: str, hand: Key) -> str | None:
        """Why a card written ``what`` in the hand ``hand`` of the person to move cannot
        be played now, in the rules' words (Stones: "You must follow suit: you hold a
        Paper card"): the reason for putting it where the hand's playable cards all go
        (the trick, the discard pile), asked of the match. None when it can be played
        (dragged, picked or chosen in the action bar), when no card of the hand goes
        anywhere by a drag now (a bid) or they go to several places (a board: a drop
        there says why)."""
        drags = self.drags()
        if drags.draggable(what) or drags.pickable(what):
            return None
        places = drags.targets_from(hand)
        if len(places) != 1:
            return None
        key = (what, hand)
        if key not in self._reasons:  # asked at every draw: once per card and position
            self._reasons[key] = self._why_drop(what, places.pop(), hand)
        return self._reasons[key]

    def _why_drop(self, what: str, target: Key, source: Key | None) -> str | None:
        """The rules' reason a component written ``what`` may not go on ``target`` (from
        ``source``), asked of the match; None when it may."""
        seat = self.match.to_move
        if seat is None:
            return None
        answer = self.match.send(Why(seat, drop=DropQuestion(what, target, source)))
        if not answer.accepted:
            return answer.reason
        return None if answer.text == f"The {what} may go there" else answer.text

    def judge_build(self, target: Target, cards: frozenset[Card]) -> BuildVerdict | None:
        """What ``cards`` gathered against ``target`` make now, for the person building a
        move card by card (None: no move is aimed at that card, or it is not their turn)."""
        seat = self.match.to_move
        if seat is None:
            return None
        chosen = tuple(sorted(str(card) for card in cards))
        return self.match.judge_build(seat, BuildQuestion(str(target.card), target.place, chosen))

    # ------------------------------------------------------------- commands

    def play(self, move: FrameMove | Move | str) -> bool:
        """Make a move for the seat to move if it is legal; else say why. True if made."""
        if self.replaying:
            self.message.emit("This is a replay: step through it with ← and →; no moves here")
            return False
        seat = self.match.to_move
        if seat is None:
            self.message.emit("The game is over")
            return False
        text = move if isinstance(move, str) else move.text
        return self.send(Play(seat, text=text))

    def drop(self, what: str, target: Key | None, source: Key | None = None) -> bool:
        """Put a component written ``what`` on a place (taken from the place ``source``,
        when known): its move if legal, else the rules' reason."""
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
        why = self._why_drop(what, target, source)
        self.message.emit(why or f"Drop the {what} on a highlighted place")
        return False

    def undo(self) -> bool:
        """Take back moves to the last decision of a person; never past a revealing move."""
        return self.send(Undo(self.viewer))

    def redo(self) -> bool:
        """Make again the moves the last undo took back."""
        return self.send(Redo(self.viewer))

    def record_to_export(self) -> Record:
        """The game's record to export (a replay's: up to the position shown): the whole
        game once it is over, else the game as the seat on view saw it (nothing hidden
        from it in the record), keeping the text of the pack it was played with and its
        fingerprint; RecordError if it cannot be written so."""
        return self.match.record(self.viewer).pin(self.setup.rules_text(), keep=True)

    def house(self) -> HouseTable:
        """The position handed over to a free table (house rules): every seat of this
        window is at this screen, a computer's too; ValueError, with the match's reason,
        for a replay."""
        if self.replaying:
            raise ValueError(self.match.send(HouseRules(self.viewer)).reason)
        return self.match.house_table()

    # ------------------------------------------------------------- resume and replay

    def reload(self, text: str) -> Reloaded:
        """Go on under the rules of a pack's edited ``text``: the game's moves made again
        (``Match.reloaded``), up to the first that no longer applies; PackErrors when
        the text is no pack, ValueError when its rules cannot seat this game."""
        setup = replace(self.setup, text=text)
        game = setup.game()
        reloaded = self.match.reloaded(game)
        self.game = game
        self.start(setup, reloaded.match)
        return reloaded

    def resume(self, setup: GameSetup, match: Match) -> None:
        """Go on with ``match``, made from ``setup`` (``made_again``)."""
        self.start(setup, match)

    def open_replay(self, record: Record, match: Match | None = None) -> None:
        """Show a game record to step through; ValueError naming the record at a bad
        move. ``match``: the record's match, made already (``Match.of_record``, on a
        worker thread)."""
        if match is None:
            match = Match.of_record(self.game, record)
        setup = GameSetup(
            self.setup.pack,  # the pack the record names, as the window found it
            tuple(SeatChoice(seat.name) for seat in match.seats),
            dict(record.options),
            record.seed,
            deal=record.deal,
            text=self.setup.text,
        )
        self.start(setup, match)
        self.record = record
        self._changed()

    @property
    def replay_at(self) -> int:
        """How many moves of the record are made in the position shown."""
        replay = self.match.replay
        return replay.at if replay is not None else 0

    def step_to(self, index: int) -> bool:
        """Show the replayed position after ``index`` moves; False if there is none."""
        replay = self.match.replay
        if replay is None or not 0 <= index <= len(replay.record.moves):
            return False
        return self.send(ReplayTo(0, index))

    def watch_as(self, seat: int | None) -> None:
        """Watch the replay as ``seat`` sees it, or with every hand open (None), where the
        record allows it."""
        replay = self.match.replay
        if replay is None or seat == replay.watched:
            return
        self.send(WatchAs(0, seat))
