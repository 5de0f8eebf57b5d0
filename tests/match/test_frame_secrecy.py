"""A seat's frame is a function of that seat's view alone, for every shipped pack and
option set: two states the seat cannot tell apart (``State.determinize``) give frames
that are the same to the byte as JSON. The spectator's frame likewise, for states
that agree on what every seat sees: two samples of any one seat's, and the state
itself.

The positions are those of seeded random games, a few of each option set (sampled
where a pack has very many), so the test runs in about a minute on one core.

What a match adds to a frame beyond the state (the last move's footprint, a choice
made ahead of its turn) is checked in games played through a match: no frame names a
card that lies only where its seat cannot see it and that nothing it read named.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from pathlib import Path

import pytest

from tests.match.secrecy import cards_in, hidden_only
from tests.packs.test_conformance import GAMES
from vtt.match import frame_from_json, seat_frame
from vtt.rules.engine import Game, State
from vtt.rules.loader import load_pack

#: Besides the shipped packs and the small ones that hide things every way the language
#: can (tests/packs/hidden), one whose display tests read secrets.
LEAKY_PACK = Path(__file__).parent / "leaky"
#: Option sets tried per pack at most (sampled, seeded, beyond that).
MOST_SETS = 10
#: Positions checked per game, one every STRIDE moves, the game cut after that.
CHECKS, STRIDE = 8, 7
#: Games that last long between changes worth checking get a longer stride.
STRIDES = {"corner-edge": 15, "janken-go": 11, "battlefront": 9}


@functools.cache
def _games() -> list[Game]:
    """The packs, loaded once (the cases and the tests of leaks share them): the shipped
    and hidden ones as the conformance tests load them for the whole test process."""
    return [*GAMES, *(game for game in [load_pack(LEAKY_PACK)] if game.kind == "game")]


def _values(game: Game) -> list[list[tuple[str, object]]]:
    """Each option's values: every choice, both truth values, a number's default and
    the values the pack's variants give it."""
    found = []
    for option in game.options:
        if option.kind == "bool":
            found.append([(option.name, False), (option.name, True)])
        elif option.kind == "choice":
            found.append([(option.name, value) for value in option.choices])
        else:
            named = [v[option.name] for v in game.variants.values() if option.name in v]
            found.append([(option.name, v) for v in dict.fromkeys([option.default, *named])])
    return found


def _option_sets(game: Game) -> list[tuple[dict[str, object], int]]:
    """The pack's option sets (sampled beyond MOST_SETS), each with a number of
    players taken in turn from its range, as the pack allows them."""
    combos = [dict(c) for c in itertools.product(*_values(game))]
    random.Random(11).shuffle(combos)
    counts = list(range(game.players[0], game.players[1] + 1))
    found = []
    for index, combo in enumerate(combos):
        turn = index % len(counts)
        for players in counts[turn:] + counts[:turn]:
            if _refused(game, combo, players):
                continue
            found.append((combo, players))
            break
        if len(found) == MOST_SETS:
            break
    return found


def _refused(game: Game, options: dict[str, object], players: int) -> bool:
    """Whether the pack's constraints refuse these options with this many players. A
    pack without constraints refuses none (the values are its own, the count in its
    range): its games are not started while the tests are collected, in every process."""
    if not game.constraints:
        return False
    try:
        game.new_state(options, 0, players=players)
    except ValueError:
        return True
    return False


CASES = [
    pytest.param(game, options, players, id=f"{game.id}-{index}")
    for game in _games()
    for index, (options, players) in enumerate(_option_sets(game))
]


def _json(state: State, seat: int | None) -> str:
    frame = seat_frame(state, seat)
    data = frame.to_json()
    text = json.dumps(data, sort_keys=True)
    assert frame_from_json(json.loads(text)) == frame, "the frame reads back from JSON"
    return text


