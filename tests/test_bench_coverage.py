"""`make bench` times the legal moves of every shipped pack with rules, so the goal
of 2 ms at the 99th percentile is checked for each of them (docs/performance.md)."""

from __future__ import annotations

from benchmarks.bench_engine import CASES, SEATED
from vtt.resources import rulesets_dir
from vtt.rules.finder import pack_folders
from vtt.rules.yamlsource import load_yaml_file


def test_every_pack_with_moves_has_legal_move_rows() -> None:
    with_moves = set()
    for folder in pack_folders(rulesets_dir()):
        data = load_yaml_file(folder / "pack.yaml").data
        assert isinstance(data, dict)
        if data.get("moves"):
            with_moves.add(data["id"])
    measured = {pack for pack, _ in CASES} | {pack for pack, _, _ in SEATED}
    assert len(with_moves) >= 7  # the folder was read
    assert with_moves <= measured, f"no legal-move rows in make bench: {with_moves - measured}"


def test_the_loading_figures_cover_every_shipped_pack() -> None:
    from benchmarks.__main__ import discover
    from benchmarks.bench_loader import packs

    assert "bench_loader" in discover([])
    assert {folder.name for folder in packs()} == {f.name for f in pack_folders(rulesets_dir())}


def test_the_editor_figures_are_taken_on_the_largest_shipped_pack() -> None:
    from benchmarks.__main__ import discover
    from benchmarks.bench_editor import largest_pack

    assert "bench_editor" in discover([])
    sizes = [len((f / "pack.yaml").read_bytes()) for f in pack_folders(rulesets_dir())]
    assert len(largest_pack().read_bytes()) == max(sizes)


def test_the_import_figures_are_taken_on_the_shipped_pack_with_the_most_files() -> None:
    from benchmarks.__main__ import discover
    from benchmarks.bench_jpack import largest_pack

    assert "bench_jpack" in discover([])
    counts = [len(list(f.rglob("*"))) for f in pack_folders(rulesets_dir())]
    assert len(list(largest_pack().rglob("*"))) == max(counts)


def test_a_hard_move_on_every_core_is_timed_on_every_shipped_pack_with_moves() -> None:
    from benchmarks.__main__ import discover
    from benchmarks.bench_cores import CASES as TIMED

    assert "bench_cores" in discover([])
    with_moves = set()
    for folder in pack_folders(rulesets_dir()):
        data = load_yaml_file(folder / "pack.yaml").data
        assert isinstance(data, dict)
        if data.get("moves"):
            with_moves.add(data["id"])
    assert with_moves <= {pack for pack, _ in TIMED}
