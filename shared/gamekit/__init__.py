"""The platform's game contract (:mod:`.api`), its registry and the game-generic search.

    from shared.gamekit import builtin_games
    games = builtin_games()
    spec = games["alien-city"]
    state = spec.new_state(spec.options({}), seed=7)
    state, events = state.play(state.legal_moves().random(random.Random(1)))
"""

from .api import (
                  BadOptions,
                  Bot,
                  GameError,
                  GameSpec,
                  IllegalMove,
                  LegalMoves,
                  MalformedMove,
                  MoveMapField,
                  OptionField,
                  Record,
                  RecordError,
                  Rejection,
                  SeatInfo,
                  State,
                  places_from_scores,
                  read_move_map,
                  returns_from_places,
)
from .registry import Registry, UnknownGame, builtin_games
from .report import Report

__all__ = ["BadOptions", "Bot", "GameError", "GameSpec", "IllegalMove", "LegalMoves",
           "MalformedMove", "MoveMapField", "OptionField", "Record", "RecordError", "Registry",
           "Rejection", "Report", "SeatInfo", "State", "UnknownGame", "builtin_games",
           "places_from_scores", "read_move_map", "returns_from_places"]
