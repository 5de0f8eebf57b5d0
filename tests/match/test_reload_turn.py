"""A move made again under edited rules is made by the seat that made it: where the new
rules give the turn to another seat, the reload stops there and says whose turn it is
(it never makes one seat's move for another)."""

from __future__ import annotations

from tests.match.tiny import PLAY_EFFECTS, TINY
from vtt.match import Match, MatchSeat
from vtt.rules.finder import load_game_text


def test_a_move_whose_seat_no_longer_has_the_turn_stops_the_reload() -> None:
    match = Match(load_game_text(TINY), [MatchSeat("Ann"), MatchSeat("Ben")], seed=4)
    card = next(m.text for m in match.frame(0).moves if m.text.startswith("play"))
    for text in (card, "pass", "pass"):  # Ann plays a card, Ben passes, Ann passes
        assert match.play(text) is None
    again = TINY.replace(PLAY_EFFECTS, PLAY_EFFECTS + "      - keep_turn\n")
    reloaded = match.reloaded(load_game_text(again))
    assert reloaded.stopped_at == 2  # Ben's pass: Ann plays again under the new rules
    assert reloaded.seat == "Ben"
    assert reloaded.reason == "it is Ann's turn now, not Ben's"
    assert [m.text for m in reloaded.match.moves] == [card]
    assert reloaded.match.to_move == 0
