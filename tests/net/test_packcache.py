"""A pack a host sends is installed as ``vtt import`` installs a ``.jpack``, into the
cache folder of its digest (never over the player's own packs), or refused with the
reason: a hostile archive from a host leaves nothing behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.studio.hostile_jpacks import PACK_ID, entry, pack_folder, with_pack, write_zip
from vtt.net.packcache import install_sent, local_pack
from vtt.resources import user_packs_dir
from vtt.rules.finder import pack_digest
from vtt.studio.jpack import JpackError, export_pack


@pytest.fixture
def sent(tmp_path: Path, monkeypatch) -> tuple[bytes, str]:
    """A pack of the host's own (not shipped, not installed here) as the host sends it."""
    monkeypatch.setenv("JANKEN_TABLE_HOME", str(tmp_path / "home"))
    folder = pack_folder(tmp_path / "host")
    return export_pack(folder, tmp_path / "host.jpack").read_bytes(), pack_digest(folder)


def test_a_sent_pack_is_installed_in_the_cache_of_its_digest(tmp_path, sent) -> None:
    archive, digest = sent
    cache = tmp_path / "cache"
    assert local_pack(PACK_ID, digest, cache) is None
    installed = install_sent(PACK_ID, digest, archive, cache)
    assert installed == cache / digest / PACK_ID / "pack.yaml"
    assert pack_digest(installed) == digest
    assert local_pack(PACK_ID, digest, cache) == installed  # found next time: not sent again
    assert not (user_packs_dir() / PACK_ID).exists()  # never among the player's own packs


def test_a_pack_that_is_not_the_rooms_is_refused(tmp_path, sent) -> None:
    archive, _ = sent
    cache = tmp_path / "cache"
    other = "0" * 16
    with pytest.raises(JpackError, match="not the pack the room plays"):
        install_sent(PACK_ID, other, archive, cache)
    assert not (cache / other / PACK_ID).exists()
    with pytest.raises(JpackError, match="no pack digest"):
        install_sent(PACK_ID, "../../evil", archive, cache)


@pytest.mark.parametrize(
    ("entries", "words"),
    [
        (lambda: with_pack(entry("../evil.yaml", b"x: 1")), "'..'"),
        (lambda: with_pack(entry("run.py", b"import os")), "a pack holds only"),
        (lambda: [entry("pack.yaml", b"id: my-jantori\nformat: 1\nphases: [")], "validate"),
    ],
    ids=["zip-slip", "code", "broken pack"],
)
def test_a_hostile_archive_from_a_host_is_refused_and_nothing_is_kept(
    tmp_path, entries, words
) -> None:
    archive = write_zip(tmp_path / "evil.jpack", entries()).read_bytes()
    cache = tmp_path / "cache"
    digest = "a" * 16
    with pytest.raises(JpackError) as refused:
        install_sent(PACK_ID, digest, archive, cache)
    assert words in str(refused.value) and "the pack the host sent" in str(refused.value)
    assert not (tmp_path / "evil.yaml").exists()
    assert not (cache / digest / PACK_ID).exists()
    assert not any(cache.rglob("*.py"))
