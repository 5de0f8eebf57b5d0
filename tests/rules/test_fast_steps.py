"""The engine's quick paths give what the plain rules say: dealing, hoisted checks."""

from __future__ import annotations

import pytest

from vtt.rules.engine import Game
from vtt.rules.expr import EvalError, Expr, compile_expr
from vtt.rules.loader import LIBRARY_ALL, load_pack_text

DEALER = """\
format: 1
id: dealer
name: Dealer
players: {min: 2, max: 4}
components:
  deck: {cards: "deck()", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
setup:
  - shuffle: pool
  DEAL
flow:
  start: play
  phases:
    play: {turn: single, moves: [pass]}
moves:
  pass: {text: pass}
"""


def _dealer(deal: str) -> Game:
    return load_pack_text(DEALER.replace("DEAL", deal), "dealer.yaml")


def _one_at_a_time(pool: list[object], seats: int, count: str, start: int) -> list[list[object]]:
    """The deal as the rules describe it: one card at a time from the top, round the table."""
    pool = pool[:]
    hands: list[list[object]] = [[] for _ in range(seats)]
    order = [(start + i) % seats for i in range(seats)]
    rounds = len(pool) if count in ("all", "even") else int(count)
    for _ in range(rounds):
        for seat in order:
            if not pool or (count == "even" and len(pool) < seats and seat == order[0]):
                return hands
            hands[seat].append(pool.pop())
    return hands


@pytest.mark.parametrize("count", ["all", "even", "0", "3", "40"])
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("start", [0, 1])
def test_a_deal_gives_each_seat_the_cards_dealt_one_at_a_time(
    count: str, seats: int, start: int
) -> None:
    dealt = _dealer(f"- deal: {{from: pool, to: hand, count: {count}, start: {start}}}")
    shuffled = _dealer("")
    for seed in (0, 3):
        state = dealt.new_state(seed=seed, players=seats)
        pool = shuffled.new_state(seed=seed, players=seats).zone("pool")
        expected = _one_at_a_time(pool, seats, count, start)
        assert state.zone("hand") == expected
        left = len(pool) - sum(len(hand) for hand in expected)
        assert state.zone("pool") == pool[:left]
    if count == "even":  # 65 cards: nobody gets the odd ones
        assert len({len(hand) for hand in state.zone("hand")}) == 1


HOIST = """\
format: 1
id: hoist
name: Hoist
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('AR AP AS 2R')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
flow:
  start: play
  phases:
    play: {turn: single, moves: [pair]}
moves:
  pair:
    text: "pair {first} {second}"
    args:
      first: {type: card, from: pool}
      second: {type: card, from: pool}
    when:
      - check: "CHECK"
        message: no
    effects:
      - move: {what: first, from: pool, to: "hand[me]"}
"""


def _hoist(check: str) -> Game:
    return load_pack_text(HOIST.replace("CHECK", check), "hoist.yaml")


def test_an_or_check_split_around_the_inner_argument_keeps_its_meaning() -> None:
    # "first.rank == 1 or ..." does not read `second`: it is worked out once per `first`.
    game = _hoist("first.rank == 2 or second.suit == first.suit and second != first")
    found = {move.text for move in game.new_state().legal_list()}
    cards = ["AR", "AP", "AS", "2R"]
    expected = {
        f"pair {a} {b}" for a in cards for b in cards if a == "2R" or (a[-1] == b[-1] and a != b)
    }
    assert found == expected


def test_a_failing_hoisted_part_is_named() -> None:
    # The first part, worked out once per `first`, divides by zero for the 2R.
    game = _hoist("1 // (first.rank - 2) == 0 or second == first")
    with pytest.raises(EvalError, match=r"`1 // \(first.rank - 2\) == 0 or second == first`"):
        game.new_state()


def _fixed(source: str, **fixed: object) -> Expr:
    names = {"mode", "jokers", "x", "y", "w"}
    return compile_expr(source, names=names, library=LIBRARY_ALL, fixed=fixed)


def test_options_written_in_leave_only_what_can_change() -> None:
    classic = _fixed("mode == 'classic' and (x or y)", mode="classic")
    other = _fixed("mode == 'classic' and (x or y)", mode="five-card")
    assert classic.names == {"x", "y"} and other.names == frozenset()
    for x, y in ((0, 0), (0, 5), (3, 0)):
        assert classic({"x": x, "y": y}) == (x or y)
        assert other({"x": x, "y": y}) is False
    chosen = _fixed("[1 for p in w] if mode in ('classic', 'high') else list(w)", mode="high")
    assert chosen.names == {"w"} and chosen({"w": (7, 8)}) == [1, 1]
    assert _fixed("not (jokers and mode == 'aces')", jokers=True, mode="aces")({}) is False


def test_a_fixed_comparison_that_cannot_work_out_still_fails_when_it_runs() -> None:
    broken = _fixed("mode < 3 or x", mode="classic")
    assert broken.names == {"x"}
    with pytest.raises(EvalError, match="mode < 3 or x"):
        broken({"x": 1})


def test_a_name_a_step_binds_is_not_written_in() -> None:
    game = load_pack_text(
        DEALER.replace(
            "DEAL",
            "- let: {size: 'size * 2'}\n  - deal: {from: pool, to: hand, count: size}",
        ).replace("zones:", "constants: {size: 3}\nzones:"),
        "let.yaml",
    )
    assert [len(hand) for hand in game.new_state(seed=1).zone("hand")] == [6, 6]
