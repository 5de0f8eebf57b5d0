"""Why a move is illegal: ``State.explain`` for every kind of argument, for drops, and
the same reason from ``apply``."""

from __future__ import annotations

import random

import pytest

from tests.packs.test_conformance import GAMES
from vtt.janken import Card
from vtt.rules import IllegalMove, InvalidMove, Move, State, load_pack_text
from vtt.rules.engine import Game
from vtt.rules.explain import Drop, failure
from vtt.rules.finder import load_game
from vtt.rules.stdlib import rule_between
from vtt.rules.values import Cell

KINDS = """\
format: 1
id: kinds
name: Kinds
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('AR 2P 3S 4W 5L')", start: "hand[0]"}
  pieces: {pieces: [R, P], count: 2, per: player, start: "pool[seat]"}
zones:
  hand: {per: player, visibility: owner}
  pool: {per: player}
  pile: {}
  grid: {grid: [2, 2]}
vars:
  said: 0
flow:
  start: go
  phases:
    go: {turn: single, moves: [play, stack, discard, place, bid, call, give, say, resign]}
    later: {turn: single, moves: [wait]}
moves:
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    when:
      - {check: "card not in cards('5L 4W')", message: "{card} is saved for last"}
    effects:
      - move: {what: card, from: "hand[me]", to: pile}
      - keep_turn
  stack:
    text: "stack {card} {n}"
    args: {card: {type: card, from: "hand[me]"}, n: {type: number, from: "range(1, 3)"}}
    when:
      - {check: "card not in cards('4W')", message: "{card} never stacks at {n}"}
      - {check: "n == 1 or card != cards('2P')[0]", message: "{card} stacks only at 1"}
    effects:
      - move: {what: card, from: "hand[me]", to: pile}
  discard:
    text: "discard {chosen}"
    args: {chosen: {type: cards, from: "hand[me]", min: 1, max: 2}}
    when:
      - {check: "len(chosen) == 2", message: "Discard two cards, not {chosen}"}
    effects:
      - move: {what: chosen, from: "hand[me]", to: pile}
  place:
    text: "place {piece} at {spot}"
    args: {piece: {type: piece, from: "pool[me]"}, spot: {type: cell, grid: grid}}
    when:
      - {check: "empty(grid[spot])", message: "{spot} is taken"}
      - {check: "piece != 'P' or spot != cell('a1')", message: "No Paper on a1"}
    effects:
      - move: {what: piece, from: "pool[me]", to: "grid[spot]"}
  bid:
    text: "bid {n}"
    args: {n: {type: number, from: "range(1, 4)"}}
    when:
      - {check: "n > said", message: "Bid more than {said}"}
    effects:
      - set: {said: n}
  call:
    text: "call {suit}"
    args: {suit: {type: suit}}
    when:
      - {check: "suit != cards('AR')[0].suit", message: "{suit} may not be called"}
    effects: [keep_turn]
  give:
    text: "give {who}"
    args: {who: {type: player}}
    when:
      - {check: "who != me", message: "You cannot give to yourself"}
    effects: [keep_turn]
  say:
    text: "say {word}"
    args: {word: {type: word, from: "['yes', 'no']"}}
    when:
      - {check: "word == 'yes' or said > 0", message: "Say yes first"}
    effects: [keep_turn]
  resign:
    text: resign
    effects:
      - end_game: {winners: "[1 - me]", reason: "{seat_names[me]} resigned"}
  wait:
    text: wait
    effects: [keep_turn]
"""


@pytest.fixture
def state() -> State:
    game = load_pack_text(KINDS, "kinds.yaml")
    return game.new_state()


