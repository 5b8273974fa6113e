"""Fast board facts for the bots, read from the engine's public state fields.

The engine's ``score()`` builds a full breakdown (paths, notes) for people; a search asks
for the score thousands of times per move, so the bots keep their own bit-set geometry
and an exact, allocation-light score (tests check it against ``state.score().totals``).
Board codes (see ``GameState``): ``board[lot]`` 0 empty, 1-3 red/blue/green tower,
4-7 red/blue/green/black dome; ``caps[lot]`` 0 unclaimed, 1 Black, 2 White.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from shared.aliencity import GameState

COLUMNS = 8
ROWS = 10
LOTS = COLUMNS * ROWS
FULL = (1 << LOTS) - 1
_COL_A = sum(1 << (r * COLUMNS) for r in range(ROWS))
NOT_A = FULL & ~_COL_A
NOT_H = FULL & ~(_COL_A << (COLUMNS - 1))
BONUS_REACH = 4
RED, BLUE, GREEN = 0, 1, 2


def spread(mask: int) -> int:
    """Lots orthogonally next to ``mask`` (``mask`` itself not included)."""
    return (((mask << COLUMNS) & FULL) | (mask >> COLUMNS)
            | ((mask << 1) & NOT_A) | ((mask >> 1) & NOT_H))


NEIGHBOURS: tuple[int, ...] = tuple(spread(1 << lot) for lot in range(LOTS))


def colour_of(code: int) -> int:
    """Colour index (0 red, 1 blue, 2 green, 3 black) of a board code."""
    return code - 1 if code <= 3 else code - 4


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(slots=True)
class Tower:
    """What one tower scores now, and the road layers around it (for threat tests)."""

    lot: int
    colour: int
    owner: int  # -1 unclaimed, 0 Black, 1 White
    customers: int
    competition: int  # road distance to the nearest other tower of its colour; 0 if none
    layers: list[int]  # empty lots at road distance 1, 2, ... (as far as was walked)

    @property
    def points(self) -> int:
        return self.customers * self.competition


class Board:
    """Masks and tower facts of one state, computed once (a state is immutable)."""

    __slots__ = ("state", "occupied", "empty", "colour_mask", "tower_mask", "towers")

    def __init__(self, state: GameState) -> None:
        self.state = state
        board, caps = state.board, state.caps
        colour_mask = [0, 0, 0, 0]
        tower_mask = [0, 0, 0]
        occupied = state.occupied  # cached by the engine, kept up to date move by move
        tower_lots = []
        rest = occupied
        while rest:  # only the built lots, not all eighty
            bit = rest & -rest
            rest ^= bit
            lot = bit.bit_length() - 1
            code = board[lot]
            if code <= 3:
                tower_mask[code - 1] |= bit
                colour_mask[code - 1] |= bit
                tower_lots.append(lot)
            else:
                colour_mask[code - 4] |= bit
        self.occupied = occupied
        self.empty = FULL & ~occupied
        self.colour_mask = colour_mask
        self.tower_mask = tower_mask
        self.towers = [self._tower(lot, board[lot] - 1, caps[lot] - 1) for lot in tower_lots]

    def _tower(self, lot: int, colour: int, owner: int) -> Tower:
        """Walk the road outwards until the customers and the competition are known
        (the whole road when the tower has no rival yet). ``spread`` is inlined: this
        loop is most of the cost of an evaluation."""
        empty, occupied = self.empty, self.occupied
        others = self.colour_mask[colour]
        rivals = self.tower_mask[colour] & ~(1 << lot)
        layer = NEIGHBOURS[lot] & empty
        seen_road = layer
        seen = 1 << lot
        layers = []
        customers = competition = 0
        d = 0
        while layer:
            d += 1
            layers.append(layer)
            around = (((layer << COLUMNS) & FULL) | (layer >> COLUMNS)
                      | ((layer << 1) & NOT_A) | ((layer >> 1) & NOT_H))
            ring = around & occupied & ~seen
            seen |= ring
            if d <= 2:
                customers += (ring & ~others).bit_count()
            if not competition and ring & rivals:
                competition = d
            if competition and d >= 2:
                break
            layer = around & empty & ~seen_road
            seen_road |= layer
        return Tower(lot, colour, owner, customers, competition, layers)

    def nearest(self, source: int, targets: int, reach: int) -> tuple[int, int]:
        """(distance, mask of the nearest structures of ``targets``) within ``reach``."""
        empty, occupied = self.empty, self.occupied
        layer = NEIGHBOURS[source] & empty
        seen_road = layer
        seen = 1 << source
        for d in range(1, reach + 1):
            if not layer:
                break
            ring = spread(layer) & occupied & ~seen
            if ring & targets:
                return d, ring & targets
            seen |= ring
            layer = spread(layer) & empty & ~seen_road
            seen_road |= layer
        return 0, 0

    def green_bonuses(self) -> list[int]:
        """Green-tower bonuses paid now, per player (exact: the rules of the ruleset)."""
        paid = [0, 0]
        caps = self.state.caps
        edition = self.state.ruleset.edition
        for green in iter_bits(self.tower_mask[GREEN]):
            if caps[green]:
                continue
            for colour in (RED, BLUE):
                d, nearest = self.nearest(green, self.tower_mask[colour], BONUS_REACH)
                if not d:
                    continue
                owners = {caps[t] for t in iter_bits(nearest)}
                if len(owners) != 1 or 0 in owners:
                    continue
                if edition == 2002 and nearest.bit_count() > 1:
                    continue
                paid[owners.pop() - 1] += 10 - 2 * d
        return paid

    def location_points(self) -> list[int]:
        """Location-variant points per player (0 when the variant is off)."""
        state = self.state
        out = [0, 0]
        if not state.ruleset.location_bonus:
            return out
        claimed = [(t, state.city.tile_at(t.lot).rank) for t in self.towers if t.owner >= 0]
        ranks = [rank for _, rank in claimed]
        for t, rank in claimed:
            if ranks.count(rank) == 1:
                out[t.owner] += rank
        return out

    def totals(self) -> list[int]:
        """The score now, per player [Black, White]: equal to ``state.score().totals``."""
        out = self.green_bonuses()
        for t in self.towers:
            if t.owner >= 0:
                out[t.owner] += t.points
        loc = self.location_points()
        return [out[0] + loc[0], out[1] + loc[1]]
