"""Hand-coded Python versions of the first games: the baseline the rule packs are measured against.

These modules are written the way a careful programmer would write each game directly,
without the rule-pack engine (``vtt.rules``) and sharing none of its code; only
``vtt.janken`` supplies the cards and the Janken relation. They serve two purposes:

* **Speed baseline.** ``jantori`` and ``war`` are written for search: a position is
  one flat ``list`` of small integer codes, copied by one slice; a move is an ``int``
  (the pack's action number for the same move); ``legal_moves(position)`` lists a
  node's moves once and ``play(position, move)`` plays one in place, unchecked.
  ``benchmarks/bench_engine.py`` compares random playouts per second of each pack
  with ``jantori.playout(seed: int) -> int`` and ``war.playout_moves(seed: int,
  jokers: bool = True) -> int`` (both return the winner's index, or -1 for a draw),
  and ``benchmarks/bench_search.py`` runs the same search-node loop over both sides
  (copy, play, the child's legal moves). ``tests/test_reference_packs.py`` plays both
  against the packs: the same legal moves at every position and the same outcome.
* **Independent check of the rules.** The perft fixtures in ``tests/packs/perft/``
  (the number of legal move sequences of depth 1-3 from given JANTORI and
  Tic-Tac-Rock positions) were worked out with ``jantori.perft`` and
  ``tictacrock.perft``, cross-checked by a brute-force move generator in
  ``tests/test_reference_games.py``, and the engine's packs must reproduce them.

Modules: ``jantori`` (the full game), ``war`` (the classic game, with or without
Jokers), ``tictacrock`` (one basic round for 2-4 players, a plain object model).
Cells use the shared notation: columns a-c left to right, row 1 at the bottom.
"""
