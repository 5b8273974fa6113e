"""Alien City rules engine: pure Python, no I/O beyond what callers ask for.

    from shared.aliencity import new_game, Ruleset, parse_move
    state = new_game(Ruleset(edition=2004), seed=7)
    state = state.apply(state.legal_moves()[0])
"""

from .city import City, Tile
from .errors import (
                     AlienCityError,
                     IllegalMoveError,
                     IllegalRecordError,
                     InvalidMoveError,
                     MalformedError,
                     RecordError,
                     WrongPlayerError,
)
from .events import Built, ClaimDeclined, Claimed, Event, GameOver, PlayerSkipped
from .moves import Build, Claim, Move, Pass, move_from_dict, parse_move
from .road import Road
from .rules import Reason
from .ruleset import Ruleset
from .scoring import Bonus, Customer, ScoreBreakdown, TowerScore
from .state import MAX_CLAIMS, GameState, Phase, Step, new_game
from .types import DOMES, PIECES, TOWERS, Colour, Kind, Piece, Player, lot_name, parse_lot

__all__ = [
    "AlienCityError", "Bonus", "Build", "Built", "City", "Claim", "ClaimDeclined", "Claimed",
    "Colour", "Customer", "DOMES", "Event", "GameOver", "GameState", "IllegalMoveError",
    "IllegalRecordError", "InvalidMoveError", "Kind", "MAX_CLAIMS", "MalformedError", "Move",
    "PIECES", "Pass", "Phase", "Piece", "Player", "PlayerSkipped", "Reason", "RecordError",
    "Road", "Ruleset", "ScoreBreakdown", "Step", "TOWERS", "Tile", "TowerScore",
    "WrongPlayerError", "lot_name", "move_from_dict", "new_game", "parse_lot", "parse_move",
]
