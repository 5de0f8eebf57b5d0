"""The engine's face for search, shaped like OpenSpiel's game interface.

Search algorithms (minimax, MCTS, information-set MCTS) want positions that are cheap
to copy, a compact key for transposition tables, small stable integers for moves,
explicit player ids and a way to sample the hidden cards. ``State`` and ``Game``
delegate to this module; ``docs/engine.md`` documents the interface.

Player ids (``State.current_player``), as in OpenSpiel:

- ``0 .. players - 1``: that seat moves next;
- ``SIMULTANEOUS`` (-2): a ``turn: each`` phase with a secret move: every seat still
  in ``pending`` chooses without seeing the others' choices. The engine asks them one
  after another (``State.to_move`` is the seat asked now, ``legal_actions()`` its
  actions); ``legal_actions(seat)`` and ``apply_actions(joint)`` treat them as one
  joint move;
- ``CHANCE`` (-1) is never returned: chance (shuffles, deals, draws) is resolved
  inside moves and automatic phases by the state's seeded ``Rng``, so a search sees
  it only as the outcome of a move; ``determinize`` re-seeds that generator;
- ``TERMINAL`` (-4): the game is over.

Actions: ``action = kind + kinds * payload``, ``kind`` being the move kind's index in
the pack's ``moves:`` (all of them, whatever the options enable) and ``payload`` the
arguments' values in mixed radix, first argument lowest (see ``ActionCodec``). The
same move has the same action in every process for a pack, whatever its options and
number of seats.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from vtt.janken import Card, Suit, full_deck
from vtt.rules.actions import ActionCodec, codec_of
from vtt.rules.expr import METER_KEY
from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.moves import IllegalMove
from vtt.rules.rng import Rng
from vtt.rules.values import Component, Grid
from vtt.rules.views import _sees

if TYPE_CHECKING:
    from vtt.rules.engine import Game, State

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "ActionCodec",
    "codec_of",
    "current_player",
    "determinize",
    "onward",
    "position_key",
    "returns",
]

#: ``current_player`` at a node where the seats still to choose move as one (see above).
SIMULTANEOUS = -2
#: Never returned: chance happens inside moves, from the state's seeded ``Rng``.
CHANCE = -1
#: ``current_player`` once the game is over.
TERMINAL = -4

_DECK: tuple[Card, ...] = tuple(full_deck())
_CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(_DECK)}
_SUITS = tuple(Suit)


# --- players, returns --------------------------------------------------------------------


def is_simultaneous(state: State) -> bool:
    """True in a ``turn: each`` phase with a secret move, while seats are to choose."""
    rules = state._rules
    phase = state.phase
    return bool(state.pending) and rules.turns[phase] == "each" and rules.secret[phase]


def current_player(state: State) -> int:
    """The seat that moves, ``SIMULTANEOUS`` or ``TERMINAL`` (see the module's doc)."""
    if state.outcome is not None:
        return TERMINAL
    if is_simultaneous(state):
        return SIMULTANEOUS
    seat: int = state.pending[0] if state.pending else state.env["current"]
    return seat


def returns(state: State) -> list[float]:
    """One number per seat: 0 each until the end and for a draw; at the end every
    winner +1 and every other seat -1 (a two-player game sums to zero). A win every
    seat shares (Battlefront's tie for the most captures) is a draw: nobody gained
    on anybody, and a search that took it for a win would settle for it at once."""
    outcome = state.outcome
    count = state.players
    if outcome is None or not outcome.winners:
        return [0.0] * count
    winners = outcome.winners
    if all(seat in winners for seat in range(count)):
        return [0.0] * count
    return [1.0 if seat in winners else -1.0 for seat in range(count)]


def legal_actions(state: State, seat: int | None = None) -> list[int]:
    """The actions of the seat to move; with ``seat``, that seat's (in a simultaneous
    phase any seat still to choose; otherwise only the seat to move has actions)."""
    codec: ActionCodec = state.game.__dict__.get("_action_codec") or codec_of(state.game)
    names = state.env["seat_names"]
    if seat is None or seat == state.to_move:
        legal = state.legal_cache
        if legal is None:
            legal = state.legal_list()
        last = codec._last
        if legal is last[0]:  # asked again (search asks for a node's and its parent's)
            return last[1][:]
        return codec.actions(legal, names)
    if seat not in state.pending or not is_simultaneous(state):
        return []
    # Asked before its turn in the engine's order: the choices do not depend on each
    # other's (they go where the others cannot see), so ask that seat first in a copy.
    ahead = state.clone()
    ahead.pending = (seat, *(s for s in state.pending if s != seat))
    ahead.invalidate()
    return codec.actions(ahead.legal_list(), names)


def onward(state: State, actions: list[int]) -> list[int]:
    """The actions less those that take back the turn under way (a ``take_back`` step),
    unless nothing else is left: a search looks ahead, so undoing its own moves only
    walks it round in circles."""
    codec: ActionCodec = state.game.__dict__.get("_action_codec") or codec_of(state.game)
    undoing = codec.undoing
    if not undoing:
        return actions
    count = len(codec.kinds)
    kept = [action for action in actions if action % count not in undoing]
    return kept or actions


def apply_action(state: State, action: int) -> None:
    """Play an action of the seat to move; IllegalMove when it is not legal now."""
    codec: ActionCodec = state.game.__dict__.get("_action_codec") or codec_of(state.game)
    move = codec.move(action, state.env["seat_names"])
    legal = state.legal_cache
    if legal is None:
        legal = state.legal_list()
    last = codec._last
    if legal is last[0]:  # its actions are known: the usual case
        if action not in last[1]:
            raise IllegalMove(f"{move.text!r} (action {action}) is not a legal move now")
    elif not any(map(is_, legal, repeat(move))) and move not in legal:
        raise IllegalMove(f"{move.text!r} (action {action}) is not a legal move now")
    state.apply_unchecked(move)


def apply_actions(state: State, actions: Sequence[int] | Mapping[int, int]) -> None:
    """Play one action per seat (indexed by seat): every seat still to choose in a
    simultaneous phase, in the engine's order; elsewhere the seat to move's."""
    if is_simultaneous(state):
        seats: tuple[int, ...] = state.pending
    elif state.to_move is not None:
        seats = (state.to_move,)
    else:
        raise IllegalMove("The game is over")
    chosen = []
    for seat in seats:  # every seat's action found before any is played
        try:
            chosen.append(actions[seat])
        except (KeyError, IndexError):
            raise ValueError(f"no action for seat {seat}, which is to choose now") from None
    for action in chosen:
        apply_action(state, action)


# --- keys --------------------------------------------------------------------------------


class _Codes(dict[int, int]):
    """Small numbers for components, found by the component's identity: the engine never
    makes or destroys a component, so a game's components are the same objects in every
    copy. Each component is kept here, so an identity is never reused for another."""

    def __init__(self) -> None:
        super().__init__()
        self._by_value: dict[Component, int] = dict(
            zip(_DECK, range(len(_DECK)), strict=True)  # a card: its index in the deck
        )
        self._kept: list[Component] = []
        #: Each code's component named by its value (``stable``), once asked for.
        self._names: list[int] = []

    def stable(self) -> list[int]:
        """Each code's component as a number its value gives, the same in every process
        (a piece's code is the order this process first met it in): a card its place in
        the deck, another component a 63-bit digest of its repr."""
        names = self._names
        if len(names) != len(self._by_value):
            names[:] = [0] * len(self._by_value)
            for component, code in self._by_value.items():
                names[code] = code if code < len(_DECK) else _value_name(component)
        return names

    def learn(self, components: Iterable[Component]) -> None:
        """Give codes to components not seen before (a piece: the next free number)."""
        by_value = self._by_value
        for component in components:
            if id(component) not in self:
                code = by_value.get(component)
                if code is None:
                    code = by_value[component] = len(by_value)
                self[id(component)] = code
                self._kept.append(component)


def _value_name(component: Component) -> int:
    digest = hashlib.blake2b(repr(component).encode("utf-8", "surrogatepass"), digest_size=8)
    return len(_DECK) + (int.from_bytes(digest.digest(), "little") >> 1)


def _codes_of(game: Game) -> _Codes:
    found: _Codes | None = game.__dict__.get("_component_codes")
    if found is None:
        found = game.__dict__["_component_codes"] = _Codes()
    return found


def _encode_zone(node: Any, depth: int, out: list[int], code: Callable[[int], int]) -> None:
    """Each stack's size then its components' codes, onto ``out``: the stacks of a zone
    of depth 1 (a list per player, a grid's cells) in one loop, not a call each."""
    if depth == 0:
        out.append(len(node))
        out += map(code, map(id, node))
        return
    children = node.values() if node.__class__ is Grid else node
    if depth == 1:
        append = out.append
        for stack in children:
            append(len(stack))
            if stack:  # a board's cells are mostly empty
                out += map(code, map(id, stack))
        return
    for child in children:
        _encode_zone(child, depth - 1, out, code)


def _frozen(value: Any) -> Any:
    """A var's value as a hashable one (vars hold plain values; lists become tuples)."""
    kind = value.__class__
    if kind is list or kind is tuple:
        return tuple(map(_frozen, value))
    if kind is dict:
        return tuple((k, _frozen(v)) for k, v in value.items())
    if kind is set or kind is frozenset:
        return frozenset(map(_frozen, value))
    return value


def position_key(state: State) -> tuple[object, ...]:
    """A compact hashable value, equal exactly for equal positions: the zones as one
    bytes value (each stack's size then its components' codes), the vars, whose turn,
    the phase, the seats still to choose, the random generator, what is revealed, the
    outcome and the options. The history and the log are not part of a position."""
    game = state.game
    env = state.env
    codes = _codes_of(game)
    out: list[int] = []
    try:
        for name, depth in game._copying:
            _encode_zone(env[name], depth, out, codes.__getitem__)
    except KeyError:  # a component not seen before: learn them all, then again
        codes.learn(state.components())
        out = []
        for name, depth in game._copying:
            _encode_zone(env[name], depth, out, codes.__getitem__)
    try:
        zones = array("H", out).tobytes()  # codes and sizes stay below 2**16 in practice
    except OverflowError:
        zones = array("L", out).tobytes()
    variables = tuple(map(_frozen, map(env.__getitem__, game.vars)))
    return (
        zones,
        variables,
        env["current"],
        env["direction"],
        env["players"],
        state.phase,
        state.pending,
        state.rng.state,
        state.revealed,
        state.outcome,
        tuple(state.options.values()),
        len(env["seats"]),
        # What a take_back would put back is part of where the game can go from here.
        None if state.turn_start is None else position_key(state.turn_start),
    )


def stable_position_key(state: State) -> tuple[object, ...]:
    """``position_key`` with every component named by its value, not by the small number
    this process gave it when it first met it: the same position has the same key in
    every process whatever it played before (``vtt solve --table`` keeps it on disk)."""
    key = position_key(state)  # every component of the position now has its code
    env = state.env
    codes = _codes_of(state.game)
    names = codes.stable()
    out: list[int] = []
    for name, depth in state.game._copying:
        _encode_zone(env[name], depth, out, lambda ident: names[codes[ident]])
    turn = None if state.turn_start is None else stable_position_key(state.turn_start)
    return (tuple(out), *key[1:-1], turn)


# --- determinizing -----------------------------------------------------------------------


def _stacks_with_paths(
    node: Any, path: tuple[object, ...], depth: int
) -> Iterator[tuple[tuple[object, ...], list[Component]]]:
    if depth == 0:
        yield path, node
        return
    if isinstance(node, dict):
        for cell, child in node.items():
            yield from _stacks_with_paths(child, (*path, cell), depth - 1)
        return
    for index, child in enumerate(node):
        yield from _stacks_with_paths(child, (*path, index), depth - 1)


def hidden_stacks(state: State, seat: int) -> list[list[Component]]:
    """Every stack whose faces ``seat`` may not see now (as ``State.view`` hides them)."""
    return [stack for _, stack in _hidden_with_paths(state, seat)]


def _hidden_with_paths(state: State, seat: int) -> list[tuple[tuple[object, ...], list[Component]]]:
    found = []
    env = state.env
    for zone in state.game.zones.values():
        for path, stack in _stacks_with_paths(env[zone.name], (zone.name,), zone.depth):
            if not _sees(zone, path, seat, state):
                found.append((path, stack))
    return found


def _engine_names(state: State) -> frozenset[str]:
    """The names a position's environment keeps: the pack's and the engine's (made once
    per game and set of options: ``determinize`` asks at every search iteration)."""
    game = state.game
    kept: dict[tuple[str, ...], frozenset[str]] = game.__dict__.setdefault("_engine_names", {})
    options = tuple(state.options)
    found = kept.get(options)
    if found is None:
        found = kept[options] = _names_of(state)
    return found


def _names_of(state: State) -> frozenset[str]:
    game = state.game
    return frozenset(
        [
            *game.constants,
            *state.options,
            *game.zones,
            *game.vars,
            "me",
            "current",
            "direction",
            "players",
            "seats",
            "seat_names",
            "phase",
            METER_KEY,
            REVEALED_ZONES,
        ]
    )


def _seed_from(rng: random.Random | Rng) -> int:
    if isinstance(rng, Rng):
        return rng.next64()
    return rng.getrandbits(64)


def determinize(state: State, seat: int, rng: random.Random | Rng) -> State:
    """A position ``seat`` cannot tell from this one: the components it cannot see are
    dealt again at random into the same hidden places (see docs/engine.md for what else
    changes so that nothing hidden leaks). It has no journal, as every search's state:
    what the seat knows of the moves made is in its view."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} is not a seat of this {state.players}-player game")
    new = state.clone()
    new.invalidate()
    with_paths = _hidden_with_paths(new, seat)
    hidden = [stack for _, stack in with_paths]
    pool = [component for stack in hidden for component in stack]
    dealt = pool[:]
    rng.shuffle(dealt)
    if new.game.lacks and pool:
        # A search determinizes one position again and again: its bans are kept.
        key = (id(state), seat, position_key(state))
        last = _LAST_BANS[0]  # read once: another thread may replace it meanwhile
        if last is not None and last[0] == key:
            banned = last[1]
        else:
            banned = _banned(new, [path for path, _ in with_paths], pool)
            _LAST_BANS[0] = (key, banned)
        if any(banned):
            owner = [i for i, stack in enumerate(hidden) for _ in stack]
            _deal_under(dealt, [banned[i] for i in owner], rng)
    start = 0
    for stack in hidden:  # the same places, the same sizes, other components
        stack[:] = dealt[start : start + len(stack)]
        start += len(stack)
    # Each hidden component now stands where another stood: a hidden var that noted one
    # notes the other.
    unique = len(set(pool)) == len(pool)
    swapped: dict[Component, Component] = dict(zip(pool, dealt, strict=True)) if unique else {}
    _swap_hidden_vars(new, seat, swapped)
    # What the last moves and automatic steps left in the environment (arguments, let
    # and for names) may name a hidden component: only the pack's own names stay.
    keep = _engine_names(new)
    for name in [name for name in new.env if name not in keep]:
        del new.env[name]
    # Chance from here on is unknown to the seat: a new generator, and a new seed so the
    # start cannot be replayed from the seed and the history either.
    new.seed = _seed_from(rng)
    new.rng = Rng(new.seed)
    return new


#: The last position's bans: ((id of the state, seat, its key), bans per hidden stack).
_LAST_BANS: list[tuple[tuple[object, ...], list[frozenset[Component]]] | None] = [None]


def _banned(
    state: State, paths: Sequence[tuple[object, ...]], pool: Sequence[Component]
) -> list[frozenset[Component]]:
    """Per hidden stack, the components the pack's ``lacks:`` keeps out of it: what play
    has shown its owner does not hold (a suit not followed)."""
    env = state.env
    distinct = list(dict.fromkeys(pool))
    by_seat: dict[tuple[str, object], frozenset[Component]] = {}
    found = []
    for path in paths:
        banned: set[Component] = set()
        for lack in state.game.lacks:
            if path[0] != lack.zone:
                continue
            key = (lack.zone, path[1])
            known = by_seat.get(key)
            if known is None:
                env["p"] = path[1]
                kept = []
                for component in distinct:
                    env["c"] = component
                    if lack.where(env):
                        kept.append(component)
                known = by_seat[key] = frozenset(kept)
            banned |= known
        found.append(frozenset(banned))
    env.pop("p", None)
    env.pop("c", None)
    return found


def _deal_under(
    dealt: list[Component], banned: Sequence[frozenset[Component]], rng: random.Random | Rng
) -> None:
    """Rearrange a shuffled deal (``dealt[k]`` goes to place ``k``) so no place holds a
    component banned there, moving as few as it can: each component in a banned place
    finds a free place along an augmenting path (Kuhn's matching), the places tried
    from a random start. The true position satisfies every ban, so a deal exists; were
    the bans contradictory, what cannot be placed goes to the places left over."""
    places = len(dealt)
    holder: list[Component | None] = list(dealt)
    loose = []
    for place in range(places):
        component = holder[place]
        if component is not None and component in banned[place]:
            loose.append(component)
            holder[place] = None
    if not loose:
        return
    start = rng.randrange(places) if isinstance(rng, random.Random) else rng.below(places)
    order = [*range(start, places), *range(start)]

    def place_of(component: Component, tried: set[int]) -> bool:
        for place in order:  # free places first: the deal changes least
            if holder[place] is None and place not in tried and component not in banned[place]:
                tried.add(place)
                holder[place] = component
                return True
        for place in order:
            if place in tried or component in banned[place]:
                continue
            tried.add(place)
            other = holder[place]
            assert other is not None
            if place_of(other, tried):
                holder[place] = component
                return True
        return False

    unplaced = [component for component in loose if not place_of(component, set())]
    for place in range(places):
        if holder[place] is None:
            holder[place] = unplaced.pop()
    dealt[:] = [component for component in holder if component is not None]


def _swap_hidden_vars(state: State, seat: int, swapped: Mapping[Component, Component]) -> None:
    """A var the seat may not see that holds a component redealt (a card drawn face down
    and noted) holds the component now in its place; other hidden values stay as they
    are (docs/engine.md)."""
    if not swapped:
        return
    env = state.env
    for var in state.game.vars.values():
        if var.visibility == "everyone":
            continue
        value = env[var.name]
        if not var.per_player:
            env[var.name] = _swapped(value, swapped)
            continue
        for owner, item in enumerate(value):
            if var.visibility == "nobody" or owner != seat:
                value[owner] = _swapped(item, swapped)


def _swapped(value: Any, swapped: Mapping[Component, Component]) -> Any:
    """``value`` with each redealt component replaced, inside tuples and lists too."""
    kind = value.__class__
    if kind is tuple or kind is list:
        return kind(_swapped(item, swapped) for item in value)
    if isinstance(value, Card):  # a var holds cards, never pieces (they have no face)
        return swapped.get(value, value)
    return value
