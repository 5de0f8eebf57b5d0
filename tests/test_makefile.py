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


def _planned(target: str, venv: Path) -> str:
    """What ``make TARGET`` would run in a fresh clone (``make -n``: nothing runs)."""
    run = subprocess.run(
        ["make", "-n", "-C", str(ROOT), f"VENV={venv}", target],
        capture_output=True,
        text=True,
        env={**os.environ, "MAKEFLAGS": ""},
        check=True,
    )
    return run.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_what_playing_needs_and_make_test_the_rest(tmp_path):
    """Playing needs no pytest, dask, ruff or mypy (some hundreds of MB)."""
    venv = tmp_path / "venv"
    installs = [line for line in _planned("run", venv).splitlines() if "pip install" in line]
    assert any(line.rstrip().endswith("install --quiet -e .") for line in installs), installs
    assert not any("[test" in line or "dev]" in line for line in installs), installs
    for target in ("pytest", "lint", "typecheck", "bench"):
        assert "-e '.[test,dev,cluster,lan]'" in _planned(target, venv), target
