"""The speed of ``cards`` arguments: legal moves of a Battlefront-like attack at four
players (``benchmarks/packs/attack``), whose helpers are any set of up to five cards.

The pack's conditions ``all(P for c in helpers ...)`` let the engine leave out the cards
no set may hold before forming the sets (``MovePlan.sifted``), and its rank sum against
the target forms only the sets that reach it (``MovePlan.sets``); the same pack with
those conditions written so they are not recognised (``True and ...``), each checked
set by set, is measured beside it, for comparison. Each position's moves are generated
once, as a game does (a move met for the first time is made then)."""

from __future__ import annotations

from pathlib import Path

from benchmarks import Result, percentile
from benchmarks.bench_engine import CPU_NOTE, latencies
from vtt.rules.engine import Game
from vtt.rules.loader import load_pack, load_pack_text

GROUP = "Rule-pack engine"
PACK = Path(__file__).parent / "packs" / "attack" / "pack.yaml"
SIFTED = (
    '"all(c != starter for c in helpers)"',
    '"all(beats(c, target) for c in helpers',
    '"rank_sum((starter,) + helpers)',
)


def unsifted() -> Game:
    """The attack pack with its per-card conditions and its sum hidden from the engine's
    sifting and set filters: each is checked set by set."""
    text = PACK.read_text("utf-8")
    for condition in SIFTED:
        assert condition in text
        text = text.replace(condition, '"True and ' + condition[1:])
    return load_pack_text(text, str(PACK))


def run() -> list[Result]:
    """Every figure of this module."""
    results: list[Result] = []
    options: dict[str, object] = {}
    for label, game in (("filtered", load_pack(PACK)), ("each set checked", unsifted())):
        times = latencies(game, options, games=40)
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        name = f"attack, 4 players, {label}"
        goal = ("< 2 ms", p99 < 2.0) if label == "filtered" else ("", None)
        note = CPU_NOTE
        results.append(Result(GROUP, f"legal moves, median: {name}", p50, "ms", note=note))
        results.append(Result(GROUP, f"legal moves, p99: {name}", p99, "ms", *goal, note=note))
    return results
