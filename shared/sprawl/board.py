"""Board geometry, colours and square names, precomputed once per board size.

Squares are small ints ``file + 8 * rank`` (0-based) on every board, so a move means the
same square on a 5x6 and an 8x8 board and square arithmetic needs no board at hand. The
per-size :class:`Geometry` tables answer "what is next to this square" with one lookup,
which is what keeps move generation fast.
"""

from __future__ import annotations

import re
from functools import lru_cache

STRIDE = 8
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRS = (NORTH, EAST, SOUTH, WEST)
DIR_LETTERS = "nesw"
_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))   # (file, rank) step per direction
SIZES = (1, 2, 3)
PIECES_PER_SIZE = 5

COLOURS = ("red", "yellow", "green", "blue", "black", "white", "purple", "orange")
LETTERS = ("r", "y", "g", "b", "k", "w", "p", "o")
RGB = ((214, 48, 49), (240, 200, 40), (46, 160, 67), (40, 100, 210),
       (34, 34, 40), (238, 238, 232), (140, 70, 170), (240, 130, 30))

_SQUARE = re.compile(r"^([a-h])([1-8])$")


def opposite(d: int) -> int:
    return (d + 2) & 3


def perpendiculars(d: int) -> tuple[int, int]:
    return ((d + 1) & 3, (d + 3) & 3)


def square(file: int, rank: int) -> int:
    return file + STRIDE * rank


def file_of(sq: int) -> int:
    return sq % STRIDE


def rank_of(sq: int) -> int:
    return sq // STRIDE


def square_name(sq: int) -> str:
    return f"{chr(97 + sq % STRIDE)}{sq // STRIDE + 1}"


def parse_square(text: str) -> int | None:
    """``'c4'`` -> square; ``None`` for text no Sprawl board could hold."""
    m = _SQUARE.match(text.strip().lower())
    if not m:
        return None
    return square(ord(m.group(1)) - 97, int(m.group(2)) - 1)


def square_order(sq: int) -> tuple[int, int]:
    """Sort key of the spec's tie-break: file letter, then rank number."""
    return (sq % STRIDE, sq // STRIDE)


def board_size(players: int) -> tuple[int, int]:
    """(files, ranks) for a player count: 3 -> 5x6, 4-6 -> 6x6, 7-8 -> 8x8."""
    if players <= 3:
        return (5, 6)
    if players <= 6:
        return (6, 6)
    return (8, 8)


class Geometry:
    """Neighbour and target tables of one board size (shared by every state)."""

    __slots__ = ("files", "ranks", "squares", "on", "nb", "reach")

    def __init__(self, files: int, ranks: int) -> None:
        self.files = files
        self.ranks = ranks
        self.squares = tuple(square(f, r) for r in range(ranks) for f in range(files))
        self.on = [False] * (STRIDE * STRIDE)
        for sq in self.squares:
            self.on[sq] = True
        # nb[sq][d]: the adjacent square in direction d, -1 off the board
        # reach[sq][d][k]: the square k steps away in direction d (k = 1..3), -1 off board
        self.nb: list[tuple[int, ...]] = []
        self.reach: list[tuple[tuple[int, ...], ...]] = []
        for sq in range(STRIDE * STRIDE):
            f, r = sq % STRIDE, sq // STRIDE
            row = []
            for d in DIRS:
                steps = [-1]
                for k in SIZES:
                    nf, nr = f + _STEP[d][0] * k, r + _STEP[d][1] * k
                    inside = 0 <= nf < files and 0 <= nr < ranks and self.on[sq]
                    steps.append(square(nf, nr) if inside else -1)
                row.append(tuple(steps))
            self.reach.append(tuple(row))
            self.nb.append(tuple(row[d][1] for d in DIRS))

    def contains(self, sq: int) -> bool:
        return 0 <= sq < STRIDE * STRIDE and self.on[sq]

    def direction(self, a: int, b: int) -> int | None:
        """The direction from a to an adjacent b, ``None`` when not adjacent."""
        for d in DIRS:
            if self.nb[a][d] == b:
                return d
        return None


@lru_cache(maxsize=None)
def geometry(files: int, ranks: int) -> Geometry:
    return Geometry(files, ranks)
