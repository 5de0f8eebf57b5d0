"""Batches of games between agents, and what they tell a designer.

A batch names a pack, its options, the agents (seated in turn: game ``i`` shifts
them ``i`` seats, so every agent plays every seat as often) and a seed. Each game's
seed and its agents' seeds come from the batch seed and the game's index alone, and
agents think for a fixed number of iterations, so a batch gives the same games on
one core, on many, or on a Dask cluster (``run``). Several batches may be played at
once, their games dealt in turn to one pool of processes (``games``): a comparison of
two variants, a sweep of an option's values.

Every game stops after a number of moves (the pack's ``max_moves:``, else 2,000): a
game whose players may pass forever is reported as not ended, never waited for. The
games stream into a ``Tally`` as they finish, so a batch of any size runs in bounded
memory; a cancelled batch (or Ctrl+C) stops the games under way between two moves,
in every process.

The metrics follow Ludii's and CardStock's: win rates per seat and per agent with
95% confidence intervals (Wilson), the first player's advantage, balance, draws,
game length, decisiveness, branching factor and lead changes (see ``Report``).
"""

from __future__ import annotations

import importlib
import math
import random
import signal
import threading
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, wait
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, field, replace
from itertools import islice
from multiprocessing import get_context
from typing import Any

from vtt.ai.levels import make_agent
from vtt.ai.restricted import RestrictedAgent
from vtt.ai.tracking import CardTracker, SeatCards
from vtt.ai.value import lead
from vtt.rules.errors import RulesError

__all__ = [
    "MAX_MOVES",
    "Batch",
    "Cancelled",
    "GameFailed",
    "GameResult",
    "Report",
    "Tally",
    "games",
    "play_game",
    "report",
    "run",
    "simulate",
    "wilson",
]

Progress = Callable[[int, int], None]  # games done, games in all
#: Batches' games as they end, each with its batch's place among the batches played.
Played = Generator[tuple[int, "GameResult"], None, None]

#: A game still going after this many moves is stopped, unless the pack sets its own
#: ``max_moves:`` (or the batch its ``max_moves``).
MAX_MOVES = 2_000

#: Games handed to a process at a time.
_CHUNK = 4


@dataclass(frozen=True)
class Batch:
    """Which games to play: the pack, options, agents by name, count and seed; and the
    moves after which a game is stopped (None: the pack's ``max_moves:``, else 2,000).
    ``text``: the pack's text, played instead of the pack ``pack`` names (a text not
    saved yet, from the studio; ``pack`` then only names it). ``cards``: note each
    seat's cards held, played and captured in every game (``GameResult.cards``, for
    ``vtt.ai.findings.contribution``; other batches pay nothing for it)."""

    pack: str
    games: int
    agents: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()
    seed: int = 0
    players: int | None = None
    max_moves: int | None = None
    text: str | None = None
    cards: bool = False

    def game(self) -> Any:
        """The rules the batch plays (compiled once per process)."""
        from vtt.rules.finder import load_game, load_game_text

        return load_game(self.pack) if self.text is None else load_game_text(self.text)

    def seat_agents(self, index: int, players: int) -> tuple[str, ...]:
        """The agent at each seat in game ``index``: the list shifted ``index`` seats."""
        agents = self.agents
        return tuple(agents[(seat + index) % len(agents)] for seat in range(players))

    def game_seed(self, index: int) -> int:
        """The seed game ``index`` is dealt with (``vtt play PACK --seed`` deals it again)."""
        return _seed(self.seed, index, "game")

    def move_cap(self, game: Any) -> int:
        """The moves after which a game of this batch is stopped."""
        if self.max_moves is not None:
            return self.max_moves
        return MAX_MOVES if game.max_moves is None else int(game.max_moves)


