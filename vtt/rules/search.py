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

import random
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from math import comb, isqrt
from operator import is_
from typing import TYPE_CHECKING, Any

from vtt.janken import Card, Suit, full_deck
from vtt.rules.moves import IllegalMove, Move
from vtt.rules.rng import Rng
from vtt.rules.values import Cell, Component, Grid
from vtt.rules.views import _sees

if TYPE_CHECKING:
    from vtt.rules.engine import Game, State
    from vtt.rules.model import ArgDef, MoveDef

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "ActionCodec",
    "codec_of",
    "current_player",
    "determinize",
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


# --- actions ---------------------------------------------------------------------------


class _Digit:
    """How one argument's value becomes a number: ``radix`` > 0 for a bounded domain
    (the number is below it), 0 for an unbounded one (numbers, words, free cells)."""

    __slots__ = ("decode", "encode", "radix")

    def __init__(self, radix: int, encode: Callable[[Any], int], decode: Callable[[int], Any]):
        self.radix = radix
        self.encode = encode
        self.decode = decode


def _zigzag(value: int) -> int:
    """0, -1, 1, -2, 2 ... as 0, 1, 2, 3, 4 ...: any whole number as a natural one."""
    return 2 * value if value >= 0 else -2 * value - 1


def _unzigzag(code: int) -> int:
    return code // 2 if code % 2 == 0 else -(code + 1) // 2


def _pair(x: int, y: int) -> int:
    """Cantor's pairing: two natural numbers as one, both recoverable."""
    return (x + y) * (x + y + 1) // 2 + y


def _unpair(z: int) -> tuple[int, int]:
    w = (isqrt(8 * z + 1) - 1) // 2
    y = z - w * (w + 1) // 2
    return w - y, y


def _card_digit() -> _Digit:
    def encode(card: Any) -> int:
        return _CARD_INDEX[card]

    return _Digit(len(_DECK), encode, _DECK.__getitem__)


def _cards_digit(low: int, high: int) -> _Digit:
    """A set of ``low`` to ``high`` cards: sets of each size in turn, each size ranked in
    the combinatorial number system over the 70-card deck."""
    total = len(_DECK)
    high = min(high, total)
    starts = [0]
    for size in range(low, high + 1):
        starts.append(starts[-1] + comb(total, size))

    def encode(cards: Any) -> int:
        indexes = sorted(_CARD_INDEX[card] for card in cards)
        size = len(indexes)
        if not low <= size <= high:
            raise ValueError(f"{size} cards, where {low} to {high} are chosen")
        rank = sum(comb(index, position + 1) for position, index in enumerate(indexes))
        return starts[size - low] + rank

    def decode(code: int) -> tuple[Card, ...]:
        for size in range(low, high + 1):
            if code < starts[size - low + 1]:
                break
        else:
            raise ValueError(f"{code} is past the last set of {high} cards")
        rank = code - starts[size - low]
        indexes = []
        for position in range(size, 0, -1):  # the largest index whose binomial fits
            index = position - 1
            while comb(index + 1, position) <= rank:
                index += 1
            indexes.append(index)
            rank -= comb(index, position)
        return tuple(sorted((_DECK[i] for i in indexes), key=Card.sort_key))

    return _Digit(starts[-1], encode, decode)


def _word_code(word: str) -> int:
    return int.from_bytes(b"\x01" + word.encode("utf-8"), "big")


