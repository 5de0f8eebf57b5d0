"""End reasons tell the result that happened: a win by points is not called a tie."""

from __future__ import annotations

import random
from pathlib import Path

from vtt.rules.loader import load_pack

JANTORI = Path(__file__).parents[2] / "rulesets" / "jantori"


def test_jantori_reasons_fit_the_points() -> None:
    game = load_pack(JANTORI)
    kinds: set[str] = set()
    for seed in range(60):
        state = game.new_state(seed=seed)
        chooser = random.Random(seed)
        while state.outcome is None:
            state.apply(chooser.choice(list(state.legal_moves)))
        outcome = state.outcome
        if outcome.scores is None or "all pieces placed" not in outcome.reason:
            continue  # a player was stuck: that reason names the stuck player
        white, black = outcome.scores
        if white == black:
            assert (
                outcome.reason
                == f"all pieces placed: tied {white}-{black}, and a tie goes to White"
            )
            assert outcome.winners == (0,)
            kinds.add("tie")
        else:
            assert outcome.reason == f"all pieces placed: White {white}, Black {black}"
            assert "tie" not in outcome.reason
            assert outcome.winners == ((0,) if white > black else (1,))
            kinds.add("White" if white > black else "Black")
    assert {"White", "Black"} <= kinds  # the games reached both kinds of win
