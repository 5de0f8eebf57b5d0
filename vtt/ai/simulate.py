"""Batches of games between agents, and what they tell a designer.

A batch names a pack, its options, the agents (seated in turn: game ``i`` shifts
them ``i`` seats, so every agent plays every seat as often) and a seed. Each game's
seed and its agents' seeds come from the batch seed and the game's index alone, and
agents think for a fixed number of iterations, so a batch gives the same games on
one core, on many, or on a Dask cluster (``run``).

The metrics follow Ludii's and CardStock's: win rates per seat and per agent with
95% confidence intervals (Wilson), the first player's advantage, balance, draws,
game length, decisiveness, branching factor and lead changes (see ``Report``).
"""

from __future__ import annotations

import importlib
import math
import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any

from vtt.ai.levels import make_agent
from vtt.ai.value import lead

__all__ = ["Batch", "Cancelled", "GameResult", "Report", "play_game", "report", "run", "wilson"]

Progress = Callable[[int, int], None]  # games done, games in all


@dataclass(frozen=True)
class Batch:
    """Which games to play: the pack, options, agents by name, count and seed."""

    pack: str
    games: int
    agents: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()
    seed: int = 0
    players: int | None = None

    def seat_agents(self, index: int, players: int) -> tuple[str, ...]:
        """The agent at each seat in game ``index``: the list shifted ``index`` seats."""
        agents = self.agents
        return tuple(agents[(seat + index) % len(agents)] for seat in range(players))


@dataclass
class GameResult:
    """One game's outcome and what happened on the way."""

    index: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    moves: int
    decisions: int  # positions with more than one legal move
    branching: float  # mean legal moves at those
    lead_changes: int
    decided_at: float | None  # when the winner took the lead for good (0..1 of the game)
    scores: tuple[object, ...] | None = None


def _seed(batch_seed: int, index: int, salt: str) -> int:
    # random.Random seeded with a string hashes it with SHA-512: the same number in
    # every process and on every machine, unlike hash().
    return random.Random(f"{batch_seed}:{index}:{salt}").getrandbits(62)


class Cancelled(Exception):
    """A game stopped between two moves because its batch was cancelled."""


def play_game(batch: Batch, index: int, cancelled: Callable[[], bool] | None = None) -> GameResult:
    """Play game ``index`` of a batch (the same result wherever it runs); ``cancelled``
    is asked between moves (Cancelled is raised when it says so)."""
    from vtt.rules.finder import load_game

    game = load_game(batch.pack)
    seed = _seed(batch.seed, index, "game")
    state = game.new_state(dict(batch.options), seed, players=batch.players)
    names = batch.seat_agents(index, state.players)
    agents = [
        make_agent(name, _seed(batch.seed, index, f"seat{seat}")) for seat, name in enumerate(names)
    ]
    moves = decisions = choices = lead_changes = 0
    leaders: list[int | None] = []
    leader = _leader(state)
    while not state.is_terminal():
        if cancelled is not None and cancelled():
            raise Cancelled(f"game {index} cancelled")
        seat = state.to_move
        assert seat is not None
        legal = list(state.legal_moves)
        if len(legal) > 1:
            decisions += 1
            choices += len(legal)
        move = agents[seat].choose(state.view(seat), legal)
        state.apply_unchecked(move)
        moves += 1
        now = _leader(state)
        if now is not None and now != leader and leader is not None:
            lead_changes += 1
        if now is not None:
            leader = now
        leaders.append(now)
    outcome = state.outcome
    assert outcome is not None
    winners = tuple(outcome.winners)
    return GameResult(
        index=index,
        agents=names,
        winners=winners,
        moves=moves,
        decisions=decisions,
        branching=choices / decisions if decisions else 1.0,
        lead_changes=lead_changes,
        decided_at=_decided_at(leaders, winners),
        scores=tuple(outcome.scores) if outcome.scores is not None else None,
    )


def _leader(state: Any) -> int | None:
    """The seat whose score leads alone, if the pack keeps scores and one does."""
    if state.game.scores is None:
        return None
    # The report follows the scores players see, not the value the computer plays by.
    scores = state.game.scores(state.env)
    leads = [seat for seat in range(state.players) if lead(scores, seat) > 0]
    return leads[0] if len(leads) == 1 else None


