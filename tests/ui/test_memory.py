"""Opening a window sets the live heap aside from the garbage collector, and lets go
of what closed windows left."""

from __future__ import annotations

import gc
import weakref

from vtt.ui.memory import settle_memory


class _Cycle:
    """An object that refers to itself: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_settling_sets_live_objects_aside_and_frees_them_once_they_are_garbage() -> None:
    try:
        gone = _Cycle()
        alive = weakref.ref(gone)
        settle_memory()  # a window opened: the cycle is alive and set aside
        assert gc.get_freeze_count() > 0
        del gone
        gc.collect()
        assert alive() is not None  # set aside: full collections do not walk it
        settle_memory()  # the next window: what was set aside is looked at again
        assert alive() is None
    finally:
        gc.unfreeze()
