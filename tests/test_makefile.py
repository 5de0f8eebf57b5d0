"""The set-up commands of the README: ``make run`` and ``make test`` on a fresh machine."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A Python as Debian and Ubuntu ship it without python3-venv: ``-m venv`` makes the
#: folder and its python, then stops, ensurepip being absent.
PYTHON_WITHOUT_VENV = """#!/bin/sh
mkdir -p "$3/bin"
ln -s /bin/true "$3/bin/python"
echo "The virtual environment was not created successfully because ensurepip is not available." >&2
exit 1
"""


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_a_failed_venv_is_not_left_half_made(tmp_path):
    """Else, once python3-venv is installed, the next `make run` skips the venv (its
    python is there) and fails at pip, until the person finds .venv and deletes it."""
    python = tmp_path / "python3"
    python.write_text(PYTHON_WITHOUT_VENV, "utf-8")
    python.chmod(0o755)
    venv = tmp_path / "venv"
    run = subprocess.run(
        ["make", "-C", str(ROOT), f"PYTHON={python}", f"VENV={venv}", f"{venv}/bin/python"],
        capture_output=True,
        text=True,
        env={**os.environ, "MAKEFLAGS": ""},
        check=False,
    )
    assert run.returncode != 0
    assert "ensurepip is not available" in run.stderr
    assert not venv.exists()
