"""The standard library of pack expressions, named after mechanisms, never after games.

Suits can be given as suits, cards or pieces (a piece named R, P, S, W or L).

>>> from vtt.janken import Card
>>> suit_winner(Card.parse("JP"), Card.parse("2L"))
1
>>> trick_winner(cards("5R 9P KS"))
1
>>> line_made(_demo_grid(), 3)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from vtt.janken import Card, Rank, Suit
from vtt.janken import deck as janken_deck
from vtt.janken import relation as janken_relation
from vtt.janken import rule_between as janken_rule_between
from vtt.rules.expr import MAX_WORK, SAFE_BUILTINS, Library, charged, merge
from vtt.rules.values import Cell, Component, Grid, Piece, Stack

__all__ = ["GRID_CELLS", "LIBRARY", "PACK_LIBRARY", "describe"]

#: Functions whose result is a tuple of distinct cells of the grid given first, so a
#: ``cell`` argument narrowed to it needs no check that its values are on that grid.
GRID_CELLS = frozenset({"neighbours", "jumps", "reach", "reachable", "cells", "empty_cells"})

_SUITS = tuple(Suit)
# _BEATS[reversed][a][b]
_BEATS = tuple(
    tuple(tuple(((a - b) % 5 in (1, 3)) != rev for b in range(5)) for a in range(5))
    for rev in (False, True)
)


_LETTERS: dict[object, Suit] = {suit.letter: suit for suit in Suit}
_NONE: Any = object()


def _suit(value: object) -> Suit:
    kind = type(value)  # the usual types first, without an isinstance chain
    if kind is Card:
        return value.suit  # type: ignore[attr-defined, no-any-return]
    if kind is str or kind is Piece:
        letter = value if kind is str else value.kind  # type: ignore[attr-defined]
        found = _LETTERS.get(letter)
        if found is not None:
            return found
    return _any_suit(value)


def _any_suit(value: object) -> Suit:
    if isinstance(value, Card):
        return value.suit
    if isinstance(value, Suit):
        return value
    if isinstance(value, Piece):
        found = _LETTERS.get(value.kind)
        if found is not None:
            return found
    if isinstance(value, str):
        return _LETTERS.get(value) or Suit.parse(value)
    raise ValueError(f"{describe(value)} has no suit")


def beats(a: object, b: object, reversed: bool = False) -> bool:
    """True when the suit of ``a`` beats the suit of ``b``; ``reversed`` applies Joker rules."""
    if a is None or b is None:
        return False
    # The usual types looked up in place: this runs in the inner loop of move generation.
    sa: Any
    sb: Any
    kind = a.__class__
    if kind is Piece:
        sa = _LETTERS.get(a.kind, _NONE)  # type: ignore[attr-defined]
    else:
        sa = _LETTERS.get(a, _NONE) if kind is str else _NONE
    kind = b.__class__
    if kind is Piece:
        sb = _LETTERS.get(b.kind, _NONE)  # type: ignore[attr-defined]
    else:
        sb = _LETTERS.get(b, _NONE) if kind is str else _NONE
    if sa is _NONE:
        sa = _suit(a)
    if sb is _NONE:
        sb = _suit(b)
    found: bool = _BEATS[1 if reversed else 0][sa][sb]
    return found


def relation(x: object, reference: object, reversed: bool = False) -> str:
    """How ``x`` compares to ``reference``: same, strongest, stronger, weaker or weakest."""
    return janken_relation(_suit(x), _suit(reference), jokers=bool(reversed)).value


def _stepped(distance: int) -> Callable[..., Suit]:
    def suit_at(suit: object, reversed: bool = False) -> Suit:
        step = (5 - distance) % 5 if reversed else distance
        return _SUITS[(_suit(suit) + step) % 5]

    return suit_at


strongest = _stepped(1)
stronger = _stepped(3)
weaker = _stepped(2)
weakest = _stepped(4)
strongest.__doc__ = "The suit that beats ``suit`` and the other suit that beats it."
stronger.__doc__ = "The other suit that beats ``suit``."
weaker.__doc__ = "The suit ``suit`` beats that beats the weakest one."
weakest.__doc__ = "The suit that ``suit`` beats and that the other beaten suit beats."


_JOKER = Rank.JOKER


def _is_joker(value: object) -> bool:
    return type(value) is Card and value.rank is Rank.JOKER


def suit_winner(a: object, b: object) -> int | None:
    """0 when ``a``'s suit wins, 1 when ``b``'s does, None for the same suit; a Joker reverses."""
    if a.__class__ is Card and b.__class__ is Card:  # two cards: War's every round
        sa, sb = a.suit, b.suit
        if sa is sb:
            return None
        joker = a.rank is _JOKER or b.rank is _JOKER
        return 0 if _BEATS[joker][sa][sb] else 1
    sa, sb = _suit(a), _suit(b)
    if sa == sb:
        return None
    return 0 if _BEATS[_is_joker(a) or _is_joker(b)][sa][sb] else 1


def rule_between(a: object, b: object) -> str:
    """The Rule Card sentence deciding between two cards (Joker rules when either is a Joker).

    >>> rule_between(Card.parse("JP"), Card.parse("2L"))
    'Lizard eats Paper'
    """
    if a.__class__ is Card and b.__class__ is Card:  # two cards: every round of War
        return _SENTENCES[a.rank is _JOKER or b.rank is _JOKER][a.suit][b.suit]
    return _rule_sentence(_suit(a), _suit(b), _is_joker(a) or _is_joker(b))


@cache
def _rule_sentence(a: Suit, b: Suit, jokers: bool) -> str:
    sentence = janken_rule_between(a, b, jokers=jokers)
    return sentence if sentence is not None else "same suit"


# _SENTENCES[jokers][a][b]: the Rule Card sentence between two suits.
_SENTENCES = tuple(
    tuple(tuple(_rule_sentence(a, b, jokers) for b in Suit) for a in Suit)
    for jokers in (False, True)
)


def high_card(a: Card, b: Card) -> int | None:
    """0 or 1 for the winner by High Card; None for identical cards."""
    if a.suit == b.suit:
        return None if a.rank == b.rank else (0 if a.rank > b.rank else 1)
    return suit_winner(a, b)


def trick_winner(cards: Sequence[Card], lead: int = 0, trump: object = None) -> int:
    """Index of the card taking the trick: suit precedence to the lead suit, Jokers reverse.

    Without a Joker the order is strongest-to-lead, stronger-to-lead, the lead suit;
    with one it is weakest, weaker, lead. A ``trump`` suit beats every other suit.
    """
    lead_suit = cards[lead].suit
    jokers = any(card.rank is Rank.JOKER for card in cards)
    order = (4, 2, 0) if jokers else (1, 3, 0)
    trump_suit = None if trump is None else _suit(trump)

    def key(index: int) -> tuple[int, int]:
        card = cards[index]
        if trump_suit is not None and card.suit == trump_suit:
            return (9, card.rank)
        distance = (card.suit - lead_suit) % 5
        place = order.index(distance) if distance in order else 3
        return (5 - place if place < 3 else -1, card.rank)

    return max(range(len(cards)), key=key)


def rank_value(card: Card, ace: int = 14, face: int | None = None, joker: int = 0) -> int:
    """A card's number for sums: Ace ``ace``, J/Q/K 11-13 (or ``face``), Joker ``joker``."""
    rank = card.rank
    if rank is Rank.ACE:
        return ace
    if rank is Rank.JOKER:
        return joker
    if face is not None and rank > Rank.TEN:
        return face
    return int(rank)


