"""Stable integer actions: every move of a pack as one small number, and back.

``action = kind + kinds * payload``, ``kind`` being the move kind's index in the
pack's ``moves:`` (all of them, whatever the options enable) and ``payload`` the
arguments' values in mixed radix, first argument lowest (see ``ActionCodec``). The
same move has the same action in every process for a pack, whatever its options and
number of seats. Each argument type gives its own digit (``ArgType.digit``, in
``vtt.rules.argtypes``); ``docs/engine.md`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from vtt.rules.argtypes import Role
from vtt.rules.argtypes.codes import pair, unpair
from vtt.rules.model import taking_back
from vtt.rules.moves import Move
from vtt.rules.recent import SEAT_NAMES_KEPT, Recent

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import MoveDef

__all__ = ["ActionCodec", "codec_of"]

#: The most Moves a codec keeps the actions of by identity (each one kept alive).
MOVES_KEPT = 1 << 18


class _KindCode:
    """The digits of one move kind's arguments: the bounded ones in mixed radix (the
    first argument lowest), then the unbounded ones paired into one number above them."""

    def __init__(self, game: Game, index: int, kind: MoveDef) -> None:
        self.index = index
        self.kind = kind
        self.digits = tuple(arg.argtype.digit(game, arg) for arg in kind.args)
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
                last = pair(code, last)
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
                code, payload = unpair(payload)
                values[i] = digits[i].decode(code)
            values[self.unbounded[-1]] = digits[self.unbounded[-1]].decode(payload)
        elif payload:
            raise ValueError("the number is past this move's last action")
        return tuple(values)


class ActionCodec:
    """A pack's moves as stable integers: ``action = kind + kinds * payload``.

    ``kind`` is the move kind's index in the pack's ``moves:``; ``payload`` holds the
    arguments, the bounded ones in mixed radix in the order the move lists them (the
    first lowest), each its type's digit (``ArgType.digit``: a card by its index in
    the 70-card deck, a seat by its number...; ``docs/engine.md`` lists them all). The
    unbounded ones (numbers, words, cells from an expression) sit above the bounded
    part, paired with Cantor's pairing when a move has several.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.kinds = tuple(_KindCode(game, i, kind) for i, kind in enumerate(game.moves.values()))
        self._by_name = {code.kind.name: code for code in self.kinds}
        #: The kinds (their index) whose effects take back the turn under way.
        self.undoing = frozenset(
            code.index for code in self.kinds if taking_back(game.steps.effects[code.kind.name])
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
        known = self._actions
        try:
            found = list(map(known.__getitem__, map(id, moves)))
        except KeyError:  # some moves are new: only those are encoded
            get = known.get  # (action 0 is looked up again by ``action``: still right)
            found = [get(id(move)) or self.action(move, seat_names) for move in moves]
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
            if arg.argtype.role is Role.SEAT and value >= len(seat_names):
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
