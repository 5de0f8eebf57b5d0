"""Loading rule packs: the check pass, the full load, and the load with a first game.

Per shipped pack, the median thread CPU time of several runs (the time slices other
processes take on a shared machine would swamp wall-clock figures) of:

- the check pass (``check_pack``: YAML, schema, names and expressions checked, the
  typed spec built; what an editor runs on every change), held to 100 ms;
- the full load (``load_pack``: the check pass and the compile pass);
- the full load and a first game started with the default options (the step lists
  folded and compiled, the turn path generated): what opening a game costs.

With ``VTT_BENCH_BASELINE`` naming the folder of an older tree (for instance
``git worktree add --detach /tmp/old 269cf9e``), the full load and the load with a
first game are measured there too, in a process of its own, and shown side by side.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import Result
from vtt.resources import rulesets_dir
from vtt.rules.finder import pack_folders
from vtt.rules.loader import check_pack, load_pack

GROUP = "Loading packs"
#: Runs per figure (the median is kept).
REPEAT = 7
#: The check pass goal, per pack.
CHECK_GOAL_MS = 100.0
BASELINE = "VTT_BENCH_BASELINE"
#: The full load is held to the older tree's, give or take the noise of a shared machine.
NOISE = 1.1
NO_SLOWER = "<= before (+10% noise)"

# The full load measured by any tree's loader (load_pack and new_state only).
_MEASURE = """
import json, statistics, sys, time
from pathlib import Path
from vtt.rules.loader import load_pack

def median_ms(action, repeat):
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append((time.thread_time() - start) * 1000.0)
    return statistics.median(times)

def started(folder):
    game = load_pack(folder)
    if game.kind != "setup":
        game.new_state({}, 0)

found = {}
for name in sys.argv[2:]:
    folder = Path(sys.argv[1]) / name
    found[name] = (
        median_ms(lambda: load_pack(folder), int(REPEAT)),
        median_ms(lambda: started(folder), int(REPEAT)),
    )
print(json.dumps(found))
"""


CPU_NOTE = "thread CPU time"


def median_ms(action: Callable[[], object], repeat: int = REPEAT) -> float:
    """Median thread CPU time of ``action`` in milliseconds over ``repeat`` runs."""
    times: list[float] = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append((time.thread_time() - start) * 1000.0)
    return statistics.median(times)


def packs() -> list[Path]:
    """Every shipped pack's folder."""
    return list(pack_folders(rulesets_dir()))


def started(folder: Path) -> None:
    """Load a pack and start a game of it with the default options."""
    game = load_pack(folder)
    if game.kind != "setup":
        game.new_state({}, 0)


def baseline(tree: str, folders: list[Path]) -> dict[str, tuple[float, float]]:
    """Each pack's full load and load with a first game, in ms, by the tree ``tree``."""
    code = _MEASURE.replace("int(REPEAT)", str(REPEAT))
    environment = {**os.environ, "PYTHONPATH": tree}
    names = [folder.name for folder in folders]
    root = str(folders[0].parent)
    out = subprocess.run(
        [sys.executable, "-c", code, root, *names],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {name: (load, start) for name, (load, start) in json.loads(out).items()}


def run() -> list[Result]:
    """Every figure of this module."""
    folders = packs()
    old_tree = os.environ.get(BASELINE)
    before = baseline(old_tree, folders) if old_tree else {}
    results: list[Result] = []
    for folder in folders:
        name = folder.name
        check = median_ms(lambda folder=folder: check_pack(folder))
        load = median_ms(lambda folder=folder: load_pack(folder))
        start = median_ms(lambda folder=folder: started(folder))
        goal, met = f"< {CHECK_GOAL_MS:.0f} ms", check < CHECK_GOAL_MS
        results.append(Result(GROUP, f"check pass: {name}", check, "ms", goal, met, CPU_NOTE))
        old = before.get(name)
        for label, value, was in (("full load", load, 0), ("load and start a game", start, 1)):
            results.append(
                Result(
                    GROUP,
                    f"{label}: {name}",
                    value,
                    "ms",
                    NO_SLOWER if old else "",
                    value <= old[was] * NOISE if old else None,
                    f"{CPU_NOTE}; before: {old[was]:,.3g} ms" if old else CPU_NOTE,
                )
            )
    return results
