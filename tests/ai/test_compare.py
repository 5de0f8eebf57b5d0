"""Matched-seed comparisons of two variants, the sequential test and sweeps."""

from __future__ import annotations

import json
import random
import re

import pytest

from tests.ai.packs import LOOP, write_pack
from vtt.ai.compare import (
    MAIN,
    compare,
    game_values,
    looks,
    metric_name,
    option_range,
    sequential_test,
    sweep,
)
from vtt.ai.simulate import Batch, games, report, run
from vtt.ai.variants import Variant
from vtt.cli import main
from vtt.rules.finder import find_pack

AGENTS = ("random", "random")


def _synthetic(shift: float, seed: int):
    """Matched pairs of a coin-flip first player and a game length; B's first player
    wins ``shift`` more often."""
    rng = random.Random(seed)

    def play(start: int, end: int):
        pairs = []
        for _ in range(start, end):
            luck = rng.random()  # what both games of a pair share
            a_wins = float(luck < 0.5)
            shared = rng.random() < 0.5  # half the pairs play alike
            b_wins = float((luck if shared else rng.random()) < 0.5 + shift)
            length = 30 + rng.gauss(0, 5)
            a = {"first-player advantage": a_wins - 0.5, "length (moves)": length + rng.gauss(0, 2)}
            b = {"first-player advantage": b_wins - 0.5, "length (moves)": length + rng.gauss(0, 2)}
            pairs.append((a, b))
        return pairs

    return play


def test_a_real_difference_is_found_and_stops_the_test_early() -> None:
    outcome = sequential_test(_synthetic(0.3, seed=1), 1000)
    advantage = outcome.metrics[0]
    assert advantage.name == "first-player advantage"
    assert advantage.verdict == "differs" and advantage.low > 0
    assert outcome.games < 1000
    assert outcome.stopped.startswith(f"stopped after {outcome.games} of 1,000 games")
    assert "first player's advantage clearly differs" in outcome.stopped
    assert re.search(
        r"and the length is clearly the same, within \+-[\d.]+, 5% of its mean \(B - A",
        outcome.stopped,
    )


def test_identical_variants_are_flagged_no_more_often_than_the_error_rate() -> None:
    runs = 200
    alarms = 0
    for seed in range(runs):
        outcome = sequential_test(_synthetic(0.0, seed=100 + seed), 160)
        alarms += any(d.verdict == "differs" for d in outcome.metrics if d.name in MAIN)
    # 5% of 200 is 10; 20 lies 3.2 standard deviations above (binomial, p = 0.05).
    assert alarms <= 20


def test_variants_alike_stop_when_the_interval_lies_inside_the_margin() -> None:
    def play(start: int, end: int):
        same = {"first-player advantage": 0.0, "length (moves)": 40.0}
        return [(same, same)] * (end - start)

    outcome = sequential_test(play, 500)
    assert outcome.games == 20
    assert "clearly play alike" in outcome.stopped
    assert all(d.verdict == "same" for d in outcome.metrics)


def test_without_the_sequential_test_every_game_is_played() -> None:
    outcome = sequential_test(_synthetic(0.3, seed=1), 100, sequential=False)
    assert outcome.games == 100
    assert outcome.stopped.startswith("played all 100 games")


def test_the_looks_double_up_to_the_cap() -> None:
    assert looks(1000) == [20, 40, 80, 160, 320, 640, 1000]
    assert looks(160) == [20, 40, 80, 160]
    assert looks(5) == [5]


def test_game_values_count_as_the_simulators_report() -> None:
    batch = Batch("tic-tac-rock", 12, AGENTS, seed=3)
    results = run(batch)
    rep = report(batch, results)
    values = [game_values(result) for result in results]
    mean = sum(v["first-player advantage"] for v in values) / len(values)
    assert mean == pytest.approx(rep.first_player_advantage)
    assert sum(v["seat 2 wins"] for v in values) / len(values) == pytest.approx(rep.seats[1].rate)
    assert sum(v["length (moves)"] for v in values) / len(values) == pytest.approx(rep.length_mean)


