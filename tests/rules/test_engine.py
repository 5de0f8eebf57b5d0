"""The engine's API: moves and notation, checked and unchecked apply, views, copies."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vtt.janken import Card
from vtt.rules.engine import Game
from vtt.rules.finder import load_game
from vtt.rules.loader import load_pack_text
from vtt.rules.moves import IllegalMove, InvalidMove, Move
from vtt.rules.records import load_record, record_of, start_state
from vtt.rules.views import Hidden


@pytest.fixture(scope="module")
def jantori() -> Game:
    return load_game("jantori")


@pytest.fixture(scope="module")
def war() -> Game:
    return load_game("war")


def test_move_is_a_value_with_notation(jantori: Game) -> None:
    move = jantori.parse_move("place r at B2")
    assert move == Move("place R at b2")
    assert repr(move) == "Move('place R at b2')"
    assert eval(repr(move), {"Move": Move}) == move
    assert hash(move) == hash(Move.parse("place  R at b2"))


def test_bad_notation_is_an_invalid_move(jantori: Game) -> None:
    with pytest.raises(InvalidMove):
        jantori.parse_move("put R on b2")
    with pytest.raises(IllegalMove, match="X is not a piece you can choose"):
        jantori.new_state().apply("place X at b2")


def test_legal_moves_is_a_lazy_view(jantori: Game) -> None:
    state = jantori.new_state()
    moves = state.legal_moves
    assert len(moves) == 6 and bool(moves)
    assert Move("place P at b3") in moves
    assert Move("place P at b2") not in moves
    assert "place P at b3" not in moves  # only Move values are members
    assert sorted(str(m) for m in moves)[:2] == ["place P at a2", "place P at b3"]


def test_illegal_move_carries_the_packs_message(jantori: Game) -> None:
    state = jantori.new_state()
    with pytest.raises(
        IllegalMove, match=r"next to your marker on a3, or jump over Black's marker"
    ):
        state.apply("place R at c3")
    for text in ("place R at b3", "place S at c2", "place P at b2", "place P at c3"):
        state.apply(text)
    # White on b2; c2 shows Black's Scissors, which Paper does not beat.
    with pytest.raises(IllegalMove, match=r"^Your P does not beat Black's S on c2$"):
        state.apply("place P at c2")
    state.apply("place R at c2")  # Rock blunts Scissors
    assert state.zone("board")[jantori.parse_move("place R at c2") and _cell("c2")][-1].kind == "R"
    assert issubclass(IllegalMove, ValueError)


def _cell(name: str) -> object:
    from vtt.rules.values import Cell

    return Cell.parse(name)


def test_same_seed_same_game_and_copies_are_independent(war: Game) -> None:
    a = war.new_state({"mode": "five-card"}, 11)
    b = war.new_state({"mode": "five-card"}, 11)
    assert a == b
    c = a.copy()
    move = next(iter(a.legal_moves))
    a.apply(move)
    assert a != c and c == b
    b.apply_unchecked(move)
    assert a == b
    assert war.new_state({"mode": "five-card"}, 12) != c


def test_views_hide_other_hands_and_face_down_piles(war: Game) -> None:
    state = war.new_state({"mode": "five-card"}, 5)
    mine = state.view(0)
    assert isinstance(mine.zones["hand"][1], Hidden) and mine.zones["hand"][1].count == 5
    assert all(isinstance(card, Card) for card in mine.zones["hand"][0])
    assert isinstance(mine.zones["pool"], Hidden)
    move = next(iter(state.legal_moves))
    state.apply(move)  # a secret choice: the other seat sees only that a choice was made
    assert state.view(1).log[-1] == "P1: chooses"
    assert state.view(0).log[-1] == f"P1: {move}"
    assert isinstance(state.view(1).zones["chosen"][0], Hidden)
    state.apply(next(iter(state.legal_moves)))
    assert not any(line.endswith("chooses") for line in state.view(1).log)


def test_a_view_with_open_hands_shows_every_hand_and_choice_but_no_face_down_pile(
    war: Game,
) -> None:
    state = war.new_state({"mode": "five-card"}, 5)
    move = next(iter(state.legal_moves))
    state.apply(move)  # P1 chooses a card in secret
    watched = state.view(1, open_hands=True)
    assert watched.zones["hand"][0] == tuple(state.zone("hand")[0])
    assert (
        watched.zones["hand"][1] == tuple(state.zone("hand")[1])
        and len(watched.zones["hand"][1]) == 5
    )
    assert watched.zones["chosen"][0] == tuple(state.zone("chosen")[0])
    assert watched.log[-1] == f"P1: {move}"
    assert isinstance(watched.zones["pool"], Hidden)  # the deck keeps its order secret
    assert watched.seat == 1  # laid out as P2 sees the table
    assert isinstance(state.view(1).zones["hand"][0], Hidden)  # a player's view is unchanged


def test_outcome_and_nothing_legal_after_the_end(war: Game) -> None:
    state = war.new_state({"mode": "high-card"}, 2)
    state.apply("draw")
    state.apply("draw")
    assert state.outcome is not None and len(state.outcome.winners) == 1
    assert not state.legal_moves and state.to_move is None
    with pytest.raises(IllegalMove, match="The game is over"):
        state.apply("draw")


def test_options_are_checked(war: Game) -> None:
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        war.new_state({"speed": 3})
    with pytest.raises(ValueError, match="option 'mode'"):
        war.new_state({"mode": "blitz"})
    with pytest.raises(ValueError, match="Aces and Kings is played"):
        war.new_state({"mode": "aces-and-kings", "jokers": True})
    with pytest.raises(ValueError, match="for 2 to 2 players"):
        war.new_state(players=3)


def test_options_are_checked_even_when_a_game_like_it_started_before(war: Game) -> None:
    # Games started with the same options skip the checks; 1 equals True, but it is not
    # a bool, so a game started with jokers=1 is checked and refused.
    assert war.new_state({"jokers": True}).options["jokers"] is True
    assert war.new_state({"jokers": True}).options["jokers"] is True  # found again
    with pytest.raises(ValueError, match="option 'jokers'"):
        war.new_state({"jokers": 1})
    with pytest.raises(ValueError, match="unknown option"):
        war.new_state({"jokers": True, "speed": [1]})  # not hashable: checked as ever


def test_setup_packs_load_but_have_no_rules() -> None:
    game = load_game("janken-deck-games")
    assert game.kind == "setup"
    with pytest.raises(ValueError, match="free-form setup"):
        game.new_state()


@pytest.mark.parametrize("read_between", [False, True], ids=["unread", "read-between"])
def test_secret_choices_are_unveiled_whether_or_not_the_log_was_read(
    war: Game, read_between: bool
) -> None:
    # The log keeps lines nobody has read in a cheaper form; reading it in between
    # turns them into LogEntry values, and unveiling must reach both kinds.
    state = war.new_state({"mode": "five-card"}, seed=3)
    state.apply(state.legal_list()[0])
    if read_between:
        assert state.log[-1].secret and state.log[-1].seat == 0
    state.apply(state.legal_list()[0])
    plays = [entry for entry in state.log if entry.text.startswith(("P1: play", "P2: play"))]
    assert [entry.seat for entry in plays] == [0, 1]
    assert not any(entry.secret for entry in plays)


def test_a_start_without_chance_is_made_once_and_copied() -> None:
    # JANTORI's start draws no random number, so every seed starts the same position;
    # later games copy it, and what one game does never reaches the next.
    jantori = load_game("jantori")
    first = jantori.new_state({}, seed=1)
    first.apply(first.legal_list()[0])
    second = jantori.new_state({}, seed=2)
    assert second.history == [] and second.seed == 2 and second.rng.state == 2
    third = jantori.new_state({}, seed=2)
    assert second == third and second is not third
    assert second.zone("board") is not third.zone("board")
    assert [m.text for m in second.legal_list()] == [m.text for m in third.legal_list()]


def test_a_start_with_chance_still_depends_on_the_seed(war: Game) -> None:
    deals = {str(war.new_state({}, seed=seed).zone("stock")) for seed in range(5)}
    assert len(deals) == 5


GIVE = """
format: 1
id: give
name: Give
players: {min: 2, max: 3, default: 2}
seats: [North, South]
zones:
  pot: {visibility: everyone}
