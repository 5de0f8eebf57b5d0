"""vtt new tells a new designer how to open the pack it wrote in the studio."""

from __future__ import annotations

import pytest

from vtt.cli import main
from vtt.resources import HOME_VARIABLE


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's packs folder is a temporary one."""
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "home"))


def test_vtt_new_names_vtt_edit_for_the_new_pack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "pile-up", "--template", "shedding"]) == 0
    assert "vtt edit pile-up" in capsys.readouterr().out


def test_vtt_new_in_another_folder_names_vtt_edit_with_the_folder(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "duel-one", "--template", "duel", "--folder", str(tmp_path)]) == 0
    assert f"vtt edit {tmp_path / 'duel-one'}" in capsys.readouterr().out


def test_a_new_packs_readme_says_to_edit_it_in_the_studio() -> None:
    from vtt.studio.newgame import answers_for, compose

    readme = compose(answers_for("duel"), "duel-one", record=False)["README.md"]
    assert "`vtt edit duel-one`" in " ".join(readme.split())
