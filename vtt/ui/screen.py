"""Every window and dialog opens within the screen's free room, title bar included.

A 1366x768 laptop has about 740 pixels of height for a window once its title bar is
counted: a window opened at its usual size (the game window's 1300x900) would hide its
foot (the message line, a dialog's buttons) below the screen's edge until maximised.
Each window asks :func:`fit_to_screen` for its first size instead of resizing itself.
"""

from __future__ import annotations

from vtt.ui.qt import QGuiApplication, QRect, QSize, QWidget

#: Room a window manager's title bar and borders take around a window (a generous guess:
#: title bars run from 20 to 46 pixels).
FRAME = QSize(16, 56)


def screen_room(widget: QWidget | None = None) -> QRect | None:
    """The free room (the screen less its panels) of the screen ``widget`` is on, else
    of the primary screen; None if there is no screen."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return None if screen is None else screen.availableGeometry()


def fits_with_frame(size: QSize, room: QSize) -> bool:
    """True if a window of ``size``, with its title bar and borders, fits in ``room``."""
    framed = size + FRAME
    return framed.width() <= room.width() and framed.height() <= room.height()


def fitted_to_screen(size: QSize, widget: QWidget | None = None) -> QSize:
    """``size``, made no bigger than the screen's free room less a window's frame."""
    room = screen_room(widget)
    if room is None:
        return size
    return size.boundedTo((room.size() - FRAME).expandedTo(QSize(1, 1)))


def fit_to_screen(window: QWidget, size: QSize | None = None) -> None:
    """Size a window or dialog ``size`` (else its size hint) as far as the screen's free room
    holds it with its frame. (Where it opens is the window manager's to choose, and a
    dialog's is over its parent, kept on the screen by Qt.)"""
    window.resize(fitted_to_screen(size if size is not None else window.sizeHint(), window))


def keep_on_screen(window: QWidget) -> None:
    """Move a window that has grown back inside its screen's free room, if it sticks out."""
    room = screen_room(window)
    if room is None:
        return
    frame = window.frameGeometry()
    left = max(room.left(), min(frame.left(), room.right() - frame.width()))
    top = max(room.top(), min(frame.top(), room.bottom() - frame.height()))
    window.move(left, top)
