"""How a game starts: options checked, components placed, setup run, the first phase
entered (the part of ``State`` that makes one)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import OptionsRefused, RuleError, RulesError
from vtt.rules.expr import METER_KEY, EvalError, Meter, start_work, stored
from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.journal import Journal
from vtt.rules.model import (
    Env,
    VarDef,
    ZoneDef,
    option_values,
)
from vtt.rules.outcome import GameOver
from vtt.rules.rng import Rng
from vtt.rules.stdlib import describe
from vtt.rules.values import Grid, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.game import Game

__all__ = ["MAX_COMPONENTS", "blank_state", "start_state"]

#: Most components one game may hold: cards and pieces together.
MAX_COMPONENTS = 10_000
#: Stacks in one game (a grid of 26 x 26 is 676, each copy and each player's one counts).
MAX_STACKS = 10_000


def start_state(
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
    blank = _blank_for(game, options, names)
    kept = game._started.find(id(blank)) if deal is None else None
    if kept is not None:  # no chance in the start: every seed starts here
        state = kept[1].copy()
        state.seed = seed
        state.rng = Rng(seed)
        return state
    state = blank.copy()
    state.journal = Journal()
    state.seed = seed
    state.rng = Rng(seed)
    start_work(state.env[METER_KEY])
    try:
        run = state._rules.run_setup
        if run is not None:
            run(state)
        state.next_phase = game.start
        state._rules.settle(state)
    except GameOver:
        pass
    if deal is None and state.rng.state == Rng(seed).state:
        # Nothing random happened (no shuffle, no draw): the seed made no difference,
        # so the next game with these options starts from a copy of this position.
        game._started.keep(id(blank), (blank, state.copy()))
    if deal is not None:
        from vtt.rules.deal import apply_deal

        apply_deal(state, deal)
        start_work(state.env[METER_KEY])
        with contextlib.suppress(GameOver):
            state._rules.settle(state)  # the dealt position may already be decided
    return state


def _blank_for(game: Game, options: dict[str, object], names: tuple[str, ...]) -> State:
    """The blank state for these options and seats, made once and kept by the game."""
    # The options as given, with their types (1 is not True): a game started the same
    # way as one before needs no checking again. Seat names spell the moves, so the
    # rules made for a start hold for its names only.
    given = ("given", tuple((name, type(v), v) for name, v in options.items()), names)
    known = _hashable(given)
    blank = game._blanks.find(given) if known else None
    if blank is None:
        # Everything before the setup steps depends only on the options and the
        # seats: worked out once, then copied for every new game (found again by
        # the options as given, and by their checked values).
        values = option_values(game.options, options)
        key = (tuple(values.items()), names)
        blank = game._blanks.find(key)
        if blank is None:
            blank = game._blanks.keep(key, blank_state(game, values, names))
        if known:
            game._blanks.keep(given, blank)
    return blank


def blank_state(game: Game, options: dict[str, object], names: tuple[str, ...]) -> State:
    """A game with its components placed, before the setup steps and the first phase."""
    from vtt.rules.engine import State  # the state's own module builds on this one

    state = State.__new__(State)
    state.game = game
    state.options = options
    state.seed = 0
    state.rng = Rng(0)
    state.journal = None  # each game started from it gets one (start_state)
    state.outcome = None
    state.pending = ()
    state.phase = ""
    state.revealed = frozenset()
    state.played = ()
    state.next_phase = None
    state.turn_decided = False
    state.turn_start = None
    state.beats = None
    state.legal_cache = None
    state.env = first_env(state, names)
    state.env[METER_KEY] = Meter()  # each copy gets one of its own (State.copy)
    check_constraints(state)
    state._phase_moves = {
        name: tuple(m for m in phase.moves if m.enabled is None or m.enabled(state.env))
        for name, phase in game.phases.items()
    }
    place_components(state)
    state._rules = game.rules_for(state.env)
    return state


def first_env(state: State, names: tuple[str, ...]) -> Env:
    """The environment of a new game: constants, options, seats, zones and vars."""
    game = state.game
    count = len(names)
    seats = tuple(range(count))
    env: Env = dict(game.constants)
    env.update(state.options)
    env.update(
        me=0,
        current=0,
        direction=1,
        players=seats,
        seats=seats,
        seat_names=names,
        phase="",
    )
    env[REVEALED_ZONES] = state.revealed  # the zone instances revealed(zone) finds shown
    stacks = 0
    for zone in game.zones.values():
        size = _grid_size(game, zone, env)
        copies = _copies(zone, env, game.path or game.id)
        stacks += copies * (count if zone.per_player else 1) * (size[0] * size[1] if size else 1)
        if stacks > MAX_STACKS:
            raise RuleError(
                f"{game.path or game.id} (zones.{zone.name}): too many stacks: {stacks:,} "
                f"with this zone (at most {MAX_STACKS:,} in a game)"
            )
        env[zone.name] = _new_zone(size, zone, copies, count)
    for var in game.vars.values():
        if var.per_player:
            env[var.name] = [_initial(var, {**env, "seat": seat}) for seat in seats]
        else:
            env[var.name] = _initial(var, env)
    return env


def _initial(var: VarDef, env: Env) -> object:
    """A var's first value, held to what a var may hold as every later one is."""
    value = var.initial(env)
    try:
        return stored(Meter(), value, var.name)
    except EvalError as error:
        raise var.initial.failed(error) from error


