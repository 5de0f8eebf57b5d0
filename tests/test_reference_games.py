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
from benchmarks.reference.jantori import BLACK, WHITE, Jantori
from benchmarks.reference.tictacrock import PASS, TicTacRock
from benchmarks.reference.war import DRAW, War
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


def plain_jantori_from(game: Jantori) -> PlainJantori:
    """The brute-force model of a reference position, read through its public API."""
    tops = {cell: top for cell in ALL_CELLS if (top := game.top(cell)) is not None}
    hands = [game.hand(WHITE), game.hand(BLACK)]
    return PlainJantori(tops, list(game.markers), hands, game.turn)


@pytest.mark.parametrize("position", load_fixture("jantori.yaml"), ids=lambda p: p["name"])
def test_jantori_perft_fixture(position: dict[str, Any]) -> None:
    assert position["options"] == {}
    game, plain = Jantori(), PlainJantori()
    for text in position["moves"]:
        move = jantori.parse_move(text)
        assert move in plain.moves(), f"{text} is illegal for the brute-force model"
        game.play_text(text)
        plain = plain.after(move)
    counts = position["counts"]
    assert [jantori.perft(game, d) for d in range(1, len(counts) + 1)] == counts
    assert [plain_perft(plain, d) for d in range(1, len(counts) + 1)] == counts


def test_jantori_move_generator_matches_brute_force_in_random_games() -> None:
    for seed in range(60):
        for game in random_positions(Jantori(), seed, limit=24):
            moves = game.legal_moves()
            assert len(moves) == len(set(moves))
            assert set(moves) == plain_jantori_from(game).moves()


# --- JANTORI, the rule text ---------------------------------------------------------


def test_jantori_start_is_two_cells_next_to_white_marker_never_diagonal() -> None:
    game = Jantori()
    assert game.turn == WHITE
    assert game.markers == ("a3", "c1")
    assert game.top("a3") is None and game.top("c1") is None
    assert game.hand(WHITE) == game.hand(BLACK) == {"R": 4, "P": 4, "S": 4}
    assert {cell for _, cell in game.legal_moves()} == {"a2", "b3"}  # b2 is diagonal


def test_jantori_jump_over_the_opponent_marker_and_never_onto_it() -> None:
    game = Jantori()
    for text in ("place R at b3", "place S at c2", "place P at b2"):
        game.play_text(text)
    cells = {cell for _, cell in game.legal_moves()}
    assert cells == {"c1", "c3", "a2"}  # a2 is the jump over White's marker on b2
    with pytest.raises(ValueError, match="illegal"):
        game.play_text("place R at b2")


def test_jantori_no_rock_or_scissors_on_an_opponent_rock() -> None:
    rock = {"b2": [(BLACK, "R")]}
    game = Jantori.from_position(rock, ("a2", "c1"), WHITE)
    # "Cannot place Scissors or Rock on opponent's Rock": only Paper covers it.
    assert {piece for piece, cell in game.legal_moves() if cell == "b2"} == {"P"}
    game = Jantori.from_position(rock, ("a2", "b2"), WHITE)
    assert {cell for _, cell in game.legal_moves()} == {"a1", "a3", "c2"}  # c2: the jump


def test_jantori_own_piece_may_be_covered_by_any_piece() -> None:
    game = Jantori.from_position({"a2": [(WHITE, "R")]}, ("a3", "c1"), WHITE)
    assert {piece for piece, cell in game.legal_moves() if cell == "a2"} == {"R", "P", "S"}


def test_jantori_blocked_player_with_pieces_left_loses_at_once() -> None:
    stacks = {"a2": [(BLACK, "P")], "b3": [(BLACK, "P")], "c3": [(WHITE, "S")] * 4}
    game = Jantori.from_position(stacks, ("a3", "b2"), WHITE)
    assert game.hand(WHITE)["S"] == 0
    assert game.legal_moves() == []
    assert game.winner == BLACK and game.is_over


def _last_black_placement(black_top: str) -> Jantori:
    """All of White's pieces on a3 (Paper on top), Black's but one Paper on c1."""
    white = [(WHITE, p) for p in "RRRRSSSSPPPP"]
    pieces = list("RRRRSSSSPPP")
    pieces.remove(black_top)
    black = [(BLACK, p) for p in [*pieces, black_top]]
    game = Jantori.from_position({"a3": white, "c1": black}, ("a3", "c1"), BLACK)
    assert game.placed == 23 and game.hand(BLACK) == {"R": 0, "P": 1, "S": 0}
    return game


