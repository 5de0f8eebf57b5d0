"""Where the program's own files live: shipped rule packs, art, and the user's folders.

In a wheel, ``rulesets/`` and ``assets/`` are packed inside the ``vtt`` package;
in a source checkout (or an editable install) they sit beside it at the top of
the repository. Both layouts are found the same way.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parent
APP_NAME = "janken-table"
#: Set this environment variable to keep the user's files in another folder
#: (the tests point it at a temporary folder).
HOME_VARIABLE = "JANKEN_TABLE_HOME"


def _shipped(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def rulesets_dir() -> Path:
    """The folder of the shipped rule packs (one folder per game)."""
    return _shipped("rulesets")


def assets_dir() -> Path:
    """The folder of the shipped SVG art."""
    return _shipped("assets")


def user_data_dir() -> Path:
    """The user's data folder (autosave, recent files, user packs).

    ``$JANKEN_TABLE_HOME`` overrides the platform's usual place.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_packs_dir() -> Path:
    """The folder where the user's own rule packs live."""
    return user_data_dir() / "packs"
