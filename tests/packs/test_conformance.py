"""One conformance test over every pack in rulesets/ that has rules, and the packs of
tests/packs/hidden/ that use every kind of hidden information.

For each option set, random games with fixed seeds check that no exception
happens, every component is conserved, nothing is legal once the game is over,
each legal move applies, copies stay equal under the same moves, views never show
another player's hidden card, every seat reads in its view the vars, log lines and
moves it may know and no others, and records round-trip. Games played through the search
interface check its actions, keys, player ids, returns and determinized states.
"""

from __future__ import annotations

import itertools
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir
from vtt.rules.engine import Game, State
from vtt.rules.finder import pack_folders
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.moves import Move
from vtt.rules.records import record_of, replay, start_state
from vtt.rules.search import SIMULTANEOUS, TERMINAL
from vtt.rules.sheet import SHEET
from vtt.rules.steps.sheet import WriteSheet
from vtt.rules.views import UNSEEN, Hidden, View

# pytest imports this file as ``test_conformance`` (tests/packs is no package), the tests
# in tests/ai and tests/rules that use its games as ``tests.packs.test_conformance``: one
# module under both names, so that a test process loads the packs, and works out their
# option sets and rules, once.
sys.modules.setdefault("test_conformance", sys.modules[__name__])
sys.modules.setdefault("tests.packs.test_conformance", sys.modules[__name__])

GAMES_PER_PACK = 240
MAX_MOVES = 3000
#: More combinations than this are sampled (every shipped pack has fewer).
MAX_OPTION_SETS = 128
#: The slower checks play a sample of the option sets: the first ones, in shuffled order.
SAMPLED_SETS = 24
APPLY_EACH = 64

#: Games played hand after hand to a target score, tested to a lower target (and fewer
#: hands) in every option set, and once to the full target with the first set, so the
#: suite stays fast while the whole game is still played.
SHORT_GAMES: dict[str, dict[str, object]] = {
    "stones": {"target": 60, "hand_limit": 3},
    "green-queen": {"target": 15},
    # Random Janken Go rarely takes a King: it is cut to a draw after 12 turns each.
    "janken-go": {"turns": 12},
}
#: Fewer games for packs whose every game deals a few hands of 13 to 23 cards each, and
#: for Corner to Corner & Edge to Edge, whose random games walk hundreds of steps (Edge
#: to Edge and the bigger board: 400 to 1,000 moves, and a seat's views, read every 7th
#: move, grow with them): 8 games of each option set, in which every move is played and
#: every seat wins one (of 32 games each, the first 8, 4 and 2 did), and for
#: Battlefront, whose games with a deck per player run to hundreds of attacks, for
#: Dueling Wizards, whose three rounds of drafting and spells make 80 to 160 moves a
#: game, and for Janken Go, whose turns are several moves each with some 80 legal moves
#: to check at every one.
GAMES_OF: dict[str, int] = {
    "stones": 48,
    "green-queen": 48,
    "corner-edge": 24,
    "battlefront": 24,
    "dueling-wizards": 60,
    "janken-go": 12,
}


#: Small packs made to hide things every way the language can (var visibility, each
#: kind of secret move), checked with the shipped ones.
HIDDEN_PACKS = Path(__file__).parent / "hidden"
#: Packs whose random games are checked to see every seat win in each option set (the
#: games were cut to the fewest that do).
EVERY_SEAT_WINS = {"corner-edge"}


def _games() -> list[Game]:
    folders = [*pack_folders(rulesets_dir()), *sorted(HIDDEN_PACKS.iterdir())]
    games = [load_pack(folder) for folder in folders]
    return [game for game in games if game.kind == "game"]


GAMES = _games()
#: Room for every option set's rules (their generated code) in each shipped game's cache
#: of blank positions: the tests here, in tests/rules/test_stepgen.py and
#: test_runtime_interface.py start games with the same option sets again and again, and
#: Tic-Tac-Rock's 128 sets would otherwise be compiled anew each time (the program keeps
#: ``2 * SEAT_NAMES_KEPT`` blanks, for it plays one option set at a time).
for _game in GAMES:
    _game._blanks.size = max(_game._blanks.size, 4 * MAX_OPTION_SETS)


