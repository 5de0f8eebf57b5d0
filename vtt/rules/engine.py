"""The engine: a loaded pack is a ``Game``; a game with options and a seed gives a ``State``.

A state holds only values (zones as lists, vars, whose turn, the phase, the RNG),
so ``copy()`` is cheap and copies never share anything mutable. ``legal_moves`` is
a lazy view, ``apply`` checks a move and raises ``IllegalMove`` with the pack's own
message, ``apply_unchecked`` is the fast path for agents, ``view(player)`` shows
only what that player may see.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from vtt.rules import search
from vtt.rules.errors import RuleError
from vtt.rules.explain import Drop, drop_reason, reason
from vtt.rules.expr import RUN_LOCK, Expr, evaluation_error, start_work
from vtt.rules.flowgen import FlowLists, Play, compile_flow
from vtt.rules.footprint import Footprint, Trace, traces_of
from vtt.rules.model import (
    ComponentDef,
    EndCheck,
    Env,
    MoveDef,
    OptionDef,
    PhaseDef,
    Step,
    StepLists,
    VarDef,
    ZoneDef,
    ZoneRef,
    option_values,
    render_parts,
)
from vtt.rules.moves import IllegalMove, InvalidMove, Move, format_move, read_args
from vtt.rules.rng import Rng
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.stepgen import MAX_TURN_WORK, compile_steps
from vtt.rules.steps import end_steps, specialise
from vtt.rules.values import Component, Grid, Piece

__all__ = ["RUNTIME", "Game", "LegalMoves", "LogEntry", "Outcome", "State"]

#: Automatic steps (phase changes, stuck players) allowed between two moves.
MAX_AUTOMATIC = 1000
#: Most components one game may hold: cards and pieces together.
MAX_COMPONENTS = 10_000
#: The state's runtime interface: the only attributes and methods of a ``State`` that
#: generated code (``vtt.rules.stepgen``, ``flowgen``, ``generate``) may use. Its
#: scaffolding and the pack's expressions reach nothing else; a test reads every
#: generated function of every shipped pack to hold it so.
RUNTIME = frozenset(
    {
        # the position
        "env",
        "phase",
        "pending",
        "history",
        "rng",
        "revealed",
        # the turn machine's bookkeeping
        "next_phase",
        "turn_decided",
        "legal_cache",
        "log_lines",
        "secret_from",
        # the turn machine's steps
        "settled",
        "take_turns",
        "unveil",
        "too_much_work",
        "endless_phases",
        # what effect steps do
        "say",
        "say_later",
        "pass_turn",
        "give_turn",
        "eliminate",
        "finish",
    }
)
#: A step list as one function.
Runner = Callable[["State"], None]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw), why, and the scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[object, ...] | None = None

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class LogEntry:
    """One line of the game log; a ``secret`` line shows to others only as a choice made.

    A line an effect logs keeps its parts and is written out when first read: most
    lines of a random playout are never read."""

    __slots__ = ("_parts", "_text", "seat", "secret")

    def __init__(
        self,
        text: str | None,
        seat: int | None = None,
        secret: bool = False,
        parts: tuple[object, ...] = (),
    ) -> None:
        self._text = text
        self._parts = parts
        self.seat = seat
        self.secret = secret

    @property
    def text(self) -> str:
        """The line as players read it."""
        if self._text is None:
            self._text = render_parts(self._parts)
        return self._text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.text, self.seat, self.secret) == (other.text, other.seat, other.secret)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LogEntry({self.text!r}, seat={self.seat}, secret={self.secret})"


@dataclass(frozen=True)
class _Rules:
    """A game's step lists for one set of options, with every ``if`` on options decided."""

    setup: tuple[Step, ...]
    effects: Mapping[str, tuple[Step, ...]]  # by move name
    enter: Mapping[str, tuple[Step, ...]]  # by phase name, and so on
    after_move: Mapping[str, tuple[Step, ...]]
    then: Mapping[str, tuple[Step, ...]]
    stuck: Mapping[str, tuple[Step, ...]]
    turns: Mapping[str, str]  # by phase name: single, each or auto
    makers: Mapping[str, Callable[[tuple[Any, ...]], Move]]  # by move name: values -> Move
    end: tuple[Step, ...]  # the pack's end checks as steps, in order
    # The lists the engine runs outside the turn path, each as one generated function
    # (vtt.rules.stepgen); None when empty.
    run_setup: Runner | None
    run_then: Mapping[str, Runner | None]
    run_stuck: Mapping[str, Runner | None]
    run_end: Runner | None
    secret: Mapping[str, bool]  # by phase name: one of its moves is made in secret
    # By phase name: each move kind it allows with its generator, Moves made and maker.
    generators: Mapping[str, tuple[tuple[MoveDef, Any, dict[Any, Move], Any], ...]]
    # The turn path generated for these options (vtt.rules.flowgen): the settle loop
    # with every phase's enter steps, and per (phase, move name) a move's aftermath.
    settle: Runner
    play: Mapping[tuple[str, str], Play]
    # By move name: how a move of that kind's footprint follows from its arguments
    # (vtt.rules.footprint); kinds that move nothing of their own are not listed.
    traces: Mapping[str, Trace]

    @classmethod
    def of(cls, game: Game, env: Env) -> _Rules:
        """The rules of ``game`` with the options in ``env``."""

        def decide(test: Expr) -> bool:
            return bool(test(env))

        # Compiled again with the options written into the expressions where the pack
        # allows it (``mode == 'classic' and x`` runs as ``x``), else as loaded.
        lists = game.step_lists(game.fixed_values(env)) if game.step_lists else None
        if lists is None:
            lists = StepLists(
                setup=game.setup,
                effects={name: kind.effects for name, kind in game.moves.items()},
                enter={name: phase.enter for name, phase in game.phases.items()},
                after_move={name: phase.after_move for name, phase in game.phases.items()},
                then={name: phase.then for name, phase in game.phases.items()},
                stuck={name: phase.stuck or () for name, phase in game.phases.items()},
            )

        def each(steps: Mapping[str, tuple[Step, ...]]) -> dict[str, tuple[Step, ...]]:
            return {name: specialise(found, decide) for name, found in steps.items()}

        stable = game.stable_names()

        def runner(steps: tuple[Step, ...], label: str) -> Runner | None:
            return compile_steps(steps, PACK_LIBRARY, stable, f"{game.id} {label}", game.scores)

        def runners(lists: Mapping[str, tuple[Step, ...]], part: str) -> _Runners:
            return _Runners(lists, lambda name, steps: runner(steps, f"{part} {name}"))

        seat_names = env["seat_names"]
        makers = {name: _maker(game, kind, seat_names) for name, kind in game.moves.items()}
        setup = specialise(lists.setup, decide)
        effects, enter = each(lists.effects), each(lists.enter)
        after_move, then, stuck = each(lists.after_move), each(lists.then), each(lists.stuck)
        turns = {name: phase.turn for name, phase in game.phases.items()}
        generators = {
            name: tuple(
                (kind, kind.generator, game.known_moves(kind, seat_names), makers[kind.name])
                for kind in phase.moves
                if kind.enabled is None or kind.enabled(env)
            )
            for name, phase in game.phases.items()
        }
        # A phase whose moves (with these options) are never secret has nothing to unveil.
        secret = {
            name: any(kind.secret for kind, *_ in found) for name, found in generators.items()
        }
        ends = end_steps(game.end)
        flow = compile_flow(
            FlowLists(
                effects=effects,
                enter=enter,
                after_move=after_move,
                then=then,
                stuck=stuck,
                end=ends,
                turns=turns,
                secret=secret,
                generators={
                    name: tuple((kind.name, *rest) for kind, *rest in found)
                    for name, found in generators.items()
                },
                args={
                    name: tuple(arg.name for arg in kind.args) for name, kind in game.moves.items()
                },
                secret_moves=frozenset(n for n, kind in game.moves.items() if kind.secret),
                chosen_actors=frozenset(
                    name for name, phase in game.phases.items() if phase.actors is not None
                ),
                fixed_moves={
                    name: makers[name](())
                    for name, kind in game.moves.items()
                    if not kind.args and not kind.conditions
                },
            ),
            PACK_LIBRARY,
            stable,
            game.id,
            game.scores,
            MAX_AUTOMATIC,
            _from_seat,
        )
        return cls(
            setup=setup,
            effects=effects,
            enter=enter,
            after_move=after_move,
            then=then,
            stuck=stuck,
            turns=turns,
            makers=makers,
            end=ends,
            run_setup=runner(setup, "setup"),
            run_then=runners(then, "then"),
            run_stuck=runners(stuck, "stuck"),
            run_end=runner(ends, "end"),
            secret=secret,
            generators=generators,
            settle=flow.settle,
            play=flow.play,
            traces=traces_of(game.moves, effects),
        )