def test_jantori_score_tie_goes_to_white() -> None:
    game = _last_black_placement("R")
    game.play_text("place P at c2")  # Black: Rock 0 + Paper 5 against White's Paper 5
    assert game.scores() == (5, 5)
    assert game.legal_moves() == [] and game.winner == WHITE


def test_jantori_higher_score_wins() -> None:
    game = _last_black_placement("S")
    game.play_text("place P at b1")  # Black: Scissors 2 + Paper 5 = 7 against 5
    assert game.scores() == (5, 7) and game.winner == BLACK


def test_jantori_undo_and_copy_restore_the_position() -> None:
    game = Jantori()
    before = str(game), game.hand(WHITE)
    twin = game.copy()
    game.play(("P", "a2"))
    game.play(("S", "b1"))
    assert str(twin) == before[0]
    game.undo()
    game.undo()
    assert (str(game), game.hand(WHITE)) == before
    assert game.legal_moves() == twin.legal_moves()


def test_jantori_move_notation() -> None:
    assert jantori.parse_move("Place r AT B2") == ("R", "b2")
    assert jantori.move_text(("S", "c3")) == "place S at c3"
    for bad in ("place X at b2", "place R at d4", "put R at b2", "place R b2"):
        with pytest.raises(ValueError, match="not a JANTORI move"):
            jantori.parse_move(bad)


def test_jantori_playouts_end_and_keep_all_pieces() -> None:
    winners = set()
    for seed in range(200):
        game = Jantori()
        for _ in random_positions(game, seed, limit=24):
            pass
        on_board = sum(len(stack) for stack in game.stacks)
        in_hand = sum(sum(game.hand(p).values()) for p in (WHITE, BLACK))
        assert on_board == game.placed and on_board + in_hand == 24
        assert game.winner in (WHITE, BLACK)
        if game.placed < 24:
            assert game.winner == 1 - game.turn
        winners.add(jantori.playout(seed))
    assert winners == {WHITE, BLACK}


# --- War -----------------------------------------------------------------------------


def test_war_stronger_suit_wins_the_round() -> None:
    game = War([cards("JP 9R"), cards("2L 3S")])
    assert game.play_round() == 1  # "Lizard eats Paper. The Two of Lizard wins!"
    assert game.won == [[], cards("JP 2L")]
    assert game.play_round() == 0  # Rock blunts Scissors


def test_war_a_joker_reverses_the_rules() -> None:
    assert War([cards("JkP"), cards("2L")]).play_round() == 0
    assert War([cards("5R"), cards("JkL")]).play_round() == 1  # not "Rock crushes Lizard"
    assert War([cards("JkW"), cards("JkR")]).play_round() == 1  # Water erodes Rock, reversed


def test_war_same_suit_goes_to_war_three_down_one_up() -> None:
    first, second = cards("JkR 2P 3P 4P 5S 9L"), cards("5R 2W 3W 4W 6P 9W")
    game = War([first, second])
    assert game.play_round() == 0  # JkR and 5R are both Rock; 5S vs 6P: Scissors cut Paper
    assert sorted(map(str, game.won[0])) == sorted(map(str, first[:5] + second[:5]))
    assert [list(stack) for stack in game.stacks] == [cards("9L"), cards("9W")]


def test_war_short_player_turns_up_their_last_card() -> None:
    game = War([cards("7R 2W"), cards("8R 3P 4P 5P 6S")])
    assert game.play_round() == 0  # 2W is face up at once: Water rusts Scissors
    assert len(game.won[0]) == 7 and list(game.stacks[1]) == []


def test_war_player_with_no_card_loses_the_war() -> None:
    game = War([cards("7R"), cards("8R 3P")])
    assert game.play_round() == 1
    assert sorted(map(str, game.won[1])) == ["7R", "8R"] and game.is_over


def test_war_cards_nobody_can_fight_for_stay_unclaimed() -> None:
    game = War([cards("7R"), cards("8R")])
    assert game.play_round() is None
    assert game.unclaimed == cards("7R 8R") and game.winner == DRAW


def test_war_most_cards_won_wins_and_equal_is_a_draw() -> None:
    game = War([cards("JP 2W"), cards("2L 3R")])
    game.play_round()
    assert game.won == [[], cards("JP 2L")]  # and the game goes on
    game.play_round()  # Water erodes Rock: 2 cards each
    assert game.is_over and game.winner == DRAW
    with pytest.raises(ValueError, match="over"):
        game.play_round()


