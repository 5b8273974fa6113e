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

# Off-board ring positions count as one structure group: the board's edge ("frame").
EDGE = sum(1 << lot for lot in range(LOT_COUNT)
           if lot % COLUMNS in (0, COLUMNS - 1) or lot // COLUMNS in (0, ROWS - 1))
TOP = sum(1 << lot for lot in range(LOT_COUNT - COLUMNS, LOT_COUNT))
BOTTOM = sum(1 << lot for lot in range(COLUMNS))
COLUMN_A = FULL & ~NOT_A
COLUMN_H = FULL & ~NOT_H
WIDE = (1 << (LOT_COUNT + COLUMNS)) - 1  # the board and the row that shifting north spills into


def spread8(mask: int) -> int:
    """``mask`` plus every lot touching it, diagonals included."""
    row = mask | ((mask << 1) & NOT_A) | ((mask >> 1) & NOT_H)
    return (row | (row << COLUMNS) | (row >> COLUMNS)) & FULL


# Each lot with the eight lots around it.
AROUND: tuple[int, ...] = tuple(spread8(1 << lot) for lot in range(LOT_COUNT))


def _grow8(group: int, within: int) -> int:
    """All of ``within`` that is 8-connected to ``group`` (a subset of ``within``)."""
    within_a, within_h = within & NOT_A, within & NOT_H
    while True:
        col = group | (group << 8) | (group >> 8)
        grown = (col & within) | ((col << 1) & within_a) | ((col >> 1) & within_h)
        if grown == group or grown == within:
            return grown
        group = grown


def frame_of(occupied: int) -> int:
    """The structures 8-connected (diagonals touch) to the board's edge."""
    frame = occupied & EDGE
    return _grow8(frame, occupied) if frame else 0


def _clusters(structures: int) -> list[int]:
    """The groups of three or more among ``structures`` (8-connected)."""
    row = ((structures << 1) & NOT_A) | ((structures >> 1) & NOT_H)
    col = row | structures
    touching = (row | (col << 8) | (col >> 8)) & structures  # those with a neighbour
    out = []
    while touching:
        group = _grow8(touching & -touching, touching)
        if group.bit_count() >= 3:
            out.append(group)
        touching ^= group
    return out


def structure_groups(occupied: int) -> list[int]:
    """The structures split into groups that touch, diagonals included (bit masks)."""
    groups = []
    rest = occupied
    while rest:
        group = _grow8(rest & -rest, occupied)
        groups.append(group)
        rest ^= group
    return groups


def _two_arcs(g: int, t2: int, t6: int, top: int, bottom: int,
              sides: tuple[int, int, int, int, int, int, int, int]) -> int:
    """Lots around which the group ``g`` touches two of the arcs that the lot's open
    sides cut the ring of eight lots into (see Road). ``t2``/``t6``: lots whose east /
    west lot is in the group; ``top``/``bottom``: rows whose lots off the board count
    as the group's; ``sides``: ``oK``/``bK``, ring position K (0 north, 2 east ...) is road /
    not (one tuple: a call with plain arguments is cheaper than unpacking them)."""
    o0, o2, o4, o6, b0, b2, b4, b6 = sides
    # tK: ring position K in the group; uKL = tK | tL; aK: the arc after open side K touches it
    t1, t3, t5, t7 = (t2 >> 8) | top, (t2 << 8) | bottom, (t6 << 8) | bottom, (t6 >> 8) | top
    u01, u23, u45, u67 = (g >> 8) | t1, t2 | t3, (g << 8) | t5, t6 | t7
    a0 = o0 & (t1 | b2 & (u23 | b4 & (u45 | b6 & u67)))
    a2 = o2 & (t3 | b4 & (u45 | b6 & (u67 | b0 & u01)))
    a4 = o4 & (t5 | b6 & (u67 | b0 & (u01 | b2 & u23)))
    a6 = o6 & (t7 | b0 & (u01 | b2 & (u23 | b4 & u45)))
    x = a4 | a6
    return (a0 & (a2 | x)) | (a2 & x) | (a4 & a6)


class Road:
    """Road facts of one arrangement of structures (``occupied`` = bit set of built lots).

    The building tests are computed at once, in a few dozen integer operations:
    ``splitting`` (lots whose building would split the road), ``lifelines`` (lots that are
    some structure's only road lot), ``dead_ends`` (lots with no road beside them) and
    ``buildable`` (empty lots passing the road test: none of those).

    Splitting uses planar duality instead of a graph search: building on lot L splits the
    road exactly when it closes a loop of structures, i.e. when one 8-connected group of
    structures (the board's edge counting as one group, the ``frame``) touches two of the
    arcs into which L's empty side neighbours cut the ring of eight lots around L. All
    lots are tested at once with bit operations: one pass for the frame, and one for each
    other group (an ``island``) big enough to close a loop (three structures or more)."""

    __slots__ = ("occupied", "empty", "frame", "_islands", "splitting", "lifelines", "dead_ends",
                 "buildable")

    def __init__(self, occupied: int, groups: tuple[int, tuple[int, ...] | None] | None = None) -> None:
        """``groups``: the frame and the islands when known (None: computed here)."""
        self.occupied = occupied
        if groups is None:
            frame = frame_of(occupied)
            islands = None
        else:
            frame, islands = groups
        self.frame = frame
        e = self.empty = FULL ^ occupied
        # oK: lots whose ring position K (0 north, 2 east, 4 south, 6 west) is road, bK: is
        # not. Bits beyond the board are left over, ignored, and cleared by the final "& e".
        o0, o4 = e >> 8, e << 8
        o2, o6 = (e >> 1) & NOT_H, (e << 1) & NOT_A
        p, q = o0 | o2, o4 | o6
        one = p | q
        two = (o0 & o2) | (p & q) | (o4 & o6)  # a part of one
        lonely = occupied & (one ^ two)  # structures with one road lot
        lifelines = self.lifelines = (
            (lonely << 8) | (lonely >> 8) | ((lonely << 1) & NOT_A) | ((lonely >> 1) & NOT_H)) & e
        road_side = e & one
        self.dead_ends = e ^ road_side
        b = (o0, o2, o4, o6, WIDE ^ o0, WIDE ^ o2, WIDE ^ o4, WIDE ^ o6)
        # the frame's group, with the lots off the board
        cut = _two_arcs(frame, ((frame >> 1) & NOT_H) | COLUMN_H, ((frame << 1) & NOT_A) | COLUMN_A,
                        TOP, BOTTOM, b)
        rest = occupied ^ frame
        if rest.bit_count() >= 3:  # fewer cannot enclose a lot
            if islands is None:
                loops = _clusters(rest)
            else:
                loops = [g for g in islands if g.bit_count() >= 3]
            for g in loops:
                cut |= _two_arcs(g, (g >> 1) & NOT_H, (g << 1) & NOT_A, 0, 0, b)
        self._islands = islands
        splitting = self.splitting = cut & e
        self.buildable = road_side ^ (road_side & (splitting | lifelines))

    @property
    def islands(self) -> tuple[int, ...]:
        """The structure groups (diagonals touch) that do not reach the board's edge."""
        if self._islands is None:
            self._islands = tuple(structure_groups(self.occupied ^ self.frame))
        return self._islands

    @property
    def groups(self) -> list[int]:
        """The structure groups (diagonals touch), those reaching the edge as one."""
        return ([self.frame] if self.frame else []) + list(self.islands)

    def with_built(self, lot: int) -> "Road":
        """The road after building on ``lot``; structure groups are merged, not regrown."""
        bit = 1 << lot
        ring = AROUND[lot]
        merged = bit
        islands = []
        for group in self._islands if self._islands is not None else self.islands:
            if group & ring:
                merged |= group
            else:
                islands.append(group)
        frame = self.frame
        if bit & EDGE or frame & ring:
            frame |= merged
        else:
            islands.append(merged)
        return Road(self.occupied | bit, (frame, tuple(islands)))

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
        return self.walk(source, (), LOT_COUNT)[0]

    def structure_rings(self, source: int) -> list[int]:
        """Structures at road distance 1, 2, ... from structure ``source`` (bit masks)."""
        return self.walk(source, (), LOT_COUNT)[1]

    def walk(self, source: int, needs: tuple[int, ...], rings: int = 0) -> tuple[list[int], list[int]]:
        """:meth:`layers` and :meth:`structure_rings` from structure ``source``, walked only
        until ``rings`` rings are known and every nonzero mask of ``needs`` has met a ring
        (or the road ends): scoring looks no further than the nearest rivals."""
        unseen_road = self.empty
        unseen = self.occupied ^ (1 << source)
        layer = NEIGHBOUR_MASK[source] & unseen_road
        pending = [m for m in needs if m]
        layers: list[int] = []
        out: list[int] = []
        while layer and (pending or len(out) < rings):
            layers.append(layer)
            unseen_road ^= layer
            near = (layer << 8) | (layer >> 8) | ((layer << 1) & NOT_A) | ((layer >> 1) & NOT_H)
            ring = near & unseen
            unseen ^= ring
            out.append(ring)
            if ring and pending:
                pending = [m for m in pending if not m & ring]
            layer = near & unseen_road
        return layers, out

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
        for d, layer in enumerate(self.walk(a, (1 << b,))[0], start=1):
            if layer & target:
                return d
        return None

    def path(self, a: int, b: int) -> list[int] | None:
        """One shortest road between structures ``a`` and ``b``: the empty lots walked, in order."""
        return self.path_in(self.walk(a, (1 << b,))[0], b)

    @staticmethod
    def path_in(layers: list[int], b: int) -> list[int] | None:
        """:meth:`path` to structure ``b`` along ``layers`` walked from the other end."""
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
