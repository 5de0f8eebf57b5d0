"""One computer player's search on every core: root-parallel information-set MCTS.

``ParallelSearch`` keeps a pool of worker processes for its game, started once on a
thread of its own (``start``: the window calls it when the game starts; else the
first move does): each worker is handed the pack's text once and compiles it, with
a seed of its own, and makes the seat's first start of a position from a view of
it. For each move a worker is handed what the agent itself is handed, the seat's
view (pickled without its pack: the worker puts its own copy of the pack in) and the
legal moves as text (Moves are of classes made per game), never the state; it
searches until the lead's deadline (``SearchAgent.scores``) and answers each move's
score by its text. The lead adds the scores up and picks with ``best_of``: the sum
ranks the moves as one search as big as all of them would.

The lead process does not search itself: in the window it holds the GUI thread, and
a search there would share the interpreter with it (one worker per core instead).
While the workers start, and whenever none can answer (the pack's file cannot be
read, a worker died, a pool cannot start), the agent searches in its own process as
``SearchAgent`` does, within the same time: a move is never lost.

``cancel`` stops the workers' search at once (a flag in shared memory, looked at
before every move a search applies) and makes every later ``choose`` answer at once;
``close`` ends the workers (the game or its window closes). A worker's search also
looks at its pipe every ``LOOK`` seconds and stops when there is something to read:
its lead is gone (the worker then ends), or asks about a later move. Workers are
started by ``forkserver`` where the platform has it (a clean process forks them: the
window's Qt threads are never copied, and the server imports the search once), else
``spawn``.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import signal
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace
from multiprocessing import connection, get_all_start_methods, get_context
from multiprocessing.sharedctypes import RawValue
from pathlib import Path
from typing import Any

from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent, best_of
from vtt.rules.moves import Move
from vtt.rules.sampling import state_of_view
from vtt.rules.views import UNSEEN, Unseen, View

__all__ = [
    "CONTEXT",
    "PackSource",
    "ParallelSearch",
    "cores",
    "request_bytes",
    "worker_seed",
]

#: How workers are started: ``forkserver`` forks them from a clean server process
#: (never from the window's own, whose Qt threads must not be copied), else ``spawn``.
CONTEXT = "forkserver" if "forkserver" in get_all_start_methods() else "spawn"
#: How long before the move's deadline a worker answers, for the hand-off (seconds).
HAND_OFF = 0.02
#: How long past a move's deadline the lead waits for its workers' answers (seconds).
SLACK = 0.04
#: How often a worker's search looks at its pipe (seconds).
LOOK = 0.05


def cores() -> int:
    """The cores the computer may search on: ``VTT_CORES`` when set (1: one search in
    the window's own process, as the window tests run), else those this process may
    run on."""
    given = os.environ.get("VTT_CORES", "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@dataclass(frozen=True)
class PackSource:
    """A pack as workers load it: its text, and the file that names it in messages."""

    text: str
    file: str

    @classmethod
    def of(cls, game: Any) -> PackSource | None:
        """The pack ``game`` was loaded from, read from its file (None when it has no
        file to read)."""
        path = Path(getattr(game, "path", "") or "")
        try:
            return cls(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else None
        except (OSError, UnicodeError):
            return None


def worker_seed(seed: int, index: int) -> int:
    """The seed of worker ``index`` of an agent seeded ``seed``."""
    return (seed * 1_000_003 + index + 1) & 0x7FFFFFFF


def _unseen() -> Unseen:
    return UNSEEN


class _Pickler(pickle.Pickler):
    """Pickles a view so that its unseen values are ``UNSEEN`` again when read."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Unseen):
            return _unseen, ()
        return NotImplemented


def _dumps(value: object) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def request_bytes(
    number: int, budget: Budget, until: float | None, view: View, moves: Sequence[Move]
) -> bytes:
    """What a worker is sent for one move: the move's number, the budget and the time
    (``time.monotonic``) its answer is due, the seat's view without its pack, and the
    legal moves' texts."""
    texts = [move.text for move in moves]
    return _dumps((number, budget, until, replace(view, game=None), texts))


class _Flagged(SearchAgent):
    """A worker's search: cancelled by its lead through a flag in shared memory, and
    stopped when its pipe has something to read (looked at every ``LOOK`` seconds):
    the lead is gone, or it asks about a later move (this search is too late)."""

    def __init__(self, seed: int, flag: Any, conn: Any) -> None:
        self.flag = flag
        self.conn = conn
        self.look = 0.0
        super().__init__(Budget(iterations=1), seed)

    @property
    def cancelled(self) -> bool:
        if self.flag.value:
            return True
        now = time.monotonic()
        if now < self.look:
            return False
        self.look = now + LOOK
        try:
            return bool(self.conn.poll())
        except OSError:
            return True

    @cancelled.setter
    def cancelled(self, value: bool) -> None:
        if value:
            self.flag.value = 1


def _serve(conn: Any, source: PackSource, seed: int, flag: Any, warm: bytes | None) -> None:
    """A worker: compile the pack (and make the seat's first start of a position from
    the view ``warm``, when given), say so, then answer each move's scores until the
    lead is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the lead's to handle
    from vtt.rules.finder import load_game_text

    try:
        game = load_game_text(source.text, source.file)
        if warm is not None:
            view = pickle.loads(warm)
            with contextlib.suppress(Exception):  # a view that does not fit: told later
                state_of_view(replace(view, game=game.for_seat(view.seat)))
    except Exception as error:
        conn.send(("failed", f"{type(error).__name__}: {error}"))
        return
    conn.send(("ready",))
    agent = _Flagged(seed, flag, conn)
    while True:
        try:
            message = conn.recv_bytes()
        except (EOFError, OSError):
            return
        number, budget, until, view, texts = pickle.loads(message)
        try:
            agent.budget = budget
            view = replace(view, game=game.for_seat(view.seat))
            moves = [Move.parse(text) for text in texts]
            if until is not None:  # the lead's deadline, the seat's first start included
                state_of_view(view)
                budget = replace(budget, seconds=max(1e-3, until - time.monotonic()))
                agent.budget = budget
            scores = agent.scores(view, moves) if not agent.cancelled else {}
            reply: tuple[Any, ...] = (
                "scores",
                number,
                {move.text: score for move, score in scores.items()},
                agent.iterations,
            )
        except Exception as error:  # the view does not fit this pack: the lead searches
            reply = ("error", number, f"{type(error).__name__}: {error}")
        try:
            conn.send(reply)
        except OSError:
            return


class _Worker:
    """The lead's end of one worker."""

    def __init__(
        self, context: Any, source: PackSource, seed: int, flag: Any, warm: bytes | None
    ) -> None:
        self.conn, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve,
            args=(theirs, source, seed, flag, warm),
            name="search worker",
            daemon=True,
        )
        self.process.start()
        theirs.close()
        self.ready = False
        self.dead = False

    def poll_ready(self) -> bool:
        """True once the worker has compiled its pack (looked at without waiting)."""
        if not self.ready and not self.dead:
            try:
                if self.conn.poll():
                    answer = self.conn.recv()
                    self.ready = answer[0] == "ready"
                    self.dead = not self.ready
            except (EOFError, OSError):
                self.dead = True
        return self.ready and not self.dead

    def stop(self) -> None:
        """End the worker now (it may be searching: it is killed, never waited on)."""
        self.dead = True
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1.0)


