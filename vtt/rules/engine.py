"""The engine: a loaded pack is a ``Game``; a game with options and a seed gives a ``State``.

A state holds only values (zones as lists, vars, whose turn, the phase, the RNG),
so ``clone()`` (the position alone, for search) and ``copy()`` (with its own copy of
the game's ``journal``: the moves made and the log) are cheap and copies never share
anything mutable. ``legal_moves`` is a lazy view, ``apply`` checks a move and raises
``IllegalMove`` with the pack's own message, ``apply_unchecked`` is the fast path for
agents, ``view(player)`` shows only what that player may see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from vtt.rules import search, turns
from vtt.rules.explain import Drop, drop_reason, verdict
from vtt.rules.footprint import Footprint
from vtt.rules.game import Game
from vtt.rules.journal import Journal
from vtt.rules.model import Env, MoveDef, shown_now
from vtt.rules.moves import IllegalMove, InvalidMove, Move
from vtt.rules.outcome import GameOver, LogEntry, Outcome, pack_failure
from vtt.rules.played import Played, noted, tidied
from vtt.rules.rng import Rng
from vtt.rules.ruleset import MAX_AUTOMATIC, Rules
from vtt.rules.starting import MAX_COMPONENTS, start_state
from vtt.rules.turns import RUNTIME
from vtt.rules.values import Component

__all__ = [
    "MAX_AUTOMATIC",
    "MAX_COMPONENTS",
    "RUNTIME",
    "Game",
    "GameOver",
    "LegalMoves",
    "LogEntry",
    "Outcome",
    "State",
]


class LegalMoves:
    """The legal moves of a state: iterate, count, test with ``in``, take the truth value."""

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state

    def __iter__(self) -> Iterator[Move]:
        return iter(self._state.legal_list())

    def __len__(self) -> int:
        return len(self._state.legal_list())

    def __bool__(self) -> bool:
        return bool(self._state.legal_list())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        try:
            canonical = self._state.canonical(move)
        except InvalidMove:
            return False
        return canonical in self._state.legal_list()

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(str(m) for m in self)})>"


class State:
    """One moment of a game: every zone, var, whose turn, the phase and the random state."""

    __slots__ = (
        "_phase_moves",
        "_rules",
        "beats",
        "env",
        "game",
        "journal",
        "legal_cache",
        "next_phase",
        "options",
        "outcome",
        "pending",
        "phase",
        "played",
        "revealed",
        "rng",
        "seed",
        "turn_decided",
        "turn_start",
    )

    game: Game
    env: Env
    rng: Rng
    #: The moves made and the log (``vtt.rules.journal``): the game being played has
    #: one; a search's copies (``clone``) have none, and their moves log nothing.
    journal: Journal | None
    outcome: Outcome | None
    pending: tuple[int, ...]
    phase: str
    revealed: frozenset[tuple[object, ...]]
    next_phase: str | None
    turn_decided: bool
    #: The position before the first move of the turn under way (packs with a
    #: ``take_back`` step only; else None): what ``take_back`` puts back.
    turn_start: State | None
    options: dict[str, object]
    seed: int
    legal_cache: list[Move] | None
    _phase_moves: dict[str, tuple[MoveDef, ...]]
    _rules: Rules  # the step lists for this game's options; shared by copies
    #: None, or a list that gets a copy of the state at each phase the rules enter while
    #: a move is settled: the moments of its aftermath (War's two cards side by side
    #: before the winner takes them) for the window to show one after another.
    beats: list[State] | None
    #: Who played the cards lying on the shared places everyone sees (a trick): noted
    #: by ``apply`` (see ``vtt.rules.played``), shown in every view.
    played: Played

    # --- starting (vtt.rules.starting) ---------------------------------------------

    start = staticmethod(start_state)

    def invalidate(self) -> None:
        """Forget the cached legal moves (after changing zones or vars from outside)."""
        self.legal_cache = None

    # --- the turn machine and what effect steps call (vtt.rules.turns): the runtime
    # interface generated code uses, with the attributes above (see ``RUNTIME``)

    unveil = turns.unveil
    settled = turns.settled
    take_turns = turns.take_turns
    too_much_work = turns.too_much_work
    endless_phases = turns.endless_phases
    say = turns.say
    say_later = turns.say_later
    pass_turn = turns.pass_turn
    give_turn = turns.give_turn
    eliminate = turns.eliminate
    finish = turns.finish

    # --- reading --------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that moves next, or None when the game is over."""
        if self.outcome is not None:
            return None
        return turns.mover(self)

    @property
    def log(self) -> list[LogEntry]:
        """The game log, oldest line first (read only, please): the journal's, or
        empty for a state without one (a search's)."""
        journal = self.journal
        return [] if journal is None else journal.log

    @property
    def history(self) -> list[Move]:
        """The moves made, oldest first (read only, please): the journal's, or empty
        for a state without one (a search's)."""
        journal = self.journal
        return [] if journal is None else journal.history

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, as a lazy view."""
        return LegalMoves(self)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The names of the seats in this game."""
        return self.env["seat_names"]  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.env["seats"])

    def zone(self, name: str) -> Any:
        """A zone's contents: a list, a list per player, or a grid (read only, please)."""
        return self.env[name]

    def var(self, name: str) -> Any:
        """A var's value (a list for per-player vars)."""
        return self.env[name]

    def stacks(self, name: str) -> Iterator[list[Component]]:
        """Every stack of a zone: the one, one per player, each cell of a grid..."""
        return _stacks(self.env[name], self.game.zones[name].depth)

    def laid_out(self, name: str) -> bool:
        """Whether a zone is shown to players now: its ``shown`` holds, or it holds
        something, so no component is ever out of sight (the window and the text agree)."""
        return shown_now(self.game.zones[name].shown, self.env) or any(self.stacks(name))

    def components(self) -> Iterator[Component]:
        """Every component in every zone (the conservation check counts these)."""
        for name in self.game.zones:
            for stack in self.stacks(name):
                yield from stack

    def canonical(self, move: Move) -> Move:
        """The canonical spelling of a move (raises InvalidMove for bad notation)."""
        return self.game.resolve(move, self.seat_names)[0]

    # --- legal moves ----------------------------------------------------------------

    def legal_list(self) -> list[Move]:
        """Every legal move, generated once per position."""
        if self.legal_cache is None:
            self.legal_cache = self.generate_legal()
        return self.legal_cache

    #: A new list of the legal moves, each search on a budget of its own (``turns``).
    generate_legal = turns.legal_moves

    def footprint(self, move: Move | str) -> Footprint | None:
        """What ``move`` moves if the seat to move makes it: the component, the place it
        leaves, the place it reaches; None for a move that moves nothing of its own
        (pass, bid, flip the top card) or once the game is over."""
        given = Move.parse(move) if isinstance(move, str) else move
        _, kind, values = self.game.resolve(given, self.seat_names)
        trace = self._rules.traces.get(kind.name)
        if trace is None or self.outcome is not None:
            return None
        env = dict(self.env)
        env["me"] = self.to_move
        try:
            return trace.footprint(env, values)
        except Exception as error:
            pack_failure(error)
            raise

    def footprints(self) -> dict[Move, Footprint]:
        """The footprint of every legal move that has one, in the legal moves' order."""
        traces = self._rules.traces
        found: dict[Move, Footprint] = {}
        legal = self.legal_list()
        if not traces or not legal:
            return found
        env = dict(self.env)  # scratch: each move's arguments are bound into it
        env["me"] = self.to_move
        game = self.game
        try:
            for move in legal:
                kind, values = move.kind, move.values
                if kind is None:
                    _, kind, values = game.resolve(move, self.seat_names)
                trace = traces.get(kind.name)
                if trace is not None:
                    found[move] = trace.footprint(env, values)
        except Exception as error:
            pack_failure(error)
            raise
        return found

    # --- applying -------------------------------------------------------------------

    def apply(self, move: Move | str) -> Move:
        """Check and apply a move; raise IllegalMove with the pack's reason if it is not legal."""
        given = Move.parse(move) if isinstance(move, str) else move
        canonical, kind, values = self.game.resolve(given, self.seat_names)
        why = verdict(self, canonical, kind, values)  # what ``explain`` says, word for word
        if why is not None:
            raise IllegalMove(why)
        # Noted before the move: its footprint is read where the card lies before it.
        self.played = noted(self, canonical)
        self.apply_unchecked(canonical)
        self.played = tidied(self)
        return canonical

    def explain(self, move: Move | str | Drop, seat: int | None = None) -> str | None:
        """Why ``move`` is not legal now (for ``seat``, when given), or None when it is:
        the pack's message or the engine's reason, as ``apply`` gives it. A ``Drop`` (a
        drag: a component put on a place) is judged on the arguments it gives. Raises
        InvalidMove for a text that is not a move of this game."""
        try:
            if isinstance(move, Drop):
                return drop_reason(self, move, seat)
            given = Move.parse(move) if isinstance(move, str) else move
            canonical, kind, values = self.game.resolve(given, self.seat_names)
            return verdict(self, canonical, kind, values, seat)
        except Exception as error:
            pack_failure(error)  # a pack expression that failed is named; the rest as raised
            raise

    def apply_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal (from ``legal_moves``): the fast path for agents."""
        kind = move.kind
        game = self.game
        if kind is not None and game.moves.get(kind.name) is kind:
            values = move.values
        else:
            kind, values = game.resolve(move, self.seat_names)[1:]
        if self.outcome is not None:
            raise IllegalMove("The game is over")
        play = self._rules.play.get((self.phase, kind.name))
        if play is None:
            raise IllegalMove(f"'{kind.name}' is not a move you can make now")
        if game.takes_back:
            self._mark_turn()
        try:
            play(self, move, values)  # the move's whole aftermath (vtt.rules.flowgen)
        except GameOver:
            pass
        except Exception as error:
            pack_failure(error)
            raise

    def _mark_turn(self) -> None:
        """Keep the position before a turn's first move, for ``take_back``: a move by
        another seat than the kept position's, or in another phase, begins a turn."""
        start = self.turn_start
        if start is None or start.to_move != self.to_move or start.phase != self.phase:
            start = self.clone()
            start.turn_start = None
            self.turn_start = start

    # --- copies, equality, views ----------------------------------------------------

    def copy(self) -> State:
        """An independent copy with its own copy of the journal: nothing mutable is
        shared (``clone`` for the position alone)."""
        new = self.clone()
        journal = self.journal
        if journal is not None:
            new.journal = journal.copy()
        return new

    def clone(self) -> State:
        """The position alone, for search (OpenSpiel's name): an independent copy
        without a journal, so the moves played on it keep no history and no log."""
        new = State.__new__(State)
        new.game = self.game
        rules = new._rules = self._rules
        # Search copies states all the time: the zones and per-player vars are copied
        # by a function generated for the game's shape (vtt.rules.copying).
        new.env = rules.copy_env(self.env)
        new.rng = Rng(self.rng.state)
        new.journal = None
        new.legal_cache = self.legal_cache
        new.options = self.options
        new.seed = self.seed
        new.outcome = self.outcome
        new.pending = self.pending
        new.phase = self.phase
        new.revealed = self.revealed
        new.played = self.played
        new.next_phase = None
        new.turn_decided = False
        new.turn_start = self.turn_start  # never changed, only replaced: shared
        new.beats = None
        new._phase_moves = self._phase_moves
        return new

    def key(self) -> tuple[object, ...]:
        """A compact hashable value, equal exactly for equal positions (used by ``==``;
        see ``vtt.rules.search.position_key``)."""
        return search.position_key(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game is other.game and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def view(self, seat: int, open_hands: bool = False) -> Any:
        """What ``seat`` may see of this state (see ``vtt.rules.views``); ``open_hands``
        shows every player's own zones too, for watching a game's record."""
        from vtt.rules.views import view_of

        return view_of(self, seat, open_hands)

    def __repr__(self) -> str:
        return f"<State {self.game.id} phase={self.phase} to_move={self.to_move}>"

    # --- search (vtt.rules.search, docs/engine.md) ------------------------------------
    # The functions themselves, not methods that call them: search calls these at every
    # node, and a call less is a tenth of a microsecond.

    current_player = search.current_player
    returns = search.returns
    legal_actions = search.legal_actions
    apply_action = search.apply_action
    apply_actions = search.apply_actions

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.outcome is not None

    def action_to_move(self, action: int) -> Move:
        """The move an action stands for in this game."""
        return search.codec_of(self.game).move(action, self.seat_names)

    def move_to_action(self, move: Move | str) -> int:
        """The action of a move in this game."""
        given = Move.parse(move) if isinstance(move, str) else move
        return search.codec_of(self.game).action(given, self.seat_names)

    def determinize(self, seat: int, rng: random.Random | Rng) -> State:
        """A state ``seat`` cannot tell from this one, the cards it cannot see dealt anew."""
        return search.determinize(self, seat, rng)


def _stacks(node: Any, depth: int) -> Iterator[list[Any]]:
    if depth == 0:
        yield node
        return
    for child in node.values() if isinstance(node, dict) else node:
        yield from _stacks(child, depth - 1)


def _frozen(node: Any, depth: int) -> Any:
    if depth == 0:
        return tuple(node)
    children = node.values() if isinstance(node, dict) else node
    return tuple(_frozen(child, depth - 1) for child in children)