@dataclass
class GameResult:
    """One game's outcome and what happened on the way; ``ended`` is False for a
    game stopped at the batch's move cap (no winners then)."""

    index: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    moves: int
    decisions: int  # positions with more than one legal move
    branching: float  # mean legal moves at those
    lead_changes: int
    decided_at: float | None  # when the winner took the lead for good (0..1 of the game)
    scores: tuple[object, ...] | None = None
    ended: bool = True
    #: The choices restricted agents' policies narrowed (``vtt.ai.restricted``).
    narrowed: int = 0
    #: Each seat's cards held, played and captured (a batch with ``cards`` only).
    cards: tuple[SeatCards, ...] | None = None

    @property
    def drawn(self) -> bool:
        """An ended game nobody won, or whose win every seat shares (a draw, as the
        search counts it: search.returns)."""
        return self.ended and (not self.winners or len(set(self.winners)) >= len(self.agents))

    def seat_score(self, seat: int) -> float:
        """What the game gives a seat in the win rates: 1 won, a half drawn, else 0."""
        if self.drawn:
            return 0.5
        return 1.0 if self.ended and seat in self.winners else 0.0


def _seed(batch_seed: int, index: int, salt: str) -> int:
    # random.Random seeded with a string hashes it with SHA-512: the same number in
    # every process and on every machine, unlike hash().
    return random.Random(f"{batch_seed}:{index}:{salt}").getrandbits(62)


class Cancelled(Exception):
    """A game stopped between two moves because its batch was cancelled."""


class GameFailed(RulesError):
    """The pack failed during a game of a batch (an expression that cannot be worked
    out, a value that is not one number per seat): names the pack, game and seed."""


def play_game(batch: Batch, index: int, cancelled: Callable[[], bool] | None = None) -> GameResult:
    """Play game ``index`` of a batch (the same result wherever it runs); ``cancelled``
    is asked between moves (Cancelled is raised when it says so). GameFailed when the
    pack fails on the way."""
    game = batch.game()
    seed = batch.game_seed(index)
    moves = 0
    names: tuple[str, ...] = ()
    choosing: int | None = None  # the seat whose agent is choosing, while it does
    try:
        state = game.new_state(dict(batch.options), seed, players=batch.players)
        names = batch.seat_agents(index, state.players)
        agents = [
            make_agent(name, _seed(batch.seed, index, f"seat{seat}"))
            for seat, name in enumerate(names)
        ]
        tracker = CardTracker(state) if batch.cards else None
        cap = batch.move_cap(game)
        decisions = choices = lead_changes = 0
        leaders: list[int | None] = []
        leader = _leader(state)
        while not state.is_terminal() and moves < cap:
            if cancelled is not None and cancelled():
                raise Cancelled(f"game {index} cancelled")
            seat = state.to_move
            assert seat is not None
            legal = list(state.legal_moves)
            if len(legal) > 1:
                decisions += 1
                choices += len(legal)
            choosing = seat
            move = agents[seat].choose(state.view(seat), legal)
            choosing = None
            state.apply_unchecked(move)
            if tracker is not None:
                tracker.moved(seat, move)
            moves += 1
            now = _leader(state)
            if now is not None and now != leader and leader is not None:
                lead_changes += 1
            if now is not None:
                leader = now
            leaders.append(now)
    except Cancelled:
        raise
    except Exception as error:  # a pack's failure, told with the game that shows it
        if not names:
            doing = "at its start"
        elif choosing is not None:
            doing = f"while {names[choosing]} (seat {choosing + 1}) chose move {moves + 1}"
        else:
            doing = f"in move {moves + 1}"
        raise GameFailed(_failure(game.name, batch, index, doing, error)) from error
    outcome = state.outcome
    winners = tuple(outcome.winners) if outcome is not None else ()
    return GameResult(
        index=index,
        agents=names,
        winners=winners,
        moves=moves,
        decisions=decisions,
        branching=choices / decisions if decisions else 1.0,
        lead_changes=lead_changes,
        decided_at=_decided_at(leaders, winners),
        scores=tuple(outcome.scores) if outcome and outcome.scores is not None else None,
        ended=outcome is not None,
        narrowed=sum(a.narrowed for a in agents if isinstance(a, RestrictedAgent)),
        cards=tracker.result() if tracker is not None else None,
    )


