"""The simulator on one process, two, and a local Dask cluster of two workers: games a
second on the same batch, and the cluster against the process pool (goal: within
15%). The batch's results are checked to be the same wherever they ran.

The pool's figure counts starting its processes, as ``vtt simulate --workers 2`` does;
the cluster's counts connecting to it (``vtt simulate --dask ADDRESS`` finds it
running) but not starting it: once on a cluster just started, whose workers import
the program during the batch, then again on the same cluster (every later batch).

    .venv/bin/python -m benchmarks cluster --no-write
"""

from __future__ import annotations

import time

from benchmarks import Result
from vtt.ai import simulate
from vtt.ai.simulate import Batch, GameResult

GROUP = "Simulation on a cluster"
#: Some 8 s of games on one core: starting processes matters little, as in a real batch.
BATCH = Batch("jantori", 48, ("easy", "random"), seed=1)
#: Short games (a few ms each): where sending each chunk costs the most.
QUICK = Batch("jantori", 2_000, ("greedy", "random"), seed=1)


def _timed(batch: Batch, **where: object) -> tuple[float, list[GameResult]]:
    start = time.perf_counter()
    results = simulate.run(batch, **where)  # type: ignore[arg-type]
    return batch.games / (time.perf_counter() - start), results


def figures(batch: Batch, label: str) -> list[Result]:
    """Games a second on one process, two, and a cluster of two workers."""
    import distributed

    one, alone = _timed(batch, workers=1)
    two, pooled = _timed(batch, workers=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        cold, first = _timed(batch, dask=cluster.scheduler_address)
        dask, clustered = _timed(batch, dask=cluster.scheduler_address)
    same = alone == pooled == first == clustered
    ratio = dask / two
    return [
        Result(GROUP, f"{label}: 1 process", one, "games/s"),
        Result(GROUP, f"{label}: 2 processes", two, "games/s", note="starting them included"),
        Result(
            GROUP,
            f"{label}: Dask, 2 workers just started",
            cold,
            "games/s",
            note="the workers import the program during the batch",
        ),
        Result(
            GROUP,
            f"{label}: Dask, 2 workers",
            dask,
            "games/s",
            note="results the same as on 1 process" if same else "**results differ**",
        ),
        Result(
            GROUP,
            f"{label}: Dask against the pool",
            ratio,
            "x",
            goal=">= 0.85 x",
            met=ratio >= 0.85 and same,
        ),
    ]


def run() -> list[Result]:
    """Every figure of this module."""
    return [
        *figures(BATCH, f"{BATCH.games} JANTORI games, easy v random"),
        *figures(QUICK, f"{QUICK.games:,} JANTORI games, greedy v random"),
    ]