def rank_sum(cards: Iterable[Card], ace: int = 14, face: int | None = None, joker: int = 0) -> int:
    """The sum of the cards' rank values."""
    return sum(rank_value(card, ace, face, joker) for card in cards)


def top(stack: Sequence[Component]) -> Component | None:
    """The top component of a stack, or None when it is empty."""
    return stack[-1] if stack else None


def bottom(stack: Sequence[Component]) -> Component | None:
    """The bottom component of a stack, or None when it is empty."""
    return stack[0] if stack else None


def empty(stack: Sequence[Component]) -> bool:
    """True when the stack holds nothing."""
    return not stack


def has_suit(items: Iterable[object], suit: object) -> bool:
    """True when any of the items has the suit."""
    wanted = _suit(suit)
    # A loop, not any(...): no generator to resume per item in the move searches' loops.
    for item in items:  # noqa: SIM110
        if (item.suit if item.__class__ is Card else _suit(item)) == wanted:
            return True
    return False


def of_suit(items: Iterable[object], suit: object) -> tuple[object, ...]:
    """The items of one suit."""
    wanted = _suit(suit)
    return tuple(item for item in items if _suit(item) == wanted)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation: ``cards('AR KP')``."""
    if type(text) is str and len(text) <= 200:  # a pack's own short lists, parsed once
        return _cards(text)
    return tuple(Card.parse(word) for word in text.split())


@lru_cache(maxsize=256)
def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


#: Work units for each card ``cards`` or ``deck`` builds: making a Card costs about
#: as much as ten items of a comprehension.
_CARD_WORK = 10


def _cards_cost(text: str) -> int:
    return _CARD_WORK * len(str(text).split())


setattr(cards, "cost", _cards_cost)  # noqa: B010


def deck(jokers: bool = True, suits: str = "RPSWL", ranks: str | None = None) -> tuple[Card, ...]:
    """A Janken deck: ``suits`` as letters, ``ranks`` as notation words (all by default)."""
    usual = type(jokers) is bool and type(suits) is str and len(suits) <= 10
    if usual and (ranks is None or (type(ranks) is str and len(ranks) <= 60)):
        return _deck(jokers, suits, ranks)  # the usual decks, built once
    return _built_deck(jokers, suits, ranks)


@lru_cache(maxsize=64)
def _deck(jokers: bool, suits: str, ranks: str | None) -> tuple[Card, ...]:
    return _built_deck(jokers, suits, ranks)


def _built_deck(jokers: bool, suits: str, ranks: str | None) -> tuple[Card, ...]:
    chosen = [Suit.parse(letter) for letter in suits]
    if ranks is None:
        return tuple(janken_deck(jokers=jokers, suits=chosen))
    wanted = [Rank.parse(word) for word in ranks.split()]
    return tuple(Card(rank, suit) for suit in chosen for rank in wanted)


def _deck_size(jokers: bool = True, suits: str = "RPSWL", ranks: str | None = None) -> int:
    """The cards ``deck`` builds, charged before it builds them."""
    return _CARD_WORK * len(suits) * (len(Rank) if ranks is None else len(str(ranks).split()))


setattr(deck, "cost", _deck_size)  # noqa: B010


def cell(name: str | int, row: int | None = None) -> Cell:
    """A cell from its name, ``cell('b2')``, or its column and row counted from 0 as
    ``c.col`` and ``c.row`` give them, ``cell(1, 1)`` (b2)."""
    if row is None:
        return _cell(name) if type(name) is str else Cell.parse(name)  # type: ignore[arg-type]
    if type(name) is not int or type(row) is not int or name < 0 or row < 0:
        raise ValueError(f"cell({name!r}, {row!r}): a column and a row are whole numbers from 0")
    return Cell(name, row)


def offset(at: Cell, columns: int, rows: int, grid: Grid | None = None) -> Cell | None:
    """The cell ``columns`` to the right and ``rows`` up from ``at`` (negative: left,
    down); None off the board (below a or 1, or past the edge of ``grid`` when given)."""
    if not isinstance(at, Cell) or type(columns) is not int or type(rows) is not int:
        raise TypeError(f"offset({at!r}, {columns!r}, {rows!r}): a cell and two whole numbers")
    col, row = at.col + columns, at.row + rows
    if col < 0 or row < 0 or (grid is not None and (col >= grid.cols or row >= grid.rows)):
        return None
    return Cell(col, row)


def revealed(zone: object) -> bool:
    """True when a ``reveal:`` step shows this zone instance now (``revealed(hand[p])``).

    The loader writes each call as a test of the instance's key (see
    ``vtt.rules.expr.revealing``): this function runs only where that was not done."""
    raise TypeError("revealed() takes a zone of the pack as written, like revealed(hand[p])")


@lru_cache(maxsize=512)  # packs name a few cells (the centre) over and over
def _cell(name: str) -> Cell:
    return Cell.parse(name)


_ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))


def neighbours(grid: Grid, at: Cell) -> tuple[Cell, ...]:
    """The cells orthogonally next to ``at`` on the grid."""
    return _neighbours(grid.cols, grid.rows, at)


@cache
def _neighbours(cols: int, rows: int, at: Cell) -> tuple[Cell, ...]:
    found = [Cell(at.col + dc, at.row + dr) for dc, dr in _ORTHOGONAL]
    return tuple(c for c in found if 0 <= c.col < cols and 0 <= c.row < rows)


def jumps(grid: Grid, at: Cell, over: Cell) -> tuple[Cell, ...]:
    """The cell two steps from ``at`` in a straight line when ``over`` is the cell between."""
    dc, dr = over.col - at.col, over.row - at.row
    if abs(dc) + abs(dr) != 1:
        return ()
    landing = Cell(over.col + dc, over.row + dr)
    return (landing,) if landing in grid else ()


def reach(grid: Grid, at: Cell, over: Cell) -> tuple[Cell, ...]:
    """Neighbours of ``at`` plus the jump over ``over`` (when it is a neighbour)."""
    if at.__class__ is Cell and over.__class__ is Cell:  # the usual case, worked out once
        near, landing, both = _reach(grid.cols, grid.rows, at, over)
        return both if landing is not None and landing in grid else near
    return _neighbours(grid.cols, grid.rows, at) + jumps(grid, at, over)


@lru_cache(maxsize=4096)
def _reach(
    cols: int, rows: int, at: Cell, over: Cell
) -> tuple[tuple[Cell, ...], Cell | None, tuple[Cell, ...]]:
    """The neighbours of ``at``, the cell a jump over ``over`` lands on (None if there
    is no such jump) and both together; whether the landing is on the grid is left open."""
    near = _neighbours(cols, rows, at)
    dc, dr = over.col - at.col, over.row - at.row
    if abs(dc) + abs(dr) != 1:
        return near, None, near
    landing = Cell(over.col + dc, over.row + dr)
    return near, landing, (*near, landing)


@cache
def _lines(cols: int, rows: int, n: int) -> tuple[tuple[Cell, ...], ...]:
    found: list[tuple[Cell, ...]] = []
    if n > max(cols, rows):  # no line that long fits: do not build any
        return ()
    for col in range(cols):
        for row in range(rows):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = tuple(Cell(col + k * dc, row + k * dr) for k in range(n))
                if all(0 <= c.col < cols and 0 <= c.row < rows for c in line):
                    found.append(line)
    return tuple(found)


def _key(component: Component | None, key: str) -> object:
    if component is None:
        return None
    if key == "rank" and isinstance(component, Card):
        return component.rank
    if key == "owner" and isinstance(component, Piece):
        return component.owner
    if isinstance(component, Piece) and key == "kind":
        return component.kind
    return _suit(component)


def lines_made(grid: Grid, n: int, key: str = "suit") -> tuple[tuple[Cell, ...], ...]:
    """Every line of ``n`` cells (row, column, diagonal) whose tops share ``key``."""
    made = []
    for line in _lines(grid.cols, grid.rows, n):
        stacks = [grid[c] for c in line]
        if all(stacks):
            first = _key(stacks[0][-1], key)
            if all(_key(s[-1], key) == first for s in stacks[1:]):
                made.append(line)
    return tuple(made)


def line_made(grid: Grid, n: int, key: str = "suit") -> bool:
    """True when ``n`` tops in a row share ``key`` (``suit``, ``rank``, ``kind`` or ``owner``)."""
    return bool(lines_made(grid, n, key))


def tops(grid: Grid) -> tuple[Component | None, ...]:
    """The top of every cell, in cell order (None for an empty cell)."""
    return tuple(stack[-1] if stack else None for stack in grid.values())


def cells(grid: Grid) -> tuple[Cell, ...]:
    """Every cell of the grid."""
    return tuple(grid)


def empty_cells(grid: Grid) -> tuple[Cell, ...]:
    """The cells holding nothing."""
    return tuple(c for c, stack in grid.items() if not stack)


def _owner(stack: Stack) -> int | None:
    top_item = stack[-1] if stack else None
    return top_item.owner if isinstance(top_item, Piece) else None


def _walk(grid: Grid, at: Cell, owner: int, seen: set[Cell]) -> tuple[list[Cell], set[Cell]]:
    """The cells of ``owner``'s group at ``at`` and the empty cells touching it, in one
    walk; each cell of the group is added to ``seen`` (a go move asks for both players'
    dead groups, so a group is walked once)."""
    cols, rows = grid.cols, grid.rows
    seen.add(at)
    members, todo, free = [at], [at], set()
    while todo:
        for near in _neighbours(cols, rows, todo.pop()):
            if near in seen:
                continue
            there = grid[near]
            if not there:
                free.add(near)
            elif _owner(there) == owner:
                seen.add(near)
                members.append(near)
                todo.append(near)
    return members, free


def group(grid: Grid, at: Cell) -> tuple[Cell, ...]:
    """The cells connected to ``at`` through pieces of the same owner (go groups)."""
    owner = _owner(grid[at])
    if owner is None:
        return ()
    return tuple(sorted(_walk(grid, at, owner, set())[0]))


def liberties(grid: Grid, at: Cell) -> int:
    """The number of empty cells next to the group at ``at``."""
    owner = _owner(grid[at])
    if owner is None:
        return 0
    return len(_walk(grid, at, owner, set())[1])


def dead_groups(grid: Grid, owner: int) -> tuple[Cell, ...]:
    """The cells of ``owner``'s groups that have no liberty left."""
    dead: list[Cell] = []
    seen: set[Cell] = set()
    for at, stack in grid.items():
        if at not in seen and _owner(stack) == owner:
            members, free = _walk(grid, at, owner, seen)
            if not free:
                dead.extend(members)
    return tuple(sorted(dead))


