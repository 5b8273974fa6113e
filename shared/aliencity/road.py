"""The road network: the empty lots, orthogonally adjacent. All queries are bit-set based.

A :class:`Road` is built from the set of occupied lots and answers, lazily and once:
which empty lots may be built on without splitting the road (articulation points) or
cutting a structure off (a structure's last road lot), and road distances and paths.
Distances follow the rules: the number of empty lots walked through, stepping
orthogonally from one structure to the other; neighbours with no road between them are
not at distance 0.
"""

from __future__ import annotations

from .geometry import FULL, NEIGHBOUR_MASK, NOT_A, NOT_H, bits, spread
from .types import COLUMNS, LOT_COUNT, ROWS


# The ring of eight lots around a lot, clockwise from north: (column, row) offsets.
RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
EDGE = sum(1 << lot for lot in range(LOT_COUNT)
           if lot % COLUMNS in (0, COLUMNS - 1) or lot // COLUMNS in (0, ROWS - 1))
OFF_BOARD = tuple(
    sum(1 << lot for lot in range(LOT_COUNT)
        if not (0 <= lot % COLUMNS + dc < COLUMNS and 0 <= lot // COLUMNS + dr < ROWS))
    for dc, dr in RING)


def spread8(mask: int) -> int:
    """``mask`` plus every lot touching it, diagonals included."""
    row = mask | ((mask << 1) & NOT_A) | ((mask >> 1) & NOT_H)
    return (row | (row << COLUMNS) | (row >> COLUMNS)) & FULL


def structure_groups(occupied: int) -> list[int]:
    """The structures split into groups that touch, diagonals included (bit masks)."""
    groups = []
    rest = occupied
    while rest:
        group = rest & -rest
        while True:
            grown = spread8(group) & occupied
            if grown == group:
                break
            group = grown
        groups.append(group)
        rest &= ~group
    return groups


def _ring_touch(group: int) -> tuple[int, ...]:
    """For each ring position (N, NE, ... NW): the lots whose lot there is in ``group``."""
    return (
        group >> COLUMNS,
        (group >> (COLUMNS + 1)) & NOT_H,
        (group >> 1) & NOT_H,
        (group << (COLUMNS - 1)) & NOT_H & FULL,
        (group << COLUMNS) & FULL,
        (group << (COLUMNS + 1)) & NOT_A & FULL,
        (group << 1) & NOT_A & FULL,
        (group >> (COLUMNS - 1)) & NOT_A,
    )


class Road:
    """Road facts of one arrangement of structures (``occupied`` = bit set of built lots).

    The building tests are computed at once, in a few dozen integer operations:
    ``splitting`` (lots whose building would split the road), ``lifelines`` (lots that are
    some structure's only road lot), ``dead_ends`` (lots with no road beside them) and
    ``buildable`` (empty lots passing the road test: none of those)."""

    __slots__ = ("occupied", "empty", "groups", "splitting", "lifelines", "dead_ends", "buildable")

    def __init__(self, occupied: int, groups: list[int] | None = None) -> None:
        self.occupied = occupied
        e = self.empty = FULL & ~occupied
        self.groups = structure_groups(occupied) if groups is None else groups
        n = e >> COLUMNS
        s = (e << COLUMNS) & FULL
        east = (e >> 1) & NOT_H
        west = (e << 1) & NOT_A
        one = n | s | east | west
        two = (n & s) | (n & east) | (n & west) | (s & east) | (s & west) | (east & west)
        self.lifelines = spread(occupied & one & ~two) & e
        self.dead_ends = e & ~one
        self.splitting = self._splitting(n, east, s, west)
        self.buildable = e & ~self.splitting & ~self.lifelines & ~self.dead_ends

    def with_built(self, lot: int) -> "Road":
        """The road after building on ``lot``; structure groups are merged, not regrown."""
        bit = 1 << lot
        ring = spread8(bit)
        merged = bit
        groups = []
        for group in self.groups:
            if group & ring:
                merged |= group
            else:
                groups.append(group)
        groups.append(merged)
        return Road(self.occupied | bit, groups)

    def _splitting(self, o0: int, o2: int, o4: int, o6: int) -> int:
        """Empty lots whose building would split the road into pieces.

        Planar duality instead of a graph search: building on lot L splits the road
        exactly when it closes a loop of structures, i.e. when one 8-connected group of
        structures (the board's edge counting as one group) touches two of the arcs into
        which L's empty side neighbours cut the ring of eight lots around L. All lots are
        tested at once with bit operations, one pass per group that could close a loop.
        ``o0 o2 o4 o6``: lots whose north / east / south / west neighbour is empty."""
        b0, b2, b4, b6 = ~o0, ~o2, ~o4, ~o6
        frame = 0
        loops = []
        for group in self.groups:
            if group & EDGE:
                frame |= group
            elif group.bit_count() >= 3:  # fewer cannot enclose a lot
                loops.append(_ring_touch(group))
        loops.append(tuple(t | off for t, off in zip(_ring_touch(frame), OFF_BOARD)))
        cut = 0
        for t0, t1, t2, t3, t4, t5, t6, t7 in loops:
            a0 = o0 & (t1 | b2 & (t2 | t3 | b4 & (t4 | t5 | b6 & (t6 | t7))))
            a2 = o2 & (t3 | b4 & (t4 | t5 | b6 & (t6 | t7 | b0 & (t0 | t1))))
            a4 = o4 & (t5 | b6 & (t6 | t7 | b0 & (t0 | t1 | b2 & (t2 | t3))))
            a6 = o6 & (t7 | b0 & (t0 | t1 | b2 & (t2 | t3 | b4 & (t4 | t5))))
            cut |= (a0 & (a2 | a4 | a6)) | (a2 & (a4 | a6)) | (a4 & a6)
        return cut & self.empty

    def cut_off_by(self, lot: int) -> list[int]:
        """Structures whose only road lot is ``lot``."""
        out = []
        for s in bits(NEIGHBOUR_MASK[lot] & self.occupied):
            if NEIGHBOUR_MASK[s] & self.empty == 1 << lot:
                out.append(s)
        return out

    def pieces_without(self, lot: int) -> list[int]:
        """The pieces the road falls into if ``lot`` is built on (bit masks, largest first)."""
        rest = self.empty & ~(1 << lot)
        pieces: list[int] = []
        for start in bits(NEIGHBOUR_MASK[lot] & rest):
            if any(p >> start & 1 for p in pieces):
                continue
            reach = 1 << start
            while True:
                grown = (reach | spread(reach)) & rest
                if grown == reach:
                    break
                reach = grown
            pieces.append(reach)
        return sorted(pieces, key=lambda p: -p.bit_count())

    def is_connected(self) -> bool:
        e = self.empty
        if not e:
            return True
        reach = e & -e
        while True:
            grown = (reach | spread(reach)) & e
            if grown == reach:
                return reach == e
            reach = grown

    # -- distances ------------------------------------------------------------------
    def layers(self, source: int) -> list[int]:
        """Empty lots at road distance 1, 2, ... from structure ``source`` (bit masks)."""
        e = self.empty
        layer = NEIGHBOUR_MASK[source] & e
        seen = layer
        out = []
        while layer:
            out.append(layer)
            layer = spread(layer) & e & ~seen
            seen |= layer
        return out

    def structure_rings(self, source: int) -> list[int]:
        """Structures at road distance 1, 2, ... from structure ``source`` (bit masks)."""
        occupied = self.occupied
        seen = 1 << source
        out = []
        for layer in self.layers(source):
            ring = spread(layer) & occupied & ~seen
            seen |= ring
            out.append(ring)
        return out

    def distances_from(self, source: int) -> dict[int, int]:
        """Road distance from structure ``source`` to every empty lot it can reach."""
        out = {}
        for d, layer in enumerate(self.layers(source), start=1):
            for lot in bits(layer):
                out[lot] = d
        return out

    def distance(self, a: int, b: int) -> int | None:
        """Road distance between structures ``a`` and ``b``; ``None`` when no road joins them."""
        target = NEIGHBOUR_MASK[b]
        for d, layer in enumerate(self.layers(a), start=1):
            if layer & target:
                return d
        return None

    def path(self, a: int, b: int) -> list[int] | None:
        """One shortest road between structures ``a`` and ``b``: the empty lots walked, in order."""
        layers = self.layers(a)
        target = NEIGHBOUR_MASK[b]
        for d, layer in enumerate(layers):
            hit = layer & target
            if hit:
                lot = (hit & -hit).bit_length() - 1
                walked = [lot]
                for back in range(d - 1, -1, -1):
                    step = NEIGHBOUR_MASK[lot] & layers[back]
                    lot = (step & -step).bit_length() - 1
                    walked.append(lot)
                walked.reverse()
                return walked
        return None
