"""The hand-coded reference games (benchmarks/reference) against the rule texts.

The perft fixtures in tests/packs/perft/ are checked two ways: with the reference
modules' own move generators, and with the small brute-force models below, which
share no code with them. A brute-force model tries every cell with every piece or
card and keeps what the rule text allows, written as plainly as the text says it.
"""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.reference import jantori, tictacrock, war
from benchmarks.reference.jantori import BLACK, WHITE
from benchmarks.reference.tictacrock import PASS, TicTacRock
from benchmarks.reference.war import DRAW
from vtt.janken import Card, Suit, beats, deck

PERFT = Path(__file__).parent / "packs" / "perft"
ALL_CELLS = [f"{column}{row}" for column in "abc" for row in "123"]


def cards(text: str) -> list[Card]:
    """Cards from notation separated by spaces."""
    return [Card.parse(word) for word in text.split()]


def load_fixture(name: str) -> list[dict[str, Any]]:
    """The positions of one perft fixture file."""
    with (PERFT / name).open(encoding="utf-8") as stream:
        data = yaml.safe_load(stream)
    positions: list[dict[str, Any]] = data["positions"]
    return positions


def random_positions(game: Any, seed: int, limit: int) -> Iterator[Any]:
    """Play random legal moves, yielding the game before each and at the end.

    Fails instead of hanging when the game is still going after ``limit`` moves.
    """
    rng = random.Random(seed)
    for _ in range(limit + 1):
        yield game
        moves = game.legal_moves()
        if not moves:
            return
        game.play(rng.choice(moves))
    pytest.fail(f"{type(game).__name__} (seed {seed}) still going after {limit} moves")


def xy(cell: str) -> tuple[int, int]:
    """Column and row of a cell, both counted from 0."""
    return "abc".index(cell[0]), int(cell[1]) - 1


# --- JANTORI, brute force ---------------------------------------------------------