vars:
  given: {initial: 0, per: player}
flow:
  start: turn
  phases:
    turn:
      turn: single
      moves: [give]
moves:
  give:
    text: "give {who}"
    args:
      who: {type: player}
    effects:
      - add: {"given[who]": 1}
"""


def test_a_players_move_is_spelled_with_the_seat_names_of_its_own_game() -> None:
    # Moves are made once and reused; a player argument's text is the seat's name,
    # which differs with the number of players: "North" in a two-seat game, "P1" in
    # a three-seat one of the same pack (which names two seats only).
    game = load_pack_text(GIVE)
    assert sorted(map(str, game.new_state(players=2).legal_moves)) == ["give North", "give South"]
    three = game.new_state(players=3)
    assert sorted(map(str, three.legal_moves)) == ["give P1", "give P2", "give P3"]
    with pytest.raises(InvalidMove):
        three.apply("give North")
    three.apply("give P1")
    # A record of it replays in a fresh load of the pack, as in a new process.
    fresh = load_pack_text(GIVE)
    replayed = start_state(record_of(three), fresh)
    for move in three.history:
        replayed.apply(str(move))
    assert replayed.var("given") == three.var("given") == [1, 0, 0]
    two = game.new_state(players=2)
    assert two.apply("give South") == Move("give South") and two.var("given") == [0, 1]


def test_seat_names_given_to_a_new_game_spell_its_moves_log_and_outcome(war: Game) -> None:
    game = load_pack_text(GIVE)
    state = game.new_state(players=3, seat_names=("Ann", "Ben", "Cat"))
    assert sorted(map(str, state.legal_moves)) == ["give Ann", "give Ben", "give Cat"]
    assert state.apply("give ben") == Move("give Ben")  # read ignoring case, as before
    assert state.log[-1].text == "Ann: give Ben"
    with pytest.raises(InvalidMove):
        state.apply("give North")
    # The pack's own names, in the same process, are still its own.
    assert sorted(map(str, game.new_state(players=2).legal_moves)) == ["give North", "give South"]
    duel = war.new_state(deal={"stock": [["JP"], ["2L"]]}, seat_names=("Ann", "Ben"))
    duel.apply("flip")
    duel.apply("flip")
    assert [line.text for line in duel.log] == [
        "Ann: flip",
        "Ben: flip",
        "JP against 2L: Lizard eats Paper, Ben wins",
    ]
    assert duel.outcome is not None and duel.outcome.winners == (1,)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("Ann",), "1 seat names for 2 players"),
        (("Ann", "ann"), "two seats are named 'ann'"),
        (("Ann Lee", "Ben"), "seat name 'Ann Lee' must be one word"),
        (("", "Ben"), "seat name '' must be one word"),
    ],
)
def test_seat_names_that_cannot_spell_moves_are_refused(
    war: Game, names: tuple[str, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        war.new_state(seat_names=names)


def test_a_record_names_its_seats_and_replays_with_them(tmp_path) -> None:
    state = load_pack_text(GIVE).new_state(players=3, seat_names=("Ann", "Ben", "Cat"))
    state.apply("give Cat")
    record = record_of(state)
    assert record.seats == ["Ann", "Ben", "Cat"] and record.moves == ["give Cat"]
    path = tmp_path / "record.yaml"
    path.write_text(record.to_yaml())
    loaded = load_record(path)
    assert loaded.seats == ["Ann", "Ben", "Cat"]
    replayed = start_state(loaded, load_pack_text(GIVE))  # a fresh load, as a new process
    replayed.apply(loaded.moves[0])
    assert replayed.key() == state.key() and replayed.seat_names == ("Ann", "Ben", "Cat")
    # A game with the pack's own names writes none: its record reads as before.
    assert record_of(load_pack_text(GIVE).new_state()).seats is None


def test_labels_players_read_come_from_the_engine(war: Game) -> None:
    assert war.zones["won"].label == "cards won" and war.zones["hand"].label == ""
    assert war.vars["wins"].label == "rounds won"
    assert war.summary.startswith("Card against card")
    assert war.variant_labels["five-card"] == "5 Card War"


def test_a_changed_pack_file_is_loaded_again(tmp_path: Path) -> None:
    from vtt.rules.finder import load_game

    folder = tmp_path / "giving"
    folder.mkdir()
    pack = folder / "pack.yaml"
    pack.write_text(GIVE, "utf-8")
    first = load_game(folder)
    assert load_game(folder) is first  # unchanged: loaded once
    pack.write_text(GIVE.replace("name: Give", "name: Give Again"), "utf-8")
    os.utime(pack, ns=(pack.stat().st_atime_ns, pack.stat().st_mtime_ns + 10**9))
    again = load_game(folder)
    assert again is not first and again.name == "Give Again"
