"""What the ruling tests share: the empty and the coloured city, and short ways to ask
the engine why a move is refused or where a piece may go.

Pictures are read by ``shared.aliencity.diagram.position``: rows 10 down to 1, columns
a to h; ``.`` empty, ``R B G`` towers, ``r b g k`` domes, a tower followed by ``b``/``w``
claimed by Black/White. The default city is twenty black null tiles with their icon in
the top-left lot, so icon lots are a2 c2 e2 g2, a4 c4 ... g10 (columns a c e g, even rows).
"""

from __future__ import annotations

from shared.aliencity import Pass, Phase, Piece, Player, parse_move

from .helpers import make_city, name

BLACK, WHITE = Player.BLACK, Player.WHITE

EMPTY = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . . . . . . . .
"""

# A city with one tile of each guild colour; the rest black. Tile c3-d4 red, a7-b8 blue,
# c7-d8 green, all with their icon top-left (c4, a8, c8).
COLOURED = make_city(c3="Sn^", a7="An^", c7="Cn^")


def why(state, text):
    """The engine's reason (or None) for the move ``text`` by the player to move."""
    return state.why_not(parse_move(text))


def rule(state, text):
    reason = why(state, text)
    return None if reason is None else reason.rule


def legal(state, piece_code, player=None):
    """Names of the lots where ``piece_code`` may be built now."""
    return {name(x) for x in state.legal_lots(Piece.parse(piece_code), player)}


def whole_turn(state, text):
    """Play a build, then pass if a claim step follows; return (state, all events)."""
    step = state.play(parse_move(text))
    events = list(step.events)
    state = step.state
    if state.phase is Phase.CLAIM:
        step = state.play(Pass())
        events += step.events
        state = step.state
    return state, events


# Column e is a wall from e1 to e9; the road goes round it through e10.
WALL_BARE = """
10  . . . . . . . .
 9  . . . . k . . .
 8  . . . . k . . .
 7  . . . . k . . .
 6  . . . . k . . .
 5  . . . . k . . .
 4  . . . . k . . .
 3  . . . . k . . .
 2  . . . . k . . .
 1  . . . B G . . .
"""
WALL = (WALL_BARE.replace(" 4  . . . . k .", " 4  . . . . k b")
        .replace(" 3  . . . .", " 3  . . . R"))
