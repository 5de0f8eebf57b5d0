"""Finding what is broken: restricted agents, dominant and useless strategies, and the
win rate of the cards and suits held, played and captured (vtt.ai.findings)."""

from __future__ import annotations

import json

import pytest

from vtt.ai.findings import contribution, find_strategies, restrictions
from vtt.ai.levels import make_agent
from vtt.ai.restricted import RestrictedAgent
from vtt.ai.simulate import Batch, play_game
from vtt.ai.variants import Variant
from vtt.cli import main
from vtt.rules.finder import load_game_text

#: Each seat is dealt two cards of nine and plays one in secret: the higher rank wins
#: (a Joker is lowest), so always playing the highest card wins by construction.
#: ``pass`` is legal only with an empty hand, which never happens: a move nobody needs.
HIGHER = """
format: 1
id: higher-card
name: Higher card
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('JkR 2R 3R 4R 5R 6R 7R 8R 9R')", start: stock}
zones:
  stock: {visibility: nobody}
  hand: {per: player, visibility: owner}
  chosen: {per: player, visibility: owner}
  shown: {per: player, visibility: everyone}
setup:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
flow:
  start: pick
  phases:
    pick:
      turn: each
      moves: [play, pass]
      then:
        - for: {each: p, in: seats, do: [{move: {from: "chosen[p]", to: "shown[p]"}}]}
        - let: {a: "top(shown[0]).rank", b: "top(shown[1]).rank"}
        - end_game: {winners: "[0] if a > b else [1] if b > a else []", reason: higher}
moves:
  play:
    text: "play {card}"
    secret: true
    args:
      card: {type: card, from: "hand[me]"}
    effects:
      - move: {what: card, from: "hand[me]", to: "chosen[me]"}
  pass:
    text: pass
    when:
      - check: "empty(hand[me])"
        message: only with no card left
"""

#: Each seat is dealt one card of Rock or Water and plays it: a Water card against a
#: Rock card wins and takes both; otherwise the game is drawn. Water always wins.
WATER = """
format: 1
id: water-wins
name: Water wins
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('2R 3R 4R 5R 2W 3W 4W 5W')", start: stock}
zones:
  stock: {visibility: nobody}
  hand: {per: player, visibility: owner}
  shown: {per: player, visibility: everyone}
  won: {per: player, visibility: everyone}
setup:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
flow:
  start: pick
  phases:
    pick:
      turn: each
      moves: [play]
      then:
        - let: {suits: "[top(shown[p]).suit for p in seats]"}
        - let: {w: "[p for p in seats if suits[p] == Water and suits[1 - p] != Water]"}
        - if: "w"
          then: [{move: {from: shown, to: "won[w[0]]"}}]
        - end_game: {winners: w, reason: water}
moves:
  play:
    text: "play {card}"
    args:
      card: {type: card, from: "hand[me]"}
    effects:
      - move: {what: card, from: "hand[me]", to: "shown[me]"}
"""


def higher() -> Variant:
    return Variant("higher", "higher-card", text=HIGHER)


def test_the_restrictions_offered_are_those_the_pack_has():
    names = [r.name for r in restrictions(higher())]
    # One suit: no suit preference; a Joker; a pass move; two kinds of move.
    assert names == ["no-joker", "highest", "lowest", "always-pass", "forbid-play", "forbid-pass"]
    war = [r.name for r in restrictions(Variant("five", "war", (("mode", "five-card"),)))]
    assert "no-joker" not in war and "prefer-water" in war and "always-pass" not in war


def _choices(name: str, seeds: range) -> list[tuple[set[str], str, RestrictedAgent]]:
    """(the hand, the card chosen, the agent) of the first seat of higher-card games."""
    game = load_game_text(HIGHER)
    found = []
    for seed in seeds:
        state = game.new_state({}, seed)
        agent = make_agent(name, seed)
        assert isinstance(agent, RestrictedAgent)
        move = agent.choose(state.view(0), list(state.legal_moves))
        found.append(({str(c) for c in state.zone("hand")[0]}, move.text.split()[-1], agent))
    return found


def test_a_restricted_agent_plays_only_the_moves_its_policy_allows():
    rank = ["Jk", "2", "3", "4", "5", "6", "7", "8", "9"]
    for hand, chosen, agent in _choices("random~highest", range(30)):
        assert chosen == max(hand, key=lambda c: rank.index(c[:-1]))
        assert agent.narrowed == 1
    jokers = [(hand, chosen) for hand, chosen, _ in _choices("random~no-joker", range(60))]
    assert sum("JkR" in hand for hand, _ in jokers) >= 5
    assert all(chosen != "JkR" for _, chosen in jokers)
    lowest = {chosen for hand, chosen, _ in _choices("random~lowest", range(30)) if "JkR" in hand}
    assert lowest == {"JkR"}


def test_a_policy_allowing_no_legal_move_falls_back_to_all_of_them():
    # Both legal moves play a card; forbidding 'play' leaves none, so any is chosen.
    chosen = {
        (frozenset(hand), card) for hand, card, agent in _choices("random~forbid-play", range(40))
    }
    assert any(card == min(hand) for hand, card in chosen)
    assert any(card == max(hand) for hand, card in chosen)
    assert all(agent.narrowed == 0 for *_, agent in _choices("random~forbid-play", range(5)))


