"""Enforced play in the window: a rule pack's game state shown as a table that takes legal moves.

How it fits together (DESIGN.md, "Two models, one table"; docs/engine.md, "Matches,
seat frames and commands"):

- :mod:`session` is a thin Qt adapter over a :class:`~vtt.match.Match`, the only holder
  of the game's state: it keeps the frame of the seat on view
  (``GameSession.frame``, a :class:`~vtt.match.SeatFrame`: what that seat may know and
  do now) and sends commands (``GameSession.send``: a move, undo, redo, the replay's
  controls); every change emits ``changed`` with the new frame, and everything below
  reads that frame. No module here holds a ``State`` (tests/test_window_on_frames.py).
- :mod:`projection` (pure, no Qt) turns the frame's view into *places*
  (:mod:`places`: one per zone instance, a grid cell, a pile, a row of faces;
  :mod:`blocks` lays out one zone's) with positions and the faces they show. The
  frame's legal moves become *drags* (which component may go to which place, and the
  move that means) and *actions* (flip, pass, bid) in ``vtt.match.drags``.
- :mod:`board` puts the places and faces (:mod:`items`, drawn by :mod:`painting`) on
  the felt and follows the frames: a place and a face that stayed keep their items
  (moved or drawn anew), so a move changes only what it changed; :mod:`boardview`
  shows it and the hand area and takes the mouse and keys; a drag (:mod:`facedrag`)
  becomes a drop on a place: legal targets are highlighted while dragging; a drop is
  looked up among the drags; anything else snaps back with the pack's own reason.
- :mod:`agents` runs a computer seat's ``choose(view, legal_moves)`` on its own frame
  (``GameSession.agent_input``) on a thread after a short pause, so the window never
  freezes; the chosen move comes back to the GUI thread and is sent only if nothing
  changed meanwhile.
- :mod:`dialog` is Game > New game...; :mod:`window` is the game window, with its
  :mod:`actionbar` and :mod:`panels` (result, move being built, replay); :mod:`opening`
  opens saved games and records in one.
- :mod:`saved` reads and writes ``.jgame`` files (the record plus the seats);
  resuming makes the moves again. A plain record is exported for ``vtt replay``, and a
  record can be opened to step through (the session then takes no moves).
- :mod:`house` turns the projection's places and the match's position
  (``vtt.match.HouseTable``) into free-table objects for "Switch to house rules".
"""
