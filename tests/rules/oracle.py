"""The reference the engine's generated code must equal: the same rules, interpreted.

The engine runs one path: each step list, the settle loop and every move's aftermath
as generated functions (``vtt.rules.stepgen``, ``vtt.rules.flowgen``), and each move
kind's legal-move search as a generated function (``vtt.rules.generate``). This module
runs the same loaded pack the plain way, step after step, each by its kind's reference
``run`` (``vtt.rules.steps``: the one place that says what a kind of step does), and
finds legal moves by walking each move's plan with each argument type's candidates
(``ArgType.values``), so the tests can play both side by side and compare positions,
logs, outcomes and errors. It is slow on purpose, and lives here, not in ``vtt/``, so
nothing the program runs depends on it.

>>> from vtt.rules.finder import find_pack
>>> from vtt.rules.loader import load_pack
>>> game = interpreted(load_pack(find_pack("war")))  # its own copy: load_game's is shared
>>> state = game.new_state(seed=1)
>>> [move.text for move in state.legal_list()] == [move.text for move in plan_moves(state)]
True
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from vtt.rules.engine import MAX_AUTOMATIC, Game, State
from vtt.rules.expr import MAX_WORK, METER_KEY, Expr
from vtt.rules.model import ArgDef, Env, MoveDef, Step, StopSteps
from vtt.rules.moves import Move
from vtt.rules.outcome import secrecy
from vtt.rules.plan import MovePlan
from vtt.rules.ruleset import Rules
from vtt.rules.stepgen import MAX_TURN_WORK
from vtt.rules.turns import after_action

__all__ = ["interpreted", "plan_moves", "run_step", "run_steps"]

Runner = Callable[[State], None]


def interpreted(game: Game) -> Game:
    """``game``, changed to run its rules interpreted (before any state is made)."""
    # A Game is a frozen record: its method is replaced on this one object only.
    object.__setattr__(game, "rules_for", lambda env: _interpreted_rules(game, env))
    return game


def _run_all(steps: tuple[Step, ...]) -> Runner | None:
    if not steps:
        return None

    def run(state: State) -> None:
        run_list(steps, state)

    return run


def run_list(steps: tuple[Step, ...], state: State) -> None:
    """Run a whole list of steps: a ``stop`` anywhere in it ends it."""
    with contextlib.suppress(StopSteps):
        run_steps(steps, state)


def run_steps(steps: tuple[Step, ...], state: State) -> None:
    """Run steps one after another."""
    for step in steps:
        run_step(step, state)


def run_step(step: Step, state: State) -> None:
    """What one step does, said plainly: its kind's reference ``run``."""
    step.run(state)


def _interpreted_rules(game: Game, env: Env) -> Rules:
    rules = Rules.of(game, env)
    play = {
        (phase, kind.name): _player(kind)
        for phase, kinds in rules.generators.items()
        for kind, *_ in kinds
    }
    return dataclasses.replace(
        rules,
        run_setup=_run_all(rules.setup),
        run_then={name: _run_all(steps) for name, steps in rules.then.items()},
        run_stuck={name: _run_all(steps) for name, steps in rules.stuck.items()},
        run_end=_run_all(rules.end),
        settle=_settle,
        play=play,
    )


def _player(kind: MoveDef) -> Callable[[State, Move, tuple[Any, ...]], None]:
    def play(state: State, move: Move, values: tuple[Any, ...]) -> None:
        _apply_steps(state, kind, values, move)

    return play


def _apply_steps(state: State, kind: MoveDef, values: tuple[Any, ...], move: Move) -> None:
    """A move's aftermath, list by list (what each generated ``play`` must equal)."""
    env = state.env
    pending = state.pending
    seat = pending[0] if pending else env["current"]
    env["me"] = seat
    if values:
        kind.bind(env, values)
    state.legal_cache = None
    state.turn_decided = False  # a phase's own give_turn does not count for this move
    meter = env[METER_KEY]
    meter.done = 0
    meter.left = MAX_WORK
    journal = state.journal
    if journal is not None:  # a search's state keeps no history and no log
        journal.history.append(move)
        told = kind.secret_to.fast(env) if kind.secret_to is not None else None
        kept = secrecy(kind.secret, seat, told, state._rules.turns[state.phase] == "each")
        journal.lines.append((None, seat, kept, (env["seat_names"][seat], ": ", move.text)))
    rules = state._rules
    run_list(rules.effects[kind.name], state)
    phase = state.phase
    run_list(rules.after_move[phase], state)
    after_action(state)
    if state.next_phase is None and rules.turns[phase] != "auto":
        # The same phase goes on: the settle loop's first round.
        if rules.run_end is not None:
            rules.run_end(state)
        legal = state.legal_cache = state.generate_legal()
        if legal:
            return
    rules.settle(state)


def _settle(state: State) -> None:
    """Enter the phases the steps went to, one after another, until a move waits."""
    rules = state._rules
    entered: list[str] = []
    env = state.env
    for _ in range(MAX_AUTOMATIC):
        name = state.next_phase
        if name is None:
            if state.settled():
                return
            continue
        entered.append(name)
        state.next_phase = None
        state.legal_cache = None
        state.phase = env["phase"] = name
        state.pending = ()
        run_list(rules.enter[name], state)
        if rules.turns[name] == "each" and state.next_phase is None:
            state.take_turns(name)
        meter = env[METER_KEY]
        if meter.done + MAX_WORK - meter.left > MAX_TURN_WORK:
            raise state.too_much_work(entered)
    raise state.endless_phases(entered)


# --- legal moves by walking each move's plan ------------------------------------------


def plan_moves(state: State) -> list[Move]:
    """The legal moves found by walking each move kind's plan (what the generated
    searches must equal)."""
    if state.outcome is not None:
        return []
    env = state.env
    env["me"] = state.to_move
    found: list[Move] = []
    for kind, *_ in state._rules.generators.get(state.phase, ()):
        _extend(state, kind, kind.plan, 0, [None] * len(kind.args), found, {})
    return found


def _extend(
    state: State,
    kind: MoveDef,
    plan: MovePlan,
    step: int,
    values: list[Any],
    found: list[Move],
    fixed: dict[int, Sequence[Any]],
) -> None:
    env = state.env
    if not all(check(env) for check in plan.checks[step]):
        return
    if step == len(plan.order):
        # Every condition as written, too: those the plan folded into an argument's
        # candidates (narrowed, sifted, set filters) must hold by construction.
        if all(condition.check(env) for condition in kind.conditions):
            found.append(state.game.move_of(kind, tuple(values), env["seat_names"]))
        return
    index = plan.order[step]
    arg = kind.args[index]
    candidates = fixed.get(step)
    if candidates is None:
        sifted = plan.sifted[step] if plan.sifted else None
        candidates = _candidates(arg, plan.narrow[step], env, sifted)
        if plan.fixed[step]:  # the same for every binding of the earlier arguments
            fixed[step] = candidates
    for value in candidates:
        env[arg.name] = value
        values[index] = value
        _extend(state, kind, plan, step + 1, values, found, fixed)


def _candidates(arg: ArgDef, narrow: Expr | None, env: Env, sifted: Expr | None) -> Sequence[Any]:
    candidates: Sequence[Any] = arg.argtype.values(arg, env, sifted)
    if narrow is None:
        return candidates
    allowed: Mapping[Any, Any] | set[Any] = (
        candidates if isinstance(candidates, dict) else set(candidates)
    )
    return [v for v in dict.fromkeys(narrow(env)) if v in allowed]  # type: ignore[call-overload]
