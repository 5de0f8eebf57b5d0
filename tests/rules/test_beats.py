"""The moments of a move's aftermath (``State.beats``), kept for the window to show."""

from __future__ import annotations

from vtt.rules import load_game
from vtt.rules.deal import apply_deal


def test_a_war_round_is_kept_moment_by_moment_while_beats_are_asked_for() -> None:
    war = load_game("war")
    # The deal of the War record 'war-same-suit': 5R against 9R, then a war.
    state = war.new_state({"mode": "classic"}, 0)
    apply_deal(state, {"stock": [["5R", "2P", "3P", "4P", "KS"], ["9R", "2W", "3W", "4W", "AL"]]})
    state.apply("flip")
    assert state.beats is None
    state.beats = []
    state.apply("flip")
    beats, state.beats = state.beats, None
    shown = [
        ([str(c) for c in b.zone("battle")[0]], [str(c) for c in b.zone("battle")[1]])
        for b in beats
    ]
    # Both cards side by side (resolve, then war entered), the war's cards laid (resolve
    # again), then the winner's pile (next round, where the game ends: a stack is empty).
    assert shown[0] == (["5R"], ["9R"]) == shown[1]
    assert shown[2] == (["5R", "KS"], ["9R", "AL"])
    assert [b.phase for b in beats] == ["resolve", "war", "resolve", "next_round"]
    assert len(beats[2].zone("spoils")) == 6 and len(beats[3].zone("won")[0]) == 10
    assert state.outcome is not None and beats[-1].outcome is None
    assert all(b.beats is None for b in beats)  # a copy asks for none of its own
    copy = state.copy()
    assert copy.beats is None


def test_no_beats_are_kept_unless_asked_for() -> None:
    state = load_game("war").new_state({"mode": "classic"}, 3)
    state.apply("flip")
    state.apply("flip")
    assert state.beats is None and state.copy().beats is None