def reachable(grid: Grid, start: Iterable[Cell], steps: int) -> tuple[Cell, ...]:
    """The cells a piece on any of ``start`` can walk to in at most ``steps`` steps up,
    down, left or right over empty cells (``start`` included, in grid order).

    >>> [str(c) for c in reachable(Grid(3, 1), [cell("a1")], 1)]
    ['a1', 'b1']
    >>> [str(c) for c in reachable(_demo_go(), [cell("b2")], 5)]  # b1 and a2 held
    ['b2']
    """
    cols, rows = grid.cols, grid.rows
    seen = {c for c in start if c in grid}
    edge = list(seen)
    for _ in range(max(0, steps)):
        step = []
        for at in edge:
            for near in _neighbours(cols, rows, at):
                if near not in seen and not grid[near]:
                    seen.add(near)
                    step.append(near)
        if not step:
            break
        edge = step
    return tuple(c for c in grid if c in seen)


def suicide(grid: Grid, at: Cell, owner: int, left: Cell | None = None) -> bool:
    """True if a piece of ``owner`` put on ``at`` (in place of what is there, coming from
    ``left`` if given, which is then empty) captures no group of another owner and its
    own group has no liberty: the move go forbids.

    >>> board = _demo_go()
    >>> suicide(board, cell('a1'), 0), suicide(board, cell('a1'), 1)
    (True, False)
    """
    cols, rows = grid.cols, grid.rows

    def owner_of(here: Cell) -> int | None:
        if here == at:
            return owner
        if here == left:
            return None
        return _owner(grid[here])

    def breathes(start: Cell, who: int) -> bool:
        seen, todo = {start}, [start]
        while todo:
            for near in _neighbours(cols, rows, todo.pop()):
                if near in seen:
                    continue
                near_owner = owner_of(near)
                if near_owner is None and (near == left or not grid[near]):
                    return True
                if near_owner == who:
                    seen.add(near)
                    todo.append(near)
        return False

    around = _neighbours(cols, rows, at)
    if any(near == left or not grid[near] for near in around):
        return False  # an empty cell beside it: the usual case, answered at once
    for near in around:
        foe = owner_of(near)
        if foe is not None and foe != owner and not breathes(near, foe):
            return False
    return not breathes(at, owner)


