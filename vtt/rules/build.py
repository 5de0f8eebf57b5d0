"""Moves built from several components: a target and a set of cards gathered against it.

A kind of move is *built* when its footprint moves one ``card`` argument of its own,
the target (Battlefront's attack takes the attacked card to the attacker's captured
pile), and it takes one ``cards`` argument, the set (the attacking cards); any other
``card`` argument is one more card of the set (the Joker named after 'and'). A
person gathers the cards one at a time: :func:`builds_of` gives the legal moves by
target and cards gathered, and :func:`judge` says what the cards gathered so far
make: the legal move, else the pack's reason, read off the reading of the cards
(which card is the Joker) that gets furthest through the move's conditions, and
the move's ``tally`` ("9 of 13 needed"). Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, Any

from vtt.janken import Card
from vtt.rules.argtypes import Role
from vtt.rules.candidates import candidates
from vtt.rules.explain import NOT_A_VALUE, failure, verdict
from vtt.rules.expr import EvalError
from vtt.rules.footprint import UNKNOWN, Footprint, Key, Trace
from vtt.rules.model import MoveDef
from vtt.rules.moves import Move

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["Builder", "Builds", "Target", "Verdict", "builders", "builds_of", "judge"]


@dataclass(frozen=True, slots=True)
class Target:
    """The card a built move is aimed at, and the place it lies in (with a deck per
    player two opponents may hold the same card)."""

    card: Card
    place: Key


@dataclass(frozen=True)
class Builder:
    """A kind of move built from a target and a set of cards: its footprint's recipe,
    the index of its ``cards`` argument and those of its other ``card`` arguments."""

    trace: Trace
    gather: int
    singles: tuple[int, ...]

    @property
    def kind(self) -> MoveDef:
        """The kind of move."""
        return self.trace.kind

    def gathered(self, values: Sequence[Any]) -> frozenset[Card]:
        """The cards a move of this kind with ``values`` gathers against its target."""
        found: set[Card] = set(values[self.gather])
        found.update(values[index] for index in self.singles)
        return frozenset(found)

    def readings(self, known: Sequence[Any], cards: frozenset[Card]) -> Iterator[tuple[Any, ...]]:
        """Every way to hand ``cards`` to the arguments: each other ``card`` argument one
        of them or none yet, the set the rest (not given yet when none is left)."""
        ordered = sorted(cards, key=Card.sort_key)
        for picked in product([*ordered, UNKNOWN], repeat=len(self.singles)):
            named = [card for card in picked if card is not UNKNOWN]
            if len(set(named)) < len(named):
                continue
            values = list(known)
            for index, card in zip(self.singles, picked, strict=True):
                values[index] = card
            rest = tuple(card for card in ordered if card not in named)
            values[self.gather] = rest or UNKNOWN
            yield tuple(values)


def builders(state: State) -> tuple[Builder, ...]:
    """The kinds of move of the phase under way that are built from a target and a set
    of cards, in the pack's order."""
    found: list[Builder] = []
    for kind in state._phase_moves.get(state.phase, ()):
        trace = state._rules.traces.get(kind.name)
        if trace is None or not trace.arg.argtype.of_cards:
            continue
        sets = [
            index
            for index, arg in enumerate(kind.args)
            if arg.argtype.role is Role.SET and arg.argtype.of_cards
        ]
        if len(sets) != 1:
            continue
        singles = tuple(
            index
            for index, arg in enumerate(kind.args)
            if arg.argtype.role is Role.COMPONENT and arg.argtype.of_cards and index != trace.index
        )
        found.append(Builder(trace, sets[0], singles))
    return tuple(found)


@dataclass
class Builds:
    """The legal built moves of a state: for each target, the move each set of cards
    gathered against it makes."""

    moves: dict[Target, dict[frozenset[Card], Move]] = field(default_factory=dict)
    #: The cards the person may gather at all (a move of theirs may name them), legal
    #: now or not: dragging one onto a card shows why it cannot take it.
    pool: frozenset[Card] = frozenset()

    def targets(self, card: Card) -> set[Target]:
        """The targets some legal move gathers ``card`` against."""
        return {target for target, sets in self.moves.items() if any(card in s for s in sets)}

    def helpers(self, target: Target, chosen: frozenset[Card]) -> frozenset[Card]:
        """The cards that can join ``chosen`` against ``target``: each is in a legal move
        that gathers them all."""
        found: set[Card] = set()
        for cards in self.moves.get(target, {}):
            if chosen <= cards:
                found |= cards
        return frozenset(found - chosen)

    def move(self, target: Target, chosen: frozenset[Card]) -> Move | None:
        """The legal move ``chosen`` makes against ``target``, if any."""
        return self.moves.get(target, {}).get(chosen)


def builds_of(state: State, feet: Mapping[Move, Footprint] | None = None) -> Builds:
    """The legal moves of the seat to move that are built from a target and cards
    (``feet``: ``state.footprints()``, when the caller has them already)."""
    builds = Builds()
    found = {builder.kind.name: builder for builder in builders(state)}
    if not found:
        return builds
    builds.pool = _pool(state, found.values())
    for move, foot in (state.footprints() if feet is None else feet).items():
        kind, values = move.kind, move.values
        if kind is None:
            _, kind, values = state.game.resolve(move, state.seat_names)
        builder = found.get(kind.name)
        if builder is None or not isinstance(foot.component, Card):
            continue
        sets = builds.moves.setdefault(Target(foot.component, foot.source), {})
        cards = builder.gathered(values)
        sets.setdefault(cards, move)
        builds.pool |= cards
    return builds