def _code_word(code: int) -> str:
    data = code.to_bytes((code.bit_length() + 7) // 8, "big")
    if not data or data[0] != 1:
        raise ValueError(f"{code} is not a word's number")
    return data[1:].decode("utf-8")


def _cell_digit(size: tuple[int, int] | None) -> _Digit:
    if size is None:  # cells from an expression: any column and row

        def encode_free(cell: Any) -> int:
            return _pair(_zigzag(cell.col), _zigzag(cell.row))

        def decode_free(code: int) -> Cell:
            col, row = _unpair(code)
            return Cell(_unzigzag(col), _unzigzag(row))

        return _Digit(0, encode_free, decode_free)
    cols, rows = size

    def encode(cell: Any) -> int:
        if not (0 <= cell.col < cols and 0 <= cell.row < rows):
            raise ValueError(f"cell {cell} is off the {cols}x{rows} grid")
        return int(cell.row * cols + cell.col)

    def decode(code: int) -> Cell:
        return Cell(code % cols, code // cols)

    return _Digit(cols * rows, encode, decode)


def _listed_digit(items: Sequence[Any], what: str) -> _Digit:
    index = {item: position for position, item in enumerate(items)}

    def encode(value: Any) -> int:
        try:
            return index[value]
        except KeyError:
            raise ValueError(f"{value!r} is not one of the {what} ({len(items)})") from None

    return _Digit(len(items), encode, items.__getitem__)


def _seat_digit(seats: int) -> _Digit:
    def encode(seat: Any) -> int:
        if not (type(seat) is int and 0 <= seat < seats):
            raise ValueError(f"{seat!r} is not a seat of 0 to {seats - 1}")
        return seat

    return _Digit(seats, encode, int)


def _piece_kinds(game: Game) -> tuple[str, ...]:
    """Every piece kind of the pack, in the order its components name them."""
    return tuple(dict.fromkeys(kind for group in game.components for kind in group.pieces))


def _digit(game: Game, arg: ArgDef) -> _Digit:
    kind = arg.type
    if kind == "card":
        return _card_digit()
    if kind == "cards":
        return _cards_digit(arg.low, arg.high)
    if kind == "suit":
        return _Digit(len(_SUITS), int, _SUITS.__getitem__)
    if kind == "player":
        return _seat_digit(game.players[1])
    if kind == "piece":
        return _listed_digit(_piece_kinds(game), "piece kinds of the pack")
    if kind == "cell":
        size = arg.grid.zone.grid if arg.grid is not None else None
        return _cell_digit(size)
    if kind == "number":
        return _Digit(0, _zigzag, _unzigzag)
    return _Digit(0, _word_code, _code_word)  # word


class _KindCode:
    """The digits of one move kind's arguments: the bounded ones in mixed radix (the
    first argument lowest), then the unbounded ones paired into one number above them."""

    def __init__(self, game: Game, index: int, kind: MoveDef) -> None:
        self.index = index
        self.kind = kind
        self.digits = tuple(_digit(game, arg) for arg in kind.args)
        self.bounded = tuple(i for i, d in enumerate(self.digits) if d.radix)
        self.unbounded = tuple(i for i, d in enumerate(self.digits) if not d.radix)
        span = 1
        for i in self.bounded:
            span *= self.digits[i].radix
        self.span = span  # how many payloads the bounded arguments make

    def encode(self, values: Sequence[Any]) -> int:
        digits = self.digits
        payload, scale = 0, 1
        for i in self.bounded:
            payload += digits[i].encode(values[i]) * scale
            scale *= digits[i].radix
        if self.unbounded:
            *rest, last = (digits[i].encode(values[i]) for i in self.unbounded)
            for code in reversed(rest):
                last = _pair(code, last)
            payload += last * scale
        return payload

    def decode(self, payload: int) -> tuple[Any, ...]:
        values: list[Any] = [None] * len(self.digits)
        digits = self.digits
        for i in self.bounded:
            payload, code = divmod(payload, digits[i].radix)
            values[i] = digits[i].decode(code)
        if self.unbounded:
            for i in self.unbounded[:-1]:
                code, payload = _unpair(payload)
                values[i] = digits[i].decode(code)
            values[self.unbounded[-1]] = digits[self.unbounded[-1]].decode(payload)
        elif payload:
            raise ValueError("the number is past this move's last action")
        return tuple(values)


class ActionCodec:
    """A pack's moves as stable integers: ``action = kind + kinds * payload``.

    ``kind`` is the move kind's index in the pack's ``moves:``; ``payload`` holds the
    arguments, the bounded ones in mixed radix in the order the move lists them (the
    first lowest): a card by its index in the 70-card deck in printed order (suit by
    suit, Ace to King, the suit's Joker last), a set of cards by its rank among sets of
    its size (combinatorial number system) after all smaller sets, a suit by its number
    (Rock 0 .. Lizard 4), a seat by its number (radix: the pack's most players), a
    piece by its kind's index among the kinds the pack's components name, a cell of a
    ``grid:`` by ``row * columns + column``. Numbers, words and cells from an
    expression are unbounded: numbers zigzagged (0, -1, 1, -2 ... as 0, 1, 2, 3 ...),
    a word as the big-endian number of ``0x01`` + its UTF-8 bytes, a free cell as its
    zigzagged column and row paired; they sit above the bounded part, paired with
    Cantor's pairing when a move has several.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.kinds = tuple(_KindCode(game, i, kind) for i, kind in enumerate(game.moves.values()))
        self._by_name = {code.kind.name: code for code in self.kinds}
        # Moves are made once per argument values and kept by the game, so the action of
        # a move is found by its identity (C-speed); the moves are kept alive here too.
        self._actions: dict[int, int] = {}
        self._kept: list[Move] = []
        self._moves: dict[tuple[str, ...], dict[int, Move]] = {}  # seat names -> action -> move
        self._last: tuple[list[Move] | None, list[int]] = (None, [])

    @property
    def size(self) -> int | None:
        """How many actions there are (all below this), or None when a move has an
        unbounded argument (a number, a word, a free cell)."""
        if any(code.unbounded for code in self.kinds):
            return None
        count = len(self.kinds)
        return max((code.index + count * (code.span - 1) + 1 for code in self.kinds), default=0)

    def encode(self, kind: MoveDef, values: Sequence[Any]) -> int:
        """The action of a move kind with these argument values."""
        code = self._by_name[kind.name]
        try:
            return code.index + len(self.kinds) * code.encode(values)
        except (KeyError, ValueError, AttributeError, TypeError) as error:
            raise ValueError(f"{self.game.id}: move '{kind.name}' has no action: {error}") from None

    def action(self, move: Move, seat_names: Sequence[str]) -> int:
        """The action of a move (any spelling of it)."""
        found = self._actions.get(id(move))
        if found is not None:
            return found
        game = self.game
        kind = move.kind
        if kind is not None and game.moves.get(kind.name) is kind:
            values = move.values
        else:
            _, kind, values = game.resolve(move, seat_names)
        found = self.encode(kind, values)
        if move.kind is kind:  # a canonical move, kept by the game: remember it
            self._actions[id(move)] = found
            self._kept.append(move)
        return found

    def actions(self, moves: list[Move], seat_names: Sequence[str]) -> list[int]:
        """The actions of a list of moves."""
        if moves is self._last[0]:  # a state's list again (search asks parent and child)
            return self._last[1][:]
        try:
            found = list(map(self._actions.__getitem__, map(id, moves)))
        except KeyError:
            found = [self.action(move, seat_names) for move in moves]
        # Kept with the list itself, so the identity is not another list's: a state's legal
        # moves are never changed once listed (a new position gets a new list).
        self._last = (moves, found)
        return found[:]

    def forget_last(self) -> None:
        """Drop the list of moves kept for speed: it may be another seat's secret options,
        which a view handed to an agent must not carry (``vtt.rules.views``)."""
        self._last = (None, [])

    def move(self, action: int, seat_names: tuple[str, ...]) -> Move:
        """The move an action stands for; ValueError when it stands for none."""
        known = self._moves.get(seat_names)
        if known is None:
            known = self._moves[seat_names] = {}
        found = known.get(action)
        if found is not None:
            return found
        if type(action) is not int or action < 0:
            raise ValueError(f"{action!r} is not an action: actions are whole numbers from 0")
        payload, index = divmod(action, len(self.kinds)) if self.kinds else (0, -1)
        if index < 0:
            raise ValueError(f"{self.game.id} has no moves, so no action {action}")
        code = self.kinds[index]
        try:
            values = code.decode(payload)
        except (ValueError, IndexError, UnicodeDecodeError) as error:
            raise ValueError(
                f"{self.game.id}: {action} is not an action of move '{code.kind.name}': {error}"
            ) from None
        for arg, value in zip(code.kind.args, values, strict=True):
            if arg.type == "player" and value >= len(seat_names):
                raise ValueError(
                    f"{self.game.id}: {action} names seat {value + 1} of a "
                    f"{len(seat_names)}-seat game"
                )
        found = self.game.move_of(code.kind, values, seat_names)
        known[action] = found
        return found


def codec_of(game: Game) -> ActionCodec:
    """The action codec of a game, made once."""
    found: ActionCodec | None = game.__dict__.get("_action_codec")
    if found is None:
        found = game.__dict__["_action_codec"] = ActionCodec(game)
    return found


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
    winner +1 and every other seat -1 (a two-player game sums to zero)."""
    outcome = state.outcome
    count = state.players
    if outcome is None or not outcome.winners:
        return [0.0] * count
    winners = outcome.winners
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
    ahead = state.copy()
    ahead.pending = (seat, *(s for s in state.pending if s != seat))
    ahead.invalidate()
    return codec.actions(ahead.legal_list(), names)


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


def _codes_of(game: Game) -> _Codes:
    found: _Codes | None = game.__dict__.get("_component_codes")
    if found is None:
        found = game.__dict__["_component_codes"] = _Codes()
    return found


def _encode_zone(node: Any, depth: int, out: list[int], code: Callable[[int], int]) -> None:
    if depth == 0:
        out.append(len(node))
        out += map(code, map(id, node))
        return
    for child in node.values() if node.__class__ is Grid else node:
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
    variables = tuple(_frozen(env[name]) for name in game.vars)
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
    )


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
    found: list[list[Component]] = []
    env = state.env
    for zone in state.game.zones.values():
        for path, stack in _stacks_with_paths(env[zone.name], (zone.name,), zone.depth):
            if not _sees(zone, path, seat, state):
                found.append(stack)
    return found


def _engine_names(state: State) -> frozenset[str]:
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
        ]
    )


