"""Joker's Wild and Jokers Extra Wild: the rules the records cannot show, such as the
moves refused and why, the first discard and the special cards played by equal rank."""

from __future__ import annotations

from typing import Any

from vtt.rules import load_game
from vtt.rules.engine import State
from vtt.rules.moves import Move

GAME = load_game("jokers-wild")


def _start(
    hands: list[str], top: str, stock: str = "10W 10S 10L", *, extra: bool = False, **more: Any
) -> State:
    """A game whose hands, discard top and stock are given; P2 (seat 1) to move."""
    deal = {
        "hand": [hand.split() for hand in hands],
        "discard": [top],
        "stock": stock.split(),
        "vars": {"dealer": 0},
        "current": 1,
        **more,
    }
    return GAME.new_state({"extra_wild": extra}, 0, players=len(hands), deal=deal)


def _plays(state: State) -> set[str]:
    return {move.text for move in state.legal_moves if move.text.startswith("play")}


def test_on_the_jack_of_paper_go_scissors_lizards_and_jacks() -> None:
    # The rule text's example: "If the top card is the Jack of Paper, the card played
    # must be a Scissors, Lizard or another Jack."
    state = _start(["2R", "5S 9L JR 3R 7W 4P"], "JP")
    assert _plays(state) == {"play 5S", "play 9L", "play JR"}
    assert state.explain(Move("play 3R")) == (
        "3R cannot go on JP: Rock does not beat Paper and the ranks differ"
    )
    assert state.explain(Move("play 4P")) is not None  # the same suit is not stronger


def test_a_joker_goes_on_anything_and_calls_a_suit_that_the_next_card_must_beat() -> None:
    state = _start(["8W 8R 5S JkS", "JkL 2R"], "8P")
    assert state.explain(Move("play JkL")) == "A Joker calls a suit: play JkL as R, P, S, W or L"
    calls = {m.text for m in state.legal_moves if m.text.startswith("play JkL as")}
    assert len(calls) == 5  # any suit, whatever the top card
    state.apply(Move("play JkL as S"))
    assert state.var("called").letter == "S"
    # Water and Rock beat Scissors; 8W and 8R would match no rank here anyway, and
    # 5S is Scissors itself; another Joker always goes on a Joker.
    assert _plays(state) >= {"play 8W", "play 8R", "play JkS as R"}
    assert "play 5S" not in _plays(state)
    assert state.explain(Move("play 5S")) == (
        "JkL called Scissors: only a suit that beats Scissors, or a Joker, goes on it"
    )
    state.apply(Move("play 8W"))
    assert state.var("called") is None  # the next card is read by its own suit again


def test_a_called_suit_takes_the_place_of_the_rank_too() -> None:
    # Extra Wild: 4S on 3P calls Lizard; a 4 of a suit that does not beat Lizard does
    # not follow it by rank (RULINGS: the suit is named "as a Joker").
    state = _start(["4L 4P KR", "4S 9W"], "3P", extra=True)
    state.apply(Move("play 4S as L"))  # P1 draws the stock's three cards: 10W 10S 10L
    assert _plays(state) == {"play KR", "play 10S"}
    assert "ranks" not in (state.explain(Move("play 4L")) or "")


def test_you_may_draw_when_you_could_play_but_pass_only_when_you_cannot() -> None:
    state = _start(["2R", "5S 9W"], "JP", stock="KW")
    texts = {move.text for move in state.legal_moves}
    assert "draw" in texts and "pass" not in texts
    assert state.explain(Move("pass")) == ("You may pass only when the stock is empty: draw a card")
    state.apply(Move("draw"))
    assert state.to_move == 1 and "KW" in [str(c) for c in state.zone("hand")[1]]
    # The stock is empty now: no more drawing; with a playable card, no passing either.
    assert state.explain(Move("draw")) == "The stock is empty: play a card, or pass if you cannot"
    assert state.explain(Move("pass")) == "You can play a card, so you cannot pass"


def test_without_a_playable_card_you_draw_until_you_have_one() -> None:
    state = _start(["2R", "3P 4L"], "9S", stock="6P KR 7L")
    assert [m.text for m in state.legal_moves] == ["draw"]  # Scissors beat Paper and Lizard
    state.apply(Move("draw"))
    assert [m.text for m in state.legal_moves] == ["draw"]  # 6P: still nothing
    state.apply(Move("draw"))
    assert "play KR" in _plays(state)