def _pool(state: State, found: Iterable[Builder]) -> frozenset[Card]:
    """The cards the arguments gathered may take: the values of their ``from`` where it
    reads nothing but the state (not the target, say)."""
    env = dict(state.env)
    env["me"] = state.to_move
    pool: set[Card] = set()
    for builder in found:
        for index in (builder.gather, *builder.singles):
            arg = builder.kind.args[index]
            if arg.domain is None or not arg.domain.names <= env.keys():
                continue
            try:
                values = arg.domain(env)
            except (EvalError, TypeError, ValueError, ArithmeticError):
                continue  # then only the cards of the legal moves are known
            if isinstance(values, Iterable):
                pool.update(c for c in values if isinstance(c, Card))
    return frozenset(pool)


@dataclass(frozen=True)
class Verdict:
    """What the cards gathered against a target make: the legal move, else the pack's
    reason, or the arguments still to choose; and the move's tally, if it has one."""

    kind: MoveDef
    move: Move | None
    reason: str | None
    #: The arguments no card gathered gives yet (a Joker to name after 'and').
    missing: tuple[str, ...]
    tally: str | None
    #: How far the cards got (``vtt.rules.explain.failure``): the index of the condition
    #: that failed, NOT_NOW or NOT_A_VALUE; the number of conditions when none failed.
    stage: int = 0


def judge(state: State, target: Target, cards: frozenset[Card]) -> Verdict | None:
    """What ``cards`` gathered against ``target`` make now; None when no built kind of
    move of the phase under way is aimed at that card in that place."""
    best: tuple[tuple[bool, bool, bool, int], Builder, tuple[Any, ...], str | None] | None
    best = None
    for builder in builders(state):
        env = dict(state.env)
        env["me"] = state.to_move
        known = builder.trace.partial(env, target.card, None, target.place)
        if known is None:
            continue
        for values in builder.readings(known, cards):
            failed = failure(state, builder.kind, values)
            if failed is None and UNKNOWN not in values:
                failed = _unlisted(state, builder.kind, values)  # legal: a legal move
            # A reading waiting for a card no card of the person's could be (a Joker
            # when none is to be had) is one of the last resorts.
            lack = _unfilled(state, builder, values)
            failed = failed or lack
            # A legal move first, then one with nothing known wrong, then the one
            # that passes the most of its kind's conditions.
            rank = (
                failed is None and UNKNOWN not in values,
                failed is None,
                lack is None,
                failed[0] if failed else len(builder.kind.conditions),
            )
            if best is None or rank > best[0]:
                best = (rank, builder, values, None if failed is None else failed[1])
    if best is None:
        return None
    (legal, _, _, stage), builder, values, why = best
    kind = builder.kind
    missing = tuple(arg.name for arg, v in zip(kind.args, values, strict=True) if v is UNKNOWN)
    move = state.game.move_of(kind, values, state.seat_names) if legal else None
    return Verdict(kind, move, why, missing, _tally(state, builder, values), stage)


def _unlisted(state: State, kind: MoveDef, values: tuple[Any, ...]) -> tuple[int, str] | None:
    """None when the move of ``kind`` with ``values`` is one of the legal moves (the one
    test of legality, ``explain.verdict``); else its reason, as far as it got."""
    move = state.game.move_of(kind, values, state.seat_names)
    why = verdict(state, move, kind, values)
    return None if why is None else (len(kind.conditions), why)


def _unfilled(state: State, builder: Builder, values: Sequence[Any]) -> tuple[int, str] | None:
    """Why no card could take the place of an other ``card`` argument not given yet (a
    Joker when none is to be had), as ``failure`` says it for the conditions on that
    card alone; None when one could, or when every such argument is given."""
    index = next((i for i in builder.singles if values[i] is UNKNOWN), None)
    if index is None:
        return None
    kind = builder.kind
    env = dict(state.env)
    env["me"] = state.to_move
    kind.bind(env, tuple(values))
    taken = builder.gathered([() if v is UNKNOWN else v for v in values])
    # Only what the conditions say of the card itself: the set is not known then.
    alone = list(values)
    alone[builder.gather] = UNKNOWN
    worst: tuple[int, str] | None = None
    for card in candidates(kind.args[index], env):
        if card in taken:
            continue
        alone[index] = card
        failed = failure(state, kind, alone) or _unfilled(state, builder, alone)
        if failed is None:
            return None
        if worst is None or failed[0] > worst[0]:
            worst = failed
    return worst or (NOT_A_VALUE, f"There is no {kind.args[index].name} to choose")


def _tally(state: State, builder: Builder, values: Sequence[Any]) -> str | None:
    """The kind's tally for these values (a set not given yet counts as empty); None
    without one, or when it reads a card not chosen yet or fails."""
    tally = builder.kind.tally
    if tally is None:
        return None
    env = dict(state.env)
    env["me"] = state.to_move
    for index, (arg, value) in enumerate(zip(builder.kind.args, values, strict=True)):
        if value is UNKNOWN:
            if index != builder.gather:
                if arg.name in tally.names:
                    return None
                continue
            value = ()
        env[arg.name] = value
    try:
        return tally.render(env)
    except (EvalError, TypeError, ValueError, ArithmeticError):
        return None  # a tally that cannot be worked out is left out, never a crash
