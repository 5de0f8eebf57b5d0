"""The state's turn machine: who moves, the legal moves, handing the turn on, the next
seat, settling automatic phases, unveiling secret choices, and what effect steps call.

This is the one definition of the turn machine. The generated turn path
(``vtt.rules.flowgen``) writes the small ones (``mover``, ``next_seat`` and
``pass_turn``, ``all_moved``, ``round_over``, ``search_moves``, ``fixed_moves``) into
its code from their own syntax trees here (``vtt.rules.inline``: so they keep to what
it can write in: no early ``return``, no nested function) and calls the others; with
``RUNTIME`` those are the public interface generated code uses (``flowgen``, ``stepgen``).

One work budget rule: a search for the legal moves has a budget of its own, a full
``MAX_TURN_WORK``, whichever route asks for it (after a move, while phases settle, or
a position asked afresh), and its work does not count against the turn it runs in.
The legal moves are so a function of the position alone (``docs/engine.md``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import RuleError
from vtt.rules.expr import MAX_WORK, METER_KEY
from vtt.rules.outcome import GameOver, Outcome, pack_failure
from vtt.rules.ruleset import MAX_AUTOMATIC, from_seat
from vtt.rules.stepgen import MAX_TURN_WORK

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.moves import Move

__all__ = [
    "RUNTIME",
    "after_action",
    "all_moved",
    "eliminate",
    "endless_phases",
    "finish",
    "fixed_move",
    "fixed_moves",
    "give_turn",
    "legal_moves",
    "mover",
    "next_seat",
    "pass_turn",
    "phase_search",
    "round_over",
    "say",
    "say_later",
    "search_moves",
    "searches",
    "settled",
    "take_turns",
    "too_much_work",
    "unveil",
]

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
        "rng",
        "revealed",
        # the turn machine's bookkeeping
        "next_phase",
        "turn_decided",
        "legal_cache",
        # the moves made and the log, or None in a search (vtt.rules.journal)
        "journal",
        # the moments of a move's aftermath, for the window (State.beats)
        "beats",
        "copy",
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


def mover(state: State) -> int:
    """Who moves now: the first of an ``each`` phase's movers still to move, else the
    current seat (``State.to_move`` once the game is not over)."""
    pending = state.pending
    return pending[0] if pending else state.env["current"]


#: The legal-move search of one phase: ``search(state)`` is a new list of the moves.
Search = Callable[["State"], "list[Move]"]


def legal_moves(state: State) -> list[Move]:
    """A new list of the legal moves of whoever moves now (its phase's ``search``)."""
    search = state._rules.search.get(state.phase)
    if search is None or state.outcome is not None:
        return []
    return search(state)


def phase_search(kinds: Sequence[tuple[Any, Any, dict[Any, Any], Any]]) -> Search:
    """The legal-move search of a phase whose kinds of move are ``kinds``, as the rules
    have them (kind, generated search, Moves made, maker): ``search_moves`` over each
    kind's generated function (``vtt.rules.generate``) in the pack's order, or
    ``fixed_moves`` when the phase's one move is always legal."""
    fixed = fixed_move(kinds)
    if fixed is not None:
        return functools.partial(fixed_moves, fixed)
    return functools.partial(search_moves, searches(kinds))


def fixed_move(kinds: Sequence[tuple[Any, Any, dict[Any, Any], Any]]) -> Move | None:
    """The move of a phase whose one kind of move takes no argument and has no
    condition (always legal, and always the same Move); else None."""
    if len(kinds) == 1 and not kinds[0][0].args and not kinds[0][0].conditions:
        move: Move = kinds[0][3](())
        return move
    return None


def searches(
    kinds: Sequence[tuple[Any, Any, dict[Any, Any], Any]],
) -> tuple[tuple[Any, dict[Any, Any], Any], ...]:
    """What ``search_moves`` runs for ``kinds``: (generated search, Moves made, maker)."""
    return tuple(found[1:] for found in kinds)


def fixed_moves(move: Move, state: State) -> list[Move]:
    """The legal moves of a phase whose one move is always legal: that move."""
    state.env["me"] = mover(state)
    return [move]


def search_moves(searches: Sequence[tuple[Any, dict[Any, Any], Any]], state: State) -> list[Move]:
    """A new list of the legal moves of whoever moves now, from ``searches`` (each
    kind's generated search, its Moves made and its maker).

    The search gets a fresh work meter: a full turn's budget of its own, whatever ran
    before it in the turn (the move's effects, the phases entered); afterwards the
    turn's meter is as it was, its own work going on counting."""
    env = state.env
    env["me"] = mover(state)
    found: list[Move] = []
    meter = env[METER_KEY]
    done = meter.done
    left = meter.left
    meter.done = 0
    meter.left = MAX_WORK
    try:
        for generator, known, maker in searches:
            generator(env, found, known, maker)
    except Exception as error:
        pack_failure(error)
        raise
    finally:
        meter.done = done
        meter.left = left
    return found


def after_action(state: State) -> None:
    """Hand the turn on after a move (or a stuck player's steps): in an ``each`` phase
    the next of its movers, or once all have moved its ``then`` steps and the end of
    the round; else the next seat, unless a step decided who moves."""
    phase = state.phase
    rules = state._rules
    if rules.turns[phase] == "each":
        if all_moved(state):
            run = rules.run_then[phase]
            if run is not None:
                run(state)
            round_over(state, phase)
    else:
        next_seat(state)
    state.turn_decided = False


def all_moved(state: State) -> bool:
    """The mover of an ``each`` phase has moved: the next of its movers is to move;
    True when none is left (its ``then`` steps run, then ``round_over``)."""
    pending = state.pending = state.pending[1:]
    return not pending


def round_over(state: State, phase: str) -> None:
    """Everyone in the ``each`` phase ``phase`` has moved (and its ``then`` steps ran):
    the secret choices are unveiled, and the phase comes again unless a step chose
    another."""
    state.unveil()
    if state.next_phase is None:
        state.next_phase = phase


def next_seat(state: State) -> None:
    """After a move in a ``single`` phase: the next seat in the turn order, unless a
    step decided who moves (``keep_turn``, ``give_turn``, ``pass_turn``)."""
    if not state.turn_decided:
        pass_turn(state, 1)


def unveil(state: State) -> None:
    journal = state.journal
    if journal is None:  # a search's state keeps no log
        return
    if not state._rules.secret[state.phase]:  # no secret move here: nothing to unveil
        journal.secret_from = len(journal.lines)
        return
    journal.unveil()


def settled(state: State) -> bool:
    """No phase to enter: True when someone has a legal move; else the stuck player's
    steps run and the turn goes on (False: settle again)."""
    rules = state._rules
    if rules.run_end is not None:
        rules.run_end(state)
    if rules.turns[state.phase] == "auto":
        raise RuleError(f"phase '{state.phase}' has no moves and did not go to another")
    legal = state.legal_cache
    if legal is None:
        legal = state.legal_cache = legal_moves(state)
    if legal:
        return True
    phase = state.game.phases[state.phase]
    if phase.stuck is None:
        raise RuleError(
            f"{state.seat_names[state.to_move or 0]} has no legal move in phase "
            f"'{phase.name}' and the phase says nothing about it (add 'stuck:')"
        )
    state.env["me"] = state.to_move
    state.turn_decided = False
    run = rules.run_stuck[phase.name]
    if run is not None:
        run(state)
    state.legal_cache = None
    after_action(state)
    return False


def too_much_work(state: State, entered: Sequence[str]) -> RuleError:
    return RuleError(
        f"{state.game.path or state.game.id}: too much work in one turn: the "
        f"phases entered ({_phase_trail(entered)}) did more than "
        f"{MAX_TURN_WORK:,} units of work without a move"
    )


def endless_phases(state: State, entered: Sequence[str]) -> RuleError:
    return RuleError(
        f"{state.game.path or state.game.id}: the phases keep going to each other without "
        f"a move: more than {MAX_AUTOMATIC} automatic steps ({_phase_trail(entered)})"
    )


def take_turns(state: State, name: str) -> None:
    """Everyone the ``each`` phase ``name`` names moves in turn, from the current seat."""
    env = state.env
    chosen = state.game.phases[name].actors
    found: Any = env["players"] if chosen is None else chosen.fast(env)
    actors: tuple[int, ...] = tuple(found)
    ordered = from_seat(actors, env["current"])
    if not ordered:
        raise RuleError(f"phase '{name}' has nobody to move")
    state.pending = ordered
    journal = state.journal
    if journal is not None:
        journal.secret_from = len(journal.lines)


# --- what effect steps call -----------------------------------------------------


def say(state: State, text: str) -> None:
    """Add a line everyone sees to the log."""
    journal = state.journal
    if journal is not None:
        journal.lines.append((text, None, False, ()))


def say_later(state: State, parts: tuple[object, ...]) -> None:
    """Add a line everyone sees, from the parts ``Template.capture`` kept."""
    journal = state.journal
    if journal is not None:
        journal.lines.append((None, None, False, parts))


def pass_turn(state: State, steps: int) -> None:
    """Move the turn ``steps`` seats on in the current direction."""
    env = state.env
    seats: tuple[int, ...] = env["players"]
    if not seats:
        raise nobody_left(state)
    current = env["current"]
    step = env["direction"]
    if current in seats:
        env["current"] = seats[(seats.index(current) + step * steps) % len(seats)]
    else:
        later = [s for s in seats if (s - current) * step > 0]
        env["current"] = later[0] if later else seats[0 if step > 0 else -1]
    state.turn_decided = True


def nobody_left(state: State) -> RuleError:
    """The error of a turn passed on when every seat has been eliminated."""
    return RuleError(
        f"{state.game.path}: every seat has been eliminated, so no one can take the "
        "next turn: the pack must end the game with an end_game step when the last "
        "seat leaves (end checks run only after the turn has passed)"
    )


def give_turn(state: State, seat: int) -> None:
    """The given seat moves next."""
    state.env["current"] = seat
    state.turn_decided = True


def eliminate(state: State, seat: int) -> None:
    """The seat leaves the game (its turn is skipped from now on)."""
    state.env["players"] = tuple(s for s in state.env["players"] if s != seat)


def finish(state: State, winners: object, reason: str, worked_out: object = None) -> None:
    """End the game now (``worked_out``: the scores, when the caller has them)."""
    seats = (winners,) if isinstance(winners, int) else tuple(winners)  # type: ignore[arg-type]
    for seat in seats:
        # Raised on the line of the winners expression, so the error names it.
        if type(seat) is not int or not 0 <= seat < state.players:
            raise ValueError(f"the winners must be seats 0 to {state.players - 1}; found {seat!r}")
    scores: tuple[object, ...] | None = None
    if state.game.scores is not None:
        values: Any = state.game.scores(state.env) if worked_out is None else worked_out
        scores = tuple(values)
    state.outcome = Outcome(tuple(sorted(set(seats))), reason, scores)
    state.legal_cache = []
    state.pending = ()
    raise GameOver


def _phase_trail(entered: Sequence[str]) -> str:
    """The last phases entered, for errors: 'a -> b -> a ...'."""
    shown = " -> ".join(entered[-6:])
    return f"... -> {shown}" if len(entered) > 6 else shown or "none"
