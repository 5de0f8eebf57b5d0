"""The generated turn path (``vtt.rules.flowgen``) does what the engine's own methods do.

Every shipped pack is already played both ways by ``test_stepgen`` (generated code
against the interpreter of ``tests/rules/oracle.py``: each step's reference ``run``, and
the turn path said plainly); these tests
pin down the turn machinery itself with small packs: chains of automatic phases,
``each`` phases with and without a chosen set of actors, secret choices unveiled
when everyone has chosen, and the errors of a flow that runs away.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.test_expr_escapes import hang_guard
from tests.rules.test_stepgen import _differences, _twins
from vtt.rules.engine import Game, State
from vtt.rules.errors import PackError, RuleError
from vtt.rules.loader import load_pack_text

FLOW = """\
format: 1
id: flow
name: Flow
players: {min: 2, max: 4}
components:
  deck: {cards: "cards('AR AP AS AW AL 2R 2P 2S 2W 2L')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
  chosen: {per: player, visibility: owner}
  shown: {per: player, visibility: everyone}
vars:
  rounds: 0
  tally: {per: player, initial: 0}
setup:
  - shuffle: pool
  - deal: {from: pool, to: hand, count: 2}
flow:
  start: choose
  phases:
    choose:
      turn: each
      ACTORS
      moves: [pick]
      then: [{phase: reveal}]
    reveal:
      turn: auto
      enter:
        - for: {each: p, in: seats, do: [{move: {from: "chosen[p]", to: "shown[p]"}}]}
        - phase: count
    count:
      turn: auto
      enter:
        - add: {rounds: 1}
        - for: {each: p, in: seats, do: [{add: {"tally[p]": "len(shown[p])"}}]}
        - if: "rounds >= 2"
          then: [{end_game: {winners: "[0]", reason: "two rounds: {tally}"}}]
        - phase: choose
moves:
  pick:
    text: "pick {card}"
    secret: true
    args:
      card: {type: card, from: "hand[me]"}
    effects:
      - move: {what: card, from: "hand[me]", to: "chosen[me]"}
"""


def _flow(actors: str = "") -> str:
    return FLOW.replace("ACTORS", actors)


def _play_both(text: str, players: int, seed: int) -> tuple[State, State]:
    """A random game of ``text`` played the generated way and the interpreted way, checked
    equal after every move."""
    compiled, plain = _twins(lambda: load_pack_text(text, "flow.yaml"))
    states = [game.new_state(seed=seed, players=players) for game in (compiled, plain)]
    assert _differences(*states) == []
    rng = random.Random(seed)
    while states[0].outcome is None:
        legal = states[0].legal_list()
        move = legal[rng.randrange(len(legal))]
        for state in states:
            state.apply_unchecked(move)
        assert _differences(*states) == []
    return states[0], states[1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_phases_and_automatic_chains_play_the_same_both_ways(players: int) -> None:
    for seed in range(5):
        compiled, _ = _play_both(_flow(), players, seed)
        assert compiled.outcome is not None
        assert compiled.var("rounds") == 2
        assert compiled.var("tally") == [3] * players  # shown cards stay: 1, then 1 + 1


def test_a_phase_with_chosen_actors_asks_only_them() -> None:
    text = _flow('actors: "[p for p in seats if p != 1]"')
    compiled, _ = _play_both(text, 3, 7)
    assert compiled.var("tally") == [3, 0, 3]
    # And the history holds only their choices: two rounds of two seats.
    assert len(compiled.history) == 4


def test_secret_choices_are_unveiled_once_everyone_has_chosen() -> None:
    compiled, plain = _twins(lambda: load_pack_text(_flow(), "flow.yaml"))
    for game in (compiled, plain):
        state = game.new_state(seed=3)
        state.apply_unchecked(state.legal_list()[0])
        # Seat 0 has chosen; seat 1 reads the line as a choice made, not the card.
        assert [line.secret for line in state.log[-1:]] == [True]
        state.apply_unchecked(state.legal_list()[0])
        assert not any(line.secret for line in state.log)


def test_the_generated_path_is_what_runs() -> None:
    game = load_pack_text(_flow(), "flow.yaml")
    state = game.new_state(seed=1)
    rules = state._rules
    assert set(rules.play) == {("choose", "pick")}
    settle = rules.settle.source  # type: ignore[attr-defined]
    # Both automatic phases are written into the one settle loop.
    assert "_name == 'reveal'" in settle and "_name == 'count'" in settle
    # Every move's aftermath is one generated function: the engine has no other path.
    assert all(hasattr(play, "source") for play in rules.play.values())


def test_every_shipped_move_has_a_generated_path() -> None:
    from tests.packs.test_conformance import GAMES

    for game in GAMES:
        if game.kind == "setup":
            continue
        state = game.new_state()
        rules = state._rules
        for phase, kinds in rules.generators.items():
            for kind, *_ in kinds:
                assert (phase, kind.name) in rules.play, (game.id, phase, kind.name)


def test_a_phase_that_names_nobody_to_move_is_an_error_both_ways() -> None:
    text = _flow('actors: "[p for p in seats if p > 9]"')
    for game in _twins(lambda: load_pack_text(text, "flow.yaml")):
        with pytest.raises(RuleError, match="phase 'choose' has nobody to move"):
            game.new_state(seed=1)


def _heavy_chain(game: Game) -> None:
    with hang_guard(), pytest.raises(RuleError) as caught:
        state = game.new_state(seed=1)
        state.apply_unchecked(state.legal_list()[0])
        state.apply_unchecked(state.legal_list()[0])
    message = str(caught.value)
    assert message.startswith("flow.yaml: too much work in one turn"), message
    assert "reveal -> count -> reveal" in message


def test_automatic_phases_that_do_too_much_work_together_are_stopped_both_ways() -> None:
    # Each visit to 'count' spends a little work; going round and round without a move,
    # the phases together spend more than a turn may.
    text = _flow().replace(
        '        - if: "rounds >= 2"\n'
        '          then: [{end_game: {winners: "[0]", reason: "two rounds: {tally}"}}]\n'
        "        - phase: choose\n",
        '        - if: "sum(range(90000 + rounds)) < 0"\n'
        "          then: [{phase: choose}]\n"
        "          else: [{phase: reveal}]\n",
    )
    assert text != _flow()
    for game in _twins(lambda: load_pack_text(text, "flow.yaml")):
        _heavy_chain(game)


@pytest.mark.parametrize("name", ["_values", "from", "lambda"])
def test_an_argument_that_cannot_be_a_name_is_refused_where_it_stands(name: str) -> None:
    # Arguments are names in expressions and locals of the generated turn code: a
    # keyword or a name of the scaffolding's kind (leading _) is refused at load, with
    # its place, instead of needing a second, slower path to run it.
    text = _flow().replace(
        '      card: {type: card, from: "hand[me]"}\n',
        f'      card: {{type: card, from: "hand[me]"}}\n      {name}: {{type: suit}}\n',
    )
    assert text != _flow()
    with pytest.raises(PackError) as caught:
        load_pack_text(text, "flow.yaml")
    assert f"flow.yaml:45:7 (moves.pick.args.{name}): the argument name '{name}' cannot" in str(
        caught.value
    )


BIDDING = """\
format: 1
id: bidding
name: Bidding
players: {min: 2, max: 4}
vars:
  bids: 0
  total: 0
  moved: {per: player, initial: 0}
flow:
  start: bid
  phases:
    bid:
      turn: single
      moves: [raise, hold]
      after_move:
        - add: {bids: 1}
        - if: "bids % 5 == 0"
          then: [reverse]
        - if: "bids % 7 == 0"
          then: [{give_turn: "0"}]
        - if: "bids >= 12"
          then: [{phase: count}]
    count:
      turn: auto
      enter:
        - end_game: {winners: "[p for p in seats if moved[p] == max(moved)]", reason: "{total}"}
moves:
  raise:
    text: "raise {n}"
    args:
      n: {type: number, from: "range(1, 4)"}
    effects:
      - add: {total: n, "moved[me]": 1}
      - if: "n == 3"
        then: [keep_turn]
  hold:
    text: hold
    when:
      - check: "total > 0"
        message: nothing to hold yet
    effects:
      - add: {"moved[me]": 1}
"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_move_and_the_turn_order_steps_play_the_same_both_ways(players: int) -> None:
    for seed in range(8):
        compiled, _ = _play_both(BIDDING, players, seed)
        assert compiled.outcome is not None
        assert compiled.var("bids") == 12
        assert sum(compiled.var("moved")) == 12


# A move whose effects spend most of a turn's work (two expressions of 800,000 units),
# and a phase whose legal-move search tries 55,000 numbers (1,100,000 units).
BUDGET = """\
format: 1
id: budget
name: Budget
players: {min: 2, max: 2}
vars:
  spent: 0
  picked: 0
flow:
  start: go
  phases:
    go: {turn: single, moves: [spend, pick]}
moves:
  spend:
    text: spend
    effects:
      - set: {spent: "len([i for i in range(400000)])"}
      - set: {spent: "len([i for i in range(400000)])"}
  pick:
    text: "pick {n}"
    args: {n: {type: number, from: "range(55000)"}}
    when:
      - {check: "n < 2", message: "Pick 0 or 1"}
    effects:
      - add: {picked: 1}
end:
  - check: "picked >= 3"
    winners: "[0]"
    reason: done
"""


def test_the_legal_move_search_has_the_same_budget_on_every_route() -> None:
    # The search after a move and the search of a position asked afresh (a copy whose
    # moves are forgotten, a saved game read back) have a budget of their own: the
    # move's work never counts against the next player's search, so both find the
    # same moves, where the search after the move used to run out of work.
    game = load_pack_text(BUDGET, "budget.yaml")
    state = game.new_state(seed=1)
    afresh = state.copy()
    afresh.invalidate()
    assert [move.text for move in afresh.legal_list()] == ["spend", "pick 0", "pick 1"]
    with hang_guard():
        state.apply("spend")  # its own effects spend 1,600,000 of the turn's 2,000,000
    assert state.var("spent") == 400000
    after = [move.text for move in state.legal_list()]
    again = state.copy()
    again.invalidate()
    assert after == [move.text for move in again.legal_list()] == ["spend", "pick 0", "pick 1"]
