"""Stable integer actions: every move of a pack as one small number, and back.

``action = kind + kinds * payload``, ``kind`` being the move kind's index in the
pack's ``moves:`` (all of them, whatever the options enable) and ``payload`` the
arguments' values in mixed radix, first argument lowest (see ``ActionCodec``). The
same move has the same action in every process for a pack, whatever its options and
number of seats (``docs/engine.md`` lists each argument type's digits).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, isqrt
from typing import TYPE_CHECKING, Any

from vtt.janken import Card, Suit, full_deck
from vtt.rules.model import taking_back
from vtt.rules.moves import Move
from vtt.rules.recent import SEAT_NAMES_KEPT, Recent
from vtt.rules.values import Cell

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef, MoveDef

__all__ = ["ActionCodec", "codec_of"]

_DECK: tuple[Card, ...] = tuple(full_deck())
_CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(_DECK)}
_SUITS = tuple(Suit)
#: The most Moves a codec keeps the actions of by identity (each one kept alive).
MOVES_KEPT = 1 << 18


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
        # A grid sized by options has no one size: its cells are numbered as free ones.
        size = arg.grid.zone.fixed_size if arg.grid is not None else None
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
        #: The kinds (their index) whose effects take back the turn under way.
        self.undoing = frozenset(
            code.index for code in self.kinds if taking_back(code.kind.effects)
        )
        # Moves are made once per argument values and kept by the game, so the action of
        # a move is found by its identity (C-speed); the moves are kept alive here too,
        # up to MOVES_KEPT (then forgotten all at once, and found again by encoding).
        self._actions: dict[int, int] = {}
        self._kept: list[Move] = []
        # seat names -> action -> move, for the most recently used seat names
        self._moves: Recent[tuple[str, ...], dict[int, Move]] = Recent(SEAT_NAMES_KEPT)
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
            if len(self._kept) >= MOVES_KEPT:  # games with ever new seat names made them
                self._actions.clear()
                self._kept.clear()
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

    def move(self, action: int, seat_names: tuple[str, ...]) -> Move:
        """The move an action stands for; ValueError when it stands for none."""
        known = self._moves.get(seat_names)  # a search's every move: not marked used
        if known is None:
            known = self._moves.keep(seat_names, {})
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
