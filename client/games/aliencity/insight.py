"""Engine answers the board view asks for, memoised so hovering stays cheap (no pygame).

Every number here comes from the engine: road queries (``state.road``) and score
breakdowns (``state.score()``). Two questions have no direct engine call, and are
answered by asking the engine a slightly different question instead of re-deriving a rule:

- *what would this unclaimed tower score?* The tower is capped on a copy of the state
  (``claim_anyway``, the engine's own lenient claim) and that copy is scored;
- *what would this build change?* The build is applied (``state.apply``) and scored.

Both are cached per (state, question); states are immutable, so identity is the key.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from shared.aliencity import PIECES, Build, Claim, GameState, Kind, Player, ScoreBreakdown, TowerScore
from shared.aliencity.geometry import bits
from shared.aliencity.state import claim_anyway
from shared.i18n import current_language


@dataclass(frozen=True)
class Reach:
    """What a structure reaches along the road (all from ``Road`` queries)."""

    source: int
    layers: tuple[int, ...]  # empty lots at distance 1, 2, ... (bit masks)
    rings: tuple[int, ...]  # structures at distance 1, 2, ... (bit masks)
    near: tuple[tuple[int, int], ...]  # (lot, distance) of structures within distance 2
    counting: frozenset[int] | None  # towers: the engine's customers among ``near``
    target: int | None  # nearest other tower of the source's colour
    length: int | None  # road distance to it
    path: tuple[int, ...]  # empty lots walked to it

    @property
    def distances(self) -> dict[int, int]:
        out = {}
        for d, layer in enumerate(self.layers, start=1):
            for lot in bits(layer):
                out[lot] = d
        return out


class Insight:
    """Memoised engine queries for one client (one per board screen)."""

    def __init__(self, limit: int = 96) -> None:
        self.limit = limit
        self._cache: OrderedDict[tuple, tuple[GameState, object]] = OrderedDict()

    def _memo(self, state: GameState, key: tuple, make):
        full = (id(state), current_language()) + key  # the engine's notes are words
        hit = self._cache.get(full)
        if hit is not None and hit[0] is state:
            self._cache.move_to_end(full)
            return hit[1]
        value = make()
        self._cache[full] = (state, value)
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return value

    # -- towers -----------------------------------------------------------------------
    def tower(self, state: GameState, lot: int) -> TowerScore | None:
        """The engine's score of the tower on ``lot`` as if it were claimed now (a claimed
        tower: exactly as the breakdown scores it). ``None`` when there is no tower."""
        piece = state.piece_at(lot)
        if piece is None or piece.kind is not Kind.TOWER:
            return None
        return self._memo(state, ("tower", lot), lambda: _tower_score(state, lot))

    def claimed(self, state: GameState) -> dict[int, TowerScore]:
        """Claimed towers by lot, from the live breakdown."""
        return self._memo(state, ("claimed",), lambda: {t.lot: t for t in state.score().towers})

    # -- the road from a structure ----------------------------------------------------
    def reach(self, state: GameState, lot: int) -> Reach | None:
        """Road layers, nearby structures and the nearest same-colour tower of ``lot``."""
        if state.piece_at(lot) is None:
            return None
        return self._memo(state, ("reach", lot), lambda: self._reach(state, lot))

    def _reach(self, state: GameState, lot: int) -> Reach:
        road = state.road
        layers = tuple(road.layers(lot))
        rings = tuple(road.structure_rings(lot))
        near = tuple((s, d) for d, ring in enumerate(rings[:2], start=1) for s in bits(ring))
        piece = state.piece_at(lot)
        counting = None
        if piece.kind is Kind.TOWER:
            ts = self.tower(state, lot)
            counting = frozenset(c.lot for c in ts.customers)
            target, length, path = ts.competitor, ts.competition, ts.path
            if target is None:
                length = None
        else:
            target, length, path = _nearest_tower(state, lot, rings, piece.colour)
        return Reach(lot, layers, rings, near, counting, target, length, path)

    def between(self, state: GameState, a: int, b: int) -> tuple[int | None, tuple[int, ...]]:
        """Road distance and one shortest path between structures ``a`` and ``b``."""
        def make():
            road = state.road
            d = road.distance(a, b)
            path = road.path(a, b) if d is not None else None
            return d, tuple(path or ())
        return self._memo(state, ("between", a, b), make)

    # -- previews ---------------------------------------------------------------------
    def preview(self, state: GameState, build: Build) -> ScoreBreakdown | None:
        """The breakdown after ``build`` (None when the engine refuses the build)."""
        def make():
            if state.why_not(build) is not None:
                return None
            return state.apply(build).score()
        return self._memo(state, ("preview", build.piece.index, build.lot), make)


def _tower_score(state: GameState, lot: int) -> TowerScore:
    if state.caps[lot]:
        return next(t for t in state.score().towers if t.lot == lot)
    capped = claim_anyway(state, Player.BLACK, Claim(lot)).state
    return next(t for t in capped.score().towers if t.lot == lot)


def _nearest_tower(state: GameState, source: int, rings: tuple[int, ...], colour):
    """For a dome: the first road ring holding a tower of its colour (road queries only)."""
    for d, ring in enumerate(rings, start=1):
        for s in bits(ring):
            piece = PIECES[state.board[s] - 1]
            if piece.kind is Kind.TOWER and piece.colour is colour:
                return s, d, tuple(state.road.path(source, s) or ())
    return None, None, ()