def snapshot(grid: Grid) -> str:
    """The whole board as one text, equal exactly for equal boards (ko: a var keeps the
    position to compare with; text is cheap to keep, copy and compare).

    >>> snapshot(_demo_go())
    '/R@1/R@1/'
    """
    return "/".join(" ".join(map(_code, stack)) for stack in grid.values())


def _code(component: Component) -> str:
    if isinstance(component, Piece) and component.owner >= 0:
        return f"{component.kind}@{component.owner}"
    return str(component)


def subsets(items: Sequence[Any], least: int, most: int) -> tuple[tuple[Any, ...], ...]:
    """Every combination of ``least`` to ``most`` of the items."""
    return tuple(
        combo
        for size in range(least, min(most, len(items)) + 1)
        for combo in itertools.combinations(items, size)
    )


def _subsets_count(items: Sequence[Any], least: int, most: int) -> int:
    """How many combinations ``subsets`` would build: charged before it builds them.
    Counting stops past the work limit, so a huge count is never worked out."""
    n = len(items)
    total = 0
    for size in range(max(least, 0), min(most, n) + 1):
        # comb(n, k) >= 2**min(k, n-k): past 20 it is over the limit without computing it.
        total += math.comb(n, size) if min(size, n - size) <= 20 else MAX_WORK + 1
        if total > MAX_WORK:
            break
    return total


