"""A game carried over into edited rules (``Match.reloaded``): its moves made again,
the table as it was, or a stop at the first move that no longer applies, named."""

from __future__ import annotations

import pytest

from tests.match.tiny import PLAY_EFFECTS, TINY, TWO_AT_MOST
from vtt.match import Match, MatchSeat, Reloaded
from vtt.rules.finder import load_game_text


def played(moves: int = 3) -> Match:
    """A match of TINY with ``moves`` cards played, Ann and Ben in turn."""
    match = Match(load_game_text(TINY), [MatchSeat("Ann"), MatchSeat("Ben")], seed=4)
    for _ in range(moves):
        frame = match.frame(match.to_move)
        play = next(move.text for move in frame.moves if move.text.startswith("play"))
        assert match.play(play) is None
    return match


def test_an_edit_that_changes_no_move_keeps_the_table() -> None:
    match = played()
    edited = TINY.replace("label: the middle", "label: the centre")
    reloaded = match.reloaded(load_game_text(edited))
    assert isinstance(reloaded, Reloaded)
    assert reloaded.stopped_at is None
    new = reloaded.match
    assert new.game.zones["middle"].label == "the centre"
    assert [m.text for m in new.moves] == [m.text for m in match.moves]
    assert new.spectator_frame().zones == match.spectator_frame().zones
    for seat in (0, 1):
        assert new.frame(seat).zones == match.frame(seat).zones
    assert new.to_move == match.to_move
    assert "3 moves made again" in reloaded.message
    # The game goes on under the new rules.
    assert new.play("pass") is None


def test_a_move_the_new_rules_refuse_stops_the_replay_and_is_named() -> None:
    match = played()
    third = match.moves[2].text
    edited = TINY.replace(PLAY_EFFECTS, PLAY_EFFECTS + TWO_AT_MOST)
    reloaded = match.reloaded(load_game_text(edited))
    assert reloaded.stopped_at == 3
    assert (reloaded.seat, reloaded.text) == ("Ann", third)
    assert "the middle holds two cards at most" in reloaded.reason
    assert reloaded.message.startswith(f"Move 3 (Ann: '{third}') no longer applies")
    assert "after 2 moves" in reloaded.message
    new = reloaded.match
    assert [m.text for m in new.moves] == [m.text for m in match.moves[:2]]
    assert new.state.zone("middle") == match.states()[2].zone("middle")
    assert new.to_move == 0
    # The old match is left as it was.
    assert len(match.moves) == 3


def test_a_move_no_longer_in_the_rules_stops_the_replay() -> None:
    match = Match(load_game_text(TINY), [MatchSeat("Ann"), MatchSeat("Ben")], seed=4)
    assert match.play("pass") is None
    without_pass = TINY.replace("moves: [play, pass]", "moves: [play]").replace(
        "  pass:\n    text: pass\n", ""
    )
    reloaded = match.reloaded(load_game_text(without_pass))
    assert (reloaded.stopped_at, reloaded.seat, reloaded.text) == (1, "Ann", "pass")
    assert reloaded.reason
    assert reloaded.match.moves == []


def test_rules_that_cannot_seat_the_game_say_why() -> None:
    match = played(1)
    three = TINY.replace("players: {min: 2, max: 2}", "players: {min: 3, max: 4}")
    with pytest.raises(ValueError, match="cannot start this game"):
        match.reloaded(load_game_text(three))
