"""The speed of ``cards`` arguments: legal moves of a Battlefront-like attack at four
players (``benchmarks/packs/attack``), whose helpers are any set of up to five cards.

The pack's conditions ``all(P for c in helpers ...)`` let the engine leave out the cards
no set may hold before forming the sets (``MovePlan.sifted``); the same pack with those
conditions written so they are not recognised (``True and all(...)``) is measured
beside it, for comparison. Each position's moves are generated once, as a game does
(a move met for the first time is made then)."""

from __future__ import annotations

from pathlib import Path

from benchmarks import Result, percentile
from benchmarks.bench_engine import latencies
from vtt.rules.engine import Game
from vtt.rules.loader import load_pack, load_pack_text

GROUP = "Rule-pack engine"
PACK = Path(__file__).parent / "packs" / "attack" / "pack.yaml"
SIFTED = ('"all(c != starter for c in helpers)"', '"all(beats(c, target) for c in helpers')


def unsifted() -> Game:
    """The attack pack with its per-card conditions hidden from the engine's sifting."""
    text = PACK.read_text("utf-8")
    for condition in SIFTED:
        assert condition in text
        text = text.replace(condition, '"True and ' + condition[1:])
    return load_pack_text(text, str(PACK))


def run() -> list[Result]:
    """Every figure of this module."""
    results: list[Result] = []
    options: dict[str, object] = {}
    for label, game in (("sifted", load_pack(PACK)), ("not sifted", unsifted())):
        times = latencies(game, options, games=40)
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        name = f"attack, 4 players, {label}"
        goal = ("< 2 ms", p99 < 2.0) if label == "sifted" else ("", None)
        results.append(Result(GROUP, f"legal moves, median: {name}", p50, "ms"))
        results.append(Result(GROUP, f"legal moves, p99: {name}", p99, "ms", *goal))
    return results
