"""Small packs whose best play is known, for testing agents."""

from vtt.rules.loader import load_pack_text

#: Each seat picks one of its cards in secret; the higher rank wins (one round). The
#: first seat's 9 always wins; the second seat's 8 wins against two cards of three.
HIGHER = """
format: 1
id: higher
name: Higher
players: {min: 2, max: 2}
components:
  one: {cards: "cards('2R 5R 9R')", start: "hand[0]"}
  two: {cards: "cards('3P 4P 8P')", start: "hand[1]"}
zones:
  hand: {per: player, visibility: owner}
  chosen: {per: player, visibility: owner}
  shown: {per: player, visibility: everyone}
vars:
  wins: {per: player, initial: 0}
  rounds: {initial: 0}
scores: list(wins)
flow:
  start: pick
  phases:
    pick:
      turn: each
      moves: [play]
      then:
        - for: {each: p, in: seats, do: [{move: {from: "chosen[p]", to: "shown[p]"}}]}
        - let: {a: "top(shown[0]).rank", b: "top(shown[1]).rank"}
        - if: "a > b"
          then: [{add: {"wins[0]": 1}}]
        - if: "b > a"
          then: [{add: {"wins[1]": 1}}]
        - add: {rounds: 1}
        - if: "rounds >= 1"
          then:
            - end_game: {winners: "[p for p in seats if wins[p] > wins[1 - p]]", reason: over}
        - phase: pick
moves:
  play:
    text: "play {card}"
    secret: true
    args:
      card: {type: card, from: "hand[me]"}
    effects:
      - move: {what: card, from: "hand[me]", to: "chosen[me]"}
"""


def higher():
    """The Higher pack."""
    return load_pack_text(HIGHER, "higher.yaml")


#: Each seat passes three of its twelve cards in secret (220 ways); the higher sum of
#: ranks passed wins. The best choice is the three highest, a set tried once at most
#: among 220 when a search budget is a few hundred iterations.
BEST_THREE = """
format: 1
id: best-three
name: Best three
players: {min: 2, max: 2}
components:
  one: {cards: "cards('2R 3R 4R 5R 6R 7R 8R 9R 10R JR QR KR')", start: "hand[0]"}
  two: {cards: "cards('2P 3P 4P 5P 6P 7P 8P 9P 10P JP QP KP')", start: "hand[1]"}
zones:
  hand: {per: player, visibility: owner}
  chosen: {per: player, visibility: owner}
vars:
  sums: {per: player, initial: 0}
scores: list(sums)
flow:
  start: pick
  phases:
    pick:
      turn: each
      moves: [give]
      then:
        - for:
            each: p
            in: seats
            do: [{set: {"sums[p]": "sum(rank_value(c) for c in chosen[p])"}}]
        - end_game:
            winners: "[p for p in seats if sums[p] > sums[1 - p]]"
            reason: passed
moves:
  give:
    text: "give {given}"
    secret: true
    args:
      given: {type: cards, from: "hand[me]", min: 3, max: 3}
    effects:
      - move: {what: given, from: "hand[me]", to: "chosen[me]"}
"""


def best_three():
    """The Best three pack."""
    return load_pack_text(BEST_THREE, "best-three.yaml")


#: Both seats may only pass: the game never ends (a first draft's loop). Its
#: ``max_moves:`` is added by ``write_pack`` when asked.
LOOP = """
format: 1
id: loop
name: Endless Passing
players: {min: 2, max: 2}
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [pass]
moves:
  pass:
    text: "pass"
"""

#: Each move adds one to n and then divides by 3 - n: the third move divides by zero,
#: a pack bug found only in play.
FAILS_IN_PLAY = """
format: 1
id: fails-in-play
name: Fails in Play
players: {min: 2, max: 2}
vars:
  n: {initial: 0}
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [step]
moves:
  step:
    text: "step"
    effects:
      - add: {n: 1}
      - set: {n: "n + 0 // (3 - n)"}
end:
  - check: "n > 10"
    winners: "[0]"
    reason: counted
"""

#: The computer's value is one number per seat until n reaches 3, then a mapping: Greedy
#: fails when it weighs a step from n = 2.
VALUE_TURNS_MAPPING = """
format: 1
id: value-mapping
name: Value Mapping
players: {min: 2, max: 2}
vars:
  n: {initial: 0}
value: "[n, 0] if n < 3 else {'lead': n}"
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [step, wait]
moves:
  step:
    text: "step"
    effects:
      - add: {n: 1}
  wait:
    text: "wait"
end:
  - check: "n > 5"
    winners: "[0]"
    reason: counted
"""


def write_pack(folder, text: str, max_moves: int | None = None) -> str:
    """Write a pack's text (with ``max_moves:`` if given) as FOLDER/ID/pack.yaml; its path."""
    pack_id = text.split("id: ", 1)[1].split("\n", 1)[0]
    path = folder / pack_id / "pack.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + (f"max_moves: {max_moves}\n" if max_moves else ""), encoding="utf-8")
    return str(path)
