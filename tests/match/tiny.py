"""Tiny: the smallest pack with a deal, a move and an end, for the tests of games carried
over into edited rules (``Match.reloaded``) and of games pinned to their pack's text;
and the edit after which the third card played no longer applies."""

from __future__ import annotations

__all__ = ["PLAY_EFFECTS", "TINY", "TWO_AT_MOST", "tiny"]


def tiny(hand: str = "owner") -> str:
    """Tiny's text, its hands of the given visibility (``owner`` or ``everyone``)."""
    return f"""\
format: 1
id: tiny
name: Tiny
players: {{min: 2, max: 2}}
components:
  deck: {{cards: "deck()", start: pile}}
zones:
  pile: {{visibility: nobody, label: the deck}}
  hand: {{per: player, visibility: {hand}}}
  middle: {{visibility: everyone, label: the middle}}
setup:
  - shuffle: pile
  - deal: {{from: pile, to: hand, count: 3}}
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [play, pass]
moves:
  play:
    text: "play {{card}}"
    args: {{card: {{type: card, from: "hand[me]"}}}}
    effects:
      - move: {{what: card, from: "hand[me]", to: middle}}
  pass:
    text: pass
end:
  - check: "all(empty(hand[p]) for p in players)"
    winners: "[]"
    reason: every card is played
"""


TINY = tiny()
#: The play move's effect, after which an edit adds its lines.
PLAY_EFFECTS = '      - move: {what: card, from: "hand[me]", to: middle}\n'
#: The edit's lines: the middle holds two cards at most.
TWO_AT_MOST = (
    "    when:\n"
    '      - check: "count(middle) < 2"\n'
    "        message: the middle holds two cards at most\n"
)
