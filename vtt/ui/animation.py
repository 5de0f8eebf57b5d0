"""Short animations that show what the model did at once: a shuffle fans the cards, a die tumbles.

The model operation has already happened when an animation starts; the
animation only paints over the item for a moment and then shows the model's
result again, so undo, saves and tests never wait for it.
"""

from __future__ import annotations

import random

from vtt.ui.items import DieItem, PieceItem, StackItem
from vtt.ui.qt import QEasingCurve, QObject, QVariantAnimation

SHUFFLE_MS = 300
TUMBLE_MS = 400


class Animator(QObject):
    """Runs item animations and keeps them alive until they finish."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.running: dict[PieceItem, QVariantAnimation] = {}

    def shuffle(self, item: StackItem) -> None:
        """Fan the stack's cards out and snap them back."""

        self._run(item, SHUFFLE_MS, item.set_shuffle_phase, QEasingCurve.Type.InOutSine)

    def tumble(self, item: DieItem, faces: list[str]) -> None:
        """Spin the die through random faces, then land on the face the model rolled."""
        home = item.rotation()
        order = [random.choice(faces) for _ in range(8)]

        def step(phase: float) -> None:
            if phase >= 1.0:
                item.tumble_face = None
                item.setRotation(home)
            else:
                item.tumble_face = order[min(len(order) - 1, int(phase * len(order)))]
                item.setRotation(home + 360.0 * (1.0 - (1.0 - phase) ** 2))
            item.update()

        self._run(item, TUMBLE_MS, step, QEasingCurve.Type.Linear)

    def _run(self, item: PieceItem, ms: int, step: object, curve: QEasingCurve.Type) -> None:
        previous = self.running.pop(item, None)
        if previous is not None:
            previous.stop()
        animation = QVariantAnimation(self)
        animation.setDuration(ms)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setEasingCurve(curve)

        def on_value(value: object) -> None:
            if item.scene() is not None and callable(step):
                step(float(value))  # type: ignore[arg-type]

        def on_done() -> None:
            if self.running.get(item) is animation:
                del self.running[item]
            if item.scene() is not None and callable(step):
                step(1.0 if isinstance(item, DieItem) else 0.0)

        animation.valueChanged.connect(on_value)
        animation.finished.connect(on_done)
        self.running[item] = animation
        animation.start()

    def busy(self) -> bool:
        """True while any animation runs."""
        return bool(self.running)