class _Runners(Mapping[str, "Runner | None"]):
    """Step lists by name, each made a runner the first time it is asked for: outside
    the generated turn path (vtt.rules.flowgen) only a stuck player's turn needs them."""

    def __init__(
        self,
        lists: Mapping[str, tuple[Step, ...]],
        make: Callable[[str, tuple[Step, ...]], Runner | None],
    ) -> None:
        self._lists = lists
        self._make = make
        self._made: dict[str, Runner | None] = {}

    def __getitem__(self, name: str) -> Runner | None:
        made = self._made
        if name not in made:
            made[name] = self._make(name, self._lists[name])
        return made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._lists)

    def __len__(self) -> int:
        return len(self._lists)


class _GameOver(Exception):
    """Unwinds the effect steps once ``end_game`` has run."""


@dataclass
class Game:
    """A loaded rule pack: its fixed facts and compiled rules."""

    id: str
    name: str
    players: tuple[int, int, int]
    seat_names: tuple[str, ...]
    options: tuple[OptionDef, ...]
    variants: Mapping[str, Mapping[str, object]]
    constraints: tuple[tuple[Expr, str], ...]
    constants: Mapping[str, object]
    components: tuple[ComponentDef, ...]
    zones: Mapping[str, ZoneDef]
    vars: Mapping[str, VarDef]
    setup: tuple[Step, ...]
    phases: Mapping[str, PhaseDef]
    start: str
    moves: Mapping[str, MoveDef]
    end: tuple[EndCheck, ...] = ()
    scores: Expr | None = None
    rest_zone: ZoneRef | None = None
    path: str = ""
    kind: str = "game"
    #: The step lists compiled again for a set of fixed values (options, constants).
    step_lists: Callable[[Mapping[str, object]], StepLists | None] | None = None
    #: What players read: the pack's one-line summary and each variant's label.
    summary: str = ""
    variant_labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The Move values made so far, per spelling of the seats: a player argument's
        # text is its seat's name, which differs between games of one pack.
        self._spellings: dict[tuple[str, ...], _Spelling] = {}
        self._blanks: dict[tuple[object, ...], State] = {}  # (options, seat names) -> blank
        self._started: dict[int, State] = {}  # id of a blank -> its first position, when
        # starting it drew nothing from the random numbers
        self._copying: tuple[tuple[str, int], ...] = tuple(
            (zone.name, zone.depth) for zone in self.zones.values()
        )
        self._per_player_vars = tuple(var.name for var in self.vars.values() if var.per_player)

    def __repr__(self) -> str:
        return f"<Game {self.id!r}>"

    def stable_names(self) -> frozenset[str]:
        """Names whose values keep their identity while steps run: zones, per-player
        vars (lists changed in place), options, constants and the seat lists."""
        options = [option.name for option in self.options]
        return frozenset(
            [*self.zones, *self._per_player_vars, *options, *self.constants, "seats", "seat_names"]
        )

    def rules_for(self, env: Env) -> _Rules:
        """The rules of this game with the options in ``env``, ready to run."""
        return _Rules.of(self, env)

    def fixed_values(self, env: Env) -> dict[str, object]:
        """The options and constants of a game, which never change while it runs."""
        names = [option.name for option in self.options] + list(self.constants)
        return {name: env[name] for name in names if name in env}

    def option_sets(self) -> dict[str, object]:
        """The default value of every option."""
        return {option.name: option.default for option in self.options}

    def new_state(
        self,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        *,
        players: int | None = None,
        deal: Mapping[str, Any] | None = None,
        seat_names: Sequence[str] | None = None,
    ) -> State:
        """A new game: options checked, components placed, setup run, first phase entered.

        ``seat_names`` name the seats in moves, the log and the outcome (default: the
        pack's ``seats``, else P1, P2, ...); each is one word, different from the others."""
        if self.kind == "setup":
            raise ValueError(f"{self.name} is a free-form setup: it has no rules to play")
        try:
            with RUN_LOCK:
                return State.start(self, dict(options or {}), seed, players, deal, seat_names)
        except Exception as error:
            _explain(error)
            raise

    def seat_labels(self, count: int) -> tuple[str, ...]:
        """The seat names for ``count`` players (P1, P2, ... unless the pack names them)."""
        if len(self.seat_names) >= count:
            return self.seat_names[:count]
        return tuple(f"P{i + 1}" for i in range(count))

    def chosen_seat_names(self, names: Sequence[str] | None, count: int) -> tuple[str, ...]:
        """``names`` checked as the seat names of a ``count``-player game (``seat_labels``
        when None); ValueError saying what is wrong."""
        if names is None:
            return self.seat_labels(count)
        chosen = tuple(names)
        if len(chosen) != count:
            raise ValueError(f"{len(chosen)} seat names for {count} players")
        seen: set[str] = set()
        for name in chosen:
            # Move notation writes a seat as one word ("give Ann"), read back ignoring case.
            if not isinstance(name, str) or name.split() != [name]:
                raise ValueError(f"seat name {name!r} must be one word, like Ann")
            if name.lower() in seen:
                raise ValueError(f"two seats are named {name!r}: each seat needs its own name")
            seen.add(name.lower())
        return chosen

    def parse_move(self, text: str, seat_names: Sequence[str] | None = None) -> Move:
        """The canonical move written as ``text``; raises InvalidMove if it is not notation."""
        return self.resolve(Move.parse(text), seat_names or self.seat_labels(self.players[1]))[0]

    def resolve(
        self, move: Move, seat_names: Sequence[str]
    ) -> tuple[Move, MoveDef, tuple[Any, ...]]:
        """The canonical move, its kind and argument values."""
        known = self._spelling(seat_names).resolved.get(move)
        if known is not None:
            return move, known[0], known[1]
        for kind in self.moves.values():
            values = read_args(kind, move.text, seat_names)
            if values is not None:
                canonical = self.move_of(kind, values, seat_names)
                return canonical, kind, values
        raise InvalidMove(f"{move.text!r} is not a move of {self.name}")

    def move_of(self, kind: MoveDef, values: tuple[Any, ...], seat_names: Sequence[str]) -> Move:
        """The Move value for a kind and its arguments (made once per seat names, then reused)."""
        spelling = self._spelling(seat_names)
        known = spelling.known[kind.name]
        move: Move | None = known.get(values)
        if move is None:
            move = Move(format_move(kind, values, seat_names), kind, values)
            known[values] = move
            spelling.resolved[move] = (kind, values)
        return move

    def known_moves(self, kind: MoveDef, seat_names: Sequence[str]) -> dict[tuple[Any, ...], Move]:
        """The Moves of ``kind`` made so far with these seat names, by argument values."""
        return self._spelling(seat_names).known[kind.name]

    def _spelling(self, seat_names: Sequence[str]) -> _Spelling:
        key = tuple(seat_names)
        spelling = self._spellings.get(key)
        if spelling is None:
            spelling = self._spellings[key] = _Spelling({name: {} for name in self.moves}, {})
        return spelling

    # --- search (vtt.rules.search, docs/engine.md) ------------------------------------

    def move_to_action(self, move: Move | str, players: int | None = None) -> int:
        """The stable integer of a move (the same in every process for this pack)."""
        given = Move.parse(move) if isinstance(move, str) else move
        return search.codec_of(self).action(given, self.seat_labels(players or self.players[2]))

    def action_to_move(self, action: int, players: int | None = None) -> Move:
        """The move an action stands for, named for ``players`` seats (default: the
        pack's default); ValueError when it stands for none."""
        return search.codec_of(self).move(action, self.seat_labels(players or self.players[2]))