setattr(subsets, "cost", _subsets_count)  # noqa: B010


def most(values: Sequence[float]) -> tuple[int, ...]:
    """The indexes holding the largest value (several when tied)."""
    best = max(values)
    return tuple(i for i, value in enumerate(values) if value == best)


def least(values: Sequence[float]) -> tuple[int, ...]:
    """The indexes holding the smallest value (several when tied)."""
    low = min(values)
    return tuple(i for i, value in enumerate(values) if value == low)


def seat_after(seat: int, seats: Sequence[int], steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` among ``seats`` (negative: before)."""
    if seat in seats:
        return seats[(seats.index(seat) + steps) % len(seats)]
    later = [s for s in seats if s > seat]
    return later[0] if later else seats[0]


def others(seat: int, seats: Sequence[int]) -> tuple[int, ...]:
    """Every seat but ``seat``."""
    return tuple(s for s in seats if s != seat)


def plural(number: int, noun: str, nouns: str | None = None) -> str:
    """The number and its noun, singular for one: how a count reads in a sentence.

    >>> plural(1, "round"), plural(3, "round"), plural(0, "card"), plural(2, "ace", "aces")
    ('1 round', '3 rounds', '0 cards', '2 aces')
    """
    return f"{number} {noun if number == 1 else nouns or noun + 's'}"


def describe(value: object) -> str:
    """A value as a player reads it: QL, Rock, b2, R, 3; lists space-separated."""
    if isinstance(value, Suit):
        return value.title
    if value is None:
        return "nothing"
    if isinstance(value, Cell):
        return value.name
    if isinstance(value, list | tuple | set | frozenset):
        return " ".join(describe(item) for item in value)
    return str(value)


# Small enough to be written in place of their calls (see vtt.rules.expr.inlining._Inlining).
setattr(top, "inline_form", "top")  # noqa: B010
setattr(empty, "inline_form", "empty")  # noqa: B010


def _demo_go() -> Grid:
    """a1 in a corner held by seat 1 on b1 and a2 (2x2: b2 empty)."""
    grid = Grid(2, 2)
    grid[Cell.parse("b1")].append(Piece("R", 1))
    grid[Cell.parse("a2")].append(Piece("R", 1))
    return grid


def _demo_grid() -> Grid:
    grid = Grid(3, 3)
    for name in ("a1", "b2", "c3"):
        grid[Cell.parse(name)].append(Card(Rank.TWO, Suit.ROCK))
    return grid


#: Functions whose work and result are bounded whatever their arguments: called in
#: the inner loops of move generation, so they skip the meter (see ``charged``).
_CONSTANT_WORK = frozenset(
    {
        "revealed",
        "beats",
        "relation",
        "strongest",
        "stronger",
        "weaker",
        "weakest",
        "suit_winner",
        "rule_between",
        "high_card",
        "rank_value",
        "top",
        "bottom",
        "empty",
        "cell",
        "offset",
        "neighbours",
        "jumps",
        "reach",
    }
)

_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "beats": beats,
    "relation": relation,
    "strongest": strongest,
    "stronger": stronger,
    "weaker": weaker,
    "weakest": weakest,
    "suit_winner": suit_winner,
    "rule_between": rule_between,
    "high_card": high_card,
    "trick_winner": trick_winner,
    "rank_value": rank_value,
    "rank_sum": rank_sum,
    "top": top,
    "bottom": bottom,
    "empty": empty,
    "has_suit": has_suit,
    "of_suit": of_suit,
    "cards": cards,
    "deck": deck,
    "cell": cell,
    "offset": offset,
    "neighbours": neighbours,
    "jumps": jumps,
    "reach": reach,
    "lines_made": lines_made,
    "line_made": line_made,
    "tops": tops,
    "cells": cells,
    "empty_cells": empty_cells,
    "group": group,
    "liberties": liberties,
    "dead_groups": dead_groups,
    "reachable": reachable,
    "snapshot": snapshot,
    "suicide": suicide,
    "subsets": subsets,
    "most": most,
    "least": least,
    "seat_after": seat_after,
    "others": others,
    "plural": plural,
    "revealed": revealed,
}

LIBRARY = Library(
    functions={
        name: function if name in _CONSTANT_WORK else charged(function)
        for name, function in _FUNCTIONS.items()
    },
    constants={
        **{suit.title: suit for suit in Suit},
        "Ace": Rank.ACE,
        "King": Rank.KING,
        "Queen": Rank.QUEEN,
        "Jack": Rank.JACK,
        "Joker": Rank.JOKER,
    },
    attributes=frozenset({"suit", "rank", "is_joker", "kind", "owner", "col", "row"}),
)

#: What pack expressions may call: Python's safe built-ins and this library.
PACK_LIBRARY = merge(SAFE_BUILTINS, LIBRARY)