def option_values(game: Game) -> list[list[tuple[str, object]]]:
    """The values tried for each option: every choice, both truth values, and for a
    number its default and every value a variant gives it (Tic-Tac-Rock's two boards)."""
    values = []
    for option in game.options:
        if option.kind == "bool":
            values.append([(option.name, False), (option.name, True)])
        elif option.kind == "choice":
            values.append([(option.name, value) for value in option.choices])
        else:
            named = [v[option.name] for v in game.variants.values() if option.name in v]
            values.append([(option.name, v) for v in dict.fromkeys([option.default, *named])])
    return values


#: The option sets of each game (by id, with the game: kept alive, its id is its own),
#: worked out once: each combination starts a game to see whether the pack allows it.
_OPTION_SETS: dict[int, tuple[Game, list[tuple[dict[str, object], int]]]] = {}


def option_sets(game: Game) -> list[tuple[dict[str, object], int]]:
    """Every combination of option values (sampled when there are too many), each with
    a number of players taken in turn from the pack's range, so every count is played."""
    kept = _OPTION_SETS.get(id(game))
    if kept is None or kept[0] is not game:
        kept = _OPTION_SETS[id(game)] = (game, _allowed_option_sets(game))
    return [(dict(options), players) for options, players in kept[1]]


def _allowed_option_sets(game: Game) -> list[tuple[dict[str, object], int]]:
    combos = [dict(c) for c in itertools.product(*option_values(game))]
    random.Random(7).shuffle(combos)
    counts = list(range(game.players[0], game.players[1] + 1))
    allowed = []
    for index, combo in enumerate(combos):
        turn = index % len(counts)
        for players in counts[turn:] + counts[:turn]:
            try:
                game.new_state(combo, 0, players=players)
            except ValueError:
                continue  # a combination the pack's constraints reject with this many
            allowed.append((combo, players))
            break
    short = SHORT_GAMES.get(game.id, {})
    return [({**combo, **short}, players) for combo, players in allowed[:MAX_OPTION_SETS]]