@pytest.mark.parametrize(("jokers", "sizes"), [(True, (35, 35)), (False, (33, 32))])
def test_war_deal_and_playouts_keep_every_card(jokers: bool, sizes: tuple[int, int]) -> None:
    full = sorted(map(str, deck(jokers=jokers)))
    outcomes = set()
    for seed in range(150):
        game = war.deal(seed, jokers=jokers)
        assert tuple(len(stack) for stack in game.stacks) == sizes
        while not game.is_over:
            game.play_round()
            assert game.rounds <= sizes[1]  # every round takes a card from each stack
        kept = [*game.won[0], *game.won[1], *game.unclaimed, *game.stacks[0], *game.stacks[1]]
        assert sorted(map(str, kept)) == full
        assert game.winner == war.playout(seed, jokers=jokers)
        outcomes.add(game.winner)
    assert {0, 1} <= outcomes


def play_by_rounds(seed: int, jokers: bool) -> War:
    """A dealt game played to the end with ``play_round``."""
    game = war.deal(seed, jokers=jokers)
    while not game.is_over:
        game.play_round()
    return game


@pytest.mark.parametrize("jokers", [True, False])
def test_war_moves_and_rounds_play_the_same_game(jokers: bool) -> None:
    winners = set()
    for seed in range(200):
        by_rounds = play_by_rounds(seed, jokers)
        by_moves = war.deal(seed, jokers=jokers)
        flips = sum(1 for _ in random_positions(by_moves, seed, limit=70)) - 1
        assert flips == 2 * by_moves.rounds
        assert [len(won) for won in by_moves.won] == [len(won) for won in by_rounds.won]
        assert by_moves.won == by_rounds.won and by_moves.unclaimed == by_rounds.unclaimed
        assert by_moves.rounds == by_rounds.rounds
        assert by_moves.winner == by_rounds.winner == war.playout_moves(seed, jokers=jokers)
        assert war.playout_moves(seed, jokers=jokers) == war.playout(seed, jokers=jokers)
        winners.add(by_moves.winner)
    assert {0, 1} <= winners


def test_war_players_flip_in_turn_and_moves_end_with_the_game() -> None:
    for seed in range(40):
        game = war.deal(seed)
        expected_turn = 0
        for position in random_positions(game, seed, limit=70):
            moves = position.legal_moves()
            assert (moves == []) == position.is_over == (position.to_move is None)
            if moves:
                assert moves == [war.FLIP] and position.winner is None
                assert position.to_move == expected_turn
                expected_turn = 1 - expected_turn
        assert expected_turn == 0  # the game ends only after player 1's flip
        assert game.winner is not None


def test_war_first_flip_waits_for_the_second() -> None:
    game = War([cards("7R"), cards("8P 9S")])
    game.play(war.FLIP)  # player 0's stack is empty, but the round is not over
    assert game.face_up == cards("7R") and not game.is_over and game.winner is None
    assert game.to_move == 1 and game.legal_moves() == [war.FLIP]
    assert game.won == [[], []]
    game.play(war.FLIP)  # Paper covers Rock
    assert game.won == [[], cards("7R 8P")] and game.face_up == []
    assert game.is_over and game.winner == 1 and game.rounds == 1


def test_war_play_round_finishes_a_round_player_zero_began() -> None:
    game = War([cards("7R 2S"), cards("8P 3L")])
    game.play(war.FLIP)
    assert game.play_round() == 1  # only player 1 flips: 8P covers 7R
    assert [list(stack) for stack in game.stacks] == [cards("2S"), cards("3L")]
    assert game.to_move == 0 and game.play_round() == 0  # Scissors decapitate Lizard


def test_war_play_rejects_a_finished_game_and_other_moves() -> None:
    game = War([cards("JP"), cards("2L")])
    with pytest.raises(ValueError, match="not a War move"):
        game.play("draw")
    assert game.to_move == 0 and len(game.stacks[0]) == 1  # nothing happened
    game.play(war.FLIP)
    game.play(war.FLIP)
    assert game.legal_moves() == []
    with pytest.raises(ValueError, match="over"):
        game.play(war.FLIP)
    with pytest.raises(ValueError, match="over"):
        War([cards("JP"), []]).play(war.FLIP)


def test_war_legal_moves_are_a_fresh_list() -> None:
    game = War([cards("JP 3R"), cards("2L 4W")])
    game.legal_moves().append("flip")
    assert game.legal_moves() == [war.FLIP]


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
