"""A state back from the dict :mod:`.serial` wrote (``SPRAWL.state_from_dict``): the moves
replayed from the start.

Apart from :mod:`.serial` because it builds states: the state module writes its own dict
through :mod:`.serial`, so a reader there would make the two import each other.
"""

from __future__ import annotations

from shared.gamekit.api import GameError, GameSpec, IllegalMove, MalformedMove

from .board import COLOURS
from .moves import parse_move
from .serial import FORMAT, is_resign
from .state import SprawlState


def state_from_dict(spec: GameSpec, data: object) -> SprawlState:
    if not isinstance(data, dict):
        raise GameError(f"a Sprawl state is a mapping, got {type(data).__name__}")
    if data.get("game", "sprawl") != "sprawl":
        raise GameError(f"not a Sprawl state: game {data.get('game')!r}")
    if data.get("format") != FORMAT:
        raise GameError(f"unknown Sprawl state format {data.get('format')!r}")
    options = spec.options(data.get("options"))
    first = data.get("first")
    if first not in COLOURS[:options["players"]]:
        raise GameError(f"'first' must be one of the game's colours, got {first!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise GameError(f"'seed' must be a number, got {seed!r}")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise GameError("'moves' must be a list of move texts")
    state = SprawlState.new(options, seed, COLOURS.index(first))
    for i, token in enumerate(moves, start=1):
        try:
            seat = is_resign(token)
            state = state.resign(seat)[0] if seat is not None else state.play(parse_move(token))[0]
        except (IllegalMove, MalformedMove) as exc:
            raise GameError(f"move {i} {token!r} cannot be replayed: {exc}") from None
    return state
