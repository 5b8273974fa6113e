"""Fixed geometry of the 8x10-lot city as bit masks (bit ``lot`` set = lot in the set).

Everything here is computed once at import and never changes; it is what makes the road
tests cheap: a whole road frontier advances with a handful of integer operations.
"""

from __future__ import annotations

from typing import Iterator

from .types import COLUMNS, LOT_COUNT, ROWS

TILE_COLUMNS = 4
TILE_ROWS = 5
TILE_COUNT = TILE_COLUMNS * TILE_ROWS

FULL = (1 << LOT_COUNT) - 1
_COLUMN_A = sum(1 << (row * COLUMNS) for row in range(ROWS))
_COLUMN_H = _COLUMN_A << (COLUMNS - 1)
NOT_A = FULL & ~_COLUMN_A
NOT_H = FULL & ~_COLUMN_H


def spread(mask: int) -> int:
    """Lots orthogonally adjacent to any lot of ``mask`` (not including ``mask`` itself)."""
    return (
        ((mask << COLUMNS) & FULL)
        | (mask >> COLUMNS)
        | ((mask << 1) & NOT_A)
        | ((mask >> 1) & NOT_H)
    )


def _neighbours(lot: int) -> tuple[int, ...]:
    col, row = lot % COLUMNS, lot // COLUMNS
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < COLUMNS and 0 <= r < ROWS:
            out.append(r * COLUMNS + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(lot) for lot in range(LOT_COUNT))
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)


def tile_of(lot: int) -> int:
    """Tile index ``tile_row * 4 + tile_column``, tile row 0 at the bottom."""
    return (lot // COLUMNS // 2) * TILE_COLUMNS + (lot % COLUMNS) // 2


TILE_OF: tuple[int, ...] = tuple(tile_of(lot) for lot in range(LOT_COUNT))
TILE_LOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(lot for lot in range(LOT_COUNT) if TILE_OF[lot] == t) for t in range(TILE_COUNT)
)
TILE_MASK: tuple[int, ...] = tuple(sum(1 << lot for lot in lots) for lots in TILE_LOTS)


# bytes.translate tables for mask_of: code 0 (nothing there) -> "0", any other code -> "1".
NONZERO = b"0" + b"1" * 255


def mask_of(codes: tuple[int, ...], digits: bytes = NONZERO) -> int:
    """The lots whose code (a small int per lot, like a board) ``digits`` maps to "1": one
    C-level pass that reads the codes as a binary number, lot 0 last."""
    found = bytearray(codes).translate(digits)
    found.reverse()
    return int(found, 2)


def bits(mask: int) -> Iterator[int]:
    """Yield the lot numbers set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
