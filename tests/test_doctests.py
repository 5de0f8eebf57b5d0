"""The examples in docstrings under vtt/ are tests: plain ``pytest`` (``make test``) runs them."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_plain_pytest_collects_every_docstring_example_in_vtt() -> None:
    with_examples = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "vtt").rglob("*.py")
        if ">>> " in path.read_text("utf-8")
    }
    assert "vtt/janken.py" in with_examples and "vtt/rules/expr/__init__.py" in with_examples
    # Plain pytest collects the folders of its testpaths, vtt among them, with the
    # options of pyproject.toml: collecting vtt alone with those options finds what plain
    # pytest finds there (without collecting the tests, most of the time).
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "vtt" in config["tool"]["pytest"]["ini_options"]["testpaths"]
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "vtt"],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    files = {line.partition("::")[0] for line in collected.splitlines() if "::" in line}
    assert sorted(with_examples - files) == []