def _decided_at(leaders: list[int | None], winners: tuple[int, ...]) -> float | None:
    if len(winners) != 1 or not any(seat is not None for seat in leaders):
        return None  # a shared win or a draw, or a pack without scores: no leader to follow
    winner = winners[0]
    last = len(leaders)
    for position in range(len(leaders) - 1, -1, -1):
        if leaders[position] != winner:
            break
        last = position
    return last / len(leaders)


def _play_chunk(batch: Batch, indexes: Sequence[int]) -> list[GameResult]:
    return [play_game(batch, index) for index in indexes]


def run(
    batch: Batch,
    workers: int = 1,
    progress: Progress | None = None,
    dask: str | Any | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[GameResult]:
    """Play a batch: in this process (``workers`` 1), on ``workers`` processes, or on a
    Dask cluster (``dask``: a scheduler's address or a ``distributed.Client``). The
    games come back in index order, the same however they were shared out.
    ``cancelled`` is asked between games; a cancelled run returns the games done."""
    indexes = list(range(batch.games))
    done: list[GameResult] = []

    def tick(results: Iterable[GameResult]) -> bool:
        done.extend(results)
        if progress is not None:
            progress(len(done), batch.games)
        return cancelled is not None and cancelled()

    if dask is not None:
        _run_dask(batch, indexes, dask, tick)
    elif workers <= 1:
        try:
            for index in indexes:
                if tick([play_game(batch, index, cancelled)]):
                    break
        except Cancelled:
            pass
    else:
        chunks = [indexes[i : i + 4] for i in range(0, len(indexes), 4)]
        # Spawned, not forked: a window's threads (Qt's) must not be copied mid-step.
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
        try:
            futures = [pool.submit(_play_chunk, batch, chunk) for chunk in chunks]
            for future in as_completed(futures):
                if tick(future.result()):
                    break
        finally:
            # A cancelled batch does not wait for the games under way in other processes.
            pool.shutdown(wait=not (cancelled is not None and cancelled()), cancel_futures=True)
    return sorted(done, key=lambda result: result.index)


def _run_dask(
    batch: Batch, indexes: list[int], dask: Any, tick: Callable[[Iterable[GameResult]], bool]
) -> None:
    try:
        distributed: Any = importlib.import_module("distributed")  # optional, untyped
    except ImportError:
        raise ValueError(
            "--dask needs the distributed package: pip install 'dask[distributed]'"
        ) from None
    client = dask if isinstance(dask, distributed.Client) else distributed.Client(dask)
    try:
        futures = client.map(play_game, [batch] * len(indexes), indexes, pure=False)
        for future in distributed.as_completed(futures):
            if tick([future.result()]):
                client.cancel(futures)
                break
    finally:
        if client is not dask:
            client.close()


# --- metrics ---------------------------------------------------------------------------


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half, as ``wins``).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Rate:
    """Wins of a seat or an agent: the rate (a shared win counts as won, a draw as
    half) and its 95% interval."""

    name: str
    games: int
    wins: int
    draws: int
    rate: float
    low: float
    high: float


@dataclass
class Report:
    """What a batch tells a designer."""

    pack: str
    options: dict[str, object]
    agents: list[str]
    games: int
    seed: int
    seats: list[Rate] = field(default_factory=list)
    by_agent: list[Rate] = field(default_factory=list)
    #: Seat 0's win rate less the fair share (1 / seats): above 0 favours the first player.
    first_player_advantage: float = 0.0
    #: 1 less the spread between the best and worst seat's win rate: 1 is perfectly fair.
    balance: float = 1.0
    draws: float = 0.0
    length_mean: float = 0.0
    length_sd: float = 0.0
    length_min: int = 0
    length_max: int = 0
    lengths: list[int] = field(default_factory=list)
    #: Mean share of a game's moves played before the winner led for good (by scores).
    decisiveness: float | None = None
    #: Mean positions per game with a real choice (more than one legal move).
    decisions: float = 0.0
    branching: float = 1.0
    #: None when the pack keeps no scores (nobody ever leads).
    lead_changes: float | None = None

    def as_json(self) -> dict[str, Any]:
        """The report as plain JSON values."""
        return asdict(self)


