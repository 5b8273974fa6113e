"""The piece in hand: which colour, which piece, which way round, and the squares it would
cover with its pivot on a board square. Turning and flipping only move the shape's cells
(the engine's own orientation table says which orientation the result is); whether a
placement is allowed is always the engine's ``why_not``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shared.cityblocks.geometry import ORIENTS, ORIENTS_OF_PIECE, PIECE_INDEX, PIECES, SIZE, shape_of
from shared.cityblocks.moves import Move


def turned(orient: int, clockwise: bool = True) -> int:
    """The orientation a quarter turn away (clockwise on screen: rank up is screen up)."""
    cells = ORIENTS[orient].cells
    moved = [(y, -x) for x, y in cells] if clockwise else [(-y, x) for x, y in cells]
    found = shape_of(moved)
    return orient if found is None else found


def flipped(orient: int) -> int:
    """The mirror image (left-right)."""
    found = shape_of([(-x, y) for x, y in ORIENTS[orient].cells])
    return orient if found is None else found


def pivot(orient: int) -> tuple[int, int]:
    """The cell nearest the middle of the shape's box: it sits under the pointer."""
    o = ORIENTS[orient]
    cx, cy = (o.width - 1) / 2, (o.height - 1) / 2
    return min(o.cells, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c))


def tray_orient(piece: str) -> int:
    """How a piece lies in a tray: its flattest orientation (wide rather than tall)."""
    options = ORIENTS_OF_PIECE[PIECE_INDEX[piece]]
    return min(options, key=lambda o: (ORIENTS[o].height, -ORIENTS[o].width, o))


@dataclass
class Hand:
    """The chosen piece: colour, piece name and orientation index."""

    colour: int
    piece: str
    orient: int

    @classmethod
    def take(cls, colour: int, piece: str) -> "Hand":
        return cls(colour, piece, tray_orient(piece))

    def turn(self, clockwise: bool = True) -> None:
        self.orient = turned(self.orient, clockwise)

    def flip(self) -> None:
        self.orient = flipped(self.orient)

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return ORIENTS[self.orient].cells

    def origin(self, square: tuple[int, int]) -> tuple[int, int]:
        """The shape's bottom-left with its pivot on ``square``, kept on the board."""
        o = ORIENTS[self.orient]
        px, py = pivot(self.orient)
        ax = min(SIZE - o.width, max(0, square[0] - px))
        ay = min(SIZE - o.height, max(0, square[1] - py))
        return ax, ay

    def squares(self, square: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        ax, ay = self.origin(square)
        return tuple(sorted((ax + dx, ay + dy) for dx, dy in self.cells))

    def move(self, square: tuple[int, int]) -> Move:
        return Move(self.colour, self.piece, self.squares(square))


def orient_steps(orient: int) -> dict[int, int]:
    """How many turns and flips each orientation of the piece is from ``orient``."""
    steps, todo = {orient: 0}, [orient]
    for o in todo:
        for nxt in (turned(o, True), turned(o, False), flipped(o)):
            if nxt not in steps:
                steps[nxt] = steps[o] + 1
                todo.append(nxt)
    return steps


def orient_of(move: Move) -> int:
    """The orientation a placement's squares make."""
    found = shape_of(move.squares)
    assert found is not None, move
    return found


def fitting(orient: int, square: tuple[int, int], legal: Sequence[Move]) -> Move | None:
    """The legal placement covering ``square`` that the hand reaches most easily: the
    fewest turns and flips from ``orient``, then its pivot nearest ``square``; ``None``
    where nothing fits over it. A lit fit square thus always has a legal ghost."""
    steps = orient_steps(orient)
    best: tuple[tuple[int, int, tuple[tuple[int, int], ...]], Move] | None = None
    for move in legal:
        if square not in move.squares:
            continue
        o = orient_of(move)
        px, py = pivot(o)
        ax, ay = min(x for x, _ in move.squares), min(y for _, y in move.squares)
        rank = (steps.get(o, 99), (ax + px - square[0]) ** 2 + (ay + py - square[1]) ** 2, move.squares)
        if best is None or rank < best[0]:
            best = (rank, move)
    return None if best is None else best[1]


def fits_at(orient: int, square: tuple[int, int], legal: Sequence[Move]) -> bool:
    """Whether some legal placement in ``orient`` covers ``square``."""
    return any(square in m.squares and orient_of(m) == orient for m in legal)


def piece_index(piece: str) -> int:
    return PIECE_INDEX[piece]


def by_letter(letter: str) -> list[str]:
    """Pieces whose name starts with ``letter`` (I: I2 I3 I4 I5), in tray order."""
    return [p for p in PIECES if p[0] == letter.upper()]
