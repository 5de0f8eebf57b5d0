"""The simulator: the same games for a seed however they are shared out, and the
designer's metrics worked out right."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from tests.ai.packs import FAILS_IN_PLAY, LOOP, VALUE_TURNS_MAPPING, write_pack
from vtt.ai.simulate import (
    MAX_MOVES,
    Batch,
    GameFailed,
    GameResult,
    play_game,
    report,
    run,
    simulate,
    table,
    wilson,
)
from vtt.cli import main

ROOT = Path(__file__).resolve().parents[2]

BATCH = Batch("jantori", 6, ("greedy", "random"), seed=4)


def test_a_batch_gives_the_same_games_on_one_process_or_two():
    alone = run(BATCH, workers=1)
    shared = run(BATCH, workers=2)
    assert [r.index for r in shared] == list(range(6))
    assert shared == alone
    assert len({(r.moves, r.winners) for r in alone}) > 1  # the games differ from each other


def test_a_batch_gives_the_same_games_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        on_cluster = run(BATCH, dask=client)
    assert on_cluster == run(BATCH, workers=1)


def test_agents_take_every_seat_in_turn():
    seats = [BATCH.seat_agents(index, 2) for index in range(4)]
    assert seats == [("greedy", "random"), ("random", "greedy")] * 2
    assert play_game(BATCH, 1).agents == ("random", "greedy")


def test_progress_is_told_and_a_cancelled_batch_stops_with_the_games_done():
    told = []
    results = run(
        BATCH,
        progress=lambda done, total: told.append((done, total)),
        cancelled=lambda: len(told) >= 2,
    )
    assert told == [(1, 6), (2, 6)]
    assert [r.index for r in results] == [0, 1]


def _result(index, agents, winners, moves, decided_at=None):
    return GameResult(index, agents, winners, moves, moves, 3.0, 1, decided_at, scores=(0, 0))


def test_the_metrics_of_known_games():
    batch = Batch("jantori", 4, ("a", "b"))
    results = [
        _result(0, ("a", "b"), (0,), 10, 0.5),
        _result(1, ("b", "a"), (0,), 20, 0.25),
        _result(2, ("a", "b"), (), 30),
        _result(3, ("b", "a"), (1,), 40, 1.0),
    ]
    rep = report(batch, results)
    seat1, seat2 = rep.seats
    assert (seat1.wins, seat1.draws, seat1.rate) == (2, 1, 0.625)
    assert (seat2.wins, seat2.rate) == (1, 0.375)
    a, b = rep.by_agent
    assert (a.name, a.wins, a.rate) == ("a", 2, 0.625)  # game 0 at seat 1, game 3 at seat 2
    assert (b.name, b.wins, b.rate) == ("b", 1, 0.375)
    assert rep.first_player_advantage == pytest.approx(0.125)
    assert rep.balance == pytest.approx(0.75)
    assert rep.draws == 0.25
    assert (rep.length_mean, rep.length_min, rep.length_max) == (25, 10, 40)
    assert rep.length_sd == pytest.approx(11.18, abs=0.01)
    assert rep.decisiveness == pytest.approx(0.5833, abs=1e-3)
    assert rep.lead_changes == 1
    assert "first-player advantage  +12.5%" in table(rep)


def test_a_win_every_seat_shares_is_counted_a_draw():
    batch = Batch("battlefront", 2, ("a", "b"))
    results = [_result(0, ("a", "b"), (0, 1), 2), _result(1, ("b", "a"), (1,), 30)]
    rep = report(batch, results)
    a, b = rep.by_agent
    assert (a.wins, a.draws, a.rate) == (1, 1, 0.75)
    assert (b.wins, b.draws, b.rate) == (0, 1, 0.25)
    assert rep.draws == 0.5


def test_a_shared_win_is_no_first_player_advantage():
    """Three seats, each sharing two of three wins: every seat wins as often, so the
    first seat has no advantage, though its rate is above 1 / 3."""
    batch = Batch("stones", 3, ("a", "b", "c"))
    agents = ("a", "b", "c")
    results = [
        _result(0, agents, (0, 1), 10),
        _result(1, agents, (1, 2), 10),
        _result(2, agents, (0, 2), 10),
    ]
    rep = report(batch, results)
    assert [seat.rate for seat in rep.seats] == [pytest.approx(2 / 3)] * 3
    assert rep.first_player_advantage == pytest.approx(0.0)
    assert "first-player advantage  +0.0%" in table(rep)


def test_a_pack_without_scores_has_no_decisive_moment_or_lead_changes():
    batch = Batch("tic-tac-rock", 2, ("greedy", "random"), seed=1, options=(("wins_needed", 1),))
    rep = report(batch, run(batch))
    assert rep.decisiveness is None and rep.lead_changes is None
    assert "decisive moment         n/a" in table(rep)
    assert "lead changes per game   n/a (no scores)" in table(rep)


def test_the_wilson_interval_narrows_with_more_games():
    low, high = wilson(5, 10)
    wide = high - low
    low, high = wilson(500, 1000)
    assert high - low < wide / 5
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0


def test_vtt_simulate_prints_the_table_and_writes_json_and_a_chart(tmp_path, capsys):
    data, chart = tmp_path / "out.json", tmp_path / "out.png"
    status = main(
        [
            "simulate",
            "jantori",
            "--games",
            "4",
            "--agents",
            "greedy,random",
            "--seed",
            "2",
            "--workers",
            "1",
            "--json",
            str(data),
            "--chart",
            str(chart),
        ]
    )
    assert status == 0
    out = capsys.readouterr()
    assert "greedy" in out.out and "branching factor" in out.out
    assert "4/4 games" in out.err
    written = json.loads(data.read_text())
    assert written["games"] == 4 and sum(written["length_counts"].values()) == 4
    assert [rate["name"] for rate in written["by_agent"]] == ["greedy", "random"]
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,clever"], "unknown agent 'clever'; the agents are: random"),
        (["--option", "colour=red"], "unknown option 'colour'"),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_vtt_simulate_refuses_bad_input_with_a_clear_message(args, message, capsys):
    assert main(["simulate", "jantori", *args]) == 1
    assert message in capsys.readouterr().err


def test_vtt_solve_proves_a_small_ending_and_names_the_first_moves(capsys):
    moves = (
        "place P at a2; place S at c2; place S at b2; place S at a2; place P at b1; "
        "place S at a1; place S at c1; place R at a2; place S at b1; place S at a1; "
        "place P at b2; place R at b1; place R at b3; place R at c1"
    )
    status = main(["solve", "jantori", "--moves", moves, "--max-seconds", "600"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "wins with perfect play." in out
    assert "White: place" in out and "(keeps the value)" in out
    assert "positions searched" in out


def test_vtt_solve_says_when_the_time_runs_out(capsys):
    assert main(["solve", "jantori", "--max-seconds", "0.05"]) == 2
    assert "not solved within 0.05 s" in capsys.readouterr().out


def test_vtt_solve_refuses_a_game_with_hidden_cards(capsys):
    assert main(["solve", "war", "--option", "mode=high-card"]) == 1
    assert "War cannot be solved: P1 cannot see every card" in capsys.readouterr().err


# --- games that never end, pack failures, bad numbers (issues #23, #24) ----------------


def test_a_game_that_never_ends_stops_at_the_default_cap():
    result = play_game(Batch(write_pack_here(LOOP), 1, ("random", "random")), 0)
    assert not result.ended and result.moves == MAX_MOVES and result.winners == ()


def write_pack_here(text, max_moves=None):
    import tempfile

    return write_pack(Path(tempfile.mkdtemp()), text, max_moves)


def test_vtt_simulate_reports_the_games_stopped_at_the_packs_cap_with_a_seed(tmp_path, capsys):
    pack = write_pack(tmp_path, LOOP, max_moves=30)
    status = main(["simulate", pack, "--games", "5", "--workers", "2", "--seed", "3"])
    out, err = capsys.readouterr()
    assert status == 0, err
    seed = Batch(pack, 5, ("random",), seed=3).game_seed(0)
    assert f"5 of 5 games did not end within 30 moves: see game 1 (seed {seed})" in out
    assert "Traceback" not in err and "5/5 games" in err
    assert err.index("0/5 games") < err.index("5/5 games")  # the bar shows from the start


def test_max_moves_on_the_command_line_overrides_the_packs():
    pack = write_pack_here(LOOP, max_moves=30)
    rep = simulate(Batch(pack, 2, ("random", "random"), max_moves=7))
    assert (rep.unfinished, rep.max_moves, rep.ended) == (2, 7, 0)
    assert "2 of 2 games did not end within 7 moves" in table(rep)


def test_the_rates_count_only_the_games_that_ended():
    batch = Batch("jantori", 4, ("a", "b"), seed=5)
    results = [
        _result(3, ("b", "a"), (), 50),
        _result(0, ("a", "b"), (0,), 10),
        _result(1, ("b", "a"), (), 50),
        _result(2, ("a", "b"), (1,), 20),
    ]
    results[0].ended = results[2].ended = False
    rep = report(batch, results)
    assert (rep.games, rep.unfinished, rep.ended) == (4, 2, 2)
    assert (rep.unfinished_game, rep.unfinished_seed) == (2, batch.game_seed(1))
    assert [rate.games for rate in rep.seats] == [2, 2]
    assert rep.draws == 0 and rep.length_counts == {10: 1, 20: 1}
    assert "2 of 4 games did not end within 2,000 moves: see game 2" in table(rep)
    assert "the figures below count the 2 that did" in table(rep)


def test_a_looping_pack_on_a_dask_cluster_stops_at_its_cap():
    distributed = pytest.importorskip("distributed")
    pack = write_pack_here(LOOP, max_moves=25)
    batch = Batch(pack, 3, ("random", "random"))
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        rep = simulate(batch, dask=client)
        with pytest.raises(GameFailed, match=f"game 1, seed {batch.game_seed(0)}, in move 3"):
            run(Batch(write_pack_here(FAILS_IN_PLAY), 1, ("random",)), dask=client)
    assert (rep.games, rep.unfinished, rep.max_moves) == (3, 3, 25)


def test_a_huge_batch_runs_in_bounded_memory():
    batch = Batch("tic-tac-rock", 1_000_000_000, ("random", "random"))
    played = []
    tracemalloc.start()
    try:
        rep = simulate(
            batch,
            progress=lambda done, total: played.append(done),
            cancelled=lambda: len(played) >= 3,
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert rep.games == 3
    assert peak < 50_000_000


@pytest.mark.parametrize("workers", ["1", "2"])
def test_vtt_simulate_names_the_pack_game_and_seed_when_the_pack_fails_in_play(
    tmp_path, capsys, workers
):
    pack = write_pack(tmp_path, FAILS_IN_PLAY)
    assert main(["simulate", pack, "--games", "3", "--workers", workers]) == 1
    err = capsys.readouterr().err
    seed = Batch(pack, 3, ("random",)).game_seed(0)
    assert f"vtt simulate: Fails in Play ({pack}) failed in game 1, seed {seed}, in move 3:" in err
    assert "ZeroDivisionError" in err and "Traceback" not in err


def test_vtt_simulate_says_when_the_computers_value_is_not_one_number_per_seat(tmp_path, capsys):
    pack = write_pack(tmp_path, VALUE_TURNS_MAPPING)
    assert (
        main(["simulate", pack, "--games", "2", "--agents", "greedy,random", "--workers", "1"]) == 1
    )
    err = capsys.readouterr().err
    assert "failed in game 1, seed" in err and "while greedy (seat 1) chose move" in err
    assert "value: must give one number per seat" in err and "it gave a mapping" in err
    assert "KeyError" not in err and "Traceback" not in err


def test_vtt_solve_names_the_pack_and_seed_when_the_pack_fails_in_the_search(tmp_path, capsys):
    pack = write_pack(tmp_path, FAILS_IN_PLAY)
    assert main(["solve", pack, "--seed", "4"]) == 1
    err = capsys.readouterr().err
    assert f"vtt solve: Fails in Play ({pack}, seed 4) failed during the search: " in err
    assert "ZeroDivisionError" in err and "Traceback" not in err


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1"])
def test_vtt_solve_refuses_a_time_that_is_not_a_number_above_0(seconds, capsys):
    assert main(["solve", "jantori", "--max-seconds", seconds]) == 1
    assert "--max-seconds must be a number above 0" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("pack", "args", "message"),
    [
        (
            "corner-edge",
            ["--option", "size=abc"],
            "option 'size': expected a whole number from 5 to 8, not 'abc'",
        ),
        (
            "battlefront",
            ["--option", "jokers=maybe"],
            "option 'jokers': expected true or false, not 'maybe'",
        ),
        ("jantori", ["--workers", "0"], "--workers must be at least 1, not 0"),
        ("jantori", ["--workers", "100000"], "--workers must be at most"),
        ("jantori", ["--max-moves", "0"], "--max-moves must be at least 1, not 0"),
    ],
)
def test_vtt_simulate_names_the_setting_a_bad_value_is_given_to(pack, args, message, capsys):
    assert main(["simulate", pack, *args]) == 1
    assert message in capsys.readouterr().err


def test_ctrl_c_ends_vtt_simulate_cleanly_in_every_process(tmp_path):
    pack = write_pack(tmp_path, LOOP, max_moves=200)
    command = [
        sys.executable,
        "-m",
        "vtt.cli",
        "simulate",
        pack,
        "--games",
        "10000",
        "--workers",
        "2",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # Its own process group, as a terminal's: Ctrl+C reaches the workers too.
    process = subprocess.Popen(
        command, env=env, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    seen = ""
    while not re.search(r"[1-9][0-9,]*/10,000 games", seen):  # games are being played
        char = process.stderr.read(1)
        assert char, seen
        seen += char
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=300)
    err = seen + err
    assert process.returncode == 130
    assert "vtt simulate: interrupted after" in err
    assert "Traceback" not in err and "leaked" not in err and "KeyboardInterrupt" not in err
    # No worker left behind (the resource tracker may take a moment to follow).
    for _ in range(600):
        if not _alive_in_group(process.pid):
            break
        time.sleep(0.1)
    assert _alive_in_group(process.pid) == []


def _alive_in_group(group: int) -> list[int]:
    psutil = pytest.importorskip("psutil")  # comes with distributed
    alive = []
    for found in psutil.process_iter(["status"]):
        try:
            if found.info["status"] != psutil.STATUS_ZOMBIE and os.getpgid(found.pid) == group:
                alive.append(found.pid)
        except ProcessLookupError:
            pass  # ended meanwhile
    return alive


def test_the_chart_names_the_pack_the_agents_and_the_games():
    from vtt.ui.chart import heading

    batch = Batch("corner-edge", 2, ("greedy", "random"), options=(("size", 6),))
    rep = report(batch, [_result(0, ("greedy", "random"), (0,), 10)])
    assert heading(rep) == "Corner to Corner & Edge to Edge: greedy v random, 1 game"
    assert rep.option_words == "Cards on each side of the board: 6"