def _same_as_apply(state: State, text: str) -> str | None:
    """``explain``'s answer, checked against what ``apply`` does with the move."""
    why = state.explain(text)
    copy = state.copy()
    if why is None:
        copy.apply(text)
        assert Move.parse(text) in state.legal_moves
    else:
        with pytest.raises(IllegalMove) as caught:
            copy.apply(text)
        assert str(caught.value) == why
        assert Move.parse(text) not in state.legal_moves
    return why


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play 2P", None),
        ("play 5L", "5L is saved for last"),
        ("play 7R", "7R is not a card you can choose now"),
        ("discard AR 3S", None),
        ("discard AR", "Discard two cards, not AR"),
        ("discard AR 7R", "7R AR is not a chosen you can choose now"),
        ("place R at a1", None),
        ("place P at a1", "No Paper on a1"),
        ("place S at a1", "S is not a piece you can choose now"),
        ("place R at c1", "c1 is not a spot you can choose now"),
        ("bid 3", None),
        ("bid 9", "9 is not a n you can choose now"),
        ("call Paper", None),
        ("call Rock", "Rock may not be called"),
        ("give P2", None),
        ("give P1", "You cannot give to yourself"),
        ("say yes", None),
        ("say no", "Say yes first"),
        ("say maybe", "maybe is not a word you can choose now"),
        ("wait", "'wait' is not a move you can make now"),
    ],
)
def test_each_kind_of_argument_is_explained_as_apply_refuses_it(
    state: State, text: str, reason: str | None
) -> None:
    assert _same_as_apply(state, text) == reason


def test_conditions_read_the_position_as_it_is_now(state: State) -> None:
    assert _same_as_apply(state, "bid 1") is None
    state.apply("bid 2")
    assert _same_as_apply(state, "bid 2") == "Bid more than 2"
    assert _same_as_apply(state, "say no") is None
    state.apply("place R at b2")
    assert _same_as_apply(state, "place P at b2") == "b2 is taken"


def test_whose_turn_and_the_end_of_the_game_come_first(state: State) -> None:
    assert state.explain("play 2P", seat=0) is None
    assert state.explain("play 2P", seat=1) == "It is P1's turn"
    state.apply("resign")
    assert state.explain("play 2P") == "The game is over: P1 resigned"
    assert state.explain("play 2P", seat=1) == "The game is over: P1 resigned"
    with pytest.raises(IllegalMove, match=r"^The game is over: P1 resigned$"):
        state.apply("play 2P")


def test_a_text_that_is_no_move_is_invalid_not_illegal(state: State) -> None:
    with pytest.raises(InvalidMove):
        state.explain("dance")


def test_a_drop_is_judged_on_the_arguments_it_gives(state: State) -> None:
    a1, b2 = ("grid", Cell.parse("a1")), ("grid", Cell.parse("b2"))
    assert state.explain(Drop("R", a1)) is None
    assert state.explain(Drop("P", a1, ("pool", 0))) == "No Paper on a1"
    assert state.explain(Drop("X", a1)) == "X is not a piece you can choose now"
    assert state.explain(Drop("R", ("pile",))) == "R cannot go to the pile"
    assert state.explain(Drop("R", ("hand", 1))) == "R cannot go to P2's hand"
    assert state.explain(Drop("R", a1, ("pool", 1))) == "R cannot be taken from P2's pool"
    state.apply("place R at b2")
    assert state.explain(Drop("P", b2)) == "b2 is taken"


def test_a_drop_that_leaves_an_argument_open_checks_only_what_it_gives(state: State) -> None:
    # 'play' and 'stack' both put a card of the hand on the pile; 'stack' also needs a
    # number the drag does not give. Reasons come from the first kind it could be.
    pile = ("pile",)
    assert state.explain(Drop("2P", pile)) is None
    assert state.explain(Drop(Card.parse("3S"), pile, ("hand", 0))) is None
    assert state.explain(Drop("5L", pile)) is None  # 'stack 5L 1' puts it there
    assert state.explain(Drop("4W", pile)) == "4W is saved for last"  # play's reason first
    assert state.explain(Drop("7R", pile)) == "7R is not a card you can choose now"
    assert state.explain(Drop("not a card", pile)) == "not a card cannot go to the pile"