@dataclass(frozen=True, slots=True)
class _Spelling:
    """The Moves made for one tuple of seat names: by kind name and argument values, and
    back from a Move to its kind and values."""

    known: dict[str, dict[tuple[Any, ...], Move]]
    resolved: dict[Move, tuple[MoveDef, tuple[Any, ...]]]


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
        "_made",
        "_phase_moves",
        "_rules",
        "env",
        "game",
        "history",
        "legal_cache",
        "log_lines",
        "next_phase",
        "options",
        "outcome",
        "pending",
        "phase",
        "revealed",
        "rng",
        "secret_from",
        "seed",
        "turn_decided",
    )

    game: Game
    env: Env
    rng: Rng
    history: list[Move]
    # The log: LogEntry values, and lines not yet read kept as (text, seat, secret,
    # parts) tuples, which cost a fifth of making the value (see ``log``).
    log_lines: list[LogEntry | tuple[Any, ...]]
    _made: int  # lines before this index are LogEntry values already
    outcome: Outcome | None
    pending: tuple[int, ...]
    phase: str
    revealed: frozenset[tuple[object, ...]]
    next_phase: str | None
    turn_decided: bool
    options: dict[str, object]
    seed: int
    legal_cache: list[Move] | None
    secret_from: int
    _phase_moves: dict[str, tuple[MoveDef, ...]]
    _rules: _Rules  # the step lists for this game's options; shared by copies

    # --- starting -------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: Game,
        options: dict[str, object],
        seed: int,
        players: int | None,
        deal: Mapping[str, Any] | None,
        seat_names: Sequence[str] | None = None,
    ) -> State:
        """Build the first state of a game (see ``Game.new_state``)."""
        count = players if players is not None else game.players[2]
        if not game.players[0] <= count <= game.players[1]:
            raise ValueError(
                f"{game.name} is for {game.players[0]} to {game.players[1]} players, not {count}"
            )
        names = game.chosen_seat_names(seat_names, count)
        # The options as given, with their types (1 is not True): a game started the same
        # way as one before needs no checking again. Seat names spell the moves, so the
        # rules made for a start hold for its names only.
        given = ("given", tuple((name, type(v), v) for name, v in options.items()), names)
        known = _hashable(given)
        blank = game._blanks.get(given) if known else None
        if blank is None:
            # Everything before the setup steps depends only on the options and the
            # seats: worked out once, then copied for every new game (found again by
            # the options as given, and by their checked values).
            values = option_values(game.options, options)
            key = (tuple(values.items()), names)
            blank = game._blanks.get(key)
            if blank is None:
                blank = game._blanks[key] = cls._blank(game, values, names)
            if known:
                game._blanks[given] = blank
        started = game._started.get(id(blank)) if deal is None else None
        if started is not None:  # no chance in the start: every seed starts here
            self = started.copy()
            self.seed = seed
            self.rng = Rng(seed)
            return self
        self = blank.copy()
        self.seed = seed
        self.rng = Rng(seed)
        start_work()
        try:
            run = self._rules.run_setup
            if run is not None:
                run(self)
            self.next_phase = game.start
            self._rules.settle(self)
        except _GameOver:
            pass
        if deal is None and self.rng.state == Rng(seed).state:
            # Nothing random happened (no shuffle, no draw): the seed made no difference,
            # so the next game with these options starts from a copy of this position.
            game._started[id(blank)] = self.copy()
        if deal is not None:
            from vtt.rules.deal import apply_deal

            apply_deal(self, deal)
            start_work()
            with contextlib.suppress(_GameOver):
                self._rules.settle(self)  # the dealt position may already be decided
        return self

    @classmethod
    def _blank(cls, game: Game, options: dict[str, object], names: tuple[str, ...]) -> State:
        """A game with its components placed, before the setup steps and the first phase."""
        self = cls.__new__(cls)
        self.game = game
        self.options = options
        self.seed = 0
        self.rng = Rng(0)
        self.history = []
        self.log_lines = []
        self._made = 0
        self.outcome = None
        self.pending = ()
        self.phase = ""
        self.revealed = frozenset()
        self.next_phase = None
        self.turn_decided = False
        self.legal_cache = None
        self.secret_from = 0
        self.env = self._first_env(names)
        self._check_constraints()
        self._phase_moves = {
            name: tuple(m for m in phase.moves if m.enabled is None or m.enabled(self.env))
            for name, phase in game.phases.items()
        }
        self._place_components()
        self._rules = game.rules_for(self.env)
        return self

    def invalidate(self) -> None:
        """Forget the cached legal moves (after changing zones or vars from outside)."""
        self.legal_cache = None

    def _first_env(self, names: tuple[str, ...]) -> Env:
        game = self.game
        count = len(names)
        seats = tuple(range(count))
        env: Env = dict(game.constants)
        env.update(self.options)
        env.update(
            me=0,
            current=0,
            direction=1,
            players=seats,
            seats=seats,
            seat_names=names,
            phase="",
        )
        for zone in game.zones.values():
            env[zone.name] = _new_zone(zone, env, count)
        for var in game.vars.values():
            if var.per_player:
                env[var.name] = [var.initial({**env, "seat": seat}) for seat in seats]
            else:
                env[var.name] = var.initial(env)
        return env

    def _check_constraints(self) -> None:
        for check, message in self.game.constraints:
            if not check(self.env):
                raise ValueError(message)

    def _place_components(self) -> None:
        env = self.env
        placed = 0
        for group in self.game.components:
            if group.when is not None and not group.when(env):
                continue
            if group.cards is not None:
                cards = list(group.cards(env))  # type: ignore[call-overload]
                placed += len(cards)
                if placed > MAX_COMPONENTS:
                    raise RuleError(
                        f"{self.game.path or self.game.id} (components.{group.name}.cards): "
                        f"too many components: {placed:,} with these cards "
                        f"(at most {MAX_COMPONENTS:,} in a game)"
                    )
                group.start.stack(env).extend(cards)
                continue
            owners = env["seats"] if group.per_player else (-1,)
            for owner in owners:
                env["seat"] = owner
                stack = group.start.stack(env)
                for kind in group.pieces:
                    stack.extend(Piece(kind, owner) for _ in range(group.count))
            env.pop("seat", None)

    # --- reading --------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that moves next, or None when the game is over."""
        if self.outcome is not None:
            return None
        if self.pending:
            return self.pending[0]
        return self.env["current"]  # type: ignore[no-any-return]

    @property
    def log(self) -> list[LogEntry]:
        """The game log, oldest line first (read only, please)."""
        log = self.log_lines
        for index in range(self._made, len(log)):
            line = log[index]
            if line.__class__ is tuple:
                log[index] = LogEntry(*line)
        self._made = len(log)
        return log  # type: ignore[return-value]

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
            with RUN_LOCK:
                self.legal_cache = self.generate_legal()
        return self.legal_cache

    def generate_legal(self) -> list[Move]:
        if self.outcome is not None:
            return []
        env = self.env
        pending = self.pending
        env["me"] = pending[0] if pending else env["current"]
        found: list[Move] = []
        try:
            for _, generator, known, maker in self._rules.generators.get(self.phase, ()):
                generator(env, found, known, maker)
        except Exception as error:
            _explain(error)
            raise
        return found

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
        with RUN_LOCK:
            try:
                return trace.footprint(env, values)
            except Exception as error:
                _explain(error)
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
        with RUN_LOCK:
            try:
                for move in legal:
                    kind, values = move.kind, move.values
                    if kind is None:
                        _, kind, values = game.resolve(move, self.seat_names)
                    trace = traces.get(kind.name)
                    if trace is not None:
                        found[move] = trace.footprint(env, values)
            except Exception as error:
                _explain(error)
                raise
        return found

    # --- applying -------------------------------------------------------------------

    def apply(self, move: Move | str) -> Move:
        """Check and apply a move; raise IllegalMove with the pack's reason if it is not legal."""
        given = Move.parse(move) if isinstance(move, str) else move
        canonical, kind, values = self.game.resolve(given, self.seat_names)
        with RUN_LOCK:
            why = reason(self, kind, values)  # what ``explain`` says, word for word
            if why is not None:
                raise IllegalMove(why)
            self.apply_unchecked(canonical)
        return canonical

    def explain(self, move: Move | str | Drop, seat: int | None = None) -> str | None:
        """Why ``move`` is not legal now (for ``seat``, when given), or None when it is:
        the pack's message or the engine's reason, as ``apply`` gives it. A ``Drop`` (a
        drag: a component put on a place) is judged on the arguments it gives. Raises
        InvalidMove for a text that is not a move of this game."""
        with RUN_LOCK:
            try:
                if isinstance(move, Drop):
                    return drop_reason(self, move, seat)
                given = Move.parse(move) if isinstance(move, str) else move
                _, kind, values = self.game.resolve(given, self.seat_names)
                return reason(self, kind, values, seat)
            except Exception as error:
                _explain(error)  # a pack expression that failed is named; the rest as raised
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
        lock = RUN_LOCK
        lock.acquire()
        try:
            play(self, move, values)  # the move's whole aftermath (vtt.rules.flowgen)
        except _GameOver:
            pass
        except Exception as error:
            _explain(error)
            raise
        finally:
            lock.release()

    def _after_action(self) -> None:
        """Hand the turn on after a move (or a stuck player's steps)."""
        phase = self.phase
        rules = self._rules
        if rules.turns[phase] == "each":
            pending = self.pending = self.pending[1:]
            if not pending:
                run = rules.run_then[phase]
                if run is not None:
                    run(self)
                self.unveil()
                if self.next_phase is None:
                    self.next_phase = phase
        elif not self.turn_decided:
            self.pass_turn(1)
        self.turn_decided = False

    def unveil(self) -> None:
        log = self.log_lines
        if not self._rules.secret[self.phase]:  # no secret move here: nothing to unveil
            self.secret_from = len(log)
            return
        for index in range(self.secret_from, len(log)):
            entry = log[index]
            if entry.__class__ is tuple:
                if entry[2]:
                    log[index] = (entry[0], entry[1], False, entry[3])
            elif entry.secret:  # type: ignore[union-attr]
                made: LogEntry = entry  # type: ignore[assignment]
                log[index] = LogEntry(made._text, made.seat, False, made._parts)
        self.secret_from = len(log)  # what is unveiled stays so: look only at newer lines

    def settled(self) -> bool:
        """No phase to enter: True when someone has a legal move; else the stuck player's
        steps run and the turn goes on (False: settle again)."""
        rules = self._rules
        if rules.run_end is not None:
            rules.run_end(self)
        if rules.turns[self.phase] == "auto":
            raise RuleError(f"phase '{self.phase}' has no moves and did not go to another")
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self.generate_legal()
        if legal:
            return True
        phase = self.game.phases[self.phase]
        if phase.stuck is None:
            raise RuleError(
                f"{self.seat_names[self.to_move or 0]} has no legal move in phase "
                f"'{phase.name}' and the phase says nothing about it (add 'stuck:')"
            )
        self.env["me"] = self.to_move
        self.turn_decided = False
        run = rules.run_stuck[phase.name]
        if run is not None:
            run(self)
        self.legal_cache = None
        self._after_action()
        return False

    def too_much_work(self, entered: Sequence[str]) -> RuleError:
        return RuleError(
            f"{self.game.path or self.game.id}: too much work in one turn: the "
            f"phases entered ({_phase_trail(entered)}) did more than "
            f"{MAX_TURN_WORK:,} units of work without a move"
        )

    def endless_phases(self, entered: Sequence[str]) -> RuleError:
        return RuleError(
            f"{self.game.path or self.game.id}: the phases keep going to each other without "
            f"a move: more than {MAX_AUTOMATIC} automatic steps ({_phase_trail(entered)})"
        )

    def take_turns(self, name: str) -> None:
        """Everyone the ``each`` phase ``name`` names moves in turn, from the current seat."""
        env = self.env
        chosen = self.game.phases[name].actors
        found: Any = env["players"] if chosen is None else chosen.fast(env)
        actors: tuple[int, ...] = tuple(found)
        ordered = _from_seat(actors, env["current"])
        if not ordered:
            raise RuleError(f"phase '{name}' has nobody to move")
        self.pending = ordered
        self.secret_from = len(self.log_lines)

    # --- what effect steps call -----------------------------------------------------

    def say(self, text: str) -> None:
        """Add a line everyone sees to the log."""
        self.log_lines.append((text, None, False, ()))

    def say_later(self, parts: tuple[object, ...]) -> None:
        """Add a line everyone sees, from the parts ``Template.capture`` kept."""
        self.log_lines.append((None, None, False, parts))

    def pass_turn(self, steps: int) -> None:
        """Move the turn ``steps`` seats on in the current direction."""
        env = self.env
        seats: tuple[int, ...] = env["players"]
        current = env["current"]
        step = env["direction"]
        if current in seats:
            env["current"] = seats[(seats.index(current) + step * steps) % len(seats)]
        else:
            later = [s for s in seats if (s - current) * step > 0]
            env["current"] = later[0] if later else seats[0 if step > 0 else -1]
        self.turn_decided = True

    def give_turn(self, seat: int) -> None:
        """The given seat moves next."""
        self.env["current"] = seat
        self.turn_decided = True

    def eliminate(self, seat: int) -> None:
        """The seat leaves the game (its turn is skipped from now on)."""
        self.env["players"] = tuple(s for s in self.env["players"] if s != seat)

    def finish(self, winners: object, reason: str, worked_out: object = None) -> None:
        """End the game now (``worked_out``: the scores, when the caller has them)."""
        seats = (winners,) if isinstance(winners, int) else tuple(winners)  # type: ignore[arg-type]
        scores: tuple[object, ...] | None = None
        if self.game.scores is not None:
            values: Any = self.game.scores(self.env) if worked_out is None else worked_out
            scores = tuple(values)
        self.outcome = Outcome(tuple(sorted(set(seats))), reason, scores)
        self.legal_cache = []
        self.pending = ()
        raise _GameOver

    # --- copies, equality, views ----------------------------------------------------

    def copy(self) -> State:
        """An independent copy: nothing mutable is shared."""
        new = State.__new__(State)
        game = new.game = self.game
        env = dict(self.env)
        # Search copies states all the time: each stack is copied by list.copy over map,
        # without a Python-level loop or call per stack.
        copy_list = list.copy
        for name, depth in game._copying:
            node = env[name]
            if depth == 0:
                env[name] = node[:]
            elif depth == 1:
                env[name] = list(map(copy_list, node)) if node.__class__ is list else node.copy()
            else:
                env[name] = _copy_zone(node, depth)
        for name in game._per_player_vars:
            env[name] = env[name][:]
        new.env = env
        new.rng = Rng(self.rng.state)
        new.history = self.history[:]
        new.log_lines = self.log_lines[:]
        new._made = self._made
        new.legal_cache = self.legal_cache
        new.options = self.options
        new.seed = self.seed
        new.outcome = self.outcome
        new.pending = self.pending
        new.phase = self.phase
        new.revealed = self.revealed
        new.next_phase = None
        new.turn_decided = False
        new.secret_from = self.secret_from
        new._phase_moves = self._phase_moves
        new._rules = self._rules
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

    clone = copy  # OpenSpiel's name
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


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _explain(error: Exception) -> None:
    """Raise the EvalError naming the pack expression that failed, if one was running.

    Expressions run through ``Expr.fast`` and generated code unwrapped; errors are
    turned into EvalErrors here, once per move or generation, not once per run."""
    if isinstance(error, _GameOver | RuleError | IllegalMove | InvalidMove):
        return
    problem = evaluation_error(error)
    if problem is not None and problem is not error:
        raise problem from error