def test_batches_played_together_are_dealt_as_each_alone() -> None:
    one = Batch("tic-tac-rock", 5, AGENTS, seed=2)
    other = Batch("tic-tac-rock", 3, AGENTS, (("wins_needed", 1),), seed=2)
    played = list(games((one, other)))
    assert [(which, r.index) for which, r in played][:4] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert [r for which, r in played if which == 0] == run(one)
    assert [r for which, r in played if which == 1] == run(other)


@pytest.fixture(scope="module")
def wins_needed() -> object:
    a = Variant("A", "tic-tac-rock", (("wins_needed", 1),))
    b = Variant("B", "tic-tac-rock", (("wins_needed", 3),))
    return compare(a, b, games=60, agents=AGENTS, seed=1)


def test_an_option_that_lengthens_the_game_is_found(wins_needed) -> None:
    comparison = wins_needed
    length = comparison.metric("length (moves)")
    assert length is not None and length.verdict == "differs"
    assert length.b > length.a and length.low > 0
    assert "the length clearly differs (B - A = +" in comparison.stopped
    assert [rep.games for rep in comparison.reports] == [comparison.games] * 2
    assert comparison.reports[0].options == {"wins_needed": 1}
    data = comparison.as_json()
    assert data["b"]["options"] == {"wins_needed": 3} and data["games"] == comparison.games


def test_identical_variants_play_identical_games() -> None:
    a = Variant("A", "war", (("mode", "five-card"),))
    comparison = compare(a, a.with_options("B"), games=100, agents=AGENTS)
    assert comparison.games == 20
    assert all(d.diff == 0 and d.verdict == "same" for d in comparison.metrics)
    assert "clearly play alike" in comparison.stopped


def test_a_sweep_plays_each_value_on_the_same_seeds() -> None:
    base = Variant("base", "tic-tac-rock")
    result = sweep(base, "wins_needed", [1, 2], games=8, agents=AGENTS, seed=5)
    assert result.values == [1, 2]
    lengths = [e.mean for e in result.metric("length (moves)")]
    assert lengths[0] < lengths[1]
    assert [rep.options for rep in result.reports] == [{"wins_needed": 1}, {"wins_needed": 2}]
    again = sweep(base, "wins_needed", [2], games=8, agents=AGENTS, seed=5)
    assert again.estimates[0] == result.estimates[1]


def test_option_ranges() -> None:
    assert option_range("3..9") == [3, 4, 5, 6, 7, 8, 9]
    assert option_range("5..50/15") == [5, 20, 35, 50]
    assert option_range("one-card,two-card") == ["one-card", "two-card"]
    for bad, said in [
        ("9..3", "above the last"),
        ("a..b", "whole numbers"),
        ("1..9/0", "step"),
        ("a,,b", "commas"),
        ("1..100", "at most 50"),
    ]:
        with pytest.raises(ValueError, match=said):
            option_range(bad)


def test_metric_words() -> None:
    assert metric_name("first-player-advantage") == "first-player advantage"
    assert metric_name("Lead changes") == "lead changes"
    with pytest.raises(ValueError, match="the metrics are: first-player-advantage"):
        metric_name("fun")


# --- the command line -----------------------------------------------------------------


