"""A plain (non-editable) install carries the rule packs and the art."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_rulesets_and_assets(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--quiet", "--wheel-dir", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("janken_table-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped_packs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "rulesets").rglob("pack.yaml")}
    assert shipped_packs, "the repository ships rule packs"
    for pack in shipped_packs:
        assert f"vtt/{pack}" in names
    for art in ("assets/cards/QL.svg", "assets/cards/back.svg", "assets/dice/pip-Jk.svg"):
        assert f"vtt/{art}" in names
    assert "vtt/table/layout.schema.json" in names
    templates = ROOT / "vtt" / "studio" / "templates"
    shipped_templates = {p.relative_to(ROOT).as_posix() for p in templates.rglob("*.*")}
    assert len(shipped_templates) >= 6 * 3 - 1, "six templates: pack, README, record (but one)"
    assert shipped_templates <= names, "vtt new and Sandbox > New game need the templates"
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "vtt = vtt.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_installed_wheel_finds_its_packs(tmp_path: Path) -> None:
    """Install the wheel into a folder and look the packs up from there, not the checkout."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--quiet", "--wheel-dir", str(tmp_path / "w"), str(ROOT)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    (wheel,) = (tmp_path / "w").glob("*.whl")
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    probe = (
        "import vtt.resources as r, vtt.rules.setups as s; "
        "print(r.rulesets_dir()); print(r.assets_dir()); "
        "print(sorted(x.id for x in s.list_setups([r.rulesets_dir()])))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"},
    ).stdout.splitlines()
    assert out[0] == str(tmp_path / "site" / "vtt" / "rulesets")
    assert out[1] == str(tmp_path / "site" / "vtt" / "assets")
    assert "janken-sandbox" in out[2] and "janken-deck-games" in out[2]