def _phase_trail(entered: Sequence[str]) -> str:
    """The last phases entered, for errors: 'a -> b -> a ...'."""
    shown = " -> ".join(entered[-6:])
    return f"... -> {shown}" if len(entered) > 6 else shown or "none"


def _maker(
    game: Game, kind: MoveDef, seat_names: Sequence[str]
) -> Callable[[tuple[Any, ...]], Move]:
    """The Move for a kind's argument values, made on first use."""
    move_of = game.move_of
    return lambda values: move_of(kind, values, seat_names)


@lru_cache(maxsize=1024)  # a handful of seat orders per game, asked for every round
def _from_seat(actors: tuple[int, ...], seat: int) -> tuple[int, ...]:
    later = tuple(a for a in actors if a >= seat)
    return later + tuple(a for a in actors if a < seat)


def _new_zone(zone: ZoneDef, env: Env, count: int) -> Any:
    def one() -> Any:
        return Grid(*zone.grid) if zone.grid is not None else []

    def copies() -> Any:
        if zone.copies is None:
            return one()
        return [one() for _ in range(int(zone.copies(env)))]  # type: ignore[call-overload]

    return [copies() for _ in range(count)] if zone.per_player else copies()


def _stacks(node: Any, depth: int) -> Iterator[list[Any]]:
    if depth == 0:
        yield node
        return
    for child in node.values() if isinstance(node, dict) else node:
        yield from _stacks(child, depth - 1)


def _copy_zone(node: Any, depth: int) -> Any:
    if depth == 0:
        return node[:]
    if isinstance(node, Grid):
        return node.copy()
    if depth == 1:
        return [stack[:] for stack in node]
    return [_copy_zone(child, depth - 1) for child in node]


def _frozen(node: Any, depth: int) -> Any:
    if depth == 0:
        return tuple(node)
    children = node.values() if isinstance(node, dict) else node
    return tuple(_frozen(child, depth - 1) for child in children)
