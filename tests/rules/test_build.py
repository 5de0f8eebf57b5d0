"""Moves built from a target and a set of cards (vtt.rules.build): the legal sets by
target, the cards that can still join, and what the cards gathered so far make, with
the pack's reason and tally; Battlefront's sample game is the example."""

from __future__ import annotations

from tests.packs.test_battlefront import SAMPLE, TWIN_TARGETS
from vtt.janken import Card
from vtt.rules import load_game
from vtt.rules.build import Target, builders, builds_of, judge
from vtt.rules.engine import State
from vtt.rules.explain import NOT_A_VALUE
from vtt.rules.moves import Move

GAME = load_game("battlefront")


def _cards(*texts: str) -> frozenset[Card]:
    return frozenset(Card.parse(text) for text in texts)


def _p2_turn() -> State:
    """The sample game when P2 attacks: 9R 2S 10P in front, KL JkW 3S behind."""
    state = GAME.new_state({"jokers": True}, 0, players=2, deal=SAMPLE)
    for move in ("attack P2's 7P with QL", "attack P2's 5L with 2R 8S", "end"):
        state.apply(Move(move))
    state.apply(Move("move up 2S"))
    state.apply(Move("move up 10P"))
    return state


def test_the_attacks_are_the_kinds_built_from_a_target_and_cards() -> None:
    state = _p2_turn()
    assert [b.kind.name for b in builders(state)] == ["attack", "joker_attack"]
    assert [b.gather for b in builders(state)] == [2, 3]
    assert [b.singles for b in builders(state)] == [(), (2,)]


def test_the_legal_sets_by_target_and_the_cards_that_can_join() -> None:
    state = _p2_turn()
    builds = builds_of(state)
    queen = Target(Card.parse("QL"), ("front", 0))
    assert builds.move(queen, _cards("9R", "2S", "3S")) == Move("attack P1's QL with 9R 2S 3S")
    assert builds.move(queen, _cards("9R", "2S")) is None
    assert queen in builds.targets(Card.parse("9R"))
    # Lizard eats Paper: 10P never joins against QL, nor KL of the target's own suit.
    assert builds.helpers(queen, _cards("9R")) == _cards("2S", "3S")
    two = Target(Card.parse("2R"), ("front", 0))
    assert Card.parse("JkW") in builds.helpers(two, _cards("2S"))


def test_cards_not_enough_give_the_pack_reason_and_the_tally() -> None:
    state = _p2_turn()
    queen = Target(Card.parse("QL"), ("front", 0))
    verdict = judge(state, queen, _cards("9R", "2S"))
    assert verdict is not None
    assert verdict.move is None
    assert verdict.reason == "Not enough: 9R 2S add up to 11, and QL needs more than 12"
    assert verdict.tally == "11 of 13 needed"
    enough = judge(state, queen, _cards("9R", "2S", "3S"))
    assert enough is not None
    assert enough.move == Move("attack P1's QL with 9R 2S 3S")
    assert enough.reason is None
    assert enough.tally == "14 of 13 needed: enough"


def test_a_joker_among_the_cards_reverses_the_attack() -> None:
    deal = {
        "front": [["QL", "2R", "6W"], ["3S", "2S", "9R"]],
        "reinforcements": [["8S"], ["JkW", "KL"]],
        "draw": [[], []],
        "current": 1,
    }
    state = GAME.new_state({"jokers": True}, 0, players=2, deal=deal)
    two = Target(Card.parse("2R"), ("front", 0))
    # 3S alone is weaker than Rock: with a Joker it would do, so the Joker is still to choose.
    alone = judge(state, two, _cards("3S"))
    assert alone is not None
    assert (alone.move, alone.reason, alone.missing) == (None, None, ("joker",))
    assert alone.tally == "3 of 3 needed: enough"
    joker = judge(state, two, _cards("3S", "JkW"))
    assert joker is not None
    assert joker.kind.name == "joker_attack"
    assert joker.move == Move("attack P1's 2R with 3S and JkW")
    short = judge(state, two, _cards("2S", "JkW"))
    assert short is not None
    assert short.reason == "Not enough: 2S and JkW add up to 2, and 2R needs more than 2"
    assert builds_of(state).helpers(two, _cards("2S")) == _cards("JkW", "3S", "KL")
    # 2S is weaker than Rock, and with the Joker not yet enough: the reason is the sum's.
    waiting = judge(state, two, _cards("2S"))
    assert waiting is not None
    assert waiting.reason == "Not enough: 2S and joker add up to 2, and 2R needs more than 2"
    assert waiting.missing == ("joker",)


def test_without_a_joker_to_be_had_the_reason_is_the_plain_attacks() -> None:
    # No Jokers in the game: 5L on 2R is refused for its suit, not left waiting for one.
    deal = {**SAMPLE, "draw": [[], []], "current": 1}
    state = GAME.new_state({}, 0, players=2, deal=deal)
    verdict = judge(state, Target(Card.parse("2R"), ("front", 0)), _cards("5L"))
    assert verdict is not None
    assert verdict.missing == ()
    assert verdict.reason == "Every attacking card must be of a suit stronger than Rock: 5L is not"
    # With the Joker in P2's reinforcements, the same card waits for it.
    deal = {**SAMPLE, "reinforcements": [["8S"], ["JkW"]], "draw": [[], []], "current": 1}
    state = GAME.new_state({"jokers": True}, 0, players=2, deal=deal)
    verdict = judge(state, Target(Card.parse("2R"), ("front", 0)), _cards("5L"))
    assert verdict is not None
    assert (verdict.reason, verdict.missing) == (None, ("joker",))


def test_with_a_deck_each_the_target_is_the_card_in_its_place() -> None:
    state = GAME.new_state({"deck_per_player": True}, 0, players=3, deal=TWIN_TARGETS)
    builds = builds_of(state)
    p2, p3 = Target(Card.parse("5L"), ("front", 1)), Target(Card.parse("5L"), ("front", 2))
    assert builds.move(p3, _cards("2R", "8S")) == Move("attack P3's 5L with 2R 8S")
    assert builds.move(p2, _cards("2R", "8S")) == Move("attack P2's 5L with 2R 8S")
    verdict = judge(state, p3, _cards("2R"))
    assert verdict is not None
    assert verdict.tally == "2 of 6 needed"
    # A card in a place no built move takes a card from is no target at all.
    assert judge(state, Target(Card.parse("2R"), ("captured", 0)), _cards("8S")) is None
    # One's own front card could be a target by its place: the engine says why not.
    own = judge(state, Target(Card.parse("2R"), ("front", 0)), _cards("8S"))
    assert own is not None
    assert own.stage == NOT_A_VALUE
