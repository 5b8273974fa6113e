"""Board, colours and pieces of City Blocks as bitboards over Python ints.

A square (file ``x`` 0..19 = a..t, rank ``y`` 0..19 = 1..20) is bit ``y * 21 + x``: rows are
21 bits wide and bit 20 of every row is a guard that is never free, so shifting a board
right by a piece's cell offset never wraps a piece round the edge (every piece is connected,
so a wrapped placement always has one cell on a guard). The anchors where an orientation
fits are then one shift-and per cell: ``free >> d0 & free >> d1 & ...``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Iterator, NamedTuple, Sequence

SIZE = 20
W = 21                                   # row stride: 20 squares + 1 guard bit
ROW = (1 << SIZE) - 1
BOARD = sum(ROW << (W * y) for y in range(SIZE))
FILES = "abcdefghijklmnopqrstuvwxyz"

COLOURS = ("blue", "green", "red", "yellow")   # the turn order
LETTERS = "bgry"
BLUE, GREEN, RED, YELLOW = range(4)


def bit(x: int, y: int) -> int:
    """Bit index of square (x, y) (both 0-based)."""
    return y * W + x


def square_name(x: int, y: int) -> str:
    return f"{FILES[x] if 0 <= x < 26 else '?'}{y + 1}"


SQUARE_NAMES: dict[int, str] = {bit(x, y): square_name(x, y)
                                for y in range(SIZE) for x in range(SIZE)}

CORNERS = (bit(0, 0), bit(0, 19), bit(19, 19), bit(19, 0))      # a1 a20 t20 t1
CENTRES = (bit(9, 9), bit(9, 10), bit(10, 10), bit(10, 9))      # j10 j11 k11 k10


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth_bit(mask: int, k: int) -> int:
    """Index of the ``k``-th (0-based, lowest first) set bit of ``mask``; a row at a time
    so a uniform pick costs a handful of popcounts rather than a walk over every bit."""
    base = 0
    while True:
        row = mask & 0x1FFFFF
        n = row.bit_count()
        if k < n:
            for _ in range(k):
                row &= row - 1
            return base + (row & -row).bit_length() - 1
        k -= n
        mask >>= W
        base += W


# -- pieces ----------------------------------------------------------------------------------
PIECE_PICTURES = {
    "I2": "##", "I3": "###", "V3": "#./##",
    "I4": "####", "L4": "###/#..", "O4": "##/##", "T4": "###/.#.", "Z4": "##./.##",
    "F5": ".##/##./.#.", "I5": "#####", "L5": "####/#...", "N5": "##../.###",
    "P5": "##/##/#.", "T5": "###/.#./.#.", "U5": "#.#/###", "V5": "#../#../###",
    "W5": "#../##./.##", "X5": ".#./###/.#.", "Y5": "####/.#..", "Z5": "##./.#./.##",
}
PIECES = tuple(PIECE_PICTURES)                  # 20 names; index = piece number
PIECE_INDEX = {name: i for i, name in enumerate(PIECES)}
PIECE_SIZE = tuple(PIECE_PICTURES[p].count("#") for p in PIECES)
ALL_PIECES = (1 << len(PIECES)) - 1


class Orient(NamedTuple):
    """One fixed orientation of a piece: cells (dx, dy) sorted by file then rank, their
    bit offsets, the shape as a mask at the origin, and its width and height."""

    piece: int
    cells: tuple[tuple[int, int], ...]
    offsets: tuple[int, ...]
    mask: int
    width: int
    height: int


def _normal(cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def _orientations(picture: str) -> list[tuple[tuple[int, int], ...]]:
    rows = picture.split("/")
    cells = [(x, -y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]
    seen: list[tuple[tuple[int, int], ...]] = []
    for flip in (False, True):
        shape = [(-x, y) for x, y in cells] if flip else list(cells)
        for _ in range(4):
            shape = [(-y, x) for x, y in shape]
            norm = _normal(shape)
            if norm not in seen:
                seen.append(norm)
    return seen


def _build() -> tuple[tuple[Orient, ...], tuple[tuple[int, ...], ...]]:
    orients: list[Orient] = []
    of_piece: list[tuple[int, ...]] = []
    for p, name in enumerate(PIECES):
        start = len(orients)
        for cells in _orientations(PIECE_PICTURES[name]):
            offsets = tuple(bit(x, y) for x, y in cells)
            orients.append(Orient(p, cells, offsets, sum(1 << d for d in offsets),
                                  1 + max(x for x, _ in cells), 1 + max(y for _, y in cells)))
        of_piece.append(tuple(range(start, len(orients))))
    return tuple(orients), tuple(of_piece)


ORIENTS, ORIENTS_OF_PIECE = _build()
SHAPES = {o.cells: i for i, o in enumerate(ORIENTS)}       # normalised cells -> orientation


def shape_of(cells: Sequence[tuple[int, int]]) -> int | None:
    """The orientation whose squares these are (``None``: no piece has this shape)."""
    return SHAPES.get(_normal(cells)) if cells else None


def orients_of(played: int) -> list[int]:
    """Orientation indices of the pieces not in the ``played`` bit set."""
    return [o for p in range(len(PIECES)) if not played >> p & 1 for o in ORIENTS_OF_PIECE[p]]


_LEFT: dict[int, Callable[[Sequence[int]], tuple[int, ...]]] = {}


def orients_left(played: int) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A getter picking, from a per-orientation table, the entries of the pieces not in
    ``played`` (always a tuple; cached per played set)."""
    getter = _LEFT.get(played)
    if getter is None:
        ids = orients_of(played)
        if len(ids) == 1:
            one = ids[0]
            getter = lambda table: (table[one],)  # noqa: E731
        elif ids:
            getter = itemgetter(*ids)
        else:
            getter = lambda table: ()  # noqa: E731
        _LEFT[played] = getter
    return getter