def _stop_all(workers: list[_Worker]) -> None:
    for worker in workers:
        if not worker.dead or worker.process.is_alive():
            worker.stop()
    workers.clear()


class ParallelSearch:
    """A search agent that searches each move on ``workers`` processes (default: one
    per core) and adds up their scores; within ``budget``, as ``SearchAgent``."""

    def __init__(
        self,
        budget: Budget,
        seed: int = 0,
        workers: int | None = None,
        context: str = CONTEXT,
    ) -> None:
        self.budget = budget
        self.seed = seed
        self.size = workers if workers is not None else cores()
        self.context = context
        #: The search in this process: while the workers start, and when none answers.
        self.local = SearchAgent(budget, seed)
        self.workers: list[_Worker] = []
        self.started = False
        self.cancelled = False
        self.closed = False
        self._busy = False
        #: Clear while the thread starting the workers makes the seat's first start.
        self._warmed = threading.Event()
        self._warmed.set()
        self._flag: Any = None
        self._number = 0
        self._lock = threading.Lock()
        self._finalizer: weakref.finalize[Any, Any] | None = None
        #: Iterations of the last choice, in all processes; and how it was searched.
        self.iterations = 0
        self.searched_by = 0  # workers that answered the last choice (0: in this process)
        #: Why the workers stopped being used, if they did.
        self.failure = ""

    # --- the pool --------------------------------------------------------------------

    def start(self, game: Any, text: str | None = None, view: View | None = None) -> None:
        """Start the workers for ``game``'s pack, once, on a thread of their own (never
        waited for: each is used from the first move after it is ready); ``text`` is
        the pack's text when the caller has it (a text not saved), else it is read
        from the pack's file; ``view``, a view of the seat played, lets each worker make
        the seat's first start of a position before it says it is ready."""
        with self._lock:
            if self.started:
                return
            self.started = True
        path = str(getattr(game, "path", "") or "pack.yaml")
        source = PackSource(text, path) if text is not None else PackSource.of(game)
        if source is None or self.size < 1 or self.cancelled:
            self.failure = "the pack has no file to hand the workers"
            return
        warm = None if view is None else _dumps(replace(view, game=None))
        self._flag = RawValue("b", 0)
        self._finalizer = weakref.finalize(self, _stop_all, self.workers)
        self._warmed.clear()
        threading.Thread(
            target=self._spawn, args=(source, warm, view), name="search workers", daemon=True
        ).start()

    def _spawn(self, source: PackSource, warm: bytes | None, view: View | None) -> None:
        if view is not None and view.game is not None:  # this process's first move's too
            with contextlib.suppress(Exception):
                state_of_view(view)
        self._warmed.set()
        try:
            context = get_context(self.context)
            if self.context == "forkserver":  # the server imports the search once
                context.set_forkserver_preload([__name__, "vtt.rules.finder"])
            for index in range(self.size):
                seed = worker_seed(self.seed, index)
                worker = _Worker(context, source, seed, self._flag, warm)
                with self._lock:
                    if self.closed:
                        worker.stop()
                        return
                    self.workers.append(worker)
        except Exception as error:  # no processes here: search in this one
            self.failure = f"the workers could not start ({type(error).__name__}: {error})"

    def close(self) -> None:
        """End the workers (the game is over or its window closed): a search under way
        is cancelled and they end once it has answered, never waited for here; a later
        move is answered at once. Safe to call more than once, from any thread."""
        self.cancel()
        with self._lock:
            self.started = self.closed = True
            if not self._busy:
                _stop_all(self.workers)

    # --- choosing --------------------------------------------------------------------

    def cancel(self) -> None:
        """Stop thinking, from any thread: the workers' searches and this process's stop
        within one move's work, and every later ``choose`` answers at once."""
        self.cancelled = True
        self.local.cancel()
        if self._flag is not None:
            self._flag.value = 1

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """The move of highest summed score after every worker searched the view within
        the budget (in this process while no worker is ready)."""
        moves = list(legal_moves)
        if not moves:
            raise ValueError("there is no legal move to choose")
        started = time.monotonic()
        if len(moves) == 1 or self.cancelled:
            self.iterations, self.searched_by = 0, 0
            return self.local.choose(view, moves)
        self.start(view.game, view=view)
        with self._lock:
            ready = [worker for worker in self.workers if worker.poll_ready()]
            self._busy = bool(ready)
        try:
            if ready:
                return best_of(self._ask(ready, view, moves), moves)
        finally:
            with self._lock:
                self._busy = False
                if self.closed:
                    _stop_all(self.workers)
                self.workers[:] = [worker for worker in self.workers if not worker.dead]
        return self._here(view, moves, started)

    def _here(self, view: Any, moves: list[Move], started: float, seconds: float = 0.0) -> Move:
        """This process's choice, within the budget counted from ``started`` (the seat's
        first start of a position counted in) and at least ``seconds``."""
        budget = self.budget
        if budget.seconds is not None:
            # The seat's first start of a position, made once (by the thread starting
            # the workers, if it is at it: waited for, as it is the same work), within
            # the time too.
            self._warmed.wait()
            state_of_view(view)
            left = max(seconds, 1e-3, started + budget.seconds - time.monotonic())
            self.local.budget = replace(budget, seconds=left)
        try:
            move = self.local.choose(view, moves)
        finally:
            self.local.budget = budget
        self.iterations, self.searched_by = self.local.iterations, 0
        return move

    def _ask(self, workers: list[_Worker], view: Any, moves: list[Move]) -> dict[Move, float]:
        """The summed scores of the workers that answered in time (when none did, this
        process's choice for the time left)."""
        started = time.monotonic()
        self._number += 1
        number = self._number
        seconds = self.budget.seconds
        until = None if seconds is None else started + max(seconds - HAND_OFF, seconds / 2)
        message = request_bytes(number, self.budget, until, view, moves)
        asked = []
        for worker in workers:
            try:
                worker.conn.send_bytes(message)
                asked.append(worker)
            except OSError:
                worker.stop()
        by_text = {move.text: move for move in moves}
        total: dict[Move, float] = {}
        iterations = answered = 0
        waiting: dict[Any, _Worker] = {worker.conn: worker for worker in asked}
        # The answers due by the deadline; if none came, the first that comes within
        # the budget again (a machine so loaded that none was on time).
        deadline = late = None
        if seconds is not None:
            deadline = started + seconds + SLACK
            late = deadline + seconds
        while waiting:
            limit = deadline if answered else late
            timeout = None if limit is None else max(0.0, limit - time.monotonic())
            found = connection.wait(list(waiting), timeout)
            if not found:
                break  # late workers: their answers are dropped when they come
            for conn in found:
                worker = waiting[conn]
                try:
                    reply: Any = worker.conn.recv()
                except (EOFError, OSError):
                    del waiting[conn]
                    worker.stop()
                    continue
                if reply[1] != number:
                    continue  # the late answer to an earlier move
                del waiting[conn]
                if reply[0] != "scores":
                    self.failure = f"a worker could not search: {reply[2]}"
                    worker.stop()
                    continue
                for text, score in reply[2].items():
                    move = by_text.get(text)
                    if move is not None:
                        total[move] = total.get(move, 0.0) + score
                iterations += reply[3]
                answered += 1
        if not answered:  # search here, for what the time allows
            return {self._here(view, moves, started, SLACK): 1.0}
        self.iterations, self.searched_by = iterations, answered
        return total
