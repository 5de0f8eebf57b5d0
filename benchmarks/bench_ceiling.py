"""How fast a pack could run inside the engine if its generated code were written by hand.

The goal "a pack runs at least half as fast as hand-coded Python" compares the engine
with a plain program that keeps no record, no log and no phases. This module asks how
much of the gap is the generated code and how much is what the engine promises.

It replaces, in a loaded game, the generated functions a turn runs through with
functions written by hand for that one game. They do to the same state what the
engine must do: the history, the move's log line (and War's round line, "JkR against
5P: Paper covers Rock, P2 wins"), the phases and the waiting seats, a fresh work meter
per move, the next player's legal moves. They leave out what makes generated code
general:
- War (classic, with Jokers): ``play`` for ``flip`` and ``settle``, the chain of
  phases as one straight path, no kept values to forget, no ``let`` values written
  into the environment; a war and the last round go back to the generated ``settle``.
- JANTORI: ``play`` for ``place`` and its move search, the opponent's marker and the
  cell's stack read once, ``beats`` as a table of piece letters; the end of the game
  goes back to the generated ``settle``.
Games are played through ``legal_list`` and ``apply_unchecked`` as in
``bench_engine``, against the same hand-coded games, and the module first checks that
both ways give the same positions, logs and outcomes.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from benchmarks import Result
from benchmarks.bench_engine import GROUP, pack_playout, paired_ratio
from benchmarks.reference import jantori as jantori_reference
from benchmarks.reference import war as war_reference
from vtt.rules.argtypes import kinds as kinds_of
from vtt.rules.engine import Game, State
from vtt.rules.expr import MAX_WORK, METER_KEY
from vtt.rules.finder import find_pack
from vtt.rules.loader import load_pack
from vtt.rules.ruleset import from_seat
from vtt.rules.stdlib import beats, reach, rule_between, suit_winner

OPTIONS: dict[str, object] = {"mode": "classic", "jokers": True}
CHECKED_GAMES = 200


def _fresh(pack: str) -> Game:
    """A pack loaded anew (not the cached Game), so its rules can be replaced."""
    return load_pack(find_pack(pack, ()))


def hand_written_war() -> Game:
    """War with its round's generated functions replaced by hand-written ones."""
    game = _fresh("war")
    rules = game.new_state(OPTIONS, 0)._rules  # the rules of these options, built now
    generated_settle = rules.settle
    if ("turn", "flip") not in rules.play:
        raise RuntimeError("War's flip has no generated play function to replace")
    flip_move = game.new_state(OPTIONS, 0).legal_list()[0]

    def settle(state: State) -> None:
        env = state.env
        if state.next_phase != "resolve":
            generated_settle(state)
            return
        battle, won, stock = env["battle"], env["won"], env["stock"]
        a, b = battle[0][-1], battle[1][-1]
        winner = suit_winner(a, b)
        journal = state.journal
        if winner is None:  # a war: the generated path enters resolve again
            generated_settle(state)
            return
        if journal is not None:
            sentence = rule_between(a, b)
            who = env["seat_names"][winner]
            parts = ("", a, " against ", b, ": ", sentence, ", ", who, " wins")
            journal.lines.append((None, None, False, parts))
        state.phase = env["phase"] = "resolve"
        env["a"], env["b"], env["w"] = a, b, winner
        taken = won[winner]
        for stack in battle:
            taken.extend(stack)
            stack.clear()
        spoils = env["spoils"]
        if spoils:
            taken.extend(spoils)
            spoils.clear()
        if not stock[0] or not stock[1]:  # the last round: next_round ends the game
            state.next_phase = "next_round"
            generated_settle(state)
            return
        env["played"] += 1
        state.next_phase = None
        state.legal_cache = None
        state.phase = env["phase"] = "turn"
        pending = state.pending = from_seat(env["players"], env["current"])
        if journal is not None:
            journal.secret_from = len(journal.lines)
        env["me"] = pending[0]
        state.legal_cache = [flip_move]

    def play(state: State, move: Any, values: tuple[Any, ...]) -> None:
        env = state.env
        pending = state.pending
        me = pending[0]
        env["me"] = me
        meter = env[METER_KEY]
        meter.done = 0
        meter.left = MAX_WORK
        journal = state.journal
        if journal is not None:
            journal.history.append(move)
            journal.lines.append((None, me, False, (env["seat_names"][me], ": ", move.text)))
        env["battle"][me].append(env["stock"][me].pop())
        pending = state.pending = pending[1:]
        if not pending:
            state.next_phase = "resolve"
            if journal is not None:
                journal.secret_from = len(journal.lines)
            settle(state)
            return
        env["me"] = pending[0]
        state.legal_cache = [flip_move]

    rules.play[("turn", "flip")] = play
    object.__setattr__(rules, "settle", settle)
    return game