@dataclass
class PlainJantori:
    """JANTORI as the text says it, kept in dictionaries, for cross-checking."""

    tops: dict[str, tuple[int, str]] = field(default_factory=dict)
    markers: list[str] = field(default_factory=lambda: ["a3", "c1"])
    hands: list[dict[str, int]] = field(
        default_factory=lambda: [{"R": 4, "P": 4, "S": 4}, {"R": 4, "P": 4, "S": 4}]
    )
    turn: int = 0

    def reachable(self, cell: str) -> bool:
        """Next to my marker, or a jump over the opponent's marker (never diagonal)."""
        (x, y), (mx, my) = xy(cell), xy(self.markers[self.turn])
        dx, dy = x - mx, y - my
        if abs(dx) + abs(dy) == 1:
            return True
        if (dx, dy) in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            middle = "abc"[mx + dx // 2] + str(my + dy // 2 + 1)
            return middle == self.markers[1 - self.turn]
        return False

    def allowed(self, piece: str, cell: str) -> bool:
        """Empty, my own piece on top, or an opponent piece mine beats; no enemy marker."""
        if cell == self.markers[1 - self.turn] or self.hands[self.turn][piece] == 0:
            return False
        top = self.tops.get(cell)
        if top is None or top[0] == self.turn:
            return True
        return beats(Suit.parse(piece), Suit.parse(top[1]))

    def moves(self) -> set[tuple[str, str]]:
        """Every (piece, cell) the rules allow, found by trying them all."""
        if sum(self.hands[0].values()) + sum(self.hands[1].values()) == 0:
            return set()
        return {
            (piece, cell)
            for piece in "RPS"
            for cell in ALL_CELLS
            if self.reachable(cell) and self.allowed(piece, cell)
        }

    def after(self, move: tuple[str, str]) -> PlainJantori:
        """The position after a move, leaving this one unchanged."""
        piece, cell = move
        hands = [dict(hand) for hand in self.hands]
        hands[self.turn][piece] -= 1
        markers = list(self.markers)
        markers[self.turn] = cell
        return PlainJantori({**self.tops, cell: (self.turn, piece)}, markers, hands, 1 - self.turn)


def plain_perft(position: Any, depth: int) -> int:
    """Perft over any model with ``moves()`` and ``after(move)``."""
    if depth == 0:
        return 1
    return sum(plain_perft(position.after(move), depth - 1) for move in position.moves())


def plain_jantori_from(position: list[int]) -> PlainJantori:
    """The brute-force model of a reference position, read through its public API."""
    tops = {cell: found for cell in ALL_CELLS if (found := jantori.top(position, cell))}
    hands = [jantori.hand(position, WHITE), jantori.hand(position, BLACK)]
    return PlainJantori(tops, list(jantori.markers(position)), hands, position[jantori.TURN])


def jantori_cells(position: list[int], piece: str | None = None) -> set[str]:
    """The cells of the legal moves (of one piece letter, when given)."""
    texts = (jantori.move_text(move).split() for move in jantori.legal_moves(position))
    return {cell for _, letter, _, cell in texts if piece in (None, letter)}


def jantori_pieces(position: list[int], cell: str) -> set[str]:
    """The piece letters of the legal moves onto ``cell``."""
    texts = (jantori.move_text(move).split() for move in jantori.legal_moves(position))
    return {letter for _, letter, _, at in texts if at == cell}


def as_pair(move: int) -> tuple[str, str]:
    """A reference move as the brute-force model's (piece, cell)."""
    _, letter, _, cell = jantori.move_text(move).split()
    return letter, cell


@pytest.mark.parametrize("position", load_fixture("jantori.yaml"), ids=lambda p: p["name"])
def test_jantori_perft_fixture(position: dict[str, Any]) -> None:
    assert position["options"] == {}
    game, plain = jantori.new(), PlainJantori()
    for text in position["moves"]:
        move = as_pair(jantori.parse_move(text))
        assert move in plain.moves(), f"{text} is illegal for the brute-force model"
        jantori.play_text(game, text)
        plain = plain.after(move)
    counts = position["counts"]
    assert [jantori.perft(game, d) for d in range(1, len(counts) + 1)] == counts
    assert [plain_perft(plain, d) for d in range(1, len(counts) + 1)] == counts


def jantori_line(seed: int) -> Iterator[list[int]]:
    """The positions of one random JANTORI game, each a copy, the last one finished."""
    rng = random.Random(seed)
    position = jantori.new()
    for _ in range(25):
        yield position[:]
        moves = jantori.legal_moves(position)
        if not moves:
            return
        jantori.play(position, moves[rng.randrange(len(moves))])
    pytest.fail(f"JANTORI (seed {seed}) still going after 24 moves")


def test_jantori_move_generator_matches_brute_force_in_random_games() -> None:
    for seed in range(60):
        for position in jantori_line(seed):
            moves = jantori.legal_moves(position)
            assert len(moves) == len(set(moves))
            assert set(map(as_pair, moves)) == plain_jantori_from(position).moves()


# --- JANTORI, the rule text ---------------------------------------------------------


def test_jantori_start_is_two_cells_next_to_white_marker_never_diagonal() -> None:
    game = jantori.new()
    assert game[jantori.TURN] == WHITE
    assert jantori.markers(game) == ("a3", "c1")
    assert jantori.top(game, "a3") is None and jantori.top(game, "c1") is None
    assert jantori.hand(game, WHITE) == jantori.hand(game, BLACK) == {"R": 4, "P": 4, "S": 4}
    assert jantori_cells(game) == {"a2", "b3"}  # b2 is diagonal


def test_jantori_jump_over_the_opponent_marker_and_never_onto_it() -> None:
    game = jantori.new()
    for text in ("place R at b3", "place S at c2", "place P at b2"):
        jantori.play_text(game, text)
    assert jantori_cells(game) == {"c1", "c3", "a2"}  # a2 is the jump over White's marker
    with pytest.raises(ValueError, match="illegal"):
        jantori.play_text(game, "place R at b2")


def test_jantori_no_rock_or_scissors_on_an_opponent_rock() -> None:
    rock = {"b2": [(BLACK, "R")]}
    game = jantori.from_position(rock, ("a2", "c1"), WHITE)
    # "Cannot place Scissors or Rock on opponent's Rock": only Paper covers it.
    assert jantori_pieces(game, "b2") == {"P"}
    game = jantori.from_position(rock, ("a2", "b2"), WHITE)
    assert jantori_cells(game) == {"a1", "a3", "c2"}  # c2: the jump


def test_jantori_own_piece_may_be_covered_by_any_piece() -> None:
    game = jantori.from_position({"a2": [(WHITE, "R")]}, ("a3", "c1"), WHITE)
    assert jantori_pieces(game, "a2") == {"R", "P", "S"}


def test_jantori_only_the_pieces_left_in_hand_are_placed() -> None:
    stacks = {"a1": [(WHITE, "R")] * 4, "b1": [(WHITE, "P")] * 3}
    game = jantori.from_position(stacks, ("a3", "c1"), WHITE)
    assert jantori.hand(game, WHITE) == {"R": 0, "P": 1, "S": 4}
    assert jantori_pieces(game, "a2") == {"P", "S"}
    jantori.play_text(game, "place P at a2")  # the last Paper
    jantori.play_text(game, "place R at c2")
    assert jantori_pieces(game, "a1") == {"S"}


def test_jantori_blocked_player_with_pieces_left_loses_at_once() -> None:
    stacks = {"a2": [(BLACK, "P")], "b3": [(BLACK, "P")], "c3": [(WHITE, "S")] * 4}
    game = jantori.from_position(stacks, ("a3", "b2"), WHITE)
    assert jantori.hand(game, WHITE)["S"] == 0
    assert jantori.legal_moves(game) == []
    assert jantori.winner(game) == BLACK


def _last_black_placement(black_top: str) -> list[int]:
    """All of White's pieces on a3 (Paper on top), Black's but one Paper on c1."""
    white = [(WHITE, p) for p in "RRRRSSSSPPPP"]
    pieces = list("RRRRSSSSPPP")
    pieces.remove(black_top)
    black = [(BLACK, p) for p in [*pieces, black_top]]
    game = jantori.from_position({"a3": white, "c1": black}, ("a3", "c1"), BLACK)
    assert jantori.hand(game, WHITE) == {"R": 0, "P": 0, "S": 0}
    assert jantori.hand(game, BLACK) == {"R": 0, "P": 1, "S": 0}
    return game


def test_jantori_score_tie_goes_to_white() -> None:
    game = _last_black_placement("R")
    jantori.play_text(game, "place P at c2")  # Black: Rock 0 + Paper 5 against White's 5
    assert jantori.scores(game) == (5, 5)
    assert jantori.legal_moves(game) == [] and jantori.winner(game) == WHITE


def test_jantori_higher_score_wins() -> None:
    game = _last_black_placement("S")
    jantori.play_text(game, "place P at b1")  # Black: Scissors 2 + Paper 5 = 7 against 5
    assert jantori.scores(game) == (5, 7) and jantori.winner(game) == BLACK


def test_jantori_copy_is_one_slice_and_independent() -> None:
    game = jantori.new()
    before = jantori.render(game), jantori.legal_moves(game)
    twin = game[:]
    jantori.play_text(twin, "place P at a2")
    jantori.play_text(twin, "place S at b1")
    assert (jantori.render(game), jantori.legal_moves(game)) == before
    assert jantori.top(twin, "a2") == (WHITE, "P") and jantori.top(game, "a2") is None


def test_jantori_move_notation() -> None:
    move = jantori.parse_move("Place r AT B2")
    assert move == 3 * jantori.CELLS.index("b2") + 0  # the pack's action for it
    assert jantori.move_text(move) == "place R at b2"
    assert jantori.move_text(jantori.parse_move("place S at c3")) == "place S at c3"
    for bad in ("place X at b2", "place R at d4", "put R at b2", "place R b2"):
        with pytest.raises(ValueError, match="not a JANTORI move"):
            jantori.parse_move(bad)


def test_jantori_playouts_end_and_keep_all_pieces() -> None:
    winners = set()
    for seed in range(200):
        line = list(jantori_line(seed))
        end, moves = line[-1], len(line) - 1
        in_hand = sum(sum(jantori.hand(end, p).values()) for p in (WHITE, BLACK))
        assert moves + in_hand == 24
        assert jantori.winner(end) in (WHITE, BLACK)
        if moves < 24:
            assert jantori.winner(end) == 1 - end[jantori.TURN]
        assert jantori.winner(end) == jantori.playout(seed)
        winners.add(jantori.playout(seed))
    assert winners == {WHITE, BLACK}


# --- War -----------------------------------------------------------------------------


def war_round(position: list[int]) -> int | None:
    """Both players flip: the round's winner (None when its cards stay unclaimed)."""
    before = position[war.WON : war.UNCLAIMED + 1]
    war.play(position, war.FLIP)
    war.play(position, war.FLIP)
    after = position[war.WON : war.UNCLAIMED + 1]
    gained = [now - was for now, was in zip(after, before, strict=True)]
    return None if gained[2] else (0 if gained[0] else 1)


def won(position: list[int]) -> list[int]:
    """The number of cards each player has won."""
    return position[war.WON : war.WON + 2]


def test_war_stronger_suit_wins_the_round() -> None:
    game = war.from_stacks([cards("JP 9R"), cards("2L 3S")])
    assert war_round(game) == 1  # "Lizard eats Paper. The Two of Lizard wins!"
    assert won(game) == [0, 2]
    assert war_round(game) == 0  # Rock blunts Scissors


def test_war_a_joker_reverses_the_rules() -> None:
    assert war_round(war.from_stacks([cards("JkP"), cards("2L")])) == 0
    assert war_round(war.from_stacks([cards("5R"), cards("JkL")])) == 1  # not Rock > Lizard
    assert war_round(war.from_stacks([cards("JkW"), cards("JkR")])) == 1  # Water erodes Rock


def test_war_same_suit_goes_to_war_three_down_one_up() -> None:
    game = war.from_stacks([cards("JkR 2P 3P 4P 5S 9L"), cards("5R 2W 3W 4W 6P 9W")])
    assert war_round(game) == 0  # JkR and 5R are both Rock; 5S vs 6P: Scissors cut Paper
    assert won(game) == [10, 0] and war.stack_sizes(game) == (1, 1)
    assert war_round(game) == 0  # 9L against 9W: Lizard drinks Water


def test_war_short_player_turns_up_their_last_card() -> None:
    game = war.from_stacks([cards("7R 2W"), cards("8R 3P 4P 5P 6S")])
    assert war_round(game) == 0  # 2W is face up at once: Water rusts Scissors
    assert won(game) == [7, 0] and war.stack_sizes(game) == (0, 0)


def test_war_player_with_no_card_loses_the_war() -> None:
    game = war.from_stacks([cards("7R"), cards("8R 3P")])
    assert war_round(game) == 1
    assert won(game) == [0, 2] and war.legal_moves(game) == []


def test_war_cards_nobody_can_fight_for_stay_unclaimed() -> None:
    game = war.from_stacks([cards("7R"), cards("8R")])
    assert war_round(game) is None
    assert game[war.UNCLAIMED] == 2 and war.winner(game) == war.DRAW


def test_war_most_cards_won_wins_and_equal_is_a_draw() -> None:
    game = war.from_stacks([cards("JP 2W"), cards("2L 3R")])
    war_round(game)
    assert won(game) == [0, 2] and war.winner(game) is None  # and the game goes on
    war_round(game)  # Water erodes Rock: 2 cards each
    assert war.legal_moves(game) == [] and war.winner(game) == DRAW


def war_line(seed: int, jokers: bool) -> Iterator[list[int]]:
    """The positions of one dealt War game played by moves, the last one finished."""
    rng = random.Random(seed)
    position = war.deal(seed, jokers=jokers)
    for _ in range(71):
        yield position[:]
        moves = war.legal_moves(position)
        if not moves:
            return
        war.play(position, moves[rng.randrange(len(moves))])
    pytest.fail(f"War (seed {seed}) still going after 70 flips")


@pytest.mark.parametrize(("jokers", "sizes"), [(True, (35, 35)), (False, (33, 32))])
def test_war_deal_and_playouts_keep_every_card(jokers: bool, sizes: tuple[int, int]) -> None:
    outcomes = set()
    for seed in range(150):
        game = war.deal(seed, jokers=jokers)
        assert war.stack_sizes(game) == sizes
        full = sorted(game[war.CARDS :])
        assert full == sorted(map(war.card_code, deck(jokers=jokers)))
        line = list(war_line(seed, jokers))
        end = line[-1]
        assert sum(end[war.WON : war.UNCLAIMED + 1]) + sum(war.stack_sizes(end)) == len(full)
        assert war.winner(end) == war.playout_moves(seed, jokers=jokers)
        outcomes.add(war.winner(end))
    assert {0, 1} <= outcomes


def test_war_players_flip_in_turn_and_moves_end_with_the_game() -> None:
    for seed in range(40):
        expected_turn = 0
        for position in war_line(seed, jokers=True):
            moves = war.legal_moves(position)
            assert (moves == []) == (position[war.TO_MOVE] == -1)
            if moves:
                assert moves == [war.FLIP] and war.winner(position) is None
                assert position[war.TO_MOVE] == expected_turn
                expected_turn = 1 - expected_turn
            else:
                assert war.winner(position) is not None
        assert expected_turn == 0  # the game ends only after player 1's flip


def test_war_first_flip_waits_for_the_second() -> None:
    game = war.from_stacks([cards("7R"), cards("8P 9S")])
    war.play(game, war.FLIP)  # player 0's stack is empty, but the round is not over
    assert war.stack_sizes(game) == (0, 2) and war.winner(game) is None
    assert game[war.TO_MOVE] == 1 and war.legal_moves(game) == [war.FLIP]
    assert won(game) == [0, 0]
    war.play(game, war.FLIP)  # Paper covers Rock
    assert won(game) == [0, 2] and war.legal_moves(game) == [] and war.winner(game) == 1


def test_war_copy_is_one_slice_and_independent() -> None:
    game = war.from_stacks([cards("JP 3R"), cards("2L 4W")])
    twin = game[:]
    war_round(twin)
    assert won(game) == [0, 0] and won(twin) == [0, 2]
    assert war.stack_sizes(game) == (2, 2) and war.stack_sizes(twin) == (1, 1)


def test_war_is_for_two_players() -> None:
    with pytest.raises(ValueError, match="2 players"):
        war.from_stacks([cards("JP"), cards("2L"), cards("3R")])


# --- Tic-Tac-Rock, brute force --------------------------------------------------------


LINES = (
    [[f"{c}{r}" for c in "abc"] for r in "123"]
    + [[f"{c}{r}" for r in "123"] for c in "abc"]
    + [["a1", "b2", "c3"], ["a3", "b2", "c1"]]
)


@dataclass
class PlainRound:
    """A Tic-Tac-Rock round kept as top cards only, for cross-checking."""

    tops: dict[str, Card]
    hands: list[list[Card]]
    stock: list[Card]  # top first
    turn: int
    won: bool = False

    def playable(self, player: int) -> set[tuple[str, str]]:
        """Every (card, cell) for ``player``: any empty cell, or a top card it beats."""
        return {
            (card.notation, cell)
            for card in self.hands[player]
            for cell in ALL_CELLS
            if cell not in self.tops or beats(card.suit, self.tops[cell].suit)
        }

    def moves(self) -> set[tuple[str, str]]:
        """The legal moves: plays, else a pass while someone else can still play."""
        if self.won:
            return set()
        if plays := self.playable(self.turn):
            return plays
        others = [p for p in range(len(self.hands)) if p != self.turn]
        return {PASS} if any(self.playable(p) for p in others) else set()

    def after(self, move: tuple[str, str]) -> PlainRound:
        """The round after a move: the card lands, a line ends it, else draw one."""
        hands = [list(hand) for hand in self.hands]
        following = (self.turn + 1) % len(hands)
        if move == PASS:
            return PlainRound(dict(self.tops), hands, list(self.stock), following)
        card = Card.parse(move[0])
        hands[self.turn].remove(card)
        tops = {**self.tops, move[1]: card}
        if any(all(c in tops and tops[c].suit == card.suit for c in line) for line in LINES):
            return PlainRound(tops, hands, list(self.stock), self.turn, won=True)
        hands[self.turn] += self.stock[:1]
        return PlainRound(tops, hands, self.stock[1:], following)


def dealt(deal: dict[str, Any]) -> tuple[TicTacRock, PlainRound]:
    """The reference round and the brute-force model of one fixture deal."""
    hands = [cards(" ".join(hand)) for hand in deal["hands"]]
    center, stock = Card.parse(deal["center"]), cards(" ".join(deal["stock"]))
    game = TicTacRock(hands, center, stock, deal["dealer"])
    plain = PlainRound({"b2": center}, hands, stock, (deal["dealer"] + 1) % len(hands))
    return game, plain


def no_pass_anywhere(plain: PlainRound, depth: int) -> bool:
    """True when no position within ``depth`` moves calls for a pass."""
    moves = plain.moves()
    if PASS in moves:
        return False
    return depth == 0 or all(no_pass_anywhere(plain.after(m), depth - 1) for m in moves)


@pytest.mark.parametrize("position", load_fixture("tic-tac-rock.yaml"), ids=lambda p: p["name"])
def test_tic_tac_rock_perft_fixture(position: dict[str, Any]) -> None:
    assert position["options"] == {}
    game, plain = dealt(position["deal"])
    for text in position["moves"]:
        move = tictacrock.parse_move(text)
        assert move in plain.moves(), f"{text} is illegal for the brute-force model"
        game.play_text(text)
        plain = plain.after(move)
    counts = position["counts"]
    assert [tictacrock.perft(game, d) for d in range(1, len(counts) + 1)] == counts
    assert [plain_perft(plain, d) for d in range(1, len(counts) + 1)] == counts
    assert no_pass_anywhere(plain, len(counts) - 1)


def test_tic_tac_rock_fixtures_include_a_card_with_no_cell() -> None:
    position = next(p for p in load_fixture("tic-tac-rock.yaml") if "no cell" in p["name"])
    game, _ = dealt(position["deal"])
    for text in position["moves"]:
        game.play_text(text)
    assert game.cells_for(Card.parse("KR")) == []
    assert Card.parse("KR") in game.hands[game.turn]


def plain_round_from(game: TicTacRock) -> PlainRound:
    """The brute-force model of a reference round, read through its public API."""
    tops = {cell: top for cell in ALL_CELLS if (top := game.top(cell)) is not None}
    hands = [list(hand) for hand in game.hands]
    return PlainRound(tops, hands, game.stock, game.turn, won=game.line_maker is not None)


def test_tic_tac_rock_move_generator_matches_brute_force_in_random_rounds() -> None:
    for seed in range(80):
        game = TicTacRock.deal(seed, players=2 + seed % 3)
        for position in random_positions(game, seed, limit=300):
            assert set(position.legal_moves()) == plain_round_from(position).moves()


# --- Tic-Tac-Rock, the rule text ----------------------------------------------------------


def test_tic_tac_rock_sample_hand() -> None:
    board = {"a1": cards("QL"), "b1": cards("8S"), "c1": cards("5P"), "a2": cards("6W")}
    board["b2"] = cards("7R")
    game = TicTacRock.with_board(board, [cards("10R 4S 3W"), cards("2P")], [], turn=0)
    empty = {"c2", "a3", "b3", "c3"}
    assert set(game.cells_for(Card.parse("10R"))) == empty | {"a1", "b1"}  # Lizard, Scissors
    # The text's "Scissors(4) on Paper or Scissors" is a misprint (RULINGS.md).
    assert set(game.cells_for(Card.parse("4S"))) == empty | {"c1", "a1"}  # Paper, Lizard
    assert set(game.cells_for(Card.parse("3W"))) == empty | {"b1", "b2"}  # Scissors, Rock


def test_tic_tac_rock_deal_and_first_player() -> None:
    game = TicTacRock.deal(7, players=3, dealer=2)
    assert game.turn == 0  # left of the dealer
    assert [len(hand) for hand in game.hands] == [3, 3, 3]
    assert sum(map(len, game.board)) == 1 and game.top("b2") is not None
    everything = [*game.hands[0], *game.hands[1], *game.hands[2], game.top("b2"), *game.stock]
    assert sorted(map(str, everything)) == sorted(map(str, deck(jokers=False)))


def test_tic_tac_rock_three_in_a_row_wins_and_draw_back_to_three() -> None:
    game = TicTacRock(
        [cards("9R 2P 3P"), cards("4R 5S 6W")], Card.parse("7R"), cards("8L 9L"), dealer=1
    )
    game.play_text("play 9R at a1")
    assert sorted(map(str, game.hands[0])) == ["2P", "3P", "8L"]  # drew back to three
    game.play_text("play 5S at b1")
    assert not game.is_over and "9L" in map(str, game.hands[1]) and game.stock == []
    game.play_text("play 8L at c1")
    assert sorted(map(str, game.hands[0])) == ["2P", "3P"]  # the stock is empty
    game.play_text("play 4R at c3")  # a1, b2, c3: three Rocks
    assert game.winner == 1 and game.legal_moves() == []


def test_tic_tac_rock_covered_cards_do_not_count() -> None:
    board = {"a1": cards("2S"), "b2": cards("5S 4R")}
    game = TicTacRock.with_board(board, [cards("6S"), cards("9W")], cards("2L"), turn=0)
    game.play_text("play 6S at c3")
    assert game.winner is None and game.turn == 1


def test_tic_tac_rock_stuck_player_passes_and_nobody_able_is_a_draw() -> None:
    # Columns a, b, c from row 1 up: R P R, R W P, P R W; no line of one suit.
    tops = cards("5R 5P 6R 7R 6W 7P 8P 9R 8W")
    board = {cell: [card] for cell, card in zip(ALL_CELLS, tops, strict=True)}
    game = TicTacRock.with_board(board, [cards("2R 3R"), cards("4L")], [], turn=0)
    assert game.legal_moves() == [PASS]  # Rock beats only Scissors and Lizard: none on top
    game.play_text("pass")
    assert game.turn == 1 and game.legal_moves()  # Lizard drinks Water, eats Paper
    stuck = TicTacRock.with_board(board, [cards("2R"), cards("3R")], [], turn=1)
    assert stuck.legal_moves() == [] and stuck.winner == -1


def test_tic_tac_rock_move_notation() -> None:
    assert tictacrock.parse_move("PLAY ql at B2") == ("QL", "b2")
    assert tictacrock.parse_move("pass") == PASS
    assert tictacrock.move_text(("10W", "a1")) == "play 10W at a1"
    for bad in ("play QL b2", "play XL at b2", "play QL at d9", "place QL at b2"):
        with pytest.raises(ValueError, match="not"):
            tictacrock.parse_move(bad)


def test_tic_tac_rock_playouts_end_and_keep_every_card() -> None:
    full = sorted(map(str, deck(jokers=False)))
    outcomes = set()
    for seed in range(150):
        game = TicTacRock.deal(seed)
        for _ in random_positions(game, seed, limit=300):
            pass
        kept = [card for stack in game.board for card in stack]
        kept += [*game.hands[0], *game.hands[1], *game.stock]
        assert sorted(map(str, kept)) == full
        assert game.winner == tictacrock.playout(seed)
        assert all(len(hand) <= 3 for hand in game.hands)
        outcomes.add(game.winner)
    assert {0, 1} <= outcomes


def test_tic_tac_rock_rejects_impossible_boards() -> None:
    with pytest.raises(ValueError, match="three in a row"):
        TicTacRock.with_board({c: cards("2S") for c in ("a1", "b2", "c3")}, [[], []], [], 0)
    with pytest.raises(ValueError, match="not cells"):
        TicTacRock.with_board({"d4": cards("2S")}, [[], []], [], 0)


@pytest.mark.parametrize("module", [jantori, war, tictacrock], ids=lambda m: m.__name__)
def test_reference_doctests(module: Any) -> None:
    assert doctest.testmod(module).failed == 0
