"""A client's drags and built moves, worked out from a frame alone, are those the
window works out from the state."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from vtt.match import builds_of_frame, drags_of_frame, seat_frame, sorted_drags
from vtt.match.frames import HIDDEN_COMPONENT, FrameMove, _masked
from vtt.rules import load_game
from vtt.rules.build import builds_of
from vtt.rules.footprint import Footprint


def drags_of(state):
    """The drags the window once worked out from the full state: every legal move with
    its footprint as the state has it (nothing masked), sorted as a frame's are."""
    feet = state.footprints()

    def picked(move):
        kind = move.kind
        if kind is None or len(kind.args) != 1 or kind.args[0].type != "cards":
            return None
        arg = kind.args[0]
        return kind.name, arg.low, arg.high, frozenset(str(card) for card in move.values[0])

    return sorted_drags((move, feet.get(move), picked(move)) for move in state.legal_list())


def _texts(drags):
    """Drags with each move as its text."""
    return (
        {what: {k: m.text for k, m in to.items()} for what, to in drags.targets.items()},
        {key: {k: m.text for k, m in to.items()} for key, to in drags.sources.items()},
        sorted(m.text for m in drags.actions),
        set(drags.several),
        {
            kind: (p.least, p.most, {c: m.text for c, m in p.moves.items()}, p.cards)
            for kind, p in drags.picks.items()
        },
    )


@pytest.mark.parametrize(
    ("pack", "options", "players"),
    [
        ("jantori", {}, 2),
        ("corner-edge", {"game": "edge"}, 2),
        ("stones", {}, 3),
        ("green-queen", {}, 4),
        ("jokers-wild", {}, 3),
        ("tic-tac-rock", {}, 2),
    ],
)
def test_a_frames_drags_are_the_windows(pack, options, players):
    state = load_game(pack).new_state(options, 5, players=players)
    rng = random.Random(5)
    for _ in range(40):
        if state.outcome is not None:
            break
        frame = seat_frame(state, state.to_move)
        drags = drags_of_frame(frame)
        assert _texts(drags) == _texts(drags_of(state))
        for _, source in drags.sources:
            assert drags.targets_from(source) == {
                key for (_, place), to in drags.sources.items() if place == source for key in to
            }
        legal = state.legal_list()
        state.apply(legal[rng.randrange(len(legal))])


def test_a_frames_built_moves_are_the_rules():
    state = load_game("battlefront").new_state({}, 2)
    rng = random.Random(2)
    checked = 0
    for _ in range(60):
        if state.outcome is not None:
            break
        frame = seat_frame(state, state.to_move)
        built, real = builds_of_frame(frame), builds_of(state)
        assert {t: {c: m.text for c, m in s.items()} for t, s in built.moves.items()} == {
            t: {c: m.text for c, m in s.items()} for t, s in real.moves.items()
        }
        assert built.pool <= real.pool
        checked += bool(real.moves)
        legal = state.legal_list()
        state.apply(legal[rng.randrange(len(legal))])
    assert checked


def test_a_component_the_seat_cannot_see_is_not_named_and_is_an_action():
    state = load_game("stones").new_state({}, 1, players=3)
    view = state.view(0)
    card = state.zone("aside")[-1]
    masked = _masked(Footprint(card, ("aside",), ("hand", 0)), view)
    assert masked == Footprint(HIDDEN_COMPONENT, ("aside",), ("hand", 0))
    own = state.zone("hand")[0][0]
    assert _masked(Footprint(own, ("hand", 0), ("trick",)), view).component == own
    move = FrameMove("draw", None, "draw", (), (), masked)
    frame = seat_frame(state, 0)
    drags = drags_of_frame(replace(frame, moves=(move,)))
    assert drags.actions == [move] and not drags.targets
