"""Sharing a pack as one .jpack file: export, import, and every refusal of a hostile
archive (tests/studio/hostile_jpacks.py writes them), which names the entry and the
reason and leaves the packs folder as it was."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import pytest
from hostile_jpacks import (
    CASES,
    PACK_ID,
    Case,
    entry,
    good_entries,
    pack_folder,
    pack_text,
    write_zip,
)

from vtt.cli import main
from vtt.resources import HOME_VARIABLE, rulesets_dir, user_packs_dir
from vtt.rules.finder import load_game, pack_digest
from vtt.rules.trial import trial_games
from vtt.studio.jpack import MANIFEST, JpackError, PackExists, export_pack, import_pack


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's packs folder is a temporary one, holding one pack already."""
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    other = user_packs_dir() / "other"
    other.mkdir(parents=True)
    (other / "pack.yaml").write_text("id: other\n", encoding="utf-8")
    return home


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (and beside it: a refusal leaves no work folder)."""
    return {
        str(path.relative_to(folder.parent)): path.read_bytes() if path.is_file() else b"/"
        for path in sorted(folder.parent.rglob("*"))
    }


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A .jpack exported from a copy of a shipped pack given an id of its own."""
    where = tmp_path_factory.mktemp("shared")
    return export_pack(pack_folder(where), where / "out")


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_a_hostile_archive_is_refused_naming_the_entry_and_reason(
    case: Case, tmp_path: Path
) -> None:
    archive = case.write(tmp_path)
    before = snapshot(user_packs_dir())
    with pytest.raises(JpackError) as refused:
        import_pack(archive, limits=case.limits)
    error = refused.value
    said = str(error)
    assert said.startswith(f"{archive.name}: ")
    assert case.reason in error.reason, said
    if case.entry:
        assert said.startswith(f"{archive.name}: {case.entry}: "), said
    else:
        assert error.entry == "", said
    assert snapshot(user_packs_dir()) == before
    assert not (tmp_path / "evil.yaml").exists()


def test_a_damaged_archive_is_refused_never_a_traceback(shared: Path, tmp_path: Path) -> None:
    """Bytes changed at random in a good .jpack (seeded): whatever breaks, the import
    refuses it as JpackError (or installs it, when the change was harmless)."""
    good = shared.read_bytes()
    chooser = random.Random(5)
    refused = 0
    for index in range(60):
        data = bytearray(good)
        for _ in range(chooser.randint(1, 4)):
            data[chooser.randrange(len(data))] = chooser.randrange(256)
        damaged = tmp_path / f"damaged{index}.jpack"
        damaged.write_bytes(
            bytes(data[: chooser.choice([len(data), chooser.randrange(len(data))])])
        )
        try:
            import_pack(damaged, tmp_path / "packs", replace=True)
        except JpackError:
            refused += 1
    assert refused >= 50


def test_an_invalid_pack_yaml_is_refused_with_its_line(tmp_path: Path) -> None:
    (case,) = [case for case in CASES if case.name == "invalid pack.yaml"]
    with pytest.raises(JpackError) as refused:
        import_pack(case.write(tmp_path))
    (problem,) = refused.value.problems
    # Named in the archive (not the folder it was checked in), with its line.
    assert problem.startswith("invalid.jpack: pack.yaml:4:1 (bogus): unknown key 'bogus'")
    assert str(tmp_path) not in str(refused.value)


def test_a_pack_in_one_top_folder_is_installed(tmp_path: Path) -> None:
    archive = write_zip(tmp_path / "nested.jpack", good_entries("whatever/"))
    folder = import_pack(archive)
    assert folder == user_packs_dir() / PACK_ID
    assert sorted(p.name for p in folder.iterdir()) == ["README.md", "pack.yaml"]
    assert load_game(PACK_ID).id == PACK_ID


def test_export_then_import_installs_a_pack_that_loads_and_plays(shared: Path) -> None:
    with zipfile.ZipFile(shared) as archive:
        names = archive.namelist()
        manifest = json.loads(archive.read(MANIFEST))
    assert names[0] == MANIFEST and f"{PACK_ID}/pack.yaml" in names
    assert f"{PACK_ID}/records/tie-goes-to-white.yaml" in names
    folder = import_pack(shared)
    assert manifest["id"] == PACK_ID and manifest["digest"] == pack_digest(folder)
    assert manifest["format"] == 1 and manifest["name"] == "JANTORI"
    game = load_game(PACK_ID)
    assert game.id == PACK_ID and load_game(folder / "pack.yaml") is game
    trial = trial_games(game, games=1, moves=30)
    assert trial.moves > 0 and not trial.problems


def test_an_installed_id_is_replaced_only_when_asked(shared: Path) -> None:
    folder = import_pack(shared)
    (folder / "pack.yaml").write_text("id: changed\n", encoding="utf-8")
    before = snapshot(user_packs_dir())
    asked: list[Path] = []
    with pytest.raises(PackExists, match="installed already"):
        import_pack(shared, replace=lambda there: asked.append(there) or False)
    assert asked == [folder] and snapshot(user_packs_dir()) == before
    assert import_pack(shared, replace=True) == folder
    assert (folder / "pack.yaml").read_text(encoding="utf-8") == pack_text()
    assert (user_packs_dir() / "other" / "pack.yaml").is_file()


