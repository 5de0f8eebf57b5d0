"""Hand-coded Python versions of the first games: the baseline the rule packs are measured against.

These modules are written the way a good programmer would write each game directly,
without the rule-pack engine (``vtt.rules``) and sharing none of its code; only
``vtt.janken`` supplies the cards and the Janken relation. They serve two purposes:

* **Speed baseline.** ``docs/performance.md`` compares random playouts per second of
  each YAML pack with these modules in the same run (the goal: a pack at least half
  as fast as hand-coded Python). ``benchmarks/bench_engine.py`` imports
  ``benchmarks.reference.jantori.playout(seed: int) -> int``,
  ``benchmarks.reference.war.playout_moves(seed: int, jokers: bool = True) -> int``
  (a random playout through ``legal_moves`` and ``play``, as the pack is played) and
  ``benchmarks.reference.war.playout(seed: int, jokers: bool = True) -> int`` (the
  round loop without moves, reported for information); keep those signatures. All
  return the winner's index, or -1 for a draw.
* **Independent check of the rules.** The perft fixtures in ``tests/packs/perft/``
  (the number of legal move sequences of depth 1-3 from given JANTORI and
  Tic-Tac-Rock positions) were worked out with ``jantori.perft`` and
  ``tictacrock.perft``, cross-checked by a brute-force move generator in
  ``tests/test_reference_games.py``, and the engine's packs must reproduce them.

Modules: ``jantori`` (the full game), ``war`` (the classic game, with or without
Jokers), ``tictacrock`` (one basic round for 2-4 players). Cells use the shared
notation: columns a-c left to right, row 1 at the bottom.
"""
