"""Restricted play: an agent that may choose only among the legal moves a policy allows.

A designer asks "is there one strategy that always wins?" by pitting an agent
against a copy of itself held to one policy (``vtt.ai.findings``): never play a
Joker, always play the highest card, always pass, play one suit whenever it can,
never make one kind of move. A restricted agent travels by name, as every agent
does (``make_agent("hard~no-joker", seed)``), so batches of it run in worker
processes and on Dask. It sees only its seat's view and the legal moves, as every
agent does: the cards a move plays are the cards it names that the seat holds.

When the policy allows none of the legal moves, the agent chooses among them all;
``narrowed`` counts the choices the policy took something away from (a position
with more than one legal move, some of them refused), so a restriction that never
bit is told apart from one that bit and changed nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from vtt.ai.agent import Agent
from vtt.janken import Card, Rank, Suit
from vtt.rules.moves import Move

__all__ = [
    "FIXED",
    "Policy",
    "RestrictedAgent",
    "cards_named",
    "is_pass",
    "own_cards",
    "policy",
]


@dataclass(frozen=True)
class Policy:
    """A rule an agent plays by: its name in an agent's name (``hard~NAME``), what a
    designer reads (``label``: "never play a Joker"; ``doing``: "never playing a
    Joker", for sentences)."""

    name: str
    label: str
    doing: str

    def allowed(self, moves: Sequence[Move], own: frozenset[Card], view: Any) -> list[Move]:
        """The moves this policy allows (maybe none); ``own``: the cards the seat holds."""
        kind, _, value = self.name.partition("-")
        if self.name == "no-joker":
            return [m for m in moves if not any(c.is_joker for c in played(m, own, view))]
        if self.name in ("highest", "lowest"):
            return _by_rank(moves, own, view, self.name == "highest")
        if self.name == "always-pass":
            passes = [m for m in moves if is_pass(_kind(m, view))]
            return passes or list(moves)
        if kind == "prefer":
            suit = Suit[value.upper()]
            suited = [m for m in moves if any(c.suit is suit for c in played(m, own, view))]
            return suited or list(moves)
        if kind == "forbid":
            return [m for m in moves if _kind(m, view).name != value]
        raise ValueError(f"unknown policy {self.name!r}")  # pragma: no cover (policy())


#: The policies that need nothing from the pack (suits and move kinds: ``policy``).
FIXED: dict[str, Policy] = {
    p.name: p
    for p in (
        Policy("no-joker", "never play a Joker", "never playing a Joker"),
        Policy("highest", "always play the highest card", "always playing the highest card"),
        Policy("lowest", "always play the lowest card", "always playing the lowest card"),
        Policy("always-pass", "always pass when passing is legal", "always passing"),
    )
}

_KIND = re.compile(r"forbid-(\w+)")


def policy(name: str) -> Policy:
    """The policy called ``name``: one of ``FIXED``, ``prefer-SUIT`` (``prefer-water``:
    play that suit whenever it can) or ``forbid-KIND`` (never make the pack's move
    ``KIND``). ValueError for another name.

    >>> policy("prefer-water").label
    'play Water whenever it can'
    >>> policy("forbid-draw").doing
    "never making the move 'draw'"
    """
    key = name.strip().lower()
    if key in FIXED:
        return FIXED[key]
    if key.startswith("prefer-") and key[7:].upper() in Suit.__members__:
        title = Suit[key[7:].upper()].title
        return Policy(key, f"play {title} whenever it can", f"playing {title} whenever it can")
    forbidden = _KIND.fullmatch(name.strip())
    if forbidden is not None:
        kind = forbidden.group(1)
        return Policy(
            f"forbid-{kind}", f"never make the move '{kind}'", f"never making the move '{kind}'"
        )
    raise ValueError(
        f"unknown restriction {name!r}; the restrictions are: {', '.join(FIXED)},"
        " prefer-SUIT (prefer-rock ... prefer-lizard) and forbid-MOVE (a move of the pack)"
    )


class RestrictedAgent:
    """An agent held to a policy: it chooses among the legal moves the policy allows
    (all of them when it allows none). ``narrowed``: the choices the policy narrowed."""

    def __init__(self, agent: Agent, rule: Policy) -> None:
        self.agent = agent
        self.policy = rule
        self.narrowed = 0

    def cancel(self) -> None:
        """Stop thinking (the agent held to the policy does)."""
        self.agent.cancel()

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """The restricted agent's choice among the moves the policy allows."""
        moves = list(legal_moves)
        allowed = self.policy.allowed(moves, own_cards(view), view) if len(moves) > 1 else moves
        if not allowed:
            allowed = moves  # the policy allows nothing here: any legal move
        elif len(allowed) < len(moves):
            self.narrowed += 1
        return self.agent.choose(view, allowed)


def _resolved(move: Move, view: Any) -> tuple[Any, tuple[Any, ...]]:
    """A move's kind (a MoveDef) and argument values: the legal moves a game makes
    carry theirs; another is read with the view's pack."""
    if move.kind is not None:
        return move.kind, move.values
    _, kind, values = view.game.resolve(move, view.seat_names)
    return kind, values


def _kind(move: Move, view: Any) -> Any:
    return _resolved(move, view)[0]


def is_pass(kind: Any) -> bool:
    """True for a move kind that passes: written ``pass`` (``pass on Board {n}``),
    naming no card (handing cards over, ``pass {given}``, is playing them)."""
    words = kind.text.split()
    return (
        bool(words)
        and words[0].lower() == "pass"
        and not any(a.argtype.of_cards for a in kind.args)
    )


def cards_named(kind: Any, values: Sequence[Any]) -> Iterator[Card]:
    """The cards a move of ``kind`` with these argument values names."""
    for arg, value in zip(kind.args, values, strict=True):
        if not arg.argtype.of_cards:
            continue
        if isinstance(value, Card):
            yield value
        elif isinstance(value, tuple):
            yield from (card for card in value if isinstance(card, Card))


def played(move: Move, own: frozenset[Card], view: Any) -> list[Card]:
    """The cards ``move`` plays: those it names that the seat holds (a move naming
    another's card, the target of an attack, does not play it)."""
    kind, values = _resolved(move, view)
    return [card for card in cards_named(kind, values) if card in own]


def own_cards(view: Any) -> frozenset[Card]:
    """The cards in the viewing seat's own zones that it sees (its hand, its stacks face
    up); the face-down ones are not known to it."""
    game = getattr(view, "game", None)
    if game is None:
        return frozenset()
    found: set[Card] = set()
    for name, zone in game.zones.items():
        if zone.per_player and name in view.zones:
            found.update(_cards_in(view.zones[name][view.seat], zone.depth - 1))
    return frozenset(found)


def _cards_in(node: Any, depth: int) -> Iterator[Card]:
    if depth == 0:
        if isinstance(node, tuple | list):
            yield from (c for c in node if isinstance(c, Card))
        return
    for child in node.values() if isinstance(node, dict) else node:
        yield from _cards_in(child, depth - 1)


def _by_rank(moves: Sequence[Move], own: frozenset[Card], view: Any, highest: bool) -> list[Move]:
    """The moves playing the highest (lowest) card among those that play one, and the
    moves that play none (drawing, passing): the policy picks the card, not whether
    to play one."""
    ranks: dict[Move, Rank] = {}
    for move in moves:
        cards = played(move, own, view)
        if cards:
            ranks[move] = max(c.rank for c in cards) if highest else min(c.rank for c in cards)
    if not ranks:
        return list(moves)
    best = max(ranks.values()) if highest else min(ranks.values())
    return [m for m in moves if m not in ranks or ranks[m] == best]
