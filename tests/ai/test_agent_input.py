"""What an agent is handed (its seat's view and its legal moves) reaches no card hidden
from that seat, caches included (issue 24): every object within reach is walked, the
pack's caches of Moves, the generated code's own namespaces and the closures too."""

from __future__ import annotations

import contextlib
import gc
import random
import re
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.packs.test_conformance import GAMES, SHORT_GAMES
from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.janken import Card, NotationError
from vtt.rules.engine import Game, State
from vtt.rules.loader import load_pack
from vtt.rules.moves import Move
from vtt.rules.search import hidden_stacks
from vtt.rules.views import UNSEEN

#: Every pack that hides something from a seat: a hidden zone or var, a secret move.
SECRET_PACKS = [game for game in GAMES if game.hides_anything()]
#: The checked seat's decisions at which its input is walked.
CHECKED = (0, 1, 2, 6)


def _importable(kind: type) -> bool:
    """True for a class a module defines (the program's, not one made for a game)."""
    module = sys.modules.get(kind.__module__)
    return module is not None and getattr(module, kind.__qualname__, None) is kind


def _module_globals(namespace: dict[str, Any]) -> bool:
    module = sys.modules.get(namespace.get("__name__", ""))
    return module is not None and module.__dict__ is namespace


def reachable(*roots: object) -> Iterator[object]:
    """Every object reachable from ``roots`` by reference: attributes, slots, items,
    closures, functions' attributes, the classes made at run time (a game's Move
    families) and the namespaces of generated code; short of modules, the program's
    own classes and modules' globals (those lead to every object of the process)."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, types.ModuleType):
            continue
        if isinstance(item, type) and _importable(item):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, types.FunctionType):
            todo.extend(c.cell_contents for c in item.__closure__ or () if _filled(c))
            todo.extend(item.__defaults__ or ())
            todo.extend((item.__kwdefaults__ or {}).values())
            todo.append(item.__dict__)
            if not _module_globals(item.__globals__):
                todo.append(item.__globals__)
            continue
        if isinstance(item, dict) and _module_globals(item):
            continue
        todo.extend(gc.get_referents(item))


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def _cards(value: object) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _cards(item)


def hidden_cards(state: State, seat: int) -> set[Card]:
    """The cards ``seat`` cannot know of now: in a stack or a var hidden from it, and
    neither in its view nor named in a line of its log or history."""
    view = state.view(seat)
    hidden = {card for stack in hidden_stacks(state, seat) for card in _cards(stack)}
    for name, shown in view.vars.items():
        real = state.env[name]
        if shown is UNSEEN:
            hidden.update(_cards(real))
        elif isinstance(shown, tuple):
            for mine, theirs in zip(shown, real, strict=True):
                if mine is UNSEEN:
                    hidden.update(_cards(theirs))
    seen = set(_cards(view.visible_components()))
    for line in (*view.log, *view.history):
        for word in re.findall(r"[0-9A-Za-z]+", line):
            with contextlib.suppress(NotationError):
                seen.add(Card.parse(word))
    return hidden - seen


def _leaks(state: State, seat: int) -> list[str]:
    """What the agent of ``seat`` could reach from its input that it may not know."""
    hidden = hidden_cards(state, seat)
    orders = {
        tuple(stack)
        for stack in hidden_stacks(state, seat)
        if len(stack) > 1 and set(_cards(stack)) & hidden
    }
    view, legal = state.view(seat), list(state.legal_moves)
    leaks = []
    for item in reachable(view, legal):
        if item is state.game or (isinstance(item, State) and item.game is state.game):
            leaks.append(f"the game itself: {item!r}")
        elif isinstance(item, Move) and set(_cards(item.values)) & hidden:
            leaks.append(f"the move {item.text!r}")
        elif (
            isinstance(item, list | tuple)
            and len(item) > 1
            and all(isinstance(c, Card) for c in item)
            and tuple(item) in orders
        ):
            leaks.append(f"a hidden stack in its order: {item!r}")
    return leaks


def _options(game: Game) -> dict[str, object]:
    return dict(SHORT_GAMES.get(game.id, {}))


@pytest.mark.parametrize("pack", SECRET_PACKS, ids=[game.id for game in SECRET_PACKS])
def test_an_agents_input_reaches_no_card_hidden_from_its_seat(pack: Game) -> None:
    # A pack of its own, so that no other test's searches have filled its caches.
    game = load_pack(pack.path)
    state = game.new_state(_options(game), seed=11)
    checked = state.players - 1  # plays at random; every other seat searches
    searchers = {seat: SearchAgent(Budget(iterations=8), seed=seat) for seat in range(checked)}
    chooser = random.Random(5)
    decisions = 0
    for _ in range(400):
        if state.outcome is not None or decisions > max(CHECKED):
            break
        seat = state.to_move
        assert seat is not None
        legal = list(state.legal_moves)
        for other in state.pending:  # every seat's moves, as a search of the game asks
            state.legal_actions(other)
        if seat == checked:
            if decisions in CHECKED:
                assert _leaks(state, seat) == [], f"decision {decisions} of seat {seat}"
            decisions += 1
            state.apply(chooser.choice(legal))
        else:
            state.apply(searchers[seat].choose(state.view(seat), legal))
    assert decisions > 1, "the checked seat never had a decision"
