"""Sprawl (Free Game #43, Invisible City Productions, 2003): 3-8 players grow towers and
branches of Icehouse pyramids; the fewest pips left in your stash wins.

    from shared.sprawl import SPRAWL, parse_move
    state = SPRAWL.new_state({"players": 4}, seed=7)
    state, events = state.play(state.legal_moves().random(random.Random(1)))
    state.why_not(parse_move("r:2n@c5"))      # Rejection(code, text) or None
"""

from .board import COLOURS, LETTERS, board_size, parse_square, square_name
from .moves import Branch, Build, Legal, Move, Place, parse_move
from .spec import SPRAWL, SprawlSpec
from .state import VARIANTS, SprawlState

__all__ = ["COLOURS", "LETTERS", "SPRAWL", "Branch", "Build", "Legal", "Move", "Place",
           "SprawlSpec", "SprawlState", "VARIANTS", "board_size", "parse_move", "parse_square",
           "square_name"]