class Secrets:
    """Who may know each move made, worked out from the pack's own words: the mover
    and, for a public move, everyone; ``secret: true``, everyone once the ``each``
    phase's round is over; ``never``, nobody else; ``{to: ...}``, those seats (in an
    ``each`` phase once its round is over)."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, str, frozenset[int], bool]] = []  # mover, mode, told, each
        self.revealed: list[bool] = []
        self.round: list[int] = []  # the moves of the ``each`` round under way

    def before(self, state: State, move: Move) -> None:
        """Note ``move``, about to be made in ``state``."""
        kind = state.game.resolve(move, state.seat_names)[1]
        mover = state.to_move
        assert mover is not None
        told: frozenset[int] = frozenset()
        if kind.secret_to is not None:
            env = dict(state.env, me=mover)
            env.update(zip(kind.arg_names, state.canonical(move).values, strict=True))
            value = kind.secret_to(env)
            told = frozenset([value] if isinstance(value, int) else value)
        each = state.game.phases[state.phase].turn == "each"
        self.moves.append((mover, kind.secret, told, each))
        self.revealed.append(False)
        if each:
            self.round.append(len(self.moves) - 1)
            if state.pending == (mover,):  # the last choice of the round
                for index in self.round:
                    self.revealed[index] = True
                self.round = []

    def known(self, index: int, seat: int) -> bool:
        """Whether ``seat`` may know move ``index`` now."""
        mover, mode, told, each = self.moves[index]
        if seat == mover or mode == "":
            return True
        if mode == "phase":
            return self.revealed[index]
        if mode == "to":
            return seat in told and (self.revealed[index] or not each)
        return False


def _check_secrets(state: State, view: View, secrets: Secrets) -> None:
    """The vars, the log's move lines and the history the seat of ``view`` (its view of
    ``state``) reads are exactly what it may know."""
    seat = view.seat
    for name, var in state.game.vars.items():
        value, seen = state.var(name), view.vars[name]
        if not var.per_player:
            assert seen == (value if var.visibility == "everyone" else UNSEEN), (
                f"seat {seat} reads var {name} as {seen!r}"
            )
            continue
        for owner, item in enumerate(value):
            visible = var.visibility == "everyone" or (var.visibility == "owner" and owner == seat)
            assert seen[owner] == (item if visible else UNSEEN), (
                f"seat {seat} reads var {name}[{owner}] as {seen[owner]!r}"
            )
    assert len(view.history) == len(state.history) == len(secrets.moves)
    lines = [line for line in state.log if line.seat is not None]
    shown = [text for line, text in zip(state.log, view.log, strict=True) if line.seat is not None]
    names = state.seat_names
    for index, move in enumerate(state.history):
        known = secrets.known(index, seat)
        assert view.history[index] == (move.text if known else "chooses"), (
            f"seat {seat} reads move {index} ({move}) as {view.history[index]!r}"
        )
        mover = secrets.moves[index][0]
        assert lines[index].seat == mover
        assert shown[index] == f"{names[mover]}: {move.text if known else 'chooses'}"


def _check_view(state: State, seat: int, secrets: Secrets | None = None) -> None:
    view = state.view(seat)
    if secrets is not None:
        _check_secrets(state, view, secrets)
    shown = Counter(view.visible_components())
    assert shown <= Counter(state.components())
    for name, zone in state.game.zones.items():
        node = view.zones[name]
        if zone.visibility == "nobody":
            for stack in _leaves(node):
                revealed = any(key[0] == name for key in state.revealed)
                assert isinstance(stack, Hidden) or revealed, f"{name} shows faces to {seat}"
        if zone.visibility == "owner" and zone.per_player:
            for owner, stack in enumerate(node):
                if owner != seat and not any(key[:2] == (name, owner) for key in state.revealed):
                    assert isinstance(stack, Hidden), f"{name}[{owner}] shows to seat {seat}"


def _leaves(node: object) -> Iterator[object]:
    if isinstance(node, Hidden) or (
        isinstance(node, tuple) and (not node or not isinstance(node[0], tuple | dict | Hidden))
    ):
        yield node
        return
    children = node.values() if isinstance(node, dict) else node
    for child in children:  # type: ignore[attr-defined]
        yield from _leaves(child)


def play_random(game: Game, options: dict[str, object], players: int, seed: int) -> State:
    state = game.new_state(options, seed, players=players)
    rng = random.Random(seed)
    components = Counter(state.components())
    twin = state.copy()
    secrets = Secrets()
    moves = 0
    while state.outcome is None:
        legal = list(state.legal_moves)
        assert legal, "a game that is not over has a legal move"
        move = legal[rng.randrange(len(legal))]
        assert move in state.legal_moves
        if moves % 7 == 0:
            for seat in range(players):
                _check_view(state, seat, secrets)
        secrets.before(state, move)
        if moves % 11 == 0:
            # Every legal move applies without an error (an even spread of at most
            # APPLY_EACH of them where a choice of cards gives thousands, as a pass).
            for other in legal[:: max(1, len(legal) // APPLY_EACH)]:
                state.copy().apply(other)
        state.apply(move)
        twin.apply_unchecked(move)
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"
        if moves % 5 == 0:
            assert Counter(state.components()) == components
            assert state == twin
            twin = state.copy()
    assert Counter(state.components()) == components
    for seat in range(players):
        _check_view(state, seat, secrets)
    assert not list(state.legal_moves)
    assert len(state.legal_moves) == 0 and not state.legal_moves
    return state


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_random_games_keep_the_rules(game: Game) -> None:
    sets = option_sets(game)
    assert sets, f"{game.id} has no playable option set"
    per_set = max(1, GAMES_OF.get(game.id, GAMES_PER_PACK) // len(sets))
    outcomes = Counter()
    played: set[str] = set()
    winners: list[set[int]] = [set() for _ in sets]
    for (index, (options, players)), seed in itertools.product(enumerate(sets), range(per_set)):
        state = play_random(game, options, players, seed)
        outcomes[state.outcome.is_draw if state.outcome else None] += 1
        played |= {move.kind.name for move in state.history}
        winners[index] |= set(state.outcome.winners)
        if seed == 0:
            record = record_of(state)
            assert replay(record, game)["ok"]
            replayed = start_state(record, game)
            for move in state.history:
                replayed.apply(move)
            assert replayed == state
    assert sum(outcomes.values()) >= len(sets) * per_set
    # The games played, few as they are, still make every move of the pack.
    assert played == set(game.moves), f"{game.id}: never played {set(game.moves) - played}"
    if game.id in EVERY_SEAT_WINS:
        for index, (options, players) in enumerate(sets):
            assert winners[index] == set(range(players)), f"{game.id} {options}: {winners}"
    if game.id in SHORT_GAMES:  # one whole game, to the pack's own target
        options, players = sets[0]
        full = {k: v for k, v in options.items() if k not in SHORT_GAMES[game.id]}
        state = play_random(game, full, players, 0)
        assert state.outcome is not None


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_copies_share_nothing(game: Game) -> None:
    # Some moves in, so zones, vars, history and log all hold something to share.
    state = game.new_state({}, 3)
    rng = random.Random(3)
    for _ in range(6):
        legal = list(state.legal_moves)
        if state.outcome is not None or not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
    assert state.outcome is None, "six moves end no shipped game"
    before = _everything(state)
    copy = state.copy()
    assert _everything(copy) == before
    for _ in range(6):  # the copy plays on; the original must not see any of it
        legal = list(copy.legal_moves)
        if copy.outcome is not None or not legal:
            break
        copy.apply(legal[rng.randrange(len(legal))])
    assert _everything(copy) != before
    assert _everything(state) == before
    played = _everything(copy)
    state.apply(next(iter(state.legal_moves)))  # and the original plays on alone
    assert _everything(copy) == played


def _everything(state: State) -> tuple[object, ...]:
    """What a copy must not share: the position, the history, the log, the legal moves."""
    return (
        state.key(),
        tuple(state.history),
        tuple(line.text for line in state.log),
        tuple(state.legal_moves),
    )


def _hidden_from(state: State, view: View) -> set[str]:
    """Notations of the components the seat of ``view`` (its view of ``state`` now)
    cannot see (hand, face-down pile)."""
    unseen = Counter(state.components()) - Counter(view.visible_components())
    return {str(component) for component in unseen}


def _words(line: str) -> set[str]:
    return {word.strip(".,:;()[]!?'\"") for word in line.split()}


def play_watching_logs(
    game: Game, options: dict[str, object], players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A random game in which no line a ``log:`` step writes names, to a seat, a
    component whose face is hidden from that seat when the line is written and that
    the seat has not seen before. (A move's own line follows the move's ``secret``,
    which the view checks cover.) The score sheet, which every seat reads whole, is
    watched the same way: each row as ``write_sheet`` writes it."""
    seen: list[set[str]] = [set() for _ in range(players)]
    write = State.say_later
    write_row = WriteSheet.run

    def sheet_watched(self: WriteSheet, state: State) -> None:
        write_row(self, state)
        table = state.game.sheet.table(state.var(SHEET)[-1:], state.seat_names)  # type: ignore[union-attr]
        words = {word for line in table.lines() for text in line for word in _words(text)}
        for seat in range(players):
            view = state.view(seat)
            seen[seat] |= {str(c) for c in view.visible_components()}
            leaked = words & _hidden_from(state, view) - seen[seat]
            assert not leaked, (
                f"{game.id} {options}: seat {seat} reads {sorted(leaked)} on the score sheet "
                "while the face is hidden from it"
            )

    def watched(self: State, parts: tuple[object, ...]) -> None:
        write(self, parts)
        for seat in range(players):
            view = self.view(seat)
            seen[seat] |= {str(c) for c in view.visible_components()}
            line = view.log[-1]
            leaked = _words(line) & _hidden_from(self, view) - seen[seat]
            assert not leaked, (
                f"{game.id} {options}: seat {seat} reads {sorted(leaked)} in {line!r} "
                "while the face is hidden from it"
            )

    monkeypatch.setattr(State, "say_later", watched)
    monkeypatch.setattr(WriteSheet, "run", sheet_watched)
    state = game.new_state(options, seed, players=players)
    rng = random.Random(seed)
    moves = 0
    while state.outcome is None and moves < MAX_MOVES:
        legal = list(state.legal_moves)
        state.apply(legal[rng.randrange(len(legal))])
        moves += 1
        for seat in range(players):
            seen[seat] |= {str(c) for c in state.view(seat).visible_components()}


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_logs_never_name_hidden_components(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    for options, players in option_sets(game)[:SAMPLED_SETS]:
        play_watching_logs(game, options, players, 1, monkeypatch)


def test_the_log_watch_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    # Guards the test above: a pack that logs the top card of a face-down stack is caught.
    [war] = [game for game in GAMES if game.id == "war"]
    text = Path(war.path).read_text("utf-8")
    leak = "    then: [{deal: {from: pool, to: stock, count: even}}]\n"
    assert leak in text
    leaky = load_pack_text(
        text.replace(leak, leak + '  - log: "the top of the stock is {top(stock[1])}"\n', 1),
        war.path,
    )
    with pytest.raises(AssertionError, match="while the face is hidden"):
        play_watching_logs(leaky, {"mode": "classic"}, 2, 1, monkeypatch)


def test_the_sheet_watch_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    # Guards the watch above: a sheet column showing what a hand still holds is caught.
    [stones] = [game for game in GAMES if game.id == "stones"]
    text = Path(stones.path).read_text("utf-8")
    column = '    - {label: total, value: "score[seat]"}\n'
    assert column in text
    leaky = load_pack_text(
        text.replace(column, column + '    - {label: held, value: "aside"}\n', 1), stones.path
    )
    with pytest.raises(AssertionError, match="on the score sheet while the face is hidden"):
        play_watching_logs(leaky, {"target": 30}, 4, 1, monkeypatch)


# --- the search interface (vtt/rules/search.py) ------------------------------------------

SEARCH_OPTION_SETS = 8
#: Janken Go's positions each have some 80 actions to check both ways: two option sets.
SEARCH_OPTION_SETS_OF = {"janken-go": 2}
SEARCH_SEEDS = 2
#: Positions per game whose children are explored a few plies to find transpositions.
EXPLORE_EVERY = 9
DETERMINIZE_EVERY = 4
DETERMINIZE_UNTIL = 240


def _plain(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    return value


def reference_position(state: State) -> tuple[object, ...]:
    """What makes a position, read the slow way from the public accessors: compared by
    value, independently of how ``State.key`` encodes it."""
    env = state.env
    zones = tuple(tuple(tuple(stack) for stack in state.stacks(name)) for name in state.game.zones)
    variables = tuple(_plain(state.var(name)) for name in state.game.vars)
    turn = (env["current"], env["direction"], env["players"], state.phase, state.pending)
    options = tuple(sorted(state.options.items()))
    # What a take_back would put back (Janken Go) decides where the game can go.
    start = None if state.turn_start is None else reference_position(state.turn_start)
    return (zones, variables, turn, state.rng.state, state.revealed, state.outcome, options, start)


class KeyBook:
    """Every position met, by key and by reference: each must give exactly one other."""

    def __init__(self) -> None:
        self.by_key: dict[object, object] = {}
        self.by_reference: dict[object, object] = {}
        self.paths: dict[object, set[tuple[int, ...]]] = {}

    def add(self, state: State, path: tuple[int, ...] = ()) -> None:
        key, reference = state.key(), reference_position(state)
        hash(key)
        assert self.by_key.setdefault(key, reference) == reference, "one key, two positions"
        assert self.by_reference.setdefault(reference, key) == key, "one position, two keys"
        if path:
            self.paths.setdefault(key, set()).add(path)

    def transpositions(self) -> int:
        """How many positions were reached by more than one sequence of moves."""
        return sum(1 for paths in self.paths.values() if len(paths) > 1)


def explore(state: State, book: KeyBook, rng: random.Random, depth: int = 4) -> None:
    """The positions a few plies on, through at most three moves from each position."""
    frontier = [(state, ())]
    for _ in range(depth):
        following = []
        for position, path in frontier:
            actions = position.legal_actions()
            for action in rng.sample(actions, min(3, len(actions))):
                child = position.clone()
                child.apply_action(action)
                book.add(child, (*path, action))
                following.append((child, (*path, action)))
        frontier = following


def check_determinized(state: State, seat: int, rng: random.Random) -> None:
    guess = state.determinize(seat, rng)
    # A search's state has no journal: the seat knows the moves made from its view.
    assert guess.journal is None
    seen, guessed = (replace(s.view(seat), log=(), history=()) for s in (state, guess))
    assert guessed == seen, f"seat {seat} tells the guess from the game"
    assert Counter(guess.components()) == Counter(state.components())
    assert guess.rng.state != state.rng.state
    if guess.is_terminal():
        assert guess.legal_actions() == []
        return
    actions = guess.legal_actions()
    assert actions, "a determinized position that is not over has a legal move"
    guess.apply_action(actions[rng.randrange(len(actions))])  # and it plays on


def play_searching(
    game: Game, options: dict[str, object], players: int, seed: int, book: KeyBook
) -> None:
    """A random game through the search interface, checking it at every position."""
    state = game.new_state(options, seed, players=players)
    rng = random.Random(seed)
    moves = 0
    while True:
        book.add(state)
        actions, legal = state.legal_actions(), state.legal_list()
        assert len(set(actions)) == len(actions) == len(legal), "one action per legal move"
        for action, move in zip(actions, legal, strict=True):
            assert game.action_to_move(action, players) == move
            assert game.move_to_action(move, players) == action
        if state.is_terminal():
            assert state.current_player() == TERMINAL and not actions
            assert len(state.returns()) == players
            return
        assert state.current_player() in (state.to_move, SIMULTANEOUS)
        assert sum(state.returns()) == 0
        if moves % DETERMINIZE_EVERY == 0 and moves < DETERMINIZE_UNTIL:
            for seat in range(players):
                check_determinized(state, seat, rng)
        if moves % EXPLORE_EVERY == 0 and moves < DETERMINIZE_UNTIL:
            explore(state, book, rng)
        state.apply_action(actions[rng.randrange(len(actions))])
        moves += 1
        assert moves < MAX_MOVES, "the game does not end"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_search_interface_over_random_games(game: Game) -> None:
    book = KeyBook()
    for (options, players), seed in itertools.product(
        option_sets(game)[: SEARCH_OPTION_SETS_OF.get(game.id, SEARCH_OPTION_SETS)],
        range(SEARCH_SEEDS),
    ):
        play_searching(game, options, players, seed, book)
    assert len(book.by_key) > 100


@pytest.mark.parametrize(
    ("pack", "options"), [("tic-tac-rock", {}), ("war", {"mode": "five-card"})]
)
def test_other_move_orders_reach_equal_keys(pack: str, options: dict[str, object]) -> None:
    [game] = [g for g in GAMES if g.id == pack]
    book = KeyBook()
    for seed in range(3):
        explore(game.new_state(options, seed), book, random.Random(seed), depth=5)
    assert book.transpositions() > 0


@pytest.mark.parametrize("leak", ["log", "vars"])
def test_the_secret_checks_catch_a_leak(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Guards the checks above: a view that shows another seat's secret move, or another
    # seat's own var, is caught.
    from vtt.rules import views

    if leak == "log":
        monkeypatch.setattr(views, "seen_by", lambda secret, mover, seat: True)
    else:
        monkeypatch.setattr(views, "_var_seen", lambda var, value, seat: _plain(value))
    [passing] = [game for game in GAMES if game.id == "passing"]
    with pytest.raises(AssertionError, match=r"reads (move|var)"):
        play_random(passing, {}, 3, 0)


def test_every_combination_of_tic_tac_rock_variations_is_played() -> None:
    # Its README allows any combination: each is one of the option sets above.
    [ttr] = [game for game in GAMES if game.id == "tic-tac-rock"]
    sets = option_sets(ttr)
    switches = ("easy", "blank_centre", "centre_off_limits", "jokers", "numbers_count", "no_choice")
    played = {(tuple(options[s] for s in switches), options["boards"]) for options, _ in sets}
    assert len(played) == len(sets) == 2 ** len(switches) * 2
    assert {players for _, players in sets} == {2, 3, 4}
