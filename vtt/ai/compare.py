"""Two variants of a game played on the same games, and one option swept over a range.

``compare(a, b)`` plays both variants with the same seed, agents and game indexes:
game ``i`` of A and game ``i`` of B are dealt the same cards and seat the same agents
with the same seeds (``Variant.batch``), so each index is a matched pair and most of
the luck of the deal cancels out of the difference. For every metric of the
simulator (``vtt.ai.simulate``: first-player advantage, each seat's win rate, draws,
length, decisive moves, lead changes) each game gives a number (a seat's win counts
1, a draw a half, as in the win rates), and the difference B - A is the mean of the
per-index differences, with a paired t interval on them.

The sequential test. Both variants' games are dealt in turn in one stream (one pool
of processes) and looked at after 20, 40, 80, ... pairs (doubling) and at the cap
(``games``); the stream is closed as soon as a look settles the question. With K
looks, every interval shown is a *repeated* 95% confidence interval, one that holds
at whichever look the comparison stops (Bonferroni over the looks): the paired t
interval at level 1 - 0.05/K, and for the M main metrics that stop the test (the
first player's advantage and the length) at 1 - 0.05/(K*M), so that they hold at
95% together. The comparison stops early once every main metric is settled, either way:

- *clearly different*: its interval leaves out 0. Over all looks and main metrics,
  the chance that the test says so of variants that play alike (a false alarm) is
  at most 5%.
- *clearly the same*: its interval lies inside the equivalence margin: 3 points of
  win rate for the first player's advantage (and for seat win rates and draws), 5%
  of the mean for the counts (length, decisive moves, lead changes).

Each metric's verdict reads its interval: ``differs`` when it leaves out 0, ``same``
when it lies inside the margin, else ``unclear``. Identical variants play identical
games: every difference is exactly 0 and the comparison stops at the first look.
``sequential=False`` plays all the games, with plain 95% intervals (the main
metrics' at 97.5%). The games are counted in index order, so a comparison comes out
the same on any number of processes.

``sweep(base, option, values)`` plays the games of every value of an option in one
stream, all on the same seeds, and keeps each metric's mean and 95% interval per
value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass, field
from statistics import NormalDist
from typing import Any

from vtt.ai.simulate import Batch, GameResult, Report, Tally
from vtt.ai.simulate import games as play_games
from vtt.ai.variants import Variant

__all__ = [
    "ALPHA",
    "FIRST_LOOK",
    "MAIN",
    "METRICS",
    "Comparison",
    "Estimate",
    "MetricDiff",
    "Sweep",
    "compare",
    "game_values",
    "looks",
    "metric_name",
    "number",
    "option_range",
    "sequential_test",
    "sweep",
]

Progress = Callable[[int, int], None]  # games done, games in all
Values = Mapping[str, float | None]  # one game's value of each metric (None: not counted)

#: The false-alarm rate of the whole comparison.
ALPHA = 0.05
#: Games at the first look of the sequential test; each look doubles them.
FIRST_LOOK = 20
#: The metrics whose result stops the sequential test.
MAIN = ("first-player advantage", "length (moves)")
#: Equivalence margins: rates (a share of games) within 3 points are alike...
RATE_MARGIN = 0.03
#: ...and counts (moves, decisions, lead changes) within 5% of their mean.
COUNT_MARGIN = 0.05
#: A sweep's most values.
MAX_POINTS = 50

#: The metrics, in the order shown, with the word ``--metric`` takes for each (the
#: seats' win rates, "seat 1 wins" ... are added per seat between these).
METRICS: dict[str, str] = {
    "first-player advantage": "first-player-advantage",
    "draws": "draws",
    "length (moves)": "length",
    "decisive moves": "decisive-moves",
    "lead changes": "lead-changes",
}
_RATES = ("first-player advantage", "draws")


def metric_name(word: str) -> str:
    """The metric a ``--metric`` word names ("length", "seat-2-wins", "first-player
    advantage"); ValueError names the words there are.

    >>> metric_name("length"), metric_name("seat-2-wins")
    ('length (moves)', 'seat 2 wins')
    """
    key = word.strip().lower().replace(" ", "-")
    for name, slug in METRICS.items():
        if key in (slug, name.replace(" ", "-")):
            return name
    parts = key.split("-")
    if len(parts) == 3 and parts[0] == "seat" and parts[1].isdigit() and parts[2] == "wins":
        return f"seat {int(parts[1])} wins"
    first, *rest = METRICS.values()
    words = [first, "seat-1-wins", "seat-2-wins", *rest]
    raise ValueError(f"unknown metric {word!r}; the metrics are: {', '.join(words)}")


def _is_rate(name: str) -> bool:
    return name in _RATES or name.startswith("seat ")


def game_values(result: GameResult) -> dict[str, float | None]:
    """What one game gives each metric, as the simulator's ``Report`` counts it: a game
    stopped at its move cap counts for none; lead changes only where the pack keeps
    scores."""
    if not result.ended:
        return {}
    seats = len(result.agents)
    scores = [result.seat_score(seat) for seat in range(seats)]
    values: dict[str, float | None] = {"first-player advantage": scores[0] - sum(scores) / seats}
    for seat, score in enumerate(scores):
        values[f"seat {seat + 1} wins"] = score
    values["draws"] = 1.0 if result.drawn else 0.0
    values["length (moves)"] = float(result.moves)
    values["decisive moves"] = float(result.decisions)
    values["lead changes"] = float(result.lead_changes) if result.scores is not None else None
    return values


# --- the statistics ----------------------------------------------------------------------


def _t_quantile(p: float, df: int) -> float:
    """Student's t quantile (Cornish-Fisher, Abramowitz and Stegun 26.7.5; within 0.1%
    from 3 degrees of freedom; more than the normal's below).

    >>> round(_t_quantile(0.975, 10), 3)
    2.228
    """
    x = NormalDist().inv_cdf(p)
    g1 = (x**3 + x) / 4
    g2 = (5 * x**5 + 16 * x**3 + 3 * x) / 96
    g3 = (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / 384
    g4 = (79 * x**9 + 776 * x**7 + 1482 * x**5 - 1920 * x**3 - 945 * x) / 92160
    nu = max(1, df)
    return x + g1 / nu + g2 / nu**2 + g3 / nu**3 + g4 / nu**4


@dataclass
class _Sums:
    """Running sums of one metric's paired values: no game is kept."""

    n: int = 0
    a: float = 0.0
    b: float = 0.0
    d: float = 0.0
    dd: float = 0.0

    def add(self, a: float, b: float) -> None:
        self.n += 1
        self.a += a
        self.b += b
        self.d += b - a
        self.dd += (b - a) ** 2

    def interval(self, alpha: float) -> tuple[float, float, float]:
        """The mean difference and its two-sided 1 - alpha t interval."""
        if self.n == 0:
            return (0.0, -math.inf, math.inf)
        mean = self.d / self.n
        if self.n < 2:
            return (mean, -math.inf, math.inf)
        var = max(0.0, (self.dd - self.n * mean * mean) / (self.n - 1))
        half = _t_quantile(1 - alpha / 2, self.n - 1) * math.sqrt(var / self.n)
        return (mean, mean - half, mean + half)

    def margin(self, name: str) -> float:
        """The equivalence margin of the metric: 3 points of a rate, 5% of a count."""
        if _is_rate(name):
            return RATE_MARGIN
        mean = (self.a + self.b) / (2 * self.n) if self.n else 0.0
        return max(COUNT_MARGIN * abs(mean), 1e-9)


@dataclass(frozen=True)
class MetricDiff:
    """One metric of both variants: each one's mean over the paired games, the
    difference B - A and its 95% interval, and what that says."""

    name: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    verdict: str  # "differs" | "same" | "unclear"
    games: int = 0  # the pairs counted (both games ended, and the metric applies)
    margin: float = 0.0  # inside +-margin the variants count as alike

    def as_json(self) -> dict[str, Any]:
        """Plain JSON values (an interval not known yet is null)."""
        return {key: _finite(value) for key, value in asdict(self).items()}


def _finite(value: object) -> object:
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _verdict(low: float, high: float, margin: float) -> str:
    if low > 0 or high < 0:
        return "differs"
    if -margin <= low and high <= margin:
        return "same"
    return "unclear"


@dataclass
class Paired:
    """The paired values of every metric so far, as running sums."""

    sums: dict[str, _Sums] = field(default_factory=dict)

    def add(self, a: Values, b: Values) -> None:
        """Count one matched pair of games (a metric missing from either is skipped)."""
        for name in {**a, **b}:
            x, y = a.get(name), b.get(name)
            if x is not None and y is not None:
                self.sums.setdefault(name, _Sums()).add(x, y)

    @property
    def pairs(self) -> int:
        """The most pairs any metric counted."""
        return max((sums.n for sums in self.sums.values()), default=0)

    def diff(self, name: str, alpha: float) -> MetricDiff:
        """A metric's difference with its 1 - alpha interval and verdict."""
        sums = self.sums.get(name, _Sums())
        mean, low, high = sums.interval(alpha)
        n = max(1, sums.n)
        margin = sums.margin(name)
        return MetricDiff(
            name,
            sums.a / n,
            sums.b / n,
            mean,
            low,
            high,
            _verdict(low, high, margin),
            sums.n,
            margin,
        )

    def diffs(self, alpha: Callable[[str], float]) -> list[MetricDiff]:
        """Every metric counted, in the order shown, each at its own level."""
        return [self.diff(name, alpha(name)) for name in _ordered(self.sums)]


def _ordered(names: Iterable[str]) -> list[str]:
    """The metrics in the order shown: the advantage, the seats, then the rest."""
    order = [*METRICS]

    def key(name: str) -> tuple[int, int]:
        if name.startswith("seat "):
            return (1, int(name.split()[1]))
        if name in order:
            return (0 if name == order[0] else 2, order.index(name))
        return (3, 0)

    return sorted(dict.fromkeys(names), key=key)


def looks(games: int, sequential: bool = True) -> list[int]:
    """The numbers of games after which the sequential test looks: 20, 40, 80, ... and
    the cap; one look at the cap when not sequential.

    >>> looks(200), looks(20), looks(7), looks(200, sequential=False)
    ([20, 40, 80, 160, 200], [20], [7], [200])
    """
    if not sequential:
        return [games]
    points = []
    look = FIRST_LOOK
    while look < games:
        points.append(look)
        look *= 2
    return [*points, games]


@dataclass
class Outcome:
    """What the sequential test found: the metrics, the games looked at, why it stopped."""

    metrics: list[MetricDiff]
    games: int
    stopped: str


def sequential_test(
    play: Callable[[int, int], Iterable[tuple[Values, Values]]],
    games: int,
    *,
    sequential: bool = True,
    main: Sequence[str] = MAIN,
    cancelled: Callable[[], bool] | None = None,
) -> Outcome:
    """Run the test on matched pairs: ``play(start, end)`` gives the metrics' values of
    the pairs of games ``start`` to ``end - 1`` (fewer when it was cancelled)."""
    points = looks(games, sequential)
    alpha = _levels(len(points), main)
    paired = Paired()
    start = 0
    stopped = ""
    for look in points:
        for a, b in play(start, look):
            paired.add(a, b)
        start = look
        if cancelled is not None and cancelled():
            stopped = f"cancelled after {paired.pairs:,} of {games:,} games"
            break
        stopped = _stop(paired, alpha, main, look, games, look == points[-1])
        if stopped:
            break
    return Outcome(paired.diffs(alpha), paired.pairs, stopped)


def _levels(count: int, main: Sequence[str]) -> Callable[[str], float]:
    """Each metric's alpha at each of ``count`` looks: 0.05 / looks (a repeated 95%
    interval), and for the main metrics, which stop the test, that over their number
    too (together they hold at 95%)."""
    shown = ALPHA / count
    return lambda name: shown / len(main) if name in main else shown


def _stop(
    paired: Paired,
    alpha: Callable[[str], float],
    main: Sequence[str],
    look: int,
    games: int,
    last: bool,
) -> str:
    """Why the test stops at this look, in plain words; "" to go on: it stops once every
    main metric clearly differs or is clearly the same."""
    judged = [paired.diff(name, alpha(name)) for name in main if name in paired.sums]
    settled = bool(judged) and all(diff.verdict != "unclear" for diff in judged)
    if not (settled or last):
        return ""
    where = (
        f"stopped after {look:,} of {games:,} games"
        if look < games
        else f"played all {games:,} games"
    )
    if settled and all(diff.verdict == "same" for diff in judged):
        alike = " and ".join(f"{_words(d.name)} within {_margin(d)} ({_ci(d)})" for d in judged)
        return f"{where}: the variants clearly play alike: {alike}"
    said = [f"{_words(d.name)} {_verdict_words(d)} ({_ci(d)})" for d in judged]
    return f"{where}: {' and '.join(said) if settled else '; '.join(said) or 'no game ended'}"


def _verdict_words(diff: MetricDiff) -> str:
    if diff.verdict == "differs":
        return "clearly differs"
    if diff.verdict == "same":
        return f"is clearly the same, within {_margin(diff)}"
    return "is not clear yet"


def _words(name: str) -> str:
    return {"first-player advantage": "the first player's advantage"}.get(
        name, "the length" if name == "length (moves)" else name
    )


def _margin(diff: MetricDiff) -> str:
    if _is_rate(diff.name):
        return f"+-{diff.margin * 100:.0f} points"
    return f"+-{diff.margin:.3g}, {COUNT_MARGIN:.0%} of its mean"


def number(name: str, value: float) -> str:
    """A difference B - A as every table shows it: a rate's in points (of 100 games), a
    count's to 1 place (``?`` for an interval not known yet).

    >>> number("draws", 0.123), number("length (moves)", -56.48), number("draws", math.inf)
    ('+12.3 pts', '-56.5', '?')
    """
    if not math.isfinite(value):
        return "?"
    return f"{100 * value:+.1f} pts" if _is_rate(name) else f"{value:+.1f}"


def figure(name: str, value: float) -> str:
    """A metric's value (not a difference) as every table shows it: a rate in percent, a
    count to 1 place; the first player's advantage is signed.

    >>> figure("seat 1 wins", 0.4236), figure("first-player advantage", 0.05)
    ('42.4%', '+5.0%')
    >>> figure("length (moves)", 17.46), figure("draws", math.nan)
    ('17.5', '?')
    """
    if not math.isfinite(value):
        return "?"
    sign = "+" if name == "first-player advantage" else ""
    return f"{100 * value:{sign}.1f}%" if _is_rate(name) else f"{value:{sign}.1f}"


def interval(name: str, low: float, high: float) -> str:
    """A difference's 95% interval: ``-16.0 .. +26.0 pts`` for a rate.

    >>> interval("draws", -0.16, 0.26), interval("length (moves)", -53.5, -35.2)
    ('-16.0 .. +26.0 pts', '-53.5 .. -35.2')
    """
    ends = [number(name, value).removesuffix(" pts") for value in (low, high)]
    unit = " pts" if _is_rate(name) and "?" not in ends else ""
    return f"{ends[0]} .. {ends[1]}{unit}"


def _ci(diff: MetricDiff) -> str:
    """'B - A = +12.0 pts, 95% CI +6.0 .. +18.0 pts'."""
    ci = interval(diff.name, diff.low, diff.high)
    return f"B - A = {number(diff.name, diff.diff)}, 95% CI {ci}"


# --- comparing two variants --------------------------------------------------------------


@dataclass
class Comparison:
    """Two variants played on the same games: each metric side by side, the difference
    and its 95% interval; ``stopped`` says in words why the games stopped where they did."""

    a: Variant
    b: Variant
    games: int  # the pairs played
    agents: tuple[str, ...]
    seed: int
    metrics: list[MetricDiff]
    stopped: str
    reports: tuple[Report, Report]
    cap: int = 0  # the most games asked for
    sequential: bool = True

    def metric(self, name: str) -> MetricDiff | None:
        """The named metric's difference, if it was counted."""
        return next((diff for diff in self.metrics if diff.name == name), None)

    def as_json(self) -> dict[str, Any]:
        """The comparison as plain JSON values."""
        return {
            "a": _variant_json(self.a),
            "b": _variant_json(self.b),
            "games": self.games,
            "cap": self.cap,
            "agents": list(self.agents),
            "seed": self.seed,
            "sequential": self.sequential,
            "stopped": self.stopped,
            "metrics": [diff.as_json() for diff in self.metrics],
            "reports": [report.as_json() for report in self.reports],
        }


def _variant_json(variant: Variant) -> dict[str, Any]:
    return {"label": variant.label, "pack": variant.pack, "options": dict(variant.options)}


def compare(
    a: Variant,
    b: Variant,
    *,
    games: int,
    agents: tuple[str, ...],
    seed: int = 0,
    players: int | None = None,
    sequential: bool = True,
    workers: int = 1,
    dask: str | Any | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Comparison:
    """Play ``a`` and ``b`` on the same games (at most ``games`` of each, fewer when the
    sequential test settles it) and compare them metric by metric."""
    if games < 1:
        raise ValueError(f"a comparison needs at least 1 game, not {games}")
    batches = (a.batch(games, agents, seed, players), b.batch(games, agents, seed, players))
    tallies = (Tally(batches[0]), Tally(batches[1]))
    # One stream of both variants' games, dealt in turn, closed once the test stops.
    with closing(play_games(batches, workers, dask, cancelled)) as played:
        ordered = _in_order(played, batches, progress)
        got: tuple[dict[int, GameResult], dict[int, GameResult]] = ({}, {})

        def play(start: int, end: int) -> list[tuple[Values, Values]]:
            while not all(end - 1 in side for side in got):
                which, result = next(ordered, (-1, None))
                if result is None:
                    break  # cancelled
                got[which][result.index] = result
            pairs: list[tuple[Values, Values]] = []
            for index in range(start, end):
                if index in got[0] and index in got[1]:
                    both = (got[0].pop(index), got[1].pop(index))
                    for tally, result in zip(tallies, both, strict=True):
                        tally.add(result)
                    pairs.append((game_values(both[0]), game_values(both[1])))
            return pairs

        outcome = sequential_test(play, games, sequential=sequential, cancelled=cancelled)
    reports = (tallies[0].report(), tallies[1].report())
    return Comparison(
        a, b, outcome.games, agents, seed, outcome.metrics, outcome.stopped, reports, games,
        sequential,
    )  # fmt: skip


def _in_order(
    played: Iterable[tuple[int, GameResult]], batches: Sequence[Batch], progress: Progress | None
) -> Iterator[tuple[int, GameResult]]:
    """The games of each batch in the order of their indexes (they end in any order
    with workers), so that the sums add up the same way however the games were
    shared out; only the games ahead of one not yet ended wait."""
    following = [0] * len(batches)
    waiting: list[dict[int, GameResult]] = [{} for _ in batches]
    total = sum(batch.games for batch in batches)
    for count, (which, result) in enumerate(played, 1):
        if progress is not None:
            progress(count, total)
        waiting[which][result.index] = result
        while following[which] in waiting[which]:
            yield which, waiting[which].pop(following[which])
            following[which] += 1


# --- sweeping one option -----------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A metric at one point of a sweep: its mean over the games and the 95% t interval."""

    name: str
    mean: float
    low: float
    high: float
    games: int

    def as_json(self) -> dict[str, Any]:
        """Plain JSON values (an interval not known is null)."""
        return {key: _finite(value) for key, value in asdict(self).items()}


@dataclass
class Sweep:
    """One option played at each of its values, on the same seeds: a report and each
    metric's estimate per value."""

    option: str
    values: list[object]
    reports: list[Report]
    estimates: list[dict[str, Estimate]] = field(default_factory=list)
    games: int = 0
    agents: tuple[str, ...] = ()
    seed: int = 0
    base: Variant | None = None

    def metric(self, name: str) -> list[Estimate | None]:
        """The named metric at each value (None where no game counted it)."""
        return [point.get(name) for point in self.estimates]

    @property
    def metrics(self) -> list[str]:
        """The metrics counted at some value, in the order shown."""
        return _ordered(name for point in self.estimates for name in point)

    def as_json(self) -> dict[str, Any]:
        """The sweep as plain JSON values."""
        return {
            "option": self.option,
            "values": list(self.values),
            "games": self.games,
            "agents": list(self.agents),
            "seed": self.seed,
            "base": _variant_json(self.base) if self.base is not None else None,
            "estimates": [
                {name: estimate.as_json() for name, estimate in point.items()}
                for point in self.estimates
            ],
            "reports": [report.as_json() for report in self.reports],
        }


def _estimates(sums: dict[str, _Sums]) -> dict[str, Estimate]:
    """Each metric's mean and 95% interval over a value's games (a one-sample t
    interval; a share of games kept within 0 and 1)."""
    out = {}
    for name in _ordered(sums):
        mean, low, high = sums[name].interval(ALPHA)
        if _is_rate(name) and name != "first-player advantage":
            low, high = max(0.0, low), min(1.0, high)
        out[name] = Estimate(name, mean, low, high, sums[name].n)
    return out


def sweep(
    base: Variant,
    option: str,
    values: Sequence[object],
    *,
    games: int,
    agents: tuple[str, ...],
    seed: int = 0,
    players: int | None = None,
    workers: int = 1,
    dask: str | Any | None = None,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Sweep:
    """Play ``games`` games of ``base`` at each value of ``option``, all on the same
    seeds (every value's games dealt in turn, in one pool of processes); a cancelled
    sweep counts the games each value played."""
    if not values:
        raise ValueError(f"a sweep of {option!r} needs at least one value")
    if games < 1:
        raise ValueError(f"a sweep needs at least 1 game per value, not {games}")
    out = Sweep(option, list(values), [], [], games, agents, seed, base)
    variants = [base.with_options(f"{option}={value}", **{option: value}) for value in values]
    batches = [variant.batch(games, agents, seed, players) for variant in variants]
    tallies = [Tally(batch) for batch in batches]
    sums: list[dict[str, _Sums]] = [{} for _ in batches]
    # One stream of every value's games, dealt in turn, in one pool of processes.
    with closing(play_games(batches, workers, dask, cancelled)) as played:
        for which, result in _in_order(played, batches, progress):
            tallies[which].add(result)
            for name, value in game_values(result).items():
                if value is not None:
                    sums[which].setdefault(name, _Sums()).add(0.0, value)
    out.reports = [tally.report() for tally in tallies]
    out.estimates = [_estimates(point) for point in sums]
    return out


def option_range(text: str) -> list[object]:
    """The values of ``--sweep NAME=TEXT``: ``3..9`` the whole numbers 3 to 9, ``10..30/5``
    every fifth, ``a,b,c`` those choices; ValueError says what is wrong.

    >>> option_range("3..6"), option_range("10..30/10"), option_range("one-card, two-card")
    ([3, 4, 5, 6], [10, 20, 30], ['one-card', 'two-card'])
    """
    text = text.strip()
    if ".." in text:
        ends, _, step_text = text.partition("/")
        low_text, _, high_text = ends.partition("..")
        try:
            low, high = int(low_text), int(high_text)
            step = int(step_text) if step_text else 1
        except ValueError:
            raise ValueError(
                f"range {text!r}: expected whole numbers, as in 3..9 or 10..30/5"
            ) from None
        if step < 1:
            raise ValueError(f"range {text!r}: the step must be at least 1, not {step}")
        if low > high:
            raise ValueError(f"range {text!r}: the first value must not be above the last")
        values: list[object] = list(range(low, high + 1, step))
    else:
        values = [part.strip() for part in text.split(",")]
        if not all(values):
            raise ValueError(f"choices {text!r}: expected values apart by commas, as in a,b,c")
    if len(values) > MAX_POINTS:
        raise ValueError(f"{text!r} has {len(values)} values; a sweep takes at most {MAX_POINTS}")
    return values