def _sample(state: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell from ``state``: the cards it cannot see dealt anew
    (``determinize``, carrying the game's journal where the sample has none: the log
    and the history, masked by the view) and, for an even ``seed``, the numbers and
    truth values of the vars it cannot see changed too (``determinize`` keeps them)."""
    sample = state.determinize(seat, random.Random(seed))
    journal = getattr(state, "journal", None)
    if journal is not None and getattr(sample, "journal", None) is None:
        sample.journal = journal.copy()
    if seed % 2 == 0:
        _change_hidden_vars(sample, seat)
    return sample


def _changed(value: object) -> object:
    if type(value) is bool:
        return not value
    return value + 7 if type(value) is int else value


def _change_hidden_vars(state: State, seat: int) -> None:
    """Change every number and truth value ``seat`` may not see (its own stay)."""
    env = state.env
    for var in state.game.vars.values():
        if var.visibility == "everyone":
            continue
        if not var.per_player:
            env[var.name] = _changed(env[var.name])
            continue
        own = var.visibility == "owner"
        env[var.name] = [
            value if own and owner == seat else _changed(value)
            for owner, value in enumerate(env[var.name])
        ]
    state.invalidate()


def _differences(one: str, other: str) -> list[str]:
    """The top-level fields of two frames' JSON that differ."""
    a, b = json.loads(one)["fields"], json.loads(other)["fields"]
    return sorted(name for name in a if a[name] != b.get(name))


def _check(state: State, where: str) -> None:
    spectator = _json(state, None)
    for seat in range(state.players):
        first, second = _sample(state, seat, 1), _sample(state, seat, 2)
        one, other = _json(first, seat), _json(second, seat)
        assert one == other, f"{where}: seat {seat}'s frame tells {_differences(one, other)}"
        for sample in (first, second):
            seen = _json(sample, None)
            assert seen == spectator, (
                f"{where}: the spectator's frame tells {_differences(seen, spectator)}"
            )


@pytest.mark.parametrize(("game", "options", "players"), CASES)
def test_a_frame_tells_only_what_its_seat_sees(game: Game, options, players) -> None:
    seed = len(game.id) + players
    state = game.new_state(options, seed, players=players)
    rng = random.Random(seed)
    stride = STRIDES.get(game.id, STRIDE)
    for move_number in range(CHECKS * stride):
        if state.outcome is not None:
            break
        if move_number % stride == stride - 1:
            _check(state, f"{game.id} {options}, seed {seed}, after {move_number} moves")
        legal = state.legal_list()
        state.apply(legal[rng.randrange(len(legal))])
    _check(state, f"{game.id} {options}, seed {seed}, at the end")


def test_the_check_catches_display_tests_read_off_the_full_state(monkeypatch) -> None:
    """The leaky pack's ``shown:`` and ``bar:`` read the stock's top card and secret
    vars: worked out on the full state, they tell them (as the window did)."""
    import vtt.match.frames as frames

    game = next(game for game in _games() if game.id == "leaky")
    state = game.new_state({}, 3, players=2)
    _check(state, "leaky")  # as built: nothing told
    monkeypatch.setattr(frames, "_seen_env", lambda state, view: state.env)
    with pytest.raises(AssertionError, match=r"frame tells \[.*(bars|laid_out|listed)"):
        _check(state, "leaky")


def test_the_check_catches_a_frame_that_tells_a_hidden_card(monkeypatch) -> None:
    """A frame builder that wrote another seat's hand is caught."""
    import vtt.match.frames as frames

    game = next(game for game in _games() if game.id == "stones")
    state = game.new_state({}, 3, players=3)
    real = frames.view_of

    def leaky(state: State, seat: int, open_hands: bool = False):
        return real(state, seat, open_hands=True)

    monkeypatch.setattr(frames, "view_of", leaky)
    with pytest.raises(AssertionError, match=r"seat 0.s frame tells \[.zones.\]"):
        _check(state, "stones")


#: What a frame holds beyond the seat's view: the moves and built moves, the last
#: move's footprint, a choice made ahead of its turn.
ADDED = ("moves", "builds", "last", "chosen")


@pytest.mark.parametrize("game", _games(), ids=lambda game: game.id)
def test_a_matchs_frames_name_no_card_their_seat_cannot_see(game: Game) -> None:
    """The match's own additions to a frame (the last move's footprint, a choice made
    ahead, built moves) name no card that lies only where the seat cannot see it."""
    _play_checking_cards(game)


def test_the_card_check_catches_a_last_move_shown_unmasked(monkeypatch) -> None:
    import vtt.match.frames as frames

    monkeypatch.setattr(frames, "_last_seen", lambda last, view: last)
    game = next(game for game in _games() if game.id == "passing")
    with pytest.raises(AssertionError, match="passing: seat 0's frame names"):
        _play_checking_cards(game)


def _play_checking_cards(game: Game) -> None:
    from vtt.match import Match, MatchSeat, Play

    players = game.players[0]
    match = Match(game, [MatchSeat(f"P{i + 1}") for i in range(players)], {}, 9)
    rng = random.Random(9)
    for _ in range(60):
        if match.over:
            break
        for seat in range(players):
            fields = match.frame(seat).to_json()["fields"]
            named = cards_in([fields[name] for name in ADDED], set())
            told = named & hidden_only(match.state, seat)
            assert not told, f"{game.id}: seat {seat}'s frame names {sorted(told)}"
        seat = match.to_move
        assert seat is not None
        # In a simultaneous phase the last seat to choose chooses first, ahead of its turn.
        pending = match.state.pending
        chooser = pending[-1] if len(pending) > 1 and match.frame(pending[-1]).moves else seat
        moves = match.frame(chooser).moves
        assert match.send(Play(chooser, text=moves[rng.randrange(len(moves))].text)).accepted
