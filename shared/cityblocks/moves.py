"""Moves and their text: ``c:P:sq,sq,...`` (a placement) and ``c:pass``.

A move is the colour, the piece name and the covered squares in canonical order (file, then
rank), so two orientations covering the same squares are the same move and equal moves
have equal text. Squares off the board (``u3``) still parse: whether they fit is a rule
question that ``why_not`` answers in words, not a reading error.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from shared.gamekit.api import MalformedMove

from .geometry import BOARD, COLOURS, FILES, LETTERS, PIECE_INDEX, SIZE, W, bit, square_name
from .words import _

MAX_TEXT = 120
_SQUARE = re.compile(r"([a-z])(\d{1,2})\Z")


class Move(NamedTuple):
    """A placement (``piece`` set, ``squares`` non-empty) or a pass (``piece`` is None)."""

    colour: int
    piece: str | None
    squares: tuple[tuple[int, int], ...] = ()

    @property
    def is_pass(self) -> bool:
        return self.piece is None

    def text(self) -> str:
        if self.piece is None:
            return f"{LETTERS[self.colour]}:pass"
        return f"{LETTERS[self.colour]}:{self.piece}:" + ",".join(
            square_name(x, y) for x, y in self.squares)

    def on_board(self) -> bool:
        return all(0 <= x < SIZE and 0 <= y < SIZE for x, y in self.squares)

    def mask(self) -> int:
        """The squares as a bitboard (only meaningful when ``on_board()``)."""
        m = 0
        for x, y in self.squares:
            m |= 1 << bit(x, y)
        return m & BOARD

    def __str__(self) -> str:
        return self.text()


def pass_move(colour: int) -> Move:
    return Move(colour, None, ())


def parse_square(text: str) -> tuple[int, int]:
    match = _SQUARE.match(text.strip().lower())
    if not match:
        raise MalformedMove(_("{text} is not a square (a1 .. t20)").format(text=repr(text)))
    return FILES.index(match.group(1)), int(match.group(2)) - 1


def _not_a_move(text: str) -> str:
    return _("{text} is not a City Blocks move (expected colour:piece:squares like "
             "'b:V3:a1,a2,b1', or 'b:pass')").format(text=repr(text))


def parse_move(text: str) -> Move:
    """Read ``b:V3:a1,a2,b1`` or ``g:pass`` (squares in any order; written back sorted)."""
    if not isinstance(text, str):
        raise MalformedMove(_("a move is text, got {kind}").format(kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise MalformedMove(_("{text}... is too long to be a City Blocks move").format(text=repr(text[:40])))
    parts = text.strip().split(":")
    if len(parts) < 2 or len(parts[0]) != 1 or parts[0].lower() not in LETTERS:
        raise MalformedMove(_not_a_move(text))
    colour = LETTERS.index(parts[0].lower())
    if len(parts) == 2 and parts[1].strip().lower() == "pass":
        return pass_move(colour)
    if len(parts) != 3:
        raise MalformedMove(_not_a_move(text))
    piece = parts[1].strip().upper()
    if piece not in PIECE_INDEX:
        raise MalformedMove(_("{text}: {piece} is not a piece ({pieces})").format(
            text=repr(text), piece=repr(parts[1]), pieces=", ".join(PIECE_INDEX)))
    names = [s for s in parts[2].split(",")]
    if not names or any(not s.strip() for s in names) or len(names) > 5:
        raise MalformedMove(_("{text}: expected 2 to 5 squares separated by commas").format(text=repr(text)))
    squares = tuple(sorted(parse_square(s) for s in names))
    return Move(colour, piece, squares)


def colour_name(colour: int) -> str:
    return COLOURS[colour]


def squares_of_mask(mask: int) -> tuple[tuple[int, int], ...]:
    """Canonical square tuple of a bitboard (sorted by file, then rank)."""
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % W, i // W))
        mask ^= low
    return tuple(sorted(out))
