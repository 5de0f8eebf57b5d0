"""The turn path compiled: a move's whole aftermath, and the chain of phases, as one function each.

``stepgen`` turns each step list into a function; between them the engine still did
the bookkeeping of a turn in its own general methods: run the effects, then the
phase's ``after_move``, hand the turn on, run ``then`` when everyone in an ``each``
phase has moved, enter the next phase and the next (War goes ``turn`` -> ``resolve``
-> ``next_round`` -> ``turn`` every round), check the end, find the next legal
moves. Each of those calls looked up its list by name, read the zones again and
asked which kind of turn the phase has. This module writes that path out for one
set of options, so it is decided once, when the rules are built:

- ``settle(state)``: the engine's settle loop with every phase's ``enter`` steps
  written into it, one branch per phase, the zones read once for the whole chain;
- ``play(state, move, values)``, one per (phase, move kind): the move's bookkeeping
  (who moves, its arguments under their names, a fresh meter, and the history and
  log line when the state keeps a journal),
  its effects, the phase's ``after_move``, the handing on of the turn (and ``then``
  and the unveiling of secret choices in an ``each`` phase), and, when the phase
  goes on, the end checks and the legal moves of whoever is next; else ``settle``.

This is the one turn path: the engine has no other. A plain interpreter of the same
step lists, kept as the reference this code must equal, lives in the tests
(``tests/rules/oracle.py``). The statements come from ``stepgen.Writer`` (the pack's
expressions, checked) and fixed scaffolding here; the only other parts from the pack
are phase names, written as constants, and argument names, which the loader admits
only as plain identifiers. The scaffolding reaches the state only through its public
runtime interface (see ``State``): a test reads every generated function for any
other name.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import Expr, Library
from vtt.rules.model import Step
from vtt.rules.outcome import secrecy
from vtt.rules.stepgen import SCAFFOLD, Writer, assigned, build_function, code, env_key

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["Flow", "FlowLists", "compile_flow"]

Runner = Callable[["State"], None]
#: A move's whole aftermath: ``play(state, move, values)`` (see ``State.apply_unchecked``).
Play = Callable[["State", Any, tuple[Any, ...]], None]


@dataclass(frozen=True)
class FlowLists:
    """Everything the turn path runs, for one set of options (see ``vtt.rules.ruleset.Rules``)."""

    effects: Mapping[str, tuple[Step, ...]]  # by move name
    enter: Mapping[str, tuple[Step, ...]]  # by phase name, and so on
    after_move: Mapping[str, tuple[Step, ...]]
    then: Mapping[str, tuple[Step, ...]]
    stuck: Mapping[str, tuple[Step, ...]]
    end: tuple[Step, ...]
    turns: Mapping[str, str]  # by phase name: single, each or auto
    secret: Mapping[str, bool]  # by phase name: one of its moves is made in secret
    # By phase name: (kind name, generator or None, Moves made, maker), as the engine has them.
    generators: Mapping[str, tuple[tuple[str, Any, dict[Any, Any], Any], ...]]
    args: Mapping[str, tuple[str, ...]]  # by move name: its arguments' names, in order
    # By move name: its secrecy ("" for a public move) and the seats it is told to.
    secrecy: Mapping[str, tuple[str, Expr | None]]
    chosen_actors: frozenset[str]  # the ``each`` phases that name who moves (else everyone)
    # By move name: the Move of a kind with no arguments and no conditions (always legal).
    fixed_moves: Mapping[str, Any]


@dataclass(frozen=True)
class Flow:
    """The generated turn path: ``settle`` and a ``play`` function per (phase, move name)."""

    settle: Runner
    play: Mapping[tuple[str, str], Play]


def compile_flow(
    lists: FlowLists,
    library: Library,
    stable: frozenset[str],
    label: str,
    scores: Expr | None,
    max_automatic: int,
    from_seat: Callable[[tuple[int, ...], int], tuple[int, ...]],
) -> Flow:
    """The turn path of one set of options as generated functions."""
    every: list[Step] = [*lists.end]
    for family in (lists.effects, lists.enter, lists.after_move, lists.then, lists.stuck):
        for steps in family.values():
            every += steps
    # A name any list may bind anew is read where it is used, in every function: the
    # functions call each other, and the engine runs the others in between.
    bound = assigned(every)
    kept = frozenset() if bound is None else stable - bound
    extra: dict[str, Any] = {"_ROUNDS": range(max_automatic), "_from_seat": from_seat}
    settle = _settle_function(lists, library, kept, label, scores, extra)
    extra["_settle"] = settle
    play = {
        (phase, name): _play_function(lists, phase, name, library, kept, label, scores, extra)
        for phase, generators in lists.generators.items()
        for name, *_ in generators
    }
    return Flow(settle, play)


def _settle_function(
    lists: FlowLists,
    library: Library,
    stable: frozenset[str],
    label: str,
    scores: Expr | None,
    extra: dict[str, Any],
) -> Runner:
    writer = Writer(stable, scores)
    loop = code(
        "for _ in _ROUNDS:\n"
        "    _name = _state.next_phase\n"
        "    if _name is None:\n"
        "        _phase = _state.phase\n"
        "        if _state.settled():\n"
        "            return\n"
        "        continue\n"
        "    _entered.append(_name)\n"
        "    _state.next_phase = None\n"
        "    _state.legal_cache = None\n"
        "    _state.phase = _env['phase'] = _name\n"
        "    _state.pending = ()\n"
        "    if _state.beats is not None:\n"
        "        _state.beats.append(_state.copy())\n"
        "    if _meter.done + _MAX_WORK - _meter.left > _MAX_TURN_WORK:\n"
        "        raise _state.too_much_work(_entered)\n",
        SCAFFOLD,
    )[0]
    assert isinstance(loop, ast.For)
    loop.body[-1:-1] = _entering(lists, writer)  # before the meter check
    # No phase to enter: the end checks and the moves of whoever is next, written out
    # for each phase with moves (State.settled does the rest: a stuck player, errors).
    settled = loop.body[1]
    assert isinstance(settled, ast.If)
    settled.body[1:1] = _waiting(lists, writer, extra)
    body = [
        *writer.forget(),
        *code("_entered = []", SCAFFOLD),
        loop,
        *code("raise _state.endless_phases(_entered)", SCAFFOLD),
    ]
    settle: Runner = build_function(writer, body, library, f"{label} settle", extra)
    return settle


def _chain(branches: list[tuple[str, list[ast.stmt]]], name: str) -> list[ast.stmt]:
    """``if NAME == 'a': ... elif NAME == 'b': ...`` over (phase, statements)."""
    chain: list[ast.stmt] = []
    for phase, body in reversed(branches):
        test = code("X == N", SCAFFOLD, X=name, N=ast.Constant(phase))[0]
        assert isinstance(test, ast.Expr)
        chain = [ast.If(test=test.value, body=body, orelse=chain)]
    return chain


def _entering(lists: FlowLists, writer: Writer) -> list[ast.stmt]:
    """Each phase's ``enter`` steps, and who moves in an ``each`` phase, one branch a
    phase that does something when entered."""
    branches: list[tuple[str, list[ast.stmt]]] = []
    for phase, turn in lists.turns.items():
        writer.valid = set()
        body = [*writer.forget(), *writer.block(lists.enter.get(phase, ()))]
        if turn == "each" and phase in lists.chosen_actors:
            body += code(
                "if _state.next_phase is None:\n    _state.take_turns(N)",
                SCAFFOLD,
                N=ast.Constant(phase),
            )
        elif turn == "each":  # everyone, from the current seat (State.take_turns)
            body += code(
                "if _state.next_phase is None:\n"
                "    _state.pending = _from_seat(_env['players'], _env['current'])\n"
                "    if not _state.pending:\n"
                "        _state.take_turns(N)\n"
                "    _journal = _state.journal\n"
                "    if _journal is not None:\n"
                "        _journal.secret_from = len(_journal.lines)",
                SCAFFOLD,
                N=ast.Constant(phase),
            )
        if body[1:]:  # more than forgetting: the phase does something when entered
            branches.append((phase, body))
    return _chain(branches, "_name")


def _waiting(lists: FlowLists, writer: Writer, extra: dict[str, Any]) -> list[ast.stmt]:
    """For each phase with moves: the end checks, then the legal moves of whoever is
    next (generated once per position), returning when there are some."""
    branches: list[tuple[str, list[ast.stmt]]] = []
    for phase in lists.generators:
        if lists.turns[phase] == "auto":
            continue
        generating = _generation(lists, phase, "_legal", extra)
        writer.valid = set()
        found = [*writer.forget(), *writer.steps(lists.end)]
        moves = code(
            "_legal = _state.legal_cache\n"
            "if _legal is None:\n"
            "    pass\n"
            "    _state.legal_cache = _legal\n"
            "if _legal:\n"
            "    return",
            SCAFFOLD,
        )
        missing = moves[1]
        assert isinstance(missing, ast.If)
        missing.body[:1] = generating
        branches.append((phase, [*found, *moves]))
    return _chain(branches, "_phase")


def _play_function(
    lists: FlowLists,
    phase: str,
    move: str,
    library: Library,
    stable: frozenset[str],
    label: str,
    scores: Expr | None,
    extra: dict[str, Any],
) -> Play:
    writer = Writer(stable, scores)
    body = _bookkeeping(lists, move, writer)
    body += _log_line(writer, lists, phase, move, extra)
    body += [*writer.forget(), *writer.block(lists.effects.get(move, ()))]
    body += [*writer.forget(), *writer.block(lists.after_move.get(phase, ()))]
    turn = lists.turns[phase]
    body += _handover(lists, phase, writer) if turn == "each" else _next_seat()
    writer.valid = set()  # the engine's methods, ``then`` or a called step may have changed any
    body += code("_state.turn_decided = False", SCAFFOLD)
    if turn != "auto":
        # The same phase goes on (the settle loop's first round, written out): the end
        # checks, then the moves of whoever is next.
        goes_on = [*writer.forget(), *writer.steps(lists.end)]
        extra = dict(extra)
        goes_on += _generation(lists, phase, "_found", extra)
        goes_on += code("_state.legal_cache = _found\nif _found:\n    return", SCAFFOLD)
        body += code("if _state.next_phase is None:\n    pass", SCAFFOLD)
        last = body[-1]
        assert isinstance(last, ast.If)
        last.body = goes_on
    body += code("_settle(_state)", SCAFFOLD)
    play: Play = build_function(
        writer,
        body,
        library,
        f"{label} play {move} in {phase}",
        extra,
        ("_state", "_move", "_values"),
    )
    return play


def _bookkeeping(lists: FlowLists, move: str, writer: Writer) -> list[ast.stmt]:
    """What comes before a move's effects: who moves, the arguments under their names,
    and a fresh work meter (the history and the log line follow: ``_log_line``)."""
    args = lists.args.get(move, ())
    body = code(
        "_pending = _state.pending\n"
        "me = _pending[0] if _pending else _env['current']\n"
        "_env['me'] = me",
        SCAFFOLD,
    )
    for index, name in enumerate(args):
        body += code(
            "N = _values[I]\n_env[K] = N",
            SCAFFOLD,
            N=name,
            I=ast.Constant(index),
            K=env_key(name),
        )
    body += writer.read(["seat_names"], SCAFFOLD)
    body += code(
        "_state.legal_cache = None\n"
        "_state.turn_decided = False\n"
        "_meter.done = 0\n"
        "_meter.left = _MAX_WORK",
        SCAFFOLD,
    )
    writer.valid = {"me", *args}
    return body


def _handover(lists: FlowLists, phase: str, writer: Writer) -> list[ast.stmt]:
    """An ``each`` phase after a move: the next of its movers, or once all have moved,
    its ``then`` steps, the unveiling of secret choices, and the phase again."""
    writer.valid = set()
    then = [*writer.forget(), *writer.block(lists.then.get(phase, ()))]
    if lists.secret.get(phase):
        then += code("_state.unveil()", SCAFFOLD)
    else:  # nothing secret to unveil: only mark where the next round's lines begin
        then += code(
            "_journal = _state.journal\n"
            "if _journal is not None:\n"
            "    _journal.secret_from = len(_journal.lines)",
            SCAFFOLD,
        )
    then += code(
        "if _state.next_phase is None:\n    _state.next_phase = N",
        SCAFFOLD,
        N=ast.Constant(phase),
    )
    handover = code(
        "_pending = _state.pending = _state.pending[1:]\nif not _pending:\n    pass",
        SCAFFOLD,
    )
    last = handover[-1]
    assert isinstance(last, ast.If)
    last.body = then
    return handover


def _next_seat() -> list[ast.stmt]:
    """The next seat in the turn order (the common case of ``State.pass_turn``)."""
    return code(
        "if not _state.turn_decided:\n"
        "    _c = _env['current']\n"
        "    _ps = _env['players']\n"
        "    if _c in _ps:\n"
        "        _env['current'] = _ps[(_ps.index(_c) + _env['direction']) % len(_ps)]\n"
        "    else:\n"
        "        _state.pass_turn(1)",
        SCAFFOLD,
    )


def _log_line(
    writer: Writer, lists: FlowLists, phase: str, move: str, extra: dict[str, Any]
) -> list[ast.stmt]:
    """The move in the history and its log line, kept as its secrecy says
    (``vtt.rules.outcome.secrecy``); nothing, not even the line's tuple, for a state
    without a journal (a search's)."""
    mode, told = lists.secrecy.get(move, ("", None))
    before: list[ast.stmt] = []
    valid = set(writer.valid)  # what ``told`` reads is read only when there is a journal
    if mode in ("", "phase"):
        kept: ast.expr = ast.Constant(mode == "phase")
    else:
        extra["_secrecy"] = secrecy
        seats: ast.expr = ast.Constant(None)
        if told is not None:
            before, seats, _ = writer.expr(told, kept=False)
        each = ast.Constant(lists.turns[phase] == "each")
        call = code("_secrecy(M, me, T, E)", SCAFFOLD, M=ast.Constant(mode), T=seats, E=each)[0]
        assert isinstance(call, ast.Expr)
        kept = call.value
    writer.valid = valid
    journaled = code(
        "_journal = _state.journal\n"
        "if _journal is not None:\n"
        "    _journal.history.append(_move)\n"
        "    _journal.lines.append((None, me, S, (seat_names[me], ': ', _move.text)))",
        SCAFFOLD,
        S=kept,
    )
    written = journaled[-1]
    assert isinstance(written, ast.If)
    written.body[:0] = before
    return journaled


def _generation(lists: FlowLists, phase: str, target: str, extra: dict[str, Any]) -> list[ast.stmt]:
    """Statements that set ``target`` to a new list of the legal moves in ``phase`` (as
    ``State.generate_legal`` does), with what they call added to ``extra``."""
    generators = lists.generators.get(phase, ())
    statements = code(
        "_pending = _state.pending\n_env['me'] = _pending[0] if _pending else _env['current']",
        SCAFFOLD,
    )
    stem = f"_{len(extra)}"  # names of their own in this function
    if len(generators) == 1 and generators[0][0] in lists.fixed_moves:
        # The phase's one move takes no argument and has no condition: it is always legal.
        extra[f"{stem}_move"] = lists.fixed_moves[generators[0][0]]
        return statements + code("T = [M]", SCAFFOLD, T=target, M=f"{stem}_move")
    statements += code("T = []", SCAFFOLD, T=target)
    for index, (_, generator, known, maker) in enumerate(generators):
        names = (f"{stem}_gen{index}", f"{stem}_known{index}", f"{stem}_maker{index}")
        extra.update(zip(names, (generator, known, maker), strict=True))
        statements += code(
            "G(_env, T, K, M)", SCAFFOLD, G=names[0], T=target, K=names[1], M=names[2]
        )
    return statements
