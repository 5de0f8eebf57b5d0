"""Memory the window keeps for its life, set aside from the garbage collector."""

from __future__ import annotations

import gc


def settle_memory() -> None:
    """Collect what loading left behind, then set everything still alive aside for the
    garbage collector: a full collection walks every object, and a window holding a
    loaded pack and its compiled rules had a 30 ms pause now and then in the middle of
    play. Called once a window has what it keeps for its life.

    What an earlier call set aside is looked at again first, so the windows closed
    since then are collected, not kept for good."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
