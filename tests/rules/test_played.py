"""Who played the cards of a trick (issue 23): every view names the seat that played each
card lying on a shared place everyone sees, from the moment it is played until the
trick is gathered."""

from __future__ import annotations

from vtt.rules import load_game
from vtt.rules.engine import State


def stones_at_play(seed: int = 5) -> State:
    """Stones for four, the bids made: the leader to play the first card."""
    state = load_game("stones").new_state({}, seed, players=4)
    while state.phase == "bid":
        state.apply("bid 2")
    return state


def test_each_card_of_the_trick_is_named_with_its_player_in_every_view():
    state = stones_at_play()
    players: list[int] = []
    for _ in range(3):
        players.append(state.to_move)
        state.apply(state.legal_list()[0])
        for seat in range(4):
            assert state.view(seat).played == {("trick",): tuple(players)}
    # Played in turn from the leader, each card by the seat after the one before.
    assert players == [(players[0] + k) % 4 for k in range(3)]


def test_a_trick_gathered_by_its_taker_is_named_nowhere_any_more():
    state = stones_at_play()
    for _ in range(4):
        state.apply(state.legal_list()[0])
    assert state.zone("trick") == [] and state.view(0).played == {}
    assert state.played == ()


def test_a_copy_keeps_who_played_and_the_fast_path_notes_nothing():
    state = stones_at_play()
    first = state.to_move
    state.apply(state.legal_list()[0])
    copy = state.copy()
    assert copy.view(1).played == {("trick",): (first,)}
    # An agent's search (``apply_unchecked``) does not pay for it: nothing noted.
    copy.apply_unchecked(copy.legal_list()[0])
    assert copy.played == state.played


def test_the_top_of_the_discard_pile_is_named_with_its_player():
    state = load_game("jokers-wild").new_state({}, 3, players=3)
    names = []
    for _ in range(30):
        plays = [m for m in state.legal_list() if m.text.startswith("play ")]
        if state.outcome is not None or not plays:
            break
        names.append(state.to_move)
        state.apply(plays[0])
        shown = state.view((names[-1] + 1) % 3).played[("discard",)]
        assert shown[-1] == names[-1]
        assert len(shown) == len(state.zone("discard"))
    assert len(names) >= 2


def test_a_secret_choice_is_never_named():
    # War's five-card choice goes face down into the chooser's own place: nobody's trick.
    state = load_game("war").new_state({"mode": "five-card"}, 2, players=2)
    for _ in range(4):
        if state.outcome is not None:
            break
        state.apply(state.legal_list()[0])
        assert state.played == ()
        assert all(view.played == {} for view in (state.view(0), state.view(1)))
