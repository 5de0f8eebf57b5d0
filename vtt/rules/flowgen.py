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

The turn machine itself (who moves, the legal moves and their work budget, handing
the turn on, the next seat, who moves in an ``each`` phase) is written once, as the
Python of ``vtt.rules.turns``. Its small functions are written into the code here
from that one definition, their own syntax trees (``vtt.rules.inline``), rather than
called: a call cost more than most of their bodies, six calls a JANTORI move
(``docs/performance.md``). No second copy of them exists as template text.

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
from vtt.rules.inline import inline
from vtt.rules.model import MoveDef, Step
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
    # By phase name: (kind, generated search, Moves made, maker), as the engine has them.
    generators: Mapping[str, tuple[tuple[MoveDef, Any, dict[Any, Any], Any], ...]]
    args: Mapping[str, tuple[str, ...]]  # by move name: its arguments' names, in order
    # By move name: its secrecy ("" for a public move) and the seats it is told to.
    secrecy: Mapping[str, tuple[str, Expr | None]]


@dataclass(frozen=True)
class Flow:
    """The generated turn path: ``settle`` and a ``play`` function per (phase, move name);
    and the legal-move search of each phase with moves (``turns.phase_search``)."""

    settle: Runner
    play: Mapping[tuple[str, str], Play]
    search: Mapping[str, Callable[[State], list[Any]]]


def compile_flow(
    lists: FlowLists,
    library: Library,
    stable: frozenset[str],
    label: str,
    scores: Expr | None,
    max_automatic: int,
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
    from vtt.rules import turns  # which reads the rules' module, which reads this one

    search = {phase: turns.phase_search(kinds) for phase, kinds in lists.generators.items()}
    extra: dict[str, Any] = {"_ROUNDS": range(max_automatic)}
    settle = _settle_function(lists, library, kept, label, scores, extra)
    extra["_settle"] = settle
    play = {
        (phase, kind.name): _play_function(
            lists, phase, kind.name, library, kept, label, scores, extra
        )
        for phase, generators in lists.generators.items()
        for kind, *_ in generators
    }
    return Flow(settle, play, search)


def _turns(
    writer: Writer,
    extra: dict[str, Any],
    function: Callable[..., Any],
    arguments: list[ast.expr | str],
    target: str | None = None,
) -> list[ast.stmt]:
    """``function`` of ``vtt.rules.turns`` written in from its definition, its value
    (if any) put in ``target``; the turn functions it calls are written in too."""
    from vtt.rules import turns

    inlined = inline(
        function,
        arguments,
        prefix=f"{writer.temp('t')}_",
        globals_=extra,
        line=SCAFFOLD,
        target=target,
        also=(turns.mover, turns.pass_turn),
    )
    return [_EnvLocal().visit(statement) for statement in inlined]


class _EnvLocal(ast.NodeTransformer):
    """``_state.env`` as the generated function's local ``_env`` (the same dict)."""

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        self.generic_visit(node)
        if (
            node.attr == "env"
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name)
            and node.value.id == "_state"
        ):
            return ast.Name(id="_env", ctx=ast.Load())
        return node


def _search(
    lists: FlowLists, phase: str, writer: Writer, extra: dict[str, Any], target: str
) -> list[ast.stmt]:
    """Statements that set ``target`` to a new list of the legal moves in ``phase``:
    ``turns.search_moves`` (or ``fixed_moves``) written in, its data a global of the
    generated code named by the phase's place among the phases with moves, never by
    its name (data from the pack)."""
    from vtt.rules import turns

    kinds = lists.generators[phase]
    name = f"_searches{list(lists.generators).index(phase)}"
    fixed = turns.fixed_move(kinds)
    if fixed is not None:
        extra[name] = fixed
        return _turns(writer, extra, turns.fixed_moves, [name, "_state"], target)
    extra[name] = turns.searches(kinds)
    return _turns(writer, extra, turns.search_moves, [name, "_state"], target)


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
        if turn == "each":  # who moves, in turn (State.take_turns)
            body += code(
                "if _state.next_phase is None:\n    _state.take_turns(N)",
                SCAFFOLD,
                N=ast.Constant(phase),
            )
        if body[1:]:  # more than forgetting: the phase does something when entered
            branches.append((phase, body))
    return _chain(branches, "_name")


def _waiting(lists: FlowLists, writer: Writer, extra: dict[str, Any]) -> list[ast.stmt]:
    """For each phase with moves: the end checks, then the legal moves of whoever is
    next (found once per position, ``turns.legal_moves``), returning when there are some."""
    branches: list[tuple[str, list[ast.stmt]]] = []
    for phase in lists.generators:
        if lists.turns[phase] == "auto":
            continue
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
        missing.body[:1] = _search(lists, phase, writer, extra, "_legal")
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
    body = _bookkeeping(lists, move, writer, extra)
    body += _log_line(writer, lists, phase, move, extra)
    body += [*writer.forget(), *writer.block(lists.effects.get(move, ()))]
    body += [*writer.forget(), *writer.block(lists.after_move.get(phase, ()))]
    body += _handing_on(lists, phase, writer, extra)
    writer.valid = set()  # ``then`` or a called step may have changed any name
    body += code("_state.turn_decided = False", SCAFFOLD)
    if lists.turns[phase] != "auto":
        # The same phase goes on (the settle loop's first round, written out): the end
        # checks, then the moves of whoever is next.
        goes_on = [*writer.forget(), *writer.steps(lists.end)]
        goes_on += _search(lists, phase, writer, extra, "_found")
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


def _bookkeeping(
    lists: FlowLists, move: str, writer: Writer, extra: dict[str, Any]
) -> list[ast.stmt]:
    """What comes before a move's effects: who moves, the arguments under their names,
    and a fresh work meter (the history and the log line follow: ``_log_line``)."""
    from vtt.rules import turns

    args = lists.args.get(move, ())
    body = _turns(writer, extra, turns.mover, ["_state"], "me")
    body += code("_env['me'] = me", SCAFFOLD)
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


def _handing_on(
    lists: FlowLists, phase: str, writer: Writer, extra: dict[str, Any]
) -> list[ast.stmt]:
    """The turn handed on after a move, as ``turns.after_action`` does it, with the
    phase's ``then`` steps written in: in an ``each`` phase the next of its movers, or
    once all have moved ``then`` and the end of the round; else the next seat."""
    from vtt.rules import turns

    if lists.turns[phase] != "each":
        return _turns(writer, extra, turns.next_seat, ["_state"])
    writer.valid = set()
    then = [*writer.forget(), *writer.block(lists.then.get(phase, ()))]
    then += _turns(writer, extra, turns.round_over, ["_state", ast.Constant(phase)])
    handing_on = _turns(writer, extra, turns.all_moved, ["_state"], "_moved")
    handing_on += code("if _moved:\n    pass", SCAFFOLD)
    last = handing_on[-1]
    assert isinstance(last, ast.If)
    last.body = then
    return handing_on


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
