"""Enforced play in the window: a rule pack's game state shown as a table that takes legal moves.

How it fits together (DESIGN.md, "Two models, one table"):

- :mod:`projection` (pure, no Qt, so it can later move to a pure layer) turns one
  seat's :class:`~vtt.rules.views.View` into *places* (:mod:`places`: one per zone
  instance, a grid cell, a pile, a row of faces; :mod:`blocks` lays out one zone's)
  with positions and the faces they show; :mod:`drags` turns the state's legal moves
  into *drags* (which component may go to which place, and the move that means) and
  *actions* (moves that are not drags: flip, pass, bid).
- :mod:`session` holds the game: the pack, the state, who sits where (Human or
  Computer) and the moves made so far (the record that undo, save/resume and replay
  will build on). Every change goes through ``GameSession.play(move)``; it emits
  ``changed``, and the board, status and action bar redraw from a fresh projection.
  The table is never edited directly, so it cannot drift from the state.
- :mod:`board` puts the places and faces (:mod:`items`, drawn by :mod:`painting`) on
  the felt; :mod:`boardview` shows it and the hand area and takes the mouse and keys;
  a drag (:mod:`facedrag`) becomes a drop on a place: legal targets are highlighted
  while dragging; a drop is looked up among the drags; anything else snaps back with
  the pack's own ``IllegalMove`` message.
- :mod:`agents` runs a computer seat's ``choose(view, legal_moves)`` on a thread pool
  after a short pause, so the window never freezes; the chosen move comes back to
  the GUI thread by a queued signal and is applied only if the state is unchanged.
- :mod:`dialog` is Game > New game...; :mod:`window` is the game window, with its
  :mod:`actionbar` and :mod:`panels` (result, move being built, replay); :mod:`opening`
  opens saved games and records in one.

- :mod:`reveals` says what a move showed that some seat could not see before (read
  from the views); undo (back to the last person's decision, by replaying the
  record minus its last moves from the same setup) stops there.
- :mod:`saved` reads and writes ``.jgame`` files (the record plus the seats);
  resuming replays the moves. A plain record is exported for ``vtt replay``, and a
  record can be opened to step through (the session then takes no moves).
- :mod:`house` turns the projection's places into free-table objects for "Switch to
  house rules".
"""
