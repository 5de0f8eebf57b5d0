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
