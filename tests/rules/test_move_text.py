"""The canonical moves a game makes write their text when it is first read: a search
generates far more moves than anyone reads (a set argument's thousands of sets)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from vtt.rules.loader import load_pack
from vtt.rules.moves import Move

ATTACK = Path(__file__).parents[2] / "benchmarks" / "packs" / "attack" / "pack.yaml"


def test_generated_moves_write_their_text_only_when_read() -> None:
    state = load_pack(ATTACK).new_state({}, 4)
    moves = state.legal_list()
    attacks = [m for m in moves if m.kind.name == "attack"]
    assert attacks and not any(hasattr(m, "_text") for m in attacks)  # nothing written yet
    chosen = attacks[len(attacks) // 2]
    text = chosen.text
    assert text.startswith("attack ") and chosen._text == text
    parsed = Move.parse(text)
    assert parsed == chosen and hash(parsed) == hash(chosen) and parsed in state.legal_moves
    assert state.game.parse_move(text) is chosen  # the canonical one is found from its text


def test_a_canonical_move_is_a_plain_value() -> None:
    state = load_pack(ATTACK).new_state({}, 4)
    move = state.legal_list()[-1]
    assert copy.deepcopy(move) is move
    again = pickle.loads(pickle.dumps(move))
    assert again == move and str(again) == str(move)
    before = str(move)
    state.apply(move)
    assert state.history[-1] == Move.parse(before)