def hand_written_jantori() -> Game:
    """JANTORI with its placement's generated functions replaced by hand-written ones."""
    game = _fresh("jantori")
    rules = game.new_state({}, 0)._rules
    generated_settle = rules.settle
    if ("place", "place") not in rules.play:
        raise RuntimeError("JANTORI's place has no generated play function to replace")
    make = rules.makers["place"]
    made: dict[tuple[str, Any], Any] = {}
    # beaten_by[top][piece]: the piece may go onto an opponent's top piece.
    beaten_by = {top: {piece: beats(piece, top) for piece in "RPS"} for top in "RPS"}

    def move(kind: str, square: Any) -> Any:
        found = made.get((kind, square))
        if found is None:
            found = made[(kind, square)] = make((kind, square))
        return found

    def legal(env: dict[str, Any]) -> list[Any]:
        board, marker, me = env["board"], env["marker"], env["me"]
        theirs = marker[1 - me]
        found: list[Any] = []
        kinds: tuple[Any, ...] | None = None
        for square in reach(board, marker[me], theirs):
            if square == theirs:
                continue
            if kinds is None:
                kinds = kinds_of(env["reserve"][me])
            stack = board[square]
            if stack and stack[-1].owner != me:
                row = beaten_by[stack[-1].kind]
                found += [move(kind, square) for kind in kinds if row[kind]]
            else:
                found += [move(kind, square) for kind in kinds]
        return found

    def play(state: State, taken: Any, values: tuple[Any, ...]) -> None:
        env = state.env
        pending = state.pending
        me = pending[0] if pending else env["current"]
        piece, square = values
        env["me"], env["piece"], env["square"] = me, piece, square
        state.legal_cache = None
        meter = env[METER_KEY]
        meter.done = 0
        meter.left = MAX_WORK
        journal = state.journal
        if journal is not None:
            journal.history.append(taken)
            journal.lines.append((None, me, False, (env["seat_names"][me], ": ", taken.text)))
        reserve = env["reserve"]
        hand = reserve[me]
        for index in range(len(hand) - 1, -1, -1):
            if hand[index].kind == piece:
                env["board"][square].append(hand.pop(index))
                break
        env["marker"][me] = square
        players = env["players"]
        env["current"] = players[(players.index(env["current"]) + env["direction"]) % 2]
        if reserve[0] or reserve[1]:
            env["me"] = env["current"]
            found = legal(env)
            state.legal_cache = found
            if found:
                return
        generated_settle(state)  # the end of the game, or a player with no placement

    rules.play[("place", "place")] = play
    return game


def same_games(
    first: Game, second: Game, options: dict[str, object], games: int = CHECKED_GAMES
) -> None:
    """Raise AssertionError unless both play the same seeds to the same end."""
    for seed in range(games):
        one, two = (pack_playout(game, options, seed) for game in (first, second))
        assert one.key() == two.key(), f"seed {seed}: positions differ"
        assert [e.text for e in one.log] == [e.text for e in two.log], f"seed {seed}: logs"
        assert one.outcome == two.outcome, f"seed {seed}: outcomes differ"


def run() -> list[Result]:
    """The ratio pack / hand-coded with each game's turn written by hand in the engine."""
    cases = (
        ("war", OPTIONS, hand_written_war, partial(war_reference.playout_moves, jokers=True)),
        ("jantori", {}, hand_written_jantori, jantori_reference.playout),
    )
    results = []
    for pack, options, by_hand, hand_coded in cases:
        written = by_hand()
        same_games(_fresh(pack), written, options)
        ratio, _ = paired_ratio(partial(pack_playout, written, options), hand_coded)
        results.append(
            Result(
                GROUP,
                f"ceiling: pack / hand-coded: {pack}, its turn written by hand in the engine",
                ratio,
                "x",
                note="same history, log, phases and work meter as the engine keeps; "
                "see benchmarks/bench_ceiling.py",
            )
        )
    return results


if __name__ == "__main__":
    for result in run():
        print(f"{result.name}: {result.value:.3f} {result.unit}")
