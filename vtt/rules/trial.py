"""Trial games: ``vtt validate`` starts a pack's games and plays random moves in them.

A pack whose every expression compiles may still fail only once it runs (a setup
step dealing from an empty zone, a seat that does not exist, a ``value:`` of the
wrong shape). The trial starts a game with the default options, with each variant,
with each other choice of each option and at the fewest and the most players, and
plays seeded random legal moves in each: a bounded number of games, of moves, and of
seconds in all, so that a stranger's pack cannot hang ``vtt validate``. A failure
names the option set, the move and the pack's own error (its file, line and the
expression or step that failed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from vtt.rules.engine import State
from vtt.rules.errors import OptionsRefused, RulesError
from vtt.rules.game import Game
from vtt.rules.model import OptionDef
from vtt.rules.moves import Move
from vtt.rules.shown import excerpt

__all__ = [
    "TRIAL_GAMES",
    "TRIAL_MOVES",
    "TRIAL_SECONDS",
    "Setting",
    "Trial",
    "settings_of",
    "trial_games",
]

#: The most games a trial starts (each a different set of options or players).
TRIAL_GAMES = 24
#: The most random moves played in each game.
TRIAL_MOVES = 150
#: The most seconds a whole trial runs: past it no new move is made.
TRIAL_SECONDS = 20.0


@dataclass
class Trial:
    """What a trial did: the games started and moves made, and every failure."""

    games: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)
    #: True when the time ran out before every game was played out.
    cut_short: bool = False

    def summary(self) -> str:
        """'played 12 games, 840 random moves' (and when time ran out)."""
        text = f"{self.games} trial game{'s' if self.games != 1 else ''} started, "
        text += f"{self.moves} random move{'s' if self.moves != 1 else ''} played"
        return text + (" (stopped when the time allowed ran out)" if self.cut_short else "")


@dataclass(frozen=True)
class Setting:
    """One way to start a game: a label for messages, its options and its players."""

    label: str
    options: Mapping[str, object]
    players: int


def _other_values(option: OptionDef) -> list[object]:
    """The values of an option worth a game of their own, besides its default."""
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "int":
        return [v for v in (option.low, option.high) if v is not None and v != option.default]
    return [choice for choice in option.choices if choice != option.default]


def settings_of(game: Game) -> Iterator[Setting]:
    """The ways worth trying to start ``game`` (trial games, the random games of the
    checks on meaning): the defaults first, then each variant, each other option
    value and the fewest and the most players."""
    low, high, default = game.players
    yield Setting("the default options", {}, default)
    for name, options in game.variants.items():
        yield Setting(f"variant {name}", dict(options), default)
    for option in game.options:
        for value in _other_values(option):
            yield Setting(f"option {option.name}={value}", {option.name: value}, default)
    for count in (low, high):
        if count != default:
            yield Setting(f"{count} players", {}, count)


def trial_games(
    game: Game,
    *,
    games: int = TRIAL_GAMES,
    moves: int = TRIAL_MOVES,
    seconds: float = TRIAL_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> Trial:
    """Start ``game`` in up to ``games`` settings and play up to ``moves`` random legal
    moves in each, for at most ``seconds`` in all; every failure is in ``problems``."""
    trial = Trial()
    deadline = clock() + seconds
    seen: set[tuple[tuple[tuple[str, str], ...], int]] = set()
    for setting in settings_of(game):
        key = (tuple(sorted((k, repr(v)) for k, v in setting.options.items())), setting.players)
        if key in seen:
            continue
        seen.add(key)
        if trial.games >= games or clock() > deadline:
            trial.cut_short = trial.cut_short or clock() > deadline
            break
        problem = _play(game, setting, trial, moves, deadline, clock)
        if problem is not None:
            trial.problems.append(f"with {setting.label}: {problem}")
    return trial


def _play(
    game: Game,
    setting: Setting,
    trial: Trial,
    moves: int,
    deadline: float,
    clock: Callable[[], float],
) -> str | None:
    """Play one trial game; what went wrong, or None."""
    seed = trial.games
    try:
        state = game.new_state(setting.options, seed, players=setting.players)
    except OptionsRefused:
        return None  # options the pack's constraints refuse: no such game
    except Exception as error:  # a step of the start failed: said, never a traceback
        trial.games += 1
        said = error if isinstance(error, RulesError) else f"{type(error).__name__}: {error}"
        return f"the game cannot start: {said}"
    trial.games += 1
    chooser = random.Random(seed)
    made: list[Move] = []
    doing = "the first position"
    try:
        _check_value(state)
        for _ in range(moves):
            if state.outcome is not None:
                return None
            if clock() > deadline:
                trial.cut_short = True
                return None
            legal = list(state.legal_moves)
            if not legal:
                return f"after {_moves(made)}, no seat has a legal move and the game is not over"
            move = legal[chooser.randrange(len(legal))]
            doing = f"move {len(made) + 1}, {excerpt(str(move), 40)},"
            state.apply(move)
            made.append(move)
            trial.moves += 1
            doing = "the position it left"
            _check_value(state)
    except RulesError as error:
        return f"after {_moves(made)}, {doing} failed: {error}"
    except Exception as error:  # the engine's own fault: said, never a traceback
        return f"after {_moves(made)}, the engine failed: {type(error).__name__}: {error}"
    return None


def _check_value(state: State) -> None:
    """Run the pack's ``value:`` (its shape is checked when it runs)."""
    if state.game.value is not None and state.outcome is None:
        state.game.value(state.env)


def _moves(made: list[Move]) -> str:
    if not made:
        return "no move"
    last = ", ".join(excerpt(str(move), 40) for move in made[-3:])
    return f"{len(made)} random move{'s' if len(made) != 1 else ''} (the last: {last})"