def test_vtt_compare_prints_the_metrics_side_by_side_and_writes_json_and_a_chart(
    tmp_path, capsys
) -> None:
    data, chart = tmp_path / "out.json", tmp_path / "out.png"
    args = ["compare", "tic-tac-rock", "--variant", "one: wins_needed=1"]
    args += ["--variant", "three: wins_needed=3", "--games", "40", "--workers", "1"]
    status = main([*args, "--json", str(data), "--chart", str(chart)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "A = one  (Rounds to win the game: 1)" in out
    assert re.search(r"metric +A +B +B - A +95% interval +verdict", out)
    assert re.search(
        r"length \(moves\) +\d+\.\d +\d+\.\d +\+\d+\.\d +\+[\d.]+ \.\. \+[\d.]+ +differs", out
    )
    assert "Played all 40 games: the first player's advantage is not clear yet (B - A = " in out
    assert "; the length clearly differs (B - A = +" in out
    assert "0/80 games" in err and "Traceback" not in err
    saved = json.loads(data.read_text(encoding="utf-8"))
    assert saved["games"] == 40 and saved["a"]["options"] == {"wins_needed": 1}
    assert [m["name"] for m in saved["metrics"]][:3] == [
        "first-player advantage",
        "seat 1 wins",
        "seat 2 wins",
    ]
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_vtt_compare_compares_two_pack_files_with_the_same_options(tmp_path, capsys) -> None:
    text = find_pack("tic-tac-rock").read_text(encoding="utf-8")
    before, after = tmp_path / "before" / "pack.yaml", tmp_path / "after" / "pack.yaml"
    for path, wins in ((before, 3), (after, 1)):
        path.parent.mkdir()
        path.write_text(
            text.replace("type: int, default: 3", f"type: int, default: {wins}"), "utf-8"
        )
    status = main(["compare", str(before), str(after), "--games", "20", "--workers", "1"])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "A = before  [" in out and "B = after  [" in out
    assert re.search(r"length \(moves\) .* differs", out)


def test_vtt_compare_sweeps_an_option_with_a_table_and_a_text_chart(tmp_path, capsys) -> None:
    chart = tmp_path / "sweep.png"
    args = ["compare", "tic-tac-rock", "--sweep", "wins_needed=1..2", "--metric", "length"]
    status = main([*args, "--games", "6", "--workers", "1", "--chart", str(chart)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert "length (moves) against wins_needed" in out
    rows = re.findall(r"^([12]) +([\d.]+) +([\d.]+) \.\. ([\d.]+) +\[([-o| ]+)\]$", out, re.M)
    assert [row[0] for row in rows] == ["1", "2"]
    assert float(rows[0][1]) < float(rows[1][1])
    assert rows[0][4].index("o") < rows[1][4].index("o")  # the longer game further right
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--variant", "B: wins_needed=2"], 2, "a comparison needs two variants"),
        (["--variant", "A: hp=3", "--variant", "B: wins_needed=2"], 1, "unknown option 'hp'"),
        (
            ["--variant", "A: wins_needed=0", "--variant", "B: wins_needed=2"],
            1,
            "expected at least 1",
        ),
        (["--sweep", "wins_needed=9..3"], 1, "range '9..3': the first value must not be above"),
        (["--sweep", "hp=1..3"], 1, "unknown option 'hp'"),
        (["--sweep", "wins_needed"], 1, "expected NAME=RANGE"),
        (["--sweep", "wins_needed=1..2", "--metric", "fun"], 1, "unknown metric 'fun'"),
        (["war", "--variant", "A: wins_needed=1"], 2, "two packs or one pack with two --variant"),
        (["--variant", "A:", "--variant", "B:", "--games", "0"], 1, "--games must be at least 1"),
    ],
)
def test_vtt_compare_refuses_bad_input_with_a_clear_message(args, status, message, capsys) -> None:
    assert main(["compare", "tic-tac-rock", *args, "--workers", "1"]) == status
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_comparison_is_the_same_on_one_process_or_two() -> None:
    a = Variant("A", "tic-tac-rock", (("wins_needed", 1),))
    b = Variant("B", "tic-tac-rock", (("wins_needed", 2),))
    here, there = (
        compare(a, b, games=8, agents=AGENTS, seed=7, sequential=False, workers=workers)
        for workers in (1, 2)
    )
    assert here.metrics == there.metrics and here.stopped == there.stopped
    assert [r.length_counts for r in here.reports] == [r.length_counts for r in there.reports]


def test_vtt_compare_says_when_games_did_not_end_and_counts_none_of_them(tmp_path, capsys) -> None:
    pack = write_pack(tmp_path, LOOP, max_moves=30)
    assert main(["compare", pack, pack, "--games", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Played all 3 games: no game ended." in out
    seed = Batch(pack, 3, AGENTS).game_seed(0)
    assert f"A: 3 of 3 games did not end within 30 moves: see game 1 (seed {seed})" in out
