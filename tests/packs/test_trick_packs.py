"""Stones and Green Queen refuse what their rule texts forbid, with the rule's words,
and pass cards round the cycle the text gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.engine import Game, State
from vtt.rules.loader import load_pack
from vtt.rules.records import Record, start_state
from vtt.rules.sheet import SHEET

STONES = load_pack(rulesets_dir() / "stones")
GREEN_QUEEN = load_pack(rulesets_dir() / "green-queen")


def _state(
    game: Game,
    deal: dict[str, Any],
    moves: list[str],
    options: dict[str, object] | None = None,
    players: int = 3,
) -> State:
    state = start_state(
        Record(pack=game.id, options=options or {}, players=players, deal=deal), game
    )
    for move in moves:
        state.apply(move)
    return state


def test_stones_opens_with_the_lowest_paper_and_asks_to_follow_suit() -> None:
    deal = {
        "hand": [["2P", "9P", "KR"], ["3P", "4S", "5S"], ["AL", "6W", "7W"]],
        "vars": {"dealer": 2, "leader": 0},
        "current": 0,
    }
    state = _state(STONES, deal, ["bid 1", "bid 1", "bid 1"])
    assert state.explain("play KR") == "The hand opens with the lowest Paper card: play 2P"
    state.apply("play 2P")
    assert state.explain("play 4S") == "You must follow suit: you hold a Paper card"
    state.apply("play 3P")
    assert state.explain("play AL") is None  # no Paper: any card


def test_rock_breaks_everything_keeps_rock_out_of_the_first_trick_and_the_lead() -> None:
    deal = {
        "hand": [["2P", "9W", "8W"], ["3R", "4S", "5S"], ["KP", "2W", "3W"]],
        "vars": {"dealer": 2, "leader": 0},
        "current": 0,
    }
    state = _state(STONES, deal, ["bid 1", "bid 1", "bid 1", "play 2P"], {"rock_breaks": True})
    assert state.explain("play 3R") == (
        "Under Rock Breaks Everything, no Rock in the first trick while you may play another card"
    )
    state.apply("play 4S")
    state.apply("play KP")  # Scissors is strongest to Paper: P2 takes the trick
    assert list(state.var("tricks")) == [0, 1, 0] and state.to_move == 1
    assert state.explain("play 3R") == (
        "Under Rock Breaks Everything, Rock may not lead until a Rock has been played"
    )


def test_rock_may_not_lead_until_broken() -> None:
    deal = {
        "hand": [["2P", "9R", "8W"], ["3P", "4S", "5S"], ["KP", "2W", "3W"]],
        "vars": {"dealer": 2, "leader": 0},
        "current": 0,
    }
    state = _state(STONES, deal, ["bid 1", "bid 1", "bid 1"], {"rock_breaks": True})
    for move in ["play 2P", "play 3P", "play KP", "play 2W", "play 8W", "play 4S"]:
        state.apply(move)  # P3 takes trick 1; P3 leads 2W, Water: P1 takes trick 2 with 8W
    assert state.to_move == 0
    assert state.explain("play 9R") is None  # P1 holds only Rock now


def test_green_queen_refusals() -> None:
    deal = {
        "hand": [["2L", "AR", "3S", "6W"], ["9L", "4R", "QL", "KW"], ["7L", "8P", "10S", "2W"]],
        "aside": [],
    }
    state = _state(GREEN_QUEEN, deal, [], {"point_suit": "rotating"})
    for move in ["pass AR 3S 6W", "pass 4R QL KW", "pass 8P 10S 2W"]:
        state.apply(move)
    # P1 now holds 2L 8P 10S 2W; P2 9L AR 3S 6W; P3 7L 4R QL KW. P1 leads 2L.
    state.apply("play 2L")
    state.apply("play 9L")
    assert state.explain("play QL") == (
        "No point card in the first trick while you may play another card"
    )
    state.apply("play 7L")  # P2 took it with 9L; no points, so none are broken
    assert state.explain("play AR") == "Points are not broken: lead a card that is not a point card"


@pytest.mark.parametrize(
    ("players", "targets"),
    [(3, [1, 2, 0]), (4, [1, 3, 2, 0]), (5, [1, 4, 2, 3, 0])],
)
def test_the_pass_goes_round_the_cycle(players: int, targets: list[int]) -> None:
    # Hand by hand: who receives seat 0's three cards (0: no pass that hand).
    for hand, offset in enumerate(targets):
        state = GREEN_QUEEN.new_state({}, hand, players=players)
        state_hand = state
        while state_hand.var("hands_played") < hand:  # play on to the hand wanted
            state_hand.apply(next(iter(state_hand.legal_moves)))
        if offset == 0:
            assert state_hand.phase == "play"
            continue
        assert state_hand.phase == "pass"
        for _ in range(players):  # everyone passes their first three cards
            mover = state_hand.to_move
            given = state_hand.view(mover).zones["hand"][mover][:3]
            state_hand.apply("pass " + " ".join(str(c) for c in given))
        movers = [line.seat for line in state_hand.log if line.seat is not None][-players:]
        for seat in range(players):
            shown = state_hand.view(seat).history[-players:]
            seen = {m for m, text in zip(movers, shown, strict=True) if text != "chooses"}
            assert seen == {seat, (seat - offset) % players}


@pytest.mark.parametrize("pack", ["stones", "green-queen"])
def test_the_score_sheet_adds_up_hand_by_hand(pack: str) -> None:
    # Over a random game: a row per hand, each hand's points the change of the total,
    # and the last totals the final scores.
    game = {"stones": STONES, "green-queen": GREEN_QUEEN}[pack]
    state = game.new_state({"target": 150}, 3, players=4)
    rng = random.Random(3)
    while state.outcome is None:
        state.apply(rng.choice(list(state.legal_moves)))
    rows = state.var(SHEET)
    assert len(rows) == state.var("hands_played") >= 2
    totals = [0, 0, 0, 0]
    for _shared, seats in rows:
        for seat, values in enumerate(seats):
            hand, total = values[-2], values[-1]
            assert total == totals[seat] + hand
            totals[seat] = total
    assert totals == list(state.outcome.scores or [])


def test_a_failed_nil_scores_a_point_and_a_bag_per_trick() -> None:
    """RULINGS.md: "If they fail they earn 1 point for each trick adding to their Bags",
    as overtricks are scored. P1 bids Nil and takes the second trick with AR (the hand
    of the record bags-and-nil, without the bags that bring the penalty)."""
    deal = {
        "hand": [["2P", "AR", "AW"], ["3P", "5S", "6S"], ["4P", "7L", "8L"]],
        "vars": {"dealer": 2, "leader": 0, "score": [20, 40, 0], "hand_start": [20, 40, 0]},
        "current": 0,
    }
    moves = ["bid nil", "bid 1", "bid 1", "play 2P", "play 3P", "play 4P"]
    moves += ["play 7L", "play AR", "play 5S", "play AW", "play 6S", "play 8L"]
    state = _state(STONES, deal, moves, {"hand_limit": 1})
    assert state.var("score")[0] == 21 and state.var("bags")[0] == 1
    assert any("P1 bid Nil and took 1: +1, 1 bag" in str(line) for line in state.log)


@pytest.mark.parametrize("players", [3, 5])
def test_a_full_game_of_stones_ends_before_the_simulator_stops_it(players: int) -> None:
    """Thirty hands take 1,980 moves with three players and 2,100 with five: the
    simulator's usual limit of 2,000 cut full games short as never ending."""
    game = load_pack(rulesets_dir() / "stones")
    state = game.new_state({}, 1, players=players)
    chooser = random.Random(1)
    for _ in range(game.max_moves or 2000):
        if state.outcome is not None:
            break
        state.apply(chooser.choice(list(state.legal_moves)))
    assert state.outcome is not None
