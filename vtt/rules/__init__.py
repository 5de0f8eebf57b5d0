"""Rule packs: the language, its loader and the engine that enforces it.

>>> game = load_game("jantori")
>>> state = game.new_state()
>>> state.apply("place P at b3")
Move('place P at b3')
>>> Move("place R at b2") in state.legal_moves
False
"""

from vtt.rules.engine import Game, LegalMoves, Outcome, State
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.moves import IllegalMove, InvalidMove, Move

__all__ = [
    "Game",
    "IllegalMove",
    "InvalidMove",
    "LegalMoves",
    "Move",
    "Outcome",
    "RulesError",
    "State",
    "load_game",
    "load_pack",
    "load_pack_text",
]
