"""Legal builds as a lazy sequence over per-piece bit masks, and the shared move values.

Every possible move is made once at import; listing the legal builds picks them from
tables a row of the board at a time, so a playout that needs one random build never
makes the whole list.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from itertools import compress
from typing import Iterator, overload

from .geometry import bits
from .moves import Build, Claim, Pass
from .types import COLUMNS, LOT_COUNT, PIECES, ROWS, Piece

# Moves are immutable values: every possible one is made once and shared.
BUILDS: tuple[tuple[Build, ...], ...] = tuple(
    tuple(Build(piece, lot) for lot in range(LOT_COUNT)) for piece in PIECES)
CLAIMS: tuple[Claim, ...] = tuple(Claim(lot) for lot in range(LOT_COUNT))
PASS = Pass()


# The builds of one piece in one row of the board, for each byte of legal lots there:
# _ROW_BUILDS[piece * ROWS + row][byte] (lists the moves of a mask a row at a time).
_ROW_BUILDS: tuple[tuple[tuple[Build, ...], ...], ...] = tuple(
    tuple(tuple(table[row * COLUMNS + c] for c in range(COLUMNS) if byte >> c & 1) for byte in range(256))
    for table in BUILDS for row in range(ROWS))


class LegalBuilds(Sequence[Build]):
    """Lazy view of legal builds from per-piece bit masks (python-chess style): the
    moves are listed on the first iteration, a row of the board at a time."""

    __slots__ = ("masks", "_len", "_moves")

    def __init__(self, masks: tuple[int, ...]) -> None:
        self.masks = masks
        m0, m1, m2, m3, m4, m5, m6 = masks
        self._len = (m0.bit_count() + m1.bit_count() + m2.bit_count() + m3.bit_count()
                     + m4.bit_count() + m5.bit_count() + m6.bit_count())
        self._moves: list[Build] | None = None

    def _listed(self) -> list[Build]:
        moves = self._moves
        if moves is None:
            moves = []
            if self._len:
                m = self.masks
                # the seven masks of 80 lots side by side: 70 bytes, one per row of a piece
                every = m[0] | m[1] << 80 | m[2] << 160 | m[3] << 240 | m[4] << 320 | m[5] << 400 | m[6] << 480
                rows = every.to_bytes(70, "little")
                for table, byte in compress(zip(_ROW_BUILDS, rows), rows):  # non-empty rows only
                    moves += table[byte]
            self._moves = moves
        return moves

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, index: int) -> Build: ...
    @overload
    def __getitem__(self, index: slice) -> list[Build]: ...

    def __getitem__(self, index: int | slice) -> Build | list[Build]:
        if type(index) is not int:
            if isinstance(index, slice):
                return self._listed()[index]
            index = operator.index(index)  # an IntEnum or a numpy integer, as a list takes them
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal build index out of range")
        if self._moves is not None:
            return self._moves[index]
        for table, mask in zip(BUILDS, self.masks):
            n = mask.bit_count()
            if index < n:
                if 2 * index < n:  # drop the lowest lots, or the highest ones: the fewer
                    for _ in range(index):
                        mask &= mask - 1
                    return table[(mask & -mask).bit_length() - 1]
                for _ in range(n - 1 - index):
                    mask ^= 1 << (mask.bit_length() - 1)
                return table[mask.bit_length() - 1]
            index -= n
        raise IndexError(index)  # unreachable

    def __iter__(self) -> Iterator[Build]:
        return iter(self._listed())

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Build) and bool((self.masks[move.piece.index] >> move.lot) & 1)

    def lots(self, piece: Piece) -> list[int]:
        return list(bits(self.masks[piece.index]))

    def __repr__(self) -> str:
        return f"<LegalBuilds {self._len}: {' '.join(m.text() for m in self)}>"


NO_BUILDS = LegalBuilds((0,) * len(PIECES))
