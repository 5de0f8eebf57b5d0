"""A decision asked in the middle of a resolution: the resolution goes to a phase where
the player chooses, and that phase's move goes back to the phase a var names
(``phase: EXPR``, checked against the phases)."""

from __future__ import annotations

import pytest

from tests.rules.test_stepgen import _differences, _twins
from vtt.rules.errors import PackErrors, RuleError
from vtt.rules.loader import load_pack_text

ASK = """\
format: 1
id: ask
name: Ask
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('5P AR 3W AS')", start: pool}
zones:
  pool: {visibility: everyone}
  hand: {per: player, visibility: everyone}
vars:
  total: {per: player, initial: 0}
  resume: {initial: "'play'"}
setup:
  - deal: {from: pool, to: hand, count: 2}
flow:
  start: play
  phases:
    play: {turn: single, moves: [play]}
    ace_value: {turn: single, moves: [count], label: choosing what the Ace is worth}
    tally:
      turn: auto
      enter:
        - if: "all(empty(hand[p]) for p in seats)"
          then: [{end_game: {winners: "most(total)", reason: "{total}"}}]
        - phase: play
moves:
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    effects:
      - move: {what: card, from: "hand[me]", to: pool}
      - if: "card.rank == Ace"
        then:
          # Asked here; the rest of the resolution waits in the phase 'resume' names.
          - set: {resume: "'tally' if empty(hand[me]) else 'play'"}
          - phase: ace_value
          - keep_turn
          - stop
      - add: {"total[me]": "card.rank"}
      - phase: tally
  count:
    text: "count {n}"
    args: {n: {type: number, from: "[1, 11]"}}
    effects:
      - add: {"total[me]": n}
      - log: "{seat_names[me]} counts the Ace as {n}"
      - phase: RESUME
"""


def test_the_choice_goes_back_to_the_phase_a_var_names() -> None:
    for game in _twins(lambda: load_pack_text(ASK.replace("RESUME", "resume"), "ask.yaml")):
        state = game.new_state(seed=0)
        state.apply(next(m for m in state.legal_moves if "A" in str(m)))
        assert state.phase == "ace_value" and state.to_move == 0
        state.apply("count 11")
        assert state.var("total")[0] == 11 and state.to_move == 1
    compiled, plain = (
        game.new_state(seed=0)
        for game in _twins(lambda: load_pack_text(ASK.replace("RESUME", "resume"), "ask.yaml"))
    )
    while compiled.outcome is None:
        move = compiled.legal_list()[-1]
        compiled.apply(move)
        plain.apply(move)
        assert _differences(compiled, plain) == []


def test_a_phase_expression_giving_no_phase_fails_naming_the_step() -> None:
    game = load_pack_text(ASK.replace("RESUME", "\"resume + 'x'\""), "ask.yaml")
    state = game.new_state(seed=0)
    state.apply(next(m for m in state.legal_moves if "A" in str(m)))
    with pytest.raises(RuleError, match=r"ask.yaml:\d+.*gave 'playx', which is not a phase"):
        state.apply("count 1")


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("\"'tally' if resume else 'nowhere'\"", "'nowhere' is not a phase"),
        ("nowhere", "unknown phase 'nowhere'"),
    ],
)
def test_phase_names_in_a_phase_expression_are_checked_at_load(target: str, message: str) -> None:
    with pytest.raises(PackErrors, match=message):
        load_pack_text(ASK.replace("RESUME", target), "ask.yaml")
