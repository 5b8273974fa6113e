"""A state back from the dict :mod:`.serial` wrote (``CITY_BLOCKS.state_from_dict``).

Apart from :mod:`.serial` because it builds states: the state module writes its own dict
through :mod:`.serial`, so a reader there would make the two import each other.
"""

from __future__ import annotations

from shared.gamekit.api import GameError

from .geometry import BOARD, COLOURS, PIECE_INDEX, SQUARE_NAMES
from .layout import SEATS, first_from_code
from .moves import parse_move
from .serial import VERSION
from .state import CityState

_SQUARE_BITS = {name: i for i, name in SQUARE_NAMES.items()}


def _fail(why: str) -> GameError:
    return GameError(f"not a City Blocks state: {why}")


def state_from_dict(data: object) -> CityState:
    """Raises :class:`GameError` on anything that is not a state we wrote."""
    if not isinstance(data, dict) or data.get("game") != "city-blocks":
        raise _fail("no 'game': 'city-blocks'")
    if data.get("version") != VERSION:
        raise _fail(f"unknown version {data.get('version')!r}")
    try:
        players = data["players"]
        if players not in (2, 3, 4):
            raise _fail(f"players must be 2, 3 or 4, got {players!r}")
        first = first_from_code(players, str(data["first"]))
        if first is None:
            raise _fail(f"bad first {data['first']!r}")
        boards, played = [], []
        for name in COLOURS:
            mask = 0
            for sq in data["squares"][name]:
                mask |= 1 << _SQUARE_BITS[sq]
            boards.append(mask)
            pm = 0
            for p in data["played"][name]:
                pm |= 1 << PIECE_INDEX[p]
            played.append(pm)
        names = [s.name for s in SEATS[players]]
        left = tuple(names.index(n) for n, _ in data["left"])
        left_at = tuple(int(at) for _, at in data["left"])
        history = tuple(parse_move(t) for t in data["moves"])
        auto = tuple(int(i) for i in data["auto"])
        ply, passes, over = int(data["ply"]), int(data["passes"]), bool(data["over"])
        seed = data["seed"]
    except GameError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail(f"{type(exc).__name__}: {exc}") from None
    total = 0
    for b in boards:
        if b & total or b & ~BOARD:
            raise _fail("colours overlap")
        total |= b
    return CityState(players, seed, first, tuple(boards), tuple(played), ply, passes, left,
                     left_at, over, history, auto)
