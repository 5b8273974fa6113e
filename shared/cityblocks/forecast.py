"""A forecast of each colour's final City Blocks score, for the expert level's search.

The hard level judges a position by what is on the board now (:class:`~.bots.Valuer`:
the largest area, plus sides on empty squares, open ones discounted). That misses what
is still to come: a colour whose unplayed pieces still fit beside its largest group will
grow, one that is walled in will not. The forecast adds two such terms and weighs every
term by how far the game has gone, with weights fitted on self-play games to predict each
seat's final margin, its colours' scores against the others' (``bench/cityblocks_forecast.py``,
which also prints how well each judgement predicts that margin on games it did not fit):

- ``area``: squares in the colour's largest group;
- ``hole_sides``: its sides on empty squares with no empty neighbour (never filled);
- ``open_sides``: its sides on the other empty squares;
- ``reach``: squares of its unplayed pieces that fit somewhere touching its largest group;
- ``fitting``: squares of its unplayed pieces that fit anywhere it may place them.

The weights per player count and stage are in :mod:`.forecast_weights`.
"""

from __future__ import annotations

import math

from .bots import _holes, all_touch, weights
from .forecast_weights import STAGES, WEIGHTS
from .geometry import BOARD, CORNER_ANCHORS, ORIENTS, PIECE_SIZE, all_fits, groups, neighbours, orients_of
from .scoring import edge_count
from .state import CityState

FEATURES = ("area", "hole_sides", "open_sides", "reach", "fitting")
SCALE = 12.0   # points of forecast margin that make a clear lead (as the hard level's)

Features = tuple[int, int, int, int, int]


def colour_features(state: CityState) -> list[Features]:
    """:data:`FEATURES` of each of the four colours."""
    empty = BOARD & ~state.occupied
    holes = _holes(empty)
    fits = all_fits(empty)
    out: list[Features] = []
    for colour in range(4):
        board = state.boards[colour]
        found = groups(board)
        main = found[0] if found else 0
        side_all = edge_count(board, empty)
        side_holes = edge_count(board, holes)
        played = state.played[colour]
        near = neighbours(main) & empty if played else 0
        touch = all_touch(near) if near else None
        corner = None if played else CORNER_ANCHORS[colour]
        reached = fitted = reach = fitting = 0
        for o in orients_of(played):
            piece = ORIENTS[o].piece
            anchors = fits[o] if corner is None else fits[o] & corner[o]
            if not anchors:
                continue
            if not fitted >> piece & 1:
                fitted |= 1 << piece
                fitting += PIECE_SIZE[piece]
            if touch is not None and not reached >> piece & 1 and anchors & touch[o]:
                reached |= 1 << piece
                reach += PIECE_SIZE[piece]
        out.append((main.bit_count(), side_holes, side_all - side_holes, reach, fitting))
    return out


def stage_weights(players: int, ply: int) -> tuple[float, ...]:
    """The weights of :data:`FEATURES` at ``ply``, between the two nearest fitted stages."""
    table = WEIGHTS[2 if players == 2 else 4]
    if ply <= STAGES[0]:
        return table[0]
    for i in range(len(STAGES) - 1):
        if ply <= STAGES[i + 1]:
            t = (ply - STAGES[i]) / (STAGES[i + 1] - STAGES[i])
            return tuple(a + (b - a) * t for a, b in zip(table[i], table[i + 1]))
    return table[-1]


def forecast(state: CityState) -> list[float]:
    """Each colour's forecast, in points of final margin (no constant: only the differences
    between colours count)."""
    w = stage_weights(state.players, state.ply)
    return [sum(wi * f for wi, f in zip(w, feats)) for feats in colour_features(state)]


def forecast_values(state: CityState) -> tuple[float, ...]:
    """Every seat's value in [-1, 1]: the returns once over, else its colours' forecast
    against the others' (as :func:`~.bots.weights` counts them), squashed."""
    if state.over:
        return tuple(state.returns())
    scores = forecast(state)
    return tuple(-1.0 if seat in state.left
                 else math.tanh(sum(w * s for w, s in zip(weights(state, seat), scores)) / SCALE)
                 for seat in range(state.players))