def test_a_message_naming_an_argument_a_drop_does_not_give_shows_its_name() -> None:
    # Without 'play', only 'stack' takes a card to the pile: its first condition does
    # not read the number, its message does.
    text = KINDS.replace("moves: [play, stack,", "moves: [stack,")
    state = load_pack_text(text, "kinds.yaml").new_state()
    assert state.explain(Drop("4W", ("pile",))) == "4W never stacks at n"
    assert state.explain(Drop("2P", ("pile",))) is None  # 'stack 2P 1' does it
    assert state.explain("stack 2P 2") == "2P stacks only at 1"


def test_drops_in_the_shipped_games_give_the_packs_messages() -> None:
    ttr = load_game("tic-tac-rock").new_state({"boards": 2}, seed=3)
    mover = ttr.to_move
    centre = ttr.zone("board")[0][Cell.parse("b2")][-1]
    for card in ttr.zone("hand")[mover]:
        drop = Drop(card, ("board", 0, Cell.parse("b2")), ("hand", mover))
        legal = Move(f"play {card} at b2 on Board 1") in ttr.legal_moves
        why = (
            rule_between(card, centre) if card.suit != centre.suit else "a suit never beats itself"
        )
        expected = None if legal else f"{card} does not beat {centre} on b2 of Board 1: {why}"
        assert ttr.explain(drop) == expected
    # The second board is not the one being played on.
    card = ttr.zone("hand")[mover][0]
    assert ttr.explain(Drop(card, ("board", 1, Cell.parse("a1")))) == f"{card} cannot go on a1"


def test_a_pack_expression_that_fails_while_explaining_is_named() -> None:
    from vtt.rules.expr import EvalError

    text = KINDS.replace("  pile: {}\n", "  pile: {}\n  piles: {copies: 2}\n").replace(
        '      - move: {what: card, from: "hand[me]", to: pile}\n      - keep_turn',
        '      - move: {what: card, from: "hand[me]", to: "piles[1 // said]"}\n      - keep_turn',
    )
    state = load_pack_text(text, "kinds.yaml").new_state()
    with pytest.raises(EvalError, match="1 // said"):
        state.footprint("play 2P")
    with pytest.raises(EvalError, match="1 // said"):
        state.explain(Drop("2P", ("piles", 1)))


def test_the_legal_moves_alone_decide_what_is_legal(state: State) -> None:
    # One test of legality: a move is legal when the legal-move search lists it. A
    # position whose list lacks 'bid 3' (its search said no) refuses it in apply and
    # explain alike, though each of its conditions holds; the rest stay legal.
    assert _same_as_apply(state, "bid 3") is None
    state.legal_cache = [move for move in state.legal_list() if move.text != "bid 3"]
    assert _same_as_apply(state, "bid 3") == "'bid 3' is not a legal move now"
    assert _same_as_apply(state, "bid 2") is None
    assert _same_as_apply(state, "bid 9") == "9 is not a n you can choose now"


PLAYED = [game for game in GAMES if game.kind != "setup"]


@pytest.mark.parametrize("game", PLAYED, ids=[game.id for game in PLAYED])
def test_every_listed_move_has_no_reason_and_every_other_has_the_packs(game: Game) -> None:
    # The reasons (``failure``) follow the same conditions the searches were made from:
    # a listed move has none, and a move listed earlier in the game but not now gets
    # the pack's or the engine's reason, never the last resort.
    rng = random.Random(game.id)
    seen: dict[str, Move] = {}
    for seed in range(3):
        state = game.new_state(seed=seed)
        for _ in range(40):
            if state.outcome is not None:
                break
            legal = state.legal_list()
            for move in legal[:: max(1, len(legal) // 12)]:
                assert failure(state, move.kind, move.values) is None, (game.id, move.text)
                seen.setdefault(move.text, move)
            for move in rng.sample(sorted(seen.values(), key=str), min(12, len(seen))):
                why = state.explain(move)
                assert (why is None) == (move in legal), (game.id, move.text, why)
                assert why is None or "is not a legal move now" not in why, (game.id, why)
            state.apply_unchecked(legal[rng.randrange(len(legal))])