def _seed_from(rng: random.Random | Rng) -> int:
    if isinstance(rng, Rng):
        return rng.next64()
    return rng.getrandbits(64)


def determinize(state: State, seat: int, rng: random.Random | Rng) -> State:
    """A full state ``seat`` cannot tell from this one: its view is the same, and the
    components it cannot see are dealt again at random into the same hidden places
    (see docs/engine.md for what else changes so that nothing hidden leaks)."""
    from vtt.rules.engine import LogEntry

    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} is not a seat of this {state.players}-player game")
    new = state.copy()
    new.invalidate()
    hidden = hidden_stacks(new, seat)
    pool = [component for stack in hidden for component in stack]
    dealt = pool[:]
    rng.shuffle(dealt)
    start = 0
    for stack in hidden:  # the same places, the same sizes, other components
        stack[:] = dealt[start : start + len(stack)]
        start += len(stack)
    # Each hidden component now stands where another stood: the moves that put one
    # there in secret are rewritten as if the other had been chosen.
    unique = len(set(pool)) == len(pool)
    swapped: dict[Component, Component] = dict(zip(pool, dealt, strict=True)) if unique else {}
    _rewrite_secret_moves(new, seat, swapped, unique, LogEntry)
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


_SWAPPABLE = frozenset({"card", "cards"})


