"""Real mouse and key events for the window tests, sent to the widgets as a user makes them."""

from __future__ import annotations

from vtt.ui.qt import (
    QApplication,
    QEvent,
    QKeyEvent,
    QMouseEvent,
    QPoint,
    QPointF,
    Qt,
    QWidget,
)

LEFT = Qt.MouseButton.LeftButton
MIDDLE = Qt.MouseButton.MiddleButton
NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def view_point(view, scene_point) -> QPoint:
    """The viewport pixel of a scene point (x, y) or QPointF."""
    point = scene_point if isinstance(scene_point, QPointF) else QPointF(*scene_point)
    return view.mapFromScene(point)


def paint_windows() -> None:
    """Paint what the last event changed, as the screen would: through the event loop, so
    that a paint handler's exception reaches the hook of tests/ui/conftest.py and fails
    the test (raised into a direct ``repaint()`` it would leave Qt's painter open)."""
    QApplication.processEvents()


def send_mouse(widget: QWidget, kind, pos: QPoint, button=LEFT, buttons=LEFT, mods=NONE) -> None:
    """Send one mouse event to a widget at a local pixel, then paint what it changed."""
    local = QPointF(pos)
    event = QMouseEvent(kind, local, QPointF(widget.mapToGlobal(pos)), button, buttons, mods)
    QApplication.sendEvent(widget, event)
    paint_windows()


def drag_pixels(
    widget: QWidget, start: QPoint, end: QPoint, mods=NONE, steps: int = 6, button=LEFT
) -> None:
    """Press at ``start``, move in steps and release at ``end`` (widget pixels)."""
    send_mouse(widget, QEvent.Type.MouseButtonPress, start, button, button, mods)
    for n in range(1, steps + 1):
        at = start + (end - start) * (n / steps)
        send_mouse(widget, QEvent.Type.MouseMove, at, Qt.MouseButton.NoButton, button, mods)
    send_mouse(widget, QEvent.Type.MouseButtonRelease, end, button, Qt.MouseButton.NoButton, mods)


def drag(view, start, end, mods=NONE, button=LEFT) -> None:
    """Drag on the table from one scene point to another (with the left button, or another)."""
    start_px, end_px = view_point(view, start), view_point(view, end)
    drag_pixels(view.viewport(), start_px, end_px, mods, button=button)


def click(view, point, mods=NONE) -> None:
    """Click the table at a scene point."""
    pos = view_point(view, point)
    send_mouse(view.viewport(), QEvent.Type.MouseButtonPress, pos, mods=mods)
    send_mouse(
        view.viewport(), QEvent.Type.MouseButtonRelease, pos, LEFT, Qt.MouseButton.NoButton, mods
    )


def double_click(view, point) -> None:
    """Double-click the table at a scene point."""
    pos = view_point(view, point)
    click(view, point)
    send_mouse(view.viewport(), QEvent.Type.MouseButtonDblClick, pos)
    send_mouse(view.viewport(), QEvent.Type.MouseButtonRelease, pos, LEFT, Qt.MouseButton.NoButton)


def hover(view, point) -> None:
    """Move the mouse (no button) over a scene point."""
    pos = view_point(view, point)
    send_mouse(
        view.viewport(),
        QEvent.Type.MouseMove,
        pos,
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
    )


def key(widget: QWidget, key: Qt.Key, mods=NONE, text: str = "") -> None:
    """Press and release a key on a widget, then paint what it changed."""
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, mods, text))
    paint_windows()


def key_over(view, point, key_code: Qt.Key, mods=NONE, text: str = "") -> None:
    """Hover a scene point, then press a key on the view."""
    hover(view, point)
    key(view, key_code, mods, text)


def open_and_escape_menu(bar, index: int = 0):
    """Click the menu bar's ``index``-th title as a person does, then close its menu with
    Esc; the menu that opened (None if none did)."""
    from vtt.ui.qt import QApplication, QEvent

    title = bar.actions()[index]
    at = bar.actionGeometry(title).center()
    send_mouse(bar, QEvent.Type.MouseButtonPress, at)
    send_mouse(bar, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)
    popup = QApplication.activePopupWidget()
    if popup is not title.menu():
        return None
    key(popup, Qt.Key.Key_Escape)
    return popup
