"""A match through its commands: moves, refusals, undo and redo, resignation, "why",
house rules, replay; and every frame it answers goes through JSON unchanged."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from vtt.match import (
    COMPUTER,
    BuildQuestion,
    DropQuestion,
    HouseRules,
    Match,
    MatchSeat,
    Play,
    Redo,
    ReplayTo,
    Resign,
    SeatFrame,
    Undo,
    WatchAs,
    Why,
    answer_from_json,
    changed_places,
    frame_from_json,
    places_of,
    revelation,
)
from vtt.rules import load_game
from vtt.rules.records import Record, record_of
from vtt.rules.values import Cell
from vtt.rules.views import Hidden


def _match(pack: str, *kinds: str, options=None, seed: int = 1) -> Match:
    seats = [
        MatchSeat(f"P{i + 1}", kind, "random" if kind == COMPUTER else "")
        for i, kind in enumerate(kinds or ("person", "person"))
    ]
    return Match(load_game(pack), seats, options or {}, seed)


def _round_trip(frame: SeatFrame) -> SeatFrame:
    return frame_from_json(json.loads(json.dumps(frame.to_json())))


def _first(match: Match) -> tuple[int, str]:
    seat = match.to_move
    assert seat is not None
    return seat, match.frame(seat).moves[0].text


@pytest.mark.parametrize(
    ("pack", "players"),
    [("stones", 3), ("jantori", 2), ("battlefront", 2), ("dueling-wizards", 2), ("green-queen", 4)],
)
def test_every_frame_of_a_game_reads_back_from_json(pack, players):
    match = _match(pack, *["person"] * players)
    for _ in range(12):
        for seat in range(players):
            frame = match.frame(seat)
            assert _round_trip(frame) == frame
        assert _round_trip(match.spectator_frame()) == match.spectator_frame()
        if match.over:
            break
        seat, text = _first(match)
        assert match.send(Play(seat, text=text)).accepted


def test_only_the_seat_to_move_has_moves_and_may_play():
    match = _match("stones", "person", "person", "person")
    seat = match.to_move
    others = [s for s in range(3) if s != seat]
    assert match.frame(seat).moves
    assert all(not match.frame(s).moves for s in others)
    assert not match.spectator_frame().moves
    answer = match.send(Play(others[0], text="bid 3"))
    assert not answer.accepted
    assert answer.reason == f"It is {match.names[seat]}'s turn, not {match.names[others[0]]}'s"
    assert answer.frame == match.frame(others[0])


def test_a_move_answered_with_the_frame_of_the_seat_on_view_then():
    """A window showing another seat's view than the mover's asks for that seat's frame,
    named once the move is made (the seat to move next, here)."""
    match = _match("stones", "person", "person", "person")
    seat, text = _first(match)
    asked: list[int | None] = []

    def on_view() -> int:
        asked.append(match.to_move)
        assert match.to_move is not None
        return match.to_move

    answer = match.send(Play(seat, text=text), answer_as=on_view)
    assert answer.accepted and asked == [match.to_move] and match.to_move != seat
    assert answer.frame is not None and answer.frame.seat == match.to_move
    assert answer.frame == match.frame(match.to_move)


def test_a_move_by_its_action_and_an_illegal_one_with_the_rules_reason():
    match = _match("stones", "person", "person", "person")
    seat = match.to_move
    move = match.frame(seat).moves[2]
    assert move.action is not None
    answer = match.send(Play(seat, action=move.action))
    assert answer.accepted and match.state.history[-1].text == move.text
    seat = match.to_move
    answer = match.send(Play(seat, text="bid 99"))
    assert not answer.accepted and "99" in answer.reason
    assert not match.send(Play(seat, text="fly away")).accepted
    assert not match.send(Play(7, text="bid 1")).accepted


def test_a_hidden_hand_is_a_count_in_the_others_frames():
    match = _match("stones", "person", "person", "person")
    hands = match.frame(0).zones["hand"]
    assert isinstance(hands[0], tuple) and len(hands[0]) > 0
    assert isinstance(hands[1], Hidden) and hands[1].count == len(match.state.zone("hand")[1])
    assert all(isinstance(hand, Hidden) for hand in match.spectator_frame().zones["hand"])


def test_undo_and_redo_through_commands():
    match = _match("jantori")
    first = match.frame(0)
    seat, text = _first(match)
    assert not first.can_undo and not match.send(Undo(0)).accepted
    assert match.send(Play(seat, text=text)).accepted
    assert match.frame(0).can_undo
    answer = match.send(Undo(0))
    assert answer.accepted and match.moves == [] and not answer.frame.can_undo
    assert answer.frame.can_redo
    assert answer.frame.zones == first.zones and answer.frame.history == ()
    answer = match.send(Redo(1))
    assert answer.accepted and [m.text for m in match.moves] == [text]
    assert not answer.frame.can_redo and not match.send(Redo(1)).accepted


def test_undo_takes_back_the_computer_moves_after_the_persons():
    match = _match("jantori", "person", COMPUTER)
    seat, text = _first(match)
    assert seat == 0
    match.send(Play(0, text=text))
    computer = match.computer_to_move()
    assert computer == 1
    assert match.play(match.frame(1).moves[0].text) is None
    assert not match.send(Undo(1)).accepted  # the computer's seat is not played here
    assert match.send(Undo(0)).accepted and match.moves == []


def test_undo_stops_at_a_move_that_revealed_something():
    match = _match("war", options={"mode": "five-card"})
    for _ in range(4):  # both choose, the cards are shown, and on
        seat, text = _first(match)
        assert match.send(Play(seat, text=text)).accepted
    answer = match.send(Undo(0))
    assert not answer.accepted and answer.reason.startswith("Cannot undo past")
    assert not answer.frame.can_undo
    assert "showed" in answer.reason or "revealed" in answer.reason


def test_an_undo_refused_names_no_card_shown_to_another_seat_only():
    match = _match("stones", "person", "person", "person")
    states = match.states()
    state = states[0].copy()
    _, text = _first(match)
    after = state.copy()
    after.apply(text)
    # A card moved from the face-down pile into seat 1's hand: shown to seat 1 alone.
    after.env["hand"][1].append(after.env["aside"].pop())
    card = str(after.env["hand"][1][-1])
    assert card in revelation(state, after)
    assert card in revelation(state, after, 1)
    told = revelation(state, after, 0)
    assert told == f"it showed 1 card to {match.names[1]}"


def test_a_resignation_ends_the_game_for_the_others():
    match = _match("stones", "person", "person", "person")
    answer = match.send(Resign(1))
    assert answer.accepted
    frame = answer.frame
    assert frame.outcome is not None and frame.outcome.winners == (0, 2)
    assert frame.outcome.resigned == 1 and "P2 resigned" in frame.outcome.reason
    assert frame.to_move is None and not frame.moves and frame.over
    assert not match.send(Play(match.state.to_move or 0, text="bid 1")).accepted
    assert not match.send(Resign(0)).accepted
    assert _round_trip(frame) == frame


def test_a_computer_seat_cannot_resign():
    match = _match("jantori", "person", COMPUTER)
    assert not match.send(Resign(1)).accepted


def test_why_answers_a_move_text_a_drop_and_a_built_move():
    match = _match("stones", "person", "person", "person")
    seat = match.to_move
    answer = match.send(Why(seat, text="bid 99"))
    assert answer.accepted and "99" in answer.text
    other = (seat + 1) % 3
    assert match.send(Why(other, text="bid 1")).text == f"It is {match.names[seat]}'s turn"
    assert match.send(Why(seat, text="bid 1")).text == "It is a legal move"
    jantori = _match("jantori")
    answer = jantori.send(Why(0, drop=DropQuestion("R", ("board", (0, 0)))))
    assert answer.accepted and answer.text
    battle = _match("battlefront")
    frame = battle.frame(battle.to_move)
    assert frame.builds.moves
    built = frame.builds.moves[0]
    answer = battle.send(
        Why(frame.seat, build=BuildQuestion(built.target, built.place, built.cards))
    )
    assert answer.text == f"It is a legal move: {built.text}"
    answer = battle.send(Why(frame.seat, build=BuildQuestion(built.target, built.place, ())))
    assert answer.accepted and answer.text and "legal move" not in answer.text


def test_house_rules_hand_over_every_place_with_who_saw_it():
    match = _match("stones", "person", "person", "person")
    answer = match.send(HouseRules(0))
    assert answer.accepted and answer.house is not None
    house = answer.house
    assert house.places[("hand", 1)] == tuple(match.state.zone("hand")[1])
    assert house.seen[("hand", 1)] == (False, True, False)
    assert sum(len(stack) for stack in house.places.values()) == len(list(match.state.components()))


def _finished_record(pack: str = "war") -> Record:
    match = _match(pack, options={"mode": "aces-and-kings"})
    while not match.over:
        seat, text = _first(match)
        match.send(Play(seat, text=text))
    return record_of(match.state)


def test_a_replay_steps_and_is_watched_as_a_seat_or_with_open_hands():
    record = _finished_record()
    match = Match.of_record(load_game("war"), record)
    frame = match.frame(0)
    assert frame.replay is not None and frame.replay.at == 0
    assert frame.replay.length == len(record.moves) and frame.open_hands
    assert not frame.moves and not match.send(Play(0, text="play")).accepted
    answer = match.send(ReplayTo(0, 3))
    assert answer.accepted and answer.frame.replay.at == 3
    assert len(answer.frame.history) == 3
    assert not match.send(ReplayTo(0, len(record.moves) + 1)).accepted
    answer = match.send(WatchAs(0, 1))
    assert answer.accepted and answer.frame.seat == 1 and not answer.frame.open_hands
    assert _round_trip(answer.frame) == answer.frame


def test_a_record_written_for_one_seat_is_watched_only_as_that_seat():
    match = _match("war", options={"mode": "five-card"})
    for _ in range(5):
        seat, text = _first(match)
        match.send(Play(seat, text=text))
    record = match.record(1)
    assert record.seen_by == match.names[1]
    replay = Match.of_record(load_game("war"), record)
    assert replay.frame(0).seat == 1
    assert not replay.send(WatchAs(0, None)).accepted
    assert not replay.send(WatchAs(0, 0)).accepted
    assert not match.send(ReplayTo(0, 1)).accepted  # no replay in a game under way


def test_the_last_move_of_a_secret_choice_is_not_shown_to_the_others():
    match = _match("war", options={"mode": "five-card"})
    seat, text = _first(match)
    assert match.send(Play(seat, text=text)).accepted
    assert match.frame(seat).last is not None
    other = 1 - seat
    assert match.frame(other).history[-1] == "chooses"
    assert match.frame(other).last is None


def test_in_a_simultaneous_phase_each_seat_still_to_choose_has_its_moves():
    match = _match("war", options={"mode": "five-card"})
    state = match.state
    assert len(state.pending) == 2
    first, second = state.pending
    assert match.frame(first).moves and match.frame(second).moves
    hand = tuple(str(card) for card in state.zone("hand")[second])
    assert {m.text for m in match.frame(second).moves} == {f"play {card}" for card in hand}
    # The second seat chooses first: kept until its turn in the engine's order.
    text = match.frame(second).moves[0].text
    answer = match.send(Play(second, text=text))
    assert answer.accepted and answer.frame.chosen == text and not answer.frame.moves
    assert match.moves == [] and match.frame(first).chosen is None
    again = match.send(Play(second, text=match.frame(first).moves[0].text))
    assert not again.accepted and "has chosen already" in again.reason
    assert match.send(Play(first, text=match.frame(first).moves[0].text)).accepted
    assert [m.text for m in match.moves][1] == text
    assert match.frame(second).chosen is None


def test_a_move_chosen_ahead_must_be_legal():
    match = _match("war", options={"mode": "five-card"})
    first, second = match.state.pending
    mine = {str(card) for card in match.state.zone("hand")[second]}
    theirs = next(str(c) for c in match.state.zone("hand")[first] if str(c) not in mine)
    answer = match.send(Play(second, text=f"play {theirs}"))
    assert not answer.accepted and answer.frame.chosen is None


def test_a_computer_seat_thinks_from_its_view_and_moves():
    match = _match("jantori", "person", COMPUTER)
    seat, text = _first(match)
    match.send(Play(seat, text=text))
    assert not match.think(0).accepted  # a person's seat
    view, legal = match.agent_input(1)
    assert view.seat == 1 and legal
    answer = match.think(1)
    assert answer.accepted and len(match.moves) == 2
    assert match.moves[1].text in {move.text for move in legal}
    assert not match.think(1).accepted  # not its turn now


def test_an_answer_reads_back_from_json():
    match = _match("stones", "person", "person", "person")
    seat = match.to_move
    for answer in (match.send(Play(seat, text="bid 99")), match.send(Why(seat, text="bid 99"))):
        data = json.loads(json.dumps(answer.to_json()))
        assert answer_from_json(data) == answer
    with pytest.raises(ValueError, match="not an answer"):
        answer_from_json({"accepted": True})


def test_undo_and_redo_leave_the_state_the_moves_make_from_the_start():
    match = _match("jantori")
    for step in range(14):
        if step % 5 == 4:
            assert match.send(Undo(0)).accepted
            if step % 10 == 4:
                assert match.send(Redo(0)).accepted
            continue
        seat, text = _first(match)
        assert match.send(Play(seat, text=text)).accepted
    again = match.first_state()
    for move in match.moves:
        again.apply(move.text)
    assert again == match.state
    assert match.states()[-1] == again
    assert len(match.states()) == len(match.moves) + 1


def test_the_beats_of_a_move_are_frames_without_moves():
    match = _match("war", options={"mode": "classic"})
    while not match.beat_states:
        seat, text = _first(match)
        assert match.send(Play(seat, text=text)).accepted
    beats = match.beats(0)
    assert beats and all(not beat.moves for beat in beats)
    assert all(_round_trip(beat) == beat for beat in beats)
    assert match.beats(None) and all(beat.seat is None for beat in match.beats(None))


def test_a_saved_game_resumes_from_its_moves_or_names_the_bad_one():
    match = _match("jantori")
    for _ in range(4):
        seat, text = _first(match)
        match.send(Play(seat, text=text))
    moves = [move.text for move in match.moves]
    again = _match("jantori")
    heard = []
    again.resume(moves, "game.jgame", heard.append)
    assert again.state == match.state and heard == [1, 2, 3, 4]
    assert again.frame(0).can_undo and again.send(Undo(0)).accepted
    with pytest.raises(ValueError, match=r"game.jgame: move 2 'fly' is not legal"):
        again.resume([moves[0], "fly"], "game.jgame")
    assert [m.text for m in again.moves] == moves[:-1]  # nothing changed


def test_a_replay_tells_its_progress_while_its_moves_are_made():
    record = _finished_record()
    heard = []
    Match.of_record(load_game("war"), record, heard.append)
    assert heard == list(range(1, len(record.moves) + 1))


def test_a_seat_still_to_choose_in_a_simultaneous_phase_may_ask_why():
    match = _match("war", options={"mode": "five-card"})
    first, second = match.state.pending
    theirs = next(
        str(c) for c in match.state.zone("hand")[first] if c not in match.state.zone("hand")[second]
    )
    answer = match.send(Why(second, text=f"play {theirs}"))
    assert answer.accepted and "turn" not in answer.text and answer.text != "It is a legal move"
    mine = match.frame(second).moves[0].text
    assert match.send(Why(second, text=mine)).text == "It is a legal move"


def test_a_frames_view_is_the_seats_view():
    match = _match("dueling-wizards")
    for _ in range(10):
        seat, text = _first(match)
        match.send(Play(seat, text=text))
    for seat in (0, 1):
        view, real = match.frame(seat).view(match.game), match.state.view(seat)
        assert (view.zones, view.vars, view.log, view.history) == (
            real.zones,
            real.vars,
            real.log,
            real.history,
        )
        assert view.options == real.options and view.game is real.game


def test_a_move_changes_the_places_it_moves_between():
    match = _match("jantori")
    before = match.frame(0)
    seat, text = _first(match)
    foot = before.moves[0].footprint
    assert foot is not None
    match.send(Play(seat, text=text))
    after = match.frame(0)
    assert changed_places(before, after) == {foot.source, foot.target}
    assert changed_places(after, after) == set()
    places = places_of(after)
    assert ("board", Cell(0, 0)) in places and all(isinstance(k, tuple) for k in places)


def test_commands_that_do_not_fit_the_moment_are_refused():
    match = _match("jantori", "person", COMPUTER)
    assert not match.send(WatchAs(0, 1)).accepted
    assert not match.send(HouseRules(1)).accepted  # the computer's seat
    replay = Match.of_record(load_game("war"), _finished_record())
    for command in (Undo(0), Redo(0), Resign(0), HouseRules(0), Why(0, text="flip")):
        answer = replay.send(command)
        assert not answer.accepted and "replay" in answer.reason.lower()
    over = _match("jantori")
    over.send(Resign(0))
    assert over.send(Why(1, text="place R at a1")).text == "The game is over"
    assert not over.send(Undo(0)).accepted


def test_a_choice_made_ahead_tells_the_others_nothing_but_that_something_changed():
    match = _match("war", options={"mode": "five-card"})
    first, second = match.state.pending
    before = match.frame(first), match.spectator_frame()
    assert match.send(Play(second, text=match.frame(second).moves[-1].text)).accepted
    after = match.frame(first), match.spectator_frame()
    for old, new in zip(before, after, strict=True):
        assert new.generation == old.generation + 1
        assert replace(new, generation=old.generation) == old