def _corner_anchors() -> tuple[tuple[int, ...], ...]:
    """Per colour and orientation: the anchors at which the piece covers the corner."""
    table = []
    for corner in CORNERS:
        cx, cy = corner % W, corner // W
        row = []
        for o in ORIENTS:
            mask = 0
            for dx, dy in o.cells:
                ax, ay = cx - dx, cy - dy
                if 0 <= ax <= SIZE - o.width and 0 <= ay <= SIZE - o.height:
                    mask |= 1 << bit(ax, ay)
            row.append(mask)
        table.append(tuple(row))
    return tuple(table)


CORNER_ANCHORS = _corner_anchors()
OFFSETS = tuple(sorted({d for o in ORIENTS for d in o.offsets}))


def generate_combiner(name: str, op: str) -> Callable[[int], tuple[int, ...]]:
    """Generate ``name(board)``: per orientation, ``op`` (``&`` or ``|``) over the board
    shifted by each cell offset, as straight-line code. Terms shared by several
    orientations are computed once (greedy common pairs), so the 413 cells cost ~170 ops."""
    shapes = [list(f"s{d}" for d in o.offsets) for o in ORIENTS]
    lines = [f"def {name}(board):"]
    lines += [f"    s{d} = board >> {d}" if d else "    s0 = board" for d in OFFSETS]
    temp = 0
    while True:
        counts: dict[tuple[str, str], int] = {}
        for terms in shapes:
            for i, a in enumerate(terms):
                for b in terms[i + 1:]:
                    key = (a, b) if a < b else (b, a)
                    counts[key] = counts.get(key, 0) + 1
        if not counts:
            break
        pair, n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        if n < 2:
            break
        temp += 1
        lines.append(f"    t{temp} = {pair[0]} {op} {pair[1]}")
        for terms in shapes:
            if pair[0] in terms and pair[1] in terms:
                terms.remove(pair[0])
                terms.remove(pair[1])
                terms.append(f"t{temp}")
    lines.append("    return (" + ", ".join(f" {op} ".join(t) for t in shapes) + ",)")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from our own piece table
    combiner: Callable[[int], tuple[int, ...]] = scope[name]
    return combiner


all_fits = generate_combiner("all_fits", "&")


def anchor_squares(o: int, anchor: int) -> tuple[tuple[int, int], ...]:
    """The squares (x, y) orientation ``o`` covers at bit ``anchor``, in canonical order."""
    ax, ay = anchor % W, anchor // W
    return tuple((ax + dx, ay + dy) for dx, dy in ORIENTS[o].cells)


# -- scoring helpers ---------------------------------------------------------------------------
def neighbours(mask: int) -> int:
    """Squares sharing a side with ``mask`` (may include guard bits; callers mask)."""
    return (mask << 1) | (mask >> 1) | (mask << W) | (mask >> W)


def flood(seed: int, mask: int) -> int:
    """The side-connected part of ``mask`` that contains the squares of ``seed``."""
    group = seed
    while True:
        grown = (group | (group << 1) | (group >> 1) | (group << W) | (group >> W)) & mask
        if grown == group:
            return group
        group = grown


def flood_order(seed: int, mask: int) -> list[int]:
    """The squares of the group of ``mask`` holding ``seed``, in the order a flood from
    ``seed`` reaches them (layer by layer, lowest square first in a layer): the order the
    score screen fills an area in."""
    order = list(bits(seed))
    group = seed
    while True:
        grown = (group | (group << 1) | (group >> 1) | (group << W) | (group >> W)) & mask
        if grown == group:
            return order
        order.extend(bits(grown & ~group))
        group = grown


def groups(mask: int) -> list[int]:
    """The side-connected groups of ``mask``, largest first (ties: lowest square first)."""
    out = []
    while mask:
        group = flood(mask & -mask, mask)
        out.append(group)
        mask &= ~group
    out.sort(key=lambda g: -g.bit_count())
    return out


def free_sides(mask: int, empty: int) -> tuple[int, int, int, int]:
    """Squares of ``mask`` whose north, east, south, west neighbour is in ``empty``."""
    return (mask & (empty >> W), mask & (empty >> 1), mask & (empty << W), mask & (empty << 1))