def test_the_first_discard_is_never_a_joker() -> None:
    for seed in range(60):
        state = GAME.new_state({}, seed, players=5)
        [first] = state.zone("discard")
        assert not first.is_joker, seed
        assert [len(hand) for hand in state.zone("hand")] == [8] * 5


def test_a_joker_turned_up_first_goes_back_into_the_middle_of_the_stock() -> None:
    turned = []
    for seed in range(400):
        state = GAME.new_state({}, seed, players=2)
        lines = [line.text for line in state.log if "turned up first" in line.text]
        if not lines:
            continue
        stock = [str(card) for card in state.zone("stock")]
        named = lines[0].split(":")[0].replace(",", " ").split()
        jokers = [word for word in named if word.startswith("Jk")]
        for joker in jokers:
            assert joker in stock[1:-1], f"seed {seed}: {joker} is not inside the stock"
        turned.append(seed)
    assert len(turned) >= 5  # 5 Jokers in 54 cards: about one game in eleven


def test_special_cards_count_only_when_played_on_a_weaker_suit() -> None:
    # 2S on 2P: Scissors cut Paper, a special 2, the next player draws two.
    state = _start(["AR", "2S 7L", "6W"], "2P", stock="KW 8R 9P", extra=True)
    state.apply(Move("play 2S"))
    assert len(state.zone("hand")[2]) == 3 and state.to_move == 2
    # 2R on 2P by equal rank: Paper covers Rock, an ordinary 2, nobody draws.
    state = _start(["AR", "2R 7L", "6W"], "2P", stock="KW 8R 9P", extra=True)
    state.apply(Move("play 2R"))
    assert len(state.zone("hand")[2]) == 1 and state.to_move == 2


def test_a_queen_by_rank_keeps_the_direction_and_an_ace_by_rank_gives_nothing() -> None:
    state = _start(["AR", "QL 7L", "6W"], "QW", extra=True)  # Lizard drinks Water: special
    state.apply(Move("play QL"))
    assert state.to_move == 0 and state.env["direction"] == -1
    state = _start(["AR", "QR 7L", "6W"], "QW", extra=True)  # Water erodes Rock: by rank
    state.apply(Move("play QR"))
    assert state.to_move == 2 and state.env["direction"] == 1
    state = _start(["2R", "AP 7L", "6W"], "AW", extra=True)  # Paper absorbs Water: special
    state.apply(Move("play AP"))
    assert state.to_move == 1 and {m.text for m in state.legal_moves} == {
        "give to P1",
        "give to P3",
    }
    # Not to oneself: the refusal names the seat as the move writes it, not its number.
    assert state.explain(Move("give to P2")) == "P2 is not a player you can choose now"
    state = _start(["2R", "AS 7L", "6W"], "AW", extra=True)  # Water rusts Scissors: by rank
    state.apply(Move("play AS"))
    assert state.to_move == 2


def test_a_four_on_a_weaker_suit_calls_a_suit_and_by_rank_does_not() -> None:
    state = _start(["AR", "4S 4R 7L", "6W"], "4P", stock="KW 8R 9P 3L 5S", extra=True)
    assert state.explain(Move("play 4S")) == (
        "A 4 played on a weaker suit calls a suit: play 4S as R, P, S, W or L"
    )
    assert state.explain(Move("play 4R as S")) == (
        "4R does not beat Paper, so it calls no suit: play it on an equal rank as play 4R"
    )
    state.apply(Move("play 4S as W"))
    assert len(state.zone("hand")[2]) == 5 and state.to_move == 2
    assert _start(["AR", "4S"], "4P").explain(Move("play 4S as W")) is not None  # not Extra Wild


def test_an_ace_with_an_empty_stock_gives_nothing() -> None:
    state = _start(["2R", "AP 7L", "6W"], "3R", stock="", extra=True)
    state.apply(Move("play AP"))
    assert state.phase == "play" and state.to_move == 2


def test_the_last_card_ends_the_game_before_its_special_rule() -> None:
    state = _start(["2R 8W", "AP"], "3R", extra=True)
    state.apply(Move("play AP"))  # a special Ace, but the game is over: nothing to give
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert state.outcome.scores == (0, 20 + 8)  # a 2 is a special card: 20 in Extra Wild
    assert all(("hand", seat) in state.revealed for seat in (0, 1))


def test_joker_s_wild_scores_faces_ten_aces_one_and_jokers_fifty() -> None:
    state = _start(["AR QW KS JL JkP 7P", "5P"], "3R")
    state.apply(Move("play 5P"))
    assert state.outcome is not None and state.outcome.scores == (0, 1 + 10 + 10 + 10 + 50 + 7)
