"""The simulator: the same games for a seed however they are shared out, and the
designer's metrics worked out right."""

from __future__ import annotations

import json

import pytest

from vtt.ai.simulate import Batch, GameResult, play_game, report, run, table, wilson
from vtt.cli import main

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
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster,
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