def test_a_shipped_packs_id_is_never_installed(tmp_path: Path) -> None:
    war = rulesets_dir() / "war"
    files = [
        entry(path.relative_to(war).as_posix(), path.read_bytes()) for path in war.rglob("*.*")
    ]
    archive = write_zip(tmp_path / "war.jpack", files)
    before = snapshot(user_packs_dir())
    with pytest.raises(JpackError, match="shipped with Janken Table, with the same rules"):
        import_pack(archive, replace=True)
    other = write_zip(tmp_path / "other.jpack", [entry("pack.yaml", b"id: war\nname: W\n")])
    with pytest.raises(JpackError, match="the shipped one comes first: this one would never"):
        import_pack(other, replace=True)
    assert snapshot(user_packs_dir()) == before


def test_a_manifest_that_does_not_match_its_pack_is_refused(shared: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(shared) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    changed = files[f"{PACK_ID}/pack.yaml"].replace(b"JANTORI", b"JANTORI 2", 1)
    edited = write_zip(
        tmp_path / "edited.jpack",
        [
            entry(name, changed if name.endswith("pack.yaml") else data)
            for name, data in files.items()
        ],
    )
    with pytest.raises(JpackError, match="content hash does not match") as refused:
        import_pack(edited)
    assert refused.value.entry == MANIFEST
    newer = dict(json.loads(files[MANIFEST]), format=2)
    later = write_zip(
        tmp_path / "later.jpack",
        [entry(MANIFEST, json.dumps(newer).encode()), *good_entries()],
    )
    with pytest.raises(JpackError, match="made by a newer Janken Table"):
        import_pack(later)


def test_a_packs_folder_that_cannot_be_made_is_said(shared: Path, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(JpackError, match=r"cannot install it in .*a-file/packs: "):
        import_pack(shared, tmp_path / "a-file" / "packs")
    with pytest.raises(JpackError, match="cannot export the pack: "):
        export_pack(pack_folder(tmp_path), tmp_path / "a-file" / "x.jpack")


def test_export_leaves_out_links_hidden_files_and_caches(tmp_path: Path) -> None:
    folder = pack_folder(tmp_path)
    (folder / ".secret.md").write_text("x", encoding="utf-8")
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "x.txt").write_text("x", encoding="utf-8")
    (folder / "tool.py").write_text("import os", encoding="utf-8")
    (folder / "passwd.md").symlink_to("/etc/passwd")
    with zipfile.ZipFile(export_pack(folder, tmp_path)) as archive:
        names = sorted(archive.namelist())
    assert names == [
        MANIFEST,
        f"{PACK_ID}/README.md",
        f"{PACK_ID}/pack.yaml",
        *(f"{PACK_ID}/records/{p.name}" for p in sorted((folder / "records").iterdir())),
    ]


def test_a_pack_that_does_not_validate_is_not_exported(tmp_path: Path) -> None:
    folder = pack_folder(tmp_path)
    (folder / "pack.yaml").write_text("id: broken\nname: B\nbogus: 1\n", encoding="utf-8")
    with pytest.raises(JpackError, match="does not validate") as refused:
        export_pack(folder, tmp_path / "broken.jpack")
    assert any("bogus" in problem for problem in refused.value.problems)
    assert not (tmp_path / "broken.jpack").exists()


def test_vtt_export_and_vtt_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = pack_folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(folder)]) == 0
    said = capsys.readouterr().out
    assert f"Wrote JANTORI as {tmp_path / 'my-jantori.jpack'}" in said
    assert main(["export", str(folder)]) == 1
    assert "exists already: nothing written" in capsys.readouterr().err
    assert main(["import", "my-jantori.jpack"]) == 0
    said = capsys.readouterr().out
    assert f"Installed JANTORI ({PACK_ID}) in {user_packs_dir() / PACK_ID}" in said
    assert f"vtt play {PACK_ID} --text" in said
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["import", "my-jantori.jpack"]) == 1
    assert "installed already" in capsys.readouterr().err
    assert main(["import", "my-jantori.jpack", "--replace"]) == 0
    slip = write_zip(tmp_path / "slip.jpack", [*good_entries(), entry("../x.yaml")])
    assert main(["import", str(slip)]) == 1
    err = capsys.readouterr().err
    assert "slip.jpack: ../x.yaml: '..' in its path" in err and "nothing installed" in err


#: A table setup bringing its own picture (vtt.rules.art), on a token.
ART_PACK = """\
id: picture-table
name: Picture table
kind: setup
art:
  images:
    picture: art/picture.png
table:
  objects:
    - {token: t, face: picture}
"""


def test_a_pack_with_its_own_images_travels_whole(tmp_path: Path) -> None:
    from PIL import Image

    folder = tmp_path / "picture-table"
    (folder / "art").mkdir(parents=True)
    (folder / "pack.yaml").write_text(ART_PACK, encoding="utf-8")
    Image.new("RGB", (12, 8), "red").save(folder / "art" / "picture.png")
    installed = import_pack(export_pack(folder, tmp_path))
    picture = installed / "art" / "picture.png"
    assert picture.read_bytes() == (folder / "art" / "picture.png").read_bytes()
    with Image.open(picture) as image:
        assert image.size == (12, 8)
    assert load_game(installed).kind == "setup"
