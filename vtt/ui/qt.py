"""The one door to PySide6: every Qt name the window uses is imported here.

Keeping Qt behind one module means the pure layers can never pull it in by
accident (tests/test_layers.py checks), and a future port to another binding
touches one file.
"""

from __future__ import annotations

import ctypes
import sys

import PySide6
from PySide6.QtCore import (
    QByteArray,
    QEasingCurve,
    QEvent,
    QLineF,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QRunnable,
    QSize,
    QSizeF,
    Qt,
    QThreadPool,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QCloseEvent,
    QColor,
    QContextMenuEvent,
    QCursor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QIcon,
    QImage,
    QKeyEvent,
    QKeySequence,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPixmapCache,
    QRadialGradient,
    QTransform,
    QWheelEvent,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStyleOptionGraphicsItem,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)


def _keep_none_alive() -> None:
    """Work around PySide6 6.12 on Python 3.11: void methods return None unreferenced.

    PySide6 6.12.0 returns ``None`` from every void method without taking a new
    reference (correct only on Python 3.12+, where None is immortal). On 3.11
    each call then drops one of None's references, and after a few thousand
    calls (a few seconds of painting) Python aborts with "deallocating None".
    Giving None a vast reference count makes it as good as immortal, as it is
    on 3.12. PySide6 6.11 does not have the bug.
    """
    if sys.version_info < (3, 12) and PySide6.__version_info__[:2] == (6, 12):
        ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40


_keep_none_alive()

__all__ = [
    "QAbstractItemView",
    "QAction",
    "QActionGroup",
    "QApplication",
    "QBrush",
    "QByteArray",
    "QCheckBox",
    "QCloseEvent",
    "QColor",
    "QColorDialog",
    "QComboBox",
    "QContextMenuEvent",
    "QCursor",
    "QDialog",
    "QDialogButtonBox",
    "QEasingCurve",
    "QEvent",
    "QFileDialog",
    "QFocusEvent",
    "QFont",
    "QFontMetricsF",
    "QFormLayout",
    "QGraphicsItem",
    "QGraphicsObject",
    "QGraphicsRectItem",
    "QGraphicsScene",
    "QGraphicsSceneHoverEvent",
    "QGraphicsSceneMouseEvent",
    "QGraphicsView",
    "QGuiApplication",
    "QHBoxLayout",
    "QHeaderView",
    "QIcon",
    "QImage",
    "QInputDialog",
    "QKeyEvent",
    "QKeySequence",
    "QLabel",
    "QLineEdit",
    "QLineF",
    "QLinearGradient",
    "QListWidget",
    "QListWidgetItem",
    "QMainWindow",
    "QMenu",
    "QMessageBox",
    "QMouseEvent",
    "QObject",
    "QPainter",
    "QPainterPath",
    "QPalette",
    "QPen",
    "QPixmap",
    "QPixmapCache",
    "QPoint",
    "QPointF",
    "QPushButton",
    "QRadialGradient",
    "QRect",
    "QRectF",
    "QRunnable",
    "QSize",
    "QSizeF",
    "QSizePolicy",
    "QSpinBox",
    "QSplitter",
    "QStyleOptionGraphicsItem",
    "QSvgRenderer",
    "QTableWidget",
    "QTableWidgetItem",
    "QTextBrowser",
    "QThreadPool",
    "QTimer",
    "QToolButton",
    "QTransform",
    "QVBoxLayout",
    "QVariantAnimation",
    "QWheelEvent",
    "QWidget",
    "Qt",
    "Signal",
]
