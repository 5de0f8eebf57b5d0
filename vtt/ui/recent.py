"""The recent-files list, kept as JSON in the user data folder."""

from __future__ import annotations

import json
from pathlib import Path

from vtt.resources import user_data_dir

LIMIT = 8


class RecentFiles:
    """The last tables opened or saved, newest first."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or user_data_dir() / "recent.json"

    def paths(self) -> list[Path]:
        """The remembered files that still exist, newest first."""
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return []
        if not isinstance(data, list):
            return []
        return [Path(p) for p in data if isinstance(p, str) and Path(p).exists()][:LIMIT]

    def add(self, path: Path) -> None:
        """Put a file at the top of the list."""
        chosen = path.resolve()
        kept = [chosen] + [p for p in self.paths() if p != chosen]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps([str(p) for p in kept[:LIMIT]], indent=1), "utf-8")

    def clear(self) -> None:
        """Forget every file."""
        self.path.unlink(missing_ok=True)