def _rewrite_secret_moves(
    state: State, seat: int, swapped: Mapping[Component, Component], unique: bool, entry: Any
) -> None:
    """Other seats' secret moves not yet unveiled, in the log and the history, as moves of
    the components now in their place; a move with other arguments than cards becomes
    ``<seat>: chooses``, as the seat's view shows it."""
    log = state.log_lines
    start = state.secret_from
    moves_at = [i for i in range(start, len(log)) if _entry(log[i])[0] is not None]
    if not moves_at:
        return
    history = state.history
    first = len(history) - len(moves_at)
    names = state.env["seat_names"]
    for offset, index in enumerate(moves_at):
        mover, secret = _entry(log[index])
        if not secret or mover == seat:
            continue
        made = history[first + offset]
        kind = made.kind
        if unique and kind is not None and all(arg.type in _SWAPPABLE for arg in kind.args):
            values = tuple(
                swapped.get(value, value)
                if arg.type == "card"
                else tuple(sorted((swapped.get(c, c) for c in value), key=Card.sort_key))
                for arg, value in zip(kind.args, made.values, strict=True)
            )
            replacement = state.game.move_of(kind, values, names)
        else:
            replacement = Move("chooses")
        history[first + offset] = replacement
        log[index] = entry(None, mover, True, (names[mover], ": ", replacement.text))


def _entry(line: Any) -> tuple[int | None, bool]:
    """(seat, secret) of a log line, kept as a tuple or a LogEntry; a move's line has
    the seat that made it, other lines None."""
    if line.__class__ is tuple:
        return line[1], line[2]
    return line.seat, line.secret