def check_constraints(state: State) -> None:
    """Refuse options that break one of the pack's constraints."""
    for check, message in state.game.constraints:
        if not check(state.env):
            raise OptionsRefused(message)


def place_components(state: State) -> None:
    """Put the pack's cards and pieces where they start."""
    env = state.env
    placed = 0
    for group in state.game.components:
        if group.when is not None and not group.when(env):
            continue
        # A group per player is placed once for each seat (``seat`` names it): a deck
        # of cards each, so two players may hold equal cards, or pieces they own.
        owners = env["seats"] if group.per_player else (-1,)
        for owner in owners:
            env["seat"] = owner
            stack = group.start.stack(env)
            if group.cards is None:
                for kind in group.pieces:
                    stack.extend(Piece(kind, owner) for _ in range(group.count))
                continue
            cards = list(group.cards(env))  # type: ignore[call-overload]
            placed += len(cards)
            if placed > MAX_COMPONENTS:
                raise RuleError(
                    f"{state.game.path or state.game.id} (components.{group.name}.cards): "
                    f"too many components: {placed:,} with these cards "
                    f"(at most {MAX_COMPONENTS:,} in a game)"
                )
            stack.extend(cards)
        env.pop("seat", None)


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _grid_size(game: Game, zone: ZoneDef, env: Env) -> tuple[int, int] | None:
    """The columns and rows of a grid zone in this game (None for a zone of stacks)."""
    if zone.grid is None:
        return None
    try:
        return zone.size(env)
    except ValueError as error:  # (an EvalError names its own place)
        if isinstance(error, RulesError):
            raise
        where = f"{game.path or game.id} (zones.{zone.name}.grid)"
        raise RuleError(f"{where}: {error}") from None


def _copies(zone: ZoneDef, env: Env, pack: str) -> int:
    """How many copies of the zone the game has (1 without ``copies``)."""
    if zone.copies is None:
        return 1
    value = zone.copies(env)
    if type(value) is not int or value < 0:
        place = zone.copies.where or f"{pack} (zones.{zone.name}.copies)"
        raise RuleError(
            f"{place}: the number of copies must be a whole number from 0, not {describe(value)}"
        )
    return value


def _new_zone(size: tuple[int, int] | None, zone: ZoneDef, number: int, count: int) -> Any:
    def one() -> Any:
        return Grid(*size) if size is not None else []

    def copies() -> Any:
        if zone.copies is None:
            return one()
        return [one() for _ in range(number)]

    return [copies() for _ in range(count)] if zone.per_player else copies()