def test_a_restricted_agent_is_named_like_any_agent():
    agent = make_agent("Greedy~prefer-water", 3)
    assert isinstance(agent, RestrictedAgent) and agent.policy.label == "play Water whenever it can"
    with pytest.raises(ValueError, match="unknown restriction"):
        make_agent("random~bogus")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("bogus~no-joker")
    # A batch names its agents; a game played from the batch (as a worker process or a
    # Dask worker does) makes the restricted agent from its name and counts its narrowing.
    batch = Batch("higher-card", 4, ("random~highest", "random"), text=HIGHER)
    assert [play_game(batch, i).narrowed for i in range(4)] == [1, 1, 1, 1]
    assert play_game(batch, 0).cards is None  # noted only when a batch asks


def test_the_cards_of_a_war_game_are_held_then_flipped_and_captured():
    # War's 'flip' names no card: the card it takes off the seat's stack is played.
    result = play_game(Batch("war", 1, ("random", "random"), cards=True), 0)
    assert result.cards is not None
    (one, two) = result.cards
    assert len(one.held) == len(two.held) == 32 and not set(one.held) & set(two.held)
    for seat in result.cards:
        assert seat.played and set(seat.played) <= set(seat.held) | set(seat.captured)
    loser = result.cards[1 - result.winners[0]]
    assert set(result.cards[result.winners[0]].captured) & set(loser.held)


ONLY = ["highest", "forbid-pass", "always-pass"]


@pytest.fixture(scope="module")
def found():
    return {
        f.restriction.name: f
        for f in find_strategies(higher(), agent="random", games=120, only=ONLY)
    }


def test_a_planted_dominant_strategy_is_found(found):
    best = found["highest"]
    assert best.verdict == "dominant" and best.low > best.baseline == 0.5
    assert best.games == 120 and best.narrowed > 0
    assert "a dominant strategy" in best.text and "highest card" in best.text


def test_a_move_nobody_needs_never_mattered(found):
    for name in ("forbid-pass", "always-pass"):
        assert found[name].verdict == "useless" and found[name].narrowed == 0
        assert "never mattered" in found[name].text


def test_the_same_seed_finds_the_same(found):
    again = find_strategies(higher(), agent="random", games=120, only=ONLY)
    assert {f.restriction.name: f.as_json() for f in again} == {
        name: f.as_json() for name, f in found.items()
    }


@pytest.fixture(scope="module")
def water():
    return contribution(
        Variant("water", "water-wins", text=WATER), agents=("random",) * 2, games=60
    )


def test_contribution_shows_the_suit_that_always_wins(water):
    suits = {(s.how, s.key): s for s in water.suits}
    assert suits["holding", "Water"].low > 0.5 > suits["holding", "Rock"].high
    assert suits["playing", "Water"].rate == suits["holding", "Water"].rate
    # Only a winner captures, and only the loser's Rock card (its own was its already).
    assert {s.key[-1] for s in water.cards if s.how == "capturing"} == {"R"}
    assert all(s.rate == 1.0 for s in water.suits if s.how == "capturing")
    sentence = next(s for s in water.findings if "when held" in s)
    assert sentence.startswith("Water cards win") and "not balanced" in sentence
    assert water.games == 60 and water.as_json()["suits"][0]["how"] == "holding"


def test_contribution_is_the_same_for_the_same_seed(water):
    again = contribution(
        Variant("water", "water-wins", text=WATER), agents=("random",) * 2, games=60
    )
    assert again.as_json() == water.as_json()


def test_a_pack_without_cards_has_no_contribution():
    nothing = contribution(Variant("j", "jantori"), agents=("random", "random"), games=10)
    assert nothing.cards == [] and nothing.suits == []
    assert nothing.findings == ["JANTORI is played without cards: there is no card to count."]


def test_vtt_findings_prints_both_tables_and_writes_json(tmp_path, capsys):
    pack = tmp_path / "higher" / "pack.yaml"
    pack.parent.mkdir()
    pack.write_text(HIGHER, "utf-8")
    out = tmp_path / "found.json"
    argv = ["findings", str(pack), "--agent", "random", "--games", "6", "--workers", "1"]
    assert main([*argv, "--only", "highest", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "always play the highest card" in printed and "Rock      held" in printed
    written = json.loads(out.read_text("utf-8"))
    assert written["strategies"][0]["restriction"]["name"] == "highest"
    assert written["contribution"]["suits"][0]["key"] == "Rock"
    assert main([*argv, "--only", "prefer-water"]) == 1
    assert "has no restriction 'prefer-water'" in capsys.readouterr().err


def test_vtt_simulate_seats_restricted_agents_by_name():
    from vtt.agentcommands import _agents

    assert _agents("Greedy~highest, random") == ("greedy~highest", "random")
    for bad in ("greedy~bogus", "bogus~highest"):
        with pytest.raises(ValueError, match="unknown agent"):
            _agents(bad)
