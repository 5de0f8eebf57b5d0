"""What the game windows keep between runs, in the user data folder: the pace moves are
shown at, and each game's order of the hand. One JSON file; each setting is written
without touching the others, and an unreadable file reads as no settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vtt.resources import user_data_dir

__all__ = ["read_settings", "write_setting"]


def _settings() -> Path:
    return user_data_dir() / "game-settings.json"


def read_settings() -> dict[str, Any]:
    """Every setting kept (none when the file is missing or unreadable)."""
    try:
        data = json.loads(_settings().read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_setting(name: str, value: object) -> None:
    """Keep ``value`` as the setting ``name``, the others as they are."""
    data = read_settings()
    data[name] = value
    path = _settings()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), "utf-8")
