"""A game's rules for one set of options, ready to run: the step lists with every
``if`` on options decided, compiled into the turn path (``vtt.rules.flowgen``), the
move searches, and what the window asks of them (footprints)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from vtt.rules.copying import EnvCopier, env_copier
from vtt.rules.expr import Expr
from vtt.rules.flowgen import FlowLists, Play, compile_flow
from vtt.rules.footprint import Trace, traces_of
from vtt.rules.model import Env, MoveDef, Step, StepLists, Template, ZoneRef
from vtt.rules.moves import Move
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.stepgen import compile_steps
from vtt.rules.steps import end_steps, specialise
from vtt.rules.steps.branch import If

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.game import Game

__all__ = ["Rules", "Runner", "from_seat"]

#: A step list as one function.
Runner = Callable[["State"], None]
#: Automatic steps (phase changes, stuck players) allowed between two moves.
MAX_AUTOMATIC = 1000


@dataclass(frozen=True)
class Rules:
    """A game's step lists for one set of options, with every ``if`` on options decided."""

    #: The game's steps (on its moves and phases) for these options: folded and
    #: decided (``_decided_lists``).
    steps: StepLists
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
    # By phase name: the legal-move search of its moves (vtt.rules.turns.phase_search).
    search: Mapping[str, Callable[[State], list[Move]]]
    # By move name: how a move of that kind's footprint follows from its arguments
    # (vtt.rules.footprint); kinds that move nothing of their own are not listed.
    traces: Mapping[str, Trace]
    #: A position's environment copied for ``State.clone``, generated for the game's
    #: zones and number of seats (vtt.rules.copying).
    copy_env: EnvCopier

    @classmethod
    def of(cls, game: Game, env: Env) -> Rules:
        """The rules of ``game`` with the options in ``env``."""
        lists = _decided_lists(game, env)
        stable = game.stable_names()

        def runner(steps: tuple[Step, ...], label: str) -> Runner | None:
            return compile_steps(steps, PACK_LIBRARY, stable, f"{game.id} {label}", game.scores)

        def runners(lists: Mapping[str, tuple[Step, ...]], part: str) -> _Runners:
            return _Runners(lists, lambda name, steps: runner(steps, f"{part} {name}"))

        seat_names = env["seat_names"]
        makers = {name: _maker(game, kind, seat_names) for name, kind in game.moves.items()}
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
            _flow_lists(game, lists, ends, generators),
            PACK_LIBRARY,
            stable,
            game.id,
            game.scores,
            MAX_AUTOMATIC,
        )
        return cls(
            steps=lists,
            turns={name: phase.turn for name, phase in game.phases.items()},
            makers=makers,
            end=ends,
            run_setup=runner(lists.setup, "setup"),
            run_then=runners(lists.then, "then"),
            run_stuck=runners(lists.stuck, "stuck"),
            run_end=runner(ends, "end"),
            secret=secret,
            generators=generators,
            settle=flow.settle,
            play=flow.play,
            search=flow.search,
            traces=traces_of(game.moves, lists.effects),
            copy_env=env_copier(tuple(game.zones.values()), game._per_player_vars, env),
        )

    @property
    def setup(self) -> tuple[Step, ...]:
        return self.steps.setup

    @property
    def effects(self) -> Mapping[str, tuple[Step, ...]]:
        """By move name."""
        return self.steps.effects

    @property
    def enter(self) -> Mapping[str, tuple[Step, ...]]:
        """By phase name, as ``after_move``, ``then`` and ``stuck``."""
        return self.steps.enter

    @property
    def after_move(self) -> Mapping[str, tuple[Step, ...]]:
        return self.steps.after_move

    @property
    def then(self) -> Mapping[str, tuple[Step, ...]]:
        return self.steps.then

    @property
    def stuck(self) -> Mapping[str, tuple[Step, ...]]:
        return self.steps.stuck


def _decided_lists(game: Game, env: Env) -> StepLists:
    """Every step list of ``game`` for the options in ``env``: the loaded steps with
    the options and constants written into their expressions where the pack allows it
    (``mode == 'classic' and x`` runs as ``x``), then each ``if`` on options alone
    replaced by the branch it takes."""
    fixed = {
        name: value
        for name, value in game.fixed_values(env).items()
        if name in game.static_names and type(value) in _FOLDABLE
    }

    def decide(test: Expr) -> bool:
        return bool(test(env))

    def decided(steps: tuple[Step, ...]) -> tuple[Step, ...]:
        return specialise(folded(steps, fixed), decide)

    return game.steps.map(decided)


#: Values written into expressions as constants (as ``Expr.folded`` does).
_FOLDABLE = frozenset({bool, int, str, float, type(None)})

_Folded = TypeVar("_Folded")


def folded(value: _Folded, fixed: Mapping[str, object]) -> _Folded:
    """``value`` (a step, a tuple of steps, a zone reference, a message, an expression
    or a tuple of those) with the ``fixed`` values written into every expression in it
    (``Expr.folded``); the same object where nothing changes."""
    if not fixed:
        return value
    found: object = value
    if isinstance(value, Expr):
        found = value.folded(fixed)
    elif isinstance(value, tuple):
        items = tuple(folded(item, fixed) for item in value)
        if any(new is not old for new, old in zip(items, value, strict=True)):
            found = items
    elif isinstance(value, Template):
        parts = [folded(part, fixed) for part in value.parts]
        if any(new is not old for new, old in zip(parts, value.parts, strict=True)):
            found = Template.of_parts(value.text, parts)
    elif isinstance(value, ZoneRef):
        indexes = folded(value.indexes, fixed)
        if indexes is not value.indexes:
            found = replace(value, indexes=indexes)
    elif isinstance(value, Step):  # each kind of step is a dataclass of such values
        changed = {
            part.name: new
            for part in getattr(value, "__dataclass_fields__", {}).values()
            if part.init and (new := folded(old := getattr(value, part.name), fixed)) is not old
        }
        if changed:
            step: Any = replace(value, **changed)  # type: ignore[type-var]
            # An if whose test folded to a constant is decided for these options.
            if isinstance(step, If) and not step.test.names:
                step = replace(step, static=True)
            found = step
    return found  # type: ignore[return-value]


def _flow_lists(
    game: Game,
    lists: StepLists,
    ends: tuple[Step, ...],
    generators: Mapping[str, tuple[tuple[MoveDef, Any, dict[Any, Move], Any], ...]],
) -> FlowLists:
    """What the generated turn path runs, for one set of options."""
    return FlowLists(
        steps=lists,
        end=ends,
        turns={name: phase.turn for name, phase in game.phases.items()},
        generators=generators,
        args={name: tuple(arg.name for arg in kind.args) for name, kind in game.moves.items()},
        secrecy={n: (kind.secret, kind.secret_to) for n, kind in game.moves.items()},
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


def _maker(
    game: Game, kind: MoveDef, seat_names: Sequence[str]
) -> Callable[[tuple[Any, ...]], Move]:
    """The Move for a kind's argument values, made on first use; its ``family`` is the
    class of those Moves, for a search that keeps the Moves it makes itself
    (``vtt.rules.generate._keyed_moves``)."""
    move_of = game.move_of

    def make(values: tuple[Any, ...]) -> Move:
        return move_of(kind, values, seat_names)

    make.family = game.move_family(kind, seat_names)  # type: ignore[attr-defined]
    return make


@lru_cache(maxsize=1024)  # a handful of seat orders per game, asked for every round
def from_seat(actors: tuple[int, ...], seat: int) -> tuple[int, ...]:
    later = tuple(a for a in actors if a >= seat)
    return later + tuple(a for a in actors if a < seat)
