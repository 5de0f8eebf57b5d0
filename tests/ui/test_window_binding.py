"""The Qt binding through vtt/ui/qt.py survives long sessions."""

from __future__ import annotations

import sys

from vtt.ui.qt import QPointF


def test_void_calls_cannot_use_up_none():
    """PySide6 6.12 on Python 3.11 drops a reference to None per void call (see qt.py)."""
    point = QPointF()
    before = sys.getrefcount(None)
    for n in range(1000):
        point.setX(float(n))
    lost = before - sys.getrefcount(None)
    if lost >= 900:  # this binding has the bug: None must have been made as good as immortal
        assert sys.getrefcount(None) > 1 << 39
    assert point.x() == 999.0
