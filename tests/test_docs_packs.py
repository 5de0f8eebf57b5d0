"""The docs say where a user's own packs go, and describe only what exists."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from vtt.resources import HOME_VARIABLE, user_packs_dir
from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.schema import pack_schema
from vtt.rules.steps import KINDS

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "docs" / "rule-packs.md"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_the_user_packs_folder_is_documented_where_the_program_looks(
    doc: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = doc.read_text("utf-8")
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    assert user_packs_dir() == tmp_path / "packs"
    assert f"${HOME_VARIABLE}/packs" in text
    if sys.platform.startswith("linux"):
        monkeypatch.delenv(HOME_VARIABLE)
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        monkeypatch.setenv("HOME", str(tmp_path))
        shown = "~/" + str(user_packs_dir().relative_to(tmp_path))
        assert shown in text, shown


@pytest.mark.parametrize("doc", [*DOCS, *sorted((ROOT / "docs").glob("*.md"))])
def test_a_doc_that_describes_the_pack_editor_says_how_to_open_it(doc: Path) -> None:
    from vtt.cli import build_parser

    if "pack editor" in doc.read_text("utf-8").lower():
        assert (ROOT / "vtt" / "ui" / "studio" / "editor.py").is_file()
        assert (ROOT / "vtt" / "studio" / "assist.py").is_file()
        assert "vtt edit" in doc.read_text("utf-8"), doc.name
        assert build_parser().parse_args(["edit", "war"]).command == "edit"


def test_the_schema_carries_each_kind_of_step_and_argument_types_line() -> None:
    """What the docs say editors show: the registries' lines, in the published schema."""
    schema = pack_schema()
    text = str(schema)
    for kind in KINDS.values():
        assert kind.doc in text, kind.key
    for name, kind in ARG_TYPES.items():
        assert kind.doc in text, name
