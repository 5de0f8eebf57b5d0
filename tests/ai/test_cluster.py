"""The simulator on a Dask cluster: games sent in chunks, given back in order, the
same to the last byte as on one process, even when a worker is lost mid-batch."""

from __future__ import annotations

import json
import os
import signal
import sys

import pytest

from vtt.ai.simulate import Batch, games, run, simulate
from vtt.cli import main

BATCH = Batch("jantori", 10, ("greedy", "random"), seed=4)


def _report(batch: Batch, **where: object) -> str:
    return json.dumps(simulate(batch, **where).as_json(), default=str)  # type: ignore[arg-type]


def test_a_dask_cluster_gives_the_games_in_order_and_the_same_report_to_the_byte():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        given = [(which, result.index) for which, result in games((BATCH,), dask=client)]
        on_cluster = _report(BATCH, dask=client)
    assert given == [(0, index) for index in range(10)]  # progress counts up as on one machine
    assert on_cluster == _report(BATCH, workers=1) == _report(BATCH, workers=2)


def test_a_worker_lost_mid_batch_has_its_chunk_run_again_and_the_games_are_the_same():
    distributed = pytest.importorskip("distributed")
    batch = Batch("jantori", 16, ("easy", "random"), seed=7)  # a few seconds of games
    killed: list[int] = []

    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):

        def kill_a_busy_worker(done: int, total: int) -> None:
            if killed:
                return
            busy = [worker for worker, keys in client.processing().items() if keys]
            assert busy, "no chunk under way after the first game: nothing to lose"
            pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
            os.kill(pid, signal.SIGKILL)  # its nanny starts another
            killed.append(pid)

        on_cluster = run(batch, progress=kill_a_busy_worker, dask=client)
        pids = client.run(os.getpid).values()
    assert killed and killed[0] not in pids
    assert on_cluster == run(batch, workers=1)


def test_dask_without_the_cluster_extra_names_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code = main(["simulate", "jantori", "--games", "2", "--dask", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err
    assert code == 1
    assert "pip install 'janken-table[cluster]'" in err
    assert "Traceback" not in err
