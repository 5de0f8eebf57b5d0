"""A check for the studio's worker process that never ends on a text starting "slow"
(standing for a hostile text whose check runs on), that ends the worker on one
starting "crash" (standing for a text the checker dies on), else the real one. A module of
its own: the worker process imports it to run it."""

from __future__ import annotations

import os

from vtt.rules.loader import Checked
from vtt.studio.editorcheck import TextCheck, check_text


def check(text: str, file: str) -> tuple[Checked, TextCheck]:
    if text.startswith("slow"):
        while True:
            pass
    if text.startswith("crash"):
        os._exit(3)
    return check_text(text, file)