def _failure(name: str, batch: Batch, index: int, doing: str, error: Exception) -> str:
    """What failed where: the pack, the game and its seed, the move, and the error (a
    pack's error names its file, line and expression; any other, its kind)."""
    cause = str(error) if isinstance(error, RulesError) else f"{type(error).__name__}: {error}"
    seed = batch.game_seed(index)
    return f"{name} ({batch.pack}) failed in game {index + 1}, seed {seed}, {doing}: {cause}"


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
    ``cancelled`` is asked between moves; a cancelled run returns the games done."""
    done: list[GameResult] = []
    _stream(batch, workers, dask, cancelled, progress, done.append)
    return sorted(done, key=lambda result: result.index)


def simulate(
    batch: Batch,
    workers: int = 1,
    progress: Progress | None = None,
    dask: str | Any | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Report:
    """Play a batch as ``run`` does and report on it, keeping no game once counted:
    the memory it takes does not grow with the number of games."""
    tally = Tally(batch)
    _stream(batch, workers, dask, cancelled, progress, tally.add)
    return tally.report()


def _stream(
    batch: Batch,
    workers: int,
    dask: str | Any | None,
    cancelled: Callable[[], bool] | None,
    progress: Progress | None,
    take: Callable[[GameResult], None],
) -> None:
    count = 0
    with closing(games((batch,), workers, dask, cancelled)) as played:
        # The games under way stop however this loop ends.
        for _, result in played:
            take(result)
            count += 1
            if progress is not None:
                progress(count, batch.games)
            if cancelled is not None and cancelled():
                break


def games(
    batches: Sequence[Batch],
    workers: int = 1,
    dask: str | Any | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Played:
    """Play several batches at once, as ``run`` plays one: their games are dealt in
    turn (each batch's first game, then each one's second...; to processes in chunks
    of four, to a cluster in chunks of some 16 a worker) and come back each with its
    batch's place in ``batches``, each batch's games in index order however they were
    shared out.
    Closing the generator stops the games under way, between two moves; ``cancelled``
    is asked between moves, and the generator ends once it says so."""
    if dask is not None:
        return _dask_games(batches, dask, cancelled)
    if workers <= 1:
        return _games_here(batches, cancelled)
    return _pool_games(batches, workers, cancelled)


def _dealt(batches: Sequence[Batch], step: int = 1) -> Iterator[tuple[int, Batch, int]]:
    """The batches' games in the order they are dealt: (place, batch, index), every
    ``step``-th index of each batch in turn."""
    longest = max((batch.games for batch in batches), default=0)
    for offset in range(0, longest, step):
        for which, batch in enumerate(batches):
            if offset < batch.games:
                yield which, batch, offset


def _games_here(batches: Sequence[Batch], cancelled: Callable[[], bool] | None) -> Played:
    for which, batch, index in _dealt(batches):
        try:
            yield which, play_game(batch, index, cancelled)
        except Cancelled:
            return


# The worker processes' cancel flag: set by the batch's process, read between moves.
_stop: Any = None


def _start_worker(stop: Any) -> None:
    global _stop
    _stop = stop
    # Ctrl+C goes to every process of the terminal's group: the batch's process alone
    # answers it, and stops the workers through the flag.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back while the process started
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ctrl+C held back while processes are started: a new program keeps the signals its
    parent held back, so a worker cannot be stopped by it while it is still importing
    (its initializer then ignores it, which drops one that came meanwhile). This
    process gets it once the processes are started: a Ctrl+C is never lost. Only the
    main thread can do it; without ``pthread_sigmask`` (Windows) it is ignored
    meanwhile."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _play_chunk(batch: Batch, start: int, end: int) -> list[GameResult]:
    cancelled = _stop.is_set if _stop is not None else None
    return [play_game(batch, index, cancelled) for index in range(start, end)]


Chunk = tuple[int, Batch, int, int]  # the batch's place, the batch, its first game and end


def _chunks(batches: Sequence[Batch], size: int = _CHUNK) -> Iterator[Chunk]:
    """The games in chunks of ``size``, dealt as ``_dealt`` deals them."""
    for which, batch, start in _dealt(batches, size):
        yield which, batch, start, min(start + size, batch.games)


def _in_order(
    chunks: Iterator[Chunk],
    submit: Callable[[Batch, int, int], Any],
    settle: Callable[[Any], bool],
    workers: int,
    cancelled: Callable[[], bool] | None,
) -> Played:
    """The chunks run by ``submit`` (a future of the chunk's games: a pool's or a Dask
    cluster's; ``settle`` waits a little for one and says whether it is done), their
    games given back in the order dealt: each batch's games in index order, so a report
    adds them up in the same order whatever ran them (its means are the same to the
    last bit) and progress counts up as on one machine. Two chunks per worker are under
    way while the first in line is awaited (the others wait done, a few at most)."""
    queue: deque[tuple[int, Any]] = deque()
    while True:
        running = sum(not future.done() for _, future in queue)
        room = min(2 * workers - running, 8 * workers - len(queue))
        for which, batch, start, end in islice(chunks, max(0, room)):
            queue.append((which, submit(batch, start, end)))
        if not queue:
            return
        which, first = queue[0]
        # Waiting a little at a time, so a cancel is seen while games go on, and chunks
        # done behind the first are replaced.
        done = settle(first)
        if cancelled is not None and cancelled():
            return
        if not done:
            continue
        queue.popleft()
        for result in first.result():
            yield which, result
        if hasattr(first, "release"):
            first.release()  # a Dask future: the cluster forgets the games it holds


def _pool_games(
    batches: Sequence[Batch], workers: int, cancelled: Callable[[], bool] | None
) -> Played:
    # Spawned, not forked: a window's threads (Qt's) must not be copied mid-step.
    context = get_context("spawn")
    stop = context.Event()
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(stop,)
    )

    def submit(batch: Batch, start: int, end: int) -> Future[list[GameResult]]:
        with _sigint_ignored():  # by the processes a submit starts
            return pool.submit(_play_chunk, batch, start, end)

    try:
        yield from _in_order(_chunks(batches), submit, _settled, workers, cancelled)
    finally:
        stop.set()  # the games under way stop between two moves
        pool.shutdown(wait=True, cancel_futures=True)


def _settled(future: Future[list[GameResult]]) -> bool:
    return bool(wait([future], timeout=0.2).done)


#: What ``--dask`` needs, and how to get it.
CLUSTER_EXTRA = (
    "--dask needs Dask's distributed package, the cluster extra:"
    " pip install 'janken-table[cluster]'"
)


def _distributed() -> Any:
    """The ``distributed`` module (optional, untyped); ValueError naming the extra."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise ValueError(CLUSTER_EXTRA) from None


def _dask_games(
    batches: Sequence[Batch], dask: Any, cancelled: Callable[[], bool] | None
) -> Played:
    distributed = _distributed()
    # The pack travels as its text, so a worker needs no copy of it: each chunk is the
    # batch (a few KB), a first game and an end. A chunk a lost worker held is run again
    # by another (the scheduler's own retry): its games, from their seeds, are the same.
    sent = [_with_text(batch) for batch in batches]
    client = dask if isinstance(dask, distributed.Client) else distributed.Client(dask)
    futures: list[Any] = []

    def submit(batch: Batch, start: int, end: int) -> Any:
        futures[:] = [future for future in futures if not future.done()]
        futures.append(client.submit(_play_chunk, batch, start, end, pure=False))
        return futures[-1]

    def settle(future: Any) -> bool:
        try:
            distributed.wait([future], timeout=0.2)
        except TimeoutError:
            return False
        return True

    try:
        threads = max(1, sum(client.nthreads().values()))
        # A chunk's way through the scheduler and back costs milliseconds: a big batch
        # goes in bigger chunks (some 16 a worker), a small one in chunks of four.
        games = sum(batch.games for batch in sent)
        size = max(_CHUNK, games // (16 * threads))
        yield from _in_order(_chunks(sent, size), submit, settle, threads, cancelled)
    finally:
        # Chunks not started are dropped; one under way ends with its games.
        client.cancel(futures)
        if client is not dask:
            client.close()


def _with_text(batch: Batch) -> Batch:
    """The batch carrying its pack's text (read once, here)."""
    if batch.text is not None:
        return batch
    from vtt.rules.finder import find_pack

    return replace(batch, text=find_pack(batch.pack).read_text(encoding="utf-8"))


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
    """What a batch tells a designer. The rates and lengths count the games that
    ended; ``unfinished`` games were stopped at ``max_moves``."""

    pack: str
    options: dict[str, object]
    agents: list[str]
    games: int
    seed: int
    #: The pack's name and its options in words, as players read them.
    name: str = ""
    option_words: str = ""
    max_moves: int = MAX_MOVES
    unfinished: int = 0
    #: The first game stopped at ``max_moves`` (counted from 1) and its seed.
    unfinished_game: int | None = None
    unfinished_seed: int | None = None
    seats: list[Rate] = field(default_factory=list)
    by_agent: list[Rate] = field(default_factory=list)
    #: Seat 0's win rate less the seats' mean (1 / seats when each game has one winner):
    #: above 0 favours the first player.
    first_player_advantage: float = 0.0
    #: 1 less the spread between the best and worst seat's win rate: 1 is perfectly fair.
    balance: float = 1.0
    draws: float = 0.0
    length_mean: float = 0.0
    length_sd: float = 0.0
    length_min: int = 0
    length_max: int = 0
    #: How many games ended after each number of moves.
    length_counts: dict[int, int] = field(default_factory=dict)
    #: Mean share of a game's moves played before the winner led for good (by scores).
    decisiveness: float | None = None
    #: Mean positions per game with a real choice (more than one legal move).
    decisions: float = 0.0
    branching: float = 1.0
    #: None when the pack keeps no scores (nobody ever leads).
    lead_changes: float | None = None

    @property
    def ended(self) -> int:
        """The games that ended (the rest were stopped at ``max_moves``)."""
        return self.games - self.unfinished

    def as_json(self) -> dict[str, Any]:
        """The report as plain JSON values."""
        return asdict(self)


def _rate(name: str, games: int, wins: int, draws: int) -> Rate:
    score = wins + draws / 2
    low, high = wilson(score, games)
    return Rate(name, games, wins, draws, score / games if games else 0.0, low, high)


class Tally:
    """A batch's games counted as they come, in any order, for its ``Report``; it keeps
    no game, only counts and sums."""

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.played = self.draws = self.unfinished = 0
        self.seat_wins: list[int] = []
        #: Each agent's games, wins and draws (a game counted once per seat it held).
        self.agents = {name: [0, 0, 0] for name in dict.fromkeys(batch.agents)}
        self.lengths: Counter[int] = Counter()
        self.first_unfinished: int | None = None
        self.decided = [0.0, 0.0]  # sum, count
        self.decisions = 0
        self.branching = [0.0, 0.0]
        self.lead_changes = [0.0, 0.0]

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.played += 1
        if not self.seat_wins:
            self.seat_wins = [0] * len(result.agents)
        if not result.ended:
            self.unfinished += 1
            if self.first_unfinished is None or result.index < self.first_unfinished:
                self.first_unfinished = result.index
            return
        drawn = result.drawn
        self.draws += drawn
        for seat, agent in enumerate(result.agents):
            won = seat in result.winners and not drawn
            self.seat_wins[seat] += won
            counts = self.agents.setdefault(agent, [0, 0, 0])
            counts[0] += 1
            counts[1] += won
            counts[2] += drawn
        self.lengths[result.moves] += 1
        self.decisions += result.decisions
        _add(self.decided, result.decided_at)
        _add(self.branching, result.branching if result.decisions else None)
        _add(self.lead_changes, result.lead_changes if result.scores is not None else None)

    def report(self) -> Report:
        """The designer's metrics of the games counted."""
        batch = self.batch
        game = batch.game()
        out = Report(
            batch.pack,
            dict(batch.options),
            list(batch.agents),
            self.played,
            batch.seed,
            name=game.name,
            option_words=option_words(game, dict(batch.options)),
            max_moves=batch.move_cap(game),
            unfinished=self.unfinished,
        )
        if self.first_unfinished is not None:
            out.unfinished_game = self.first_unfinished + 1
            out.unfinished_seed = batch.game_seed(self.first_unfinished)
        ended = out.ended
        if not ended:
            return out
        out.seats = [
            _rate(f"seat {seat + 1}", ended, wins, self.draws)
            for seat, wins in enumerate(self.seat_wins)
        ]
        out.by_agent = [_rate(name, *counts) for name, counts in self.agents.items()]
        rates = [rate.rate for rate in out.seats]
        # The seats' mean, not 1 / seats: games whose win some seats share (or a draw
        # of three) give each seat more than its share of one winner a game.
        out.first_player_advantage = rates[0] - sum(rates) / len(rates)
        out.balance = 1 - (max(rates) - min(rates))
        out.draws = self.draws / ended
        lengths = self.lengths
        out.length_counts = dict(sorted(lengths.items()))
        out.length_mean = sum(moves * count for moves, count in lengths.items()) / ended
        out.length_sd = math.sqrt(
            sum(count * (moves - out.length_mean) ** 2 for moves, count in lengths.items()) / ended
        )
        out.length_min, out.length_max = min(lengths), max(lengths)
        out.decisiveness = _mean(self.decided)
        out.decisions = self.decisions / ended
        out.branching = _mean(self.branching) or 1.0
        out.lead_changes = _mean(self.lead_changes)
        return out


def _add(total: list[float], value: float | None) -> None:
    if value is not None:
        total[0] += value
        total[1] += 1


def _mean(total: list[float]) -> float | None:
    return total[0] / total[1] if total[1] else None


def report(batch: Batch, results: list[GameResult]) -> Report:
    """The designer's metrics of a batch's games."""
    tally = Tally(batch)
    for result in results:
        tally.add(result)
    return tally.report()


def option_words(game: Any, options: dict[str, object]) -> str:
    """A game's options as players read them: each option's label and value."""
    words = []
    for option in game.options:
        if option.name in options:
            value = options[option.name]
            said = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            words.append(f"{option.label or option.name}: {said}")
    return "; ".join(words)


def table(rep: Report) -> str:
    """The report as a table for the terminal."""
    lines = [
        f"{rep.name or rep.pack}: {rep.games} games, agents {', '.join(rep.agents)},"
        f" seed {rep.seed}" + (f"\n{rep.option_words}" if rep.option_words else ""),
        "",
    ]
    if rep.unfinished:
        counted = f"; the figures below count the {rep.ended} that did" if rep.ended else ""
        lines += [unfinished_text(rep) + counted, ""]
    if not rep.ended:
        return "\n".join(lines).rstrip()
    lines.append(f"{'':<16}{'games':>7}{'wins':>7}{'draws':>7}{'win rate':>10}   95% interval")
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


def unfinished_text(rep: Report) -> str:
    """'12 of 40 games did not end within 2,000 moves: see game 8 (seed N)'."""
    return (
        f"{rep.unfinished} of {rep.games} games did not end within {rep.max_moves:,} moves:"
        f" see game {rep.unfinished_game} (seed {rep.unfinished_seed})"
    )
