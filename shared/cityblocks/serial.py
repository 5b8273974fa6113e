"""States as msgpack-safe dicts (:mod:`.restore` reads them back).

The dict keeps the position itself (square lists per colour, pieces played) rather than
only the moves, so a position read from a lenient record (rule breaks let through) comes
back exactly; the history rides along as move texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .geometry import COLOURS, PIECES, SQUARE_NAMES, bits
from .layout import SEATS, first_code

if TYPE_CHECKING:
    from .state import CityState

VERSION = 1


def state_to_dict(state: CityState) -> dict[str, Any]:
    return {
        "game": "city-blocks", "version": VERSION, "players": state.players,
        "seed": state.seed, "first": first_code(state.players, state.first),
        "squares": {COLOURS[c]: [SQUARE_NAMES[i] for i in bits(b)]
                    for c, b in enumerate(state.boards)},
        "played": {COLOURS[c]: [p for i, p in enumerate(PIECES) if m >> i & 1]
                   for c, m in enumerate(state.played)},
        "ply": state.ply, "passes": state.passes, "over": state.over,
        "left": [[SEATS[state.players][s].name, at] for s, at in zip(state.left, state.left_at)],
        "moves": [m.text() for m in state.history], "auto": list(state.auto),
    }