def _rate(name: str, results: list[tuple[bool, bool]]) -> Rate:
    games = len(results)
    wins = sum(1 for won, _ in results if won)
    draws = sum(1 for _, drew in results if drew)
    score = wins + draws / 2
    low, high = wilson(score, games)
    return Rate(name, games, wins, draws, score / games if games else 0.0, low, high)


def report(batch: Batch, results: list[GameResult]) -> Report:
    """The designer's metrics of a batch's games."""
    out = Report(batch.pack, dict(batch.options), list(batch.agents), len(results), batch.seed)
    if not results:
        return out
    players = len(results[0].agents)

    def drawn(result: GameResult) -> bool:
        # A win every seat shares is a draw, as the search counts it (search.returns).
        return not result.winners or len(set(result.winners)) >= players

    def won(seat: int, result: GameResult) -> bool:
        return seat in result.winners and not drawn(result)

    out.seats = [
        _rate(f"seat {seat + 1}", [(won(seat, r), drawn(r)) for r in results])
        for seat in range(players)
    ]
    for name in dict.fromkeys(batch.agents):
        played = [
            (won(seat, r), drawn(r))
            for r in results
            for seat, agent in enumerate(r.agents)
            if agent == name
        ]
        out.by_agent.append(_rate(name, played))
    rates = [rate.rate for rate in out.seats]
    out.first_player_advantage = rates[0] - 1 / players
    out.balance = 1 - (max(rates) - min(rates))
    out.draws = sum(1 for r in results if drawn(r)) / len(results)
    lengths = [r.moves for r in results]
    out.lengths = lengths
    out.length_mean = statistics.fmean(lengths)
    out.length_sd = statistics.pstdev(lengths)
    out.length_min, out.length_max = min(lengths), max(lengths)
    decided = [r.decided_at for r in results if r.decided_at is not None]
    out.decisiveness = statistics.fmean(decided) if decided else None
    out.decisions = statistics.fmean(r.decisions for r in results)
    with_choices = [r for r in results if r.decisions]
    if with_choices:
        out.branching = statistics.fmean(r.branching for r in with_choices)
    scored = [r for r in results if r.scores is not None]
    if scored:
        out.lead_changes = statistics.fmean(r.lead_changes for r in scored)
    return out


def table(rep: Report) -> str:
    """The report as a table for the terminal."""
    lines = [
        f"{rep.pack}: {rep.games} games, agents {', '.join(rep.agents)}, seed {rep.seed}"
        + (f", options {rep.options}" if rep.options else ""),
        "",
        f"{'':<16}{'games':>7}{'wins':>7}{'draws':>7}{'win rate':>10}   95% interval",
    ]
    for rate in [*rep.seats, *rep.by_agent]:
        lines.append(
            f"{rate.name:<16}{rate.games:>7}{rate.wins:>7}{rate.draws:>7}"
            f"{rate.rate:>9.1%}   {rate.low:.1%} - {rate.high:.1%}"
        )
    decisive = f"{rep.decisiveness:.0%} of the game" if rep.decisiveness is not None else "n/a"
    lines += [
        "",
        f"first-player advantage  {rep.first_player_advantage:+.1%}",
        f"balance                 {rep.balance:.2f}  (1 is fair)",
        f"draws                   {rep.draws:.1%}",
        f"game length             {rep.length_mean:.1f} moves (sd {rep.length_sd:.1f},"
        f" {rep.length_min} to {rep.length_max})",
        f"decisive moment         {decisive}  (the winner leads for good from there)",
        f"decisions per game      {rep.decisions:.1f}",
        f"branching factor        {rep.branching:.1f}  (legal moves at a decision)",
        "lead changes per game   "
        + (f"{rep.lead_changes:.1f}" if rep.lead_changes is not None else "n/a (no scores)"),
    ]
    return "\n".join(lines)
