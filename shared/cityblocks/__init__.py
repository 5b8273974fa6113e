"""City Blocks (Jeremy Ritchie): 2-4 players place pentomino-family pieces on a 20x20
board; each colour scores its largest side-connected area plus its sides bordering empty
squares. Pure Python, bitboards over ints; the platform adapter is :mod:`.spec`.

    from shared.cityblocks import new_state, parse_move
    state = new_state(players=4, seed=7)
    print(len(state.legal_moves()), state.why_not(parse_move("b:V3:a1,a2,b1")))
"""

from .moves import Move, parse_move, pass_move
from .spec import CITY_BLOCKS, CityBlocksSpec  # noqa: E402 - sets CityState.spec
from .state import CityState, Placements, new_state

__all__ = ["CITY_BLOCKS", "CityBlocksSpec", "CityState", "Move", "Placements", "new_state",
           "parse_move", "pass_move"]
