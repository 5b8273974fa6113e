"""The small values of the game: players, colours, pieces and lots, each with a text form.

Lots are numbered 0..79 row by row from the bottom-left: ``lot = row * 8 + column``,
named like chess squares (``a1`` bottom-left, ``h10`` top-right), as in PPN records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

from .errors import InvalidMoveError
from .texts import _

COLUMNS = 8
ROWS = 10
LOT_COUNT = COLUMNS * ROWS
COLUMN_LETTERS = "abcdefgh"


class Phase(Enum):
    """The step of a turn: a build, the claim (or pass) after it, or the game over."""

    BUILD = "build"
    CLAIM = "claim"
    OVER = "over"


class Player(IntEnum):
    """The two builders. Their names follow the 2004 rules (Black and White caps)."""

    BLACK = 0
    WHITE = 1

    @property
    def other(self) -> "Player":
        return Player.WHITE if self is Player.BLACK else Player.BLACK

    def text(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: object) -> "Player":
        try:
            return cls[str(text).strip().upper()]
        except KeyError:
            raise InvalidMoveError(_("unknown player {text!r}: expected 'black' or 'white'")
                                   .format(text=text)) from None


class Colour(IntEnum):
    """Guild colours: of tiles, towers (no black towers) and domes."""

    RED = 0
    BLUE = 1
    GREEN = 2
    BLACK = 3

    def text(self) -> str:
        return self.name.lower()

    @property
    def letter(self) -> str:
        return "rbgk"[self]

    @classmethod
    def parse(cls, text: str) -> "Colour":
        word = str(text).strip().lower()
        for colour in cls:
            if word in (colour.text(), colour.letter):
                return colour
        raise InvalidMoveError(_("unknown colour {text!r}: expected red, blue, green or black")
                               .format(text=text))


class Kind(IntEnum):
    TOWER = 0
    DOME = 1

    def text(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> "Kind":
        try:
            return cls[str(text).strip().upper()]
        except KeyError:
            raise InvalidMoveError(_("unknown piece kind {text!r}: expected 'tower' or 'dome'")
                                   .format(text=text)) from None


@dataclass(frozen=True, slots=True)
class Piece:
    """A structure type: a tower or dome of one colour. ``index`` orders stocks (0..6)."""

    kind: Kind
    colour: Colour
    index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index",
                           int(self.colour) if self.kind is Kind.TOWER else 3 + int(self.colour))

    def text(self) -> str:
        """Short code: ``Tr`` red tower ... ``Dk`` black dome."""
        return ("T" if self.kind is Kind.TOWER else "D") + self.colour.letter

    def name(self) -> str:
        return f"{self.colour.text()} {self.kind.text()}"

    @classmethod
    def parse(cls, text: str) -> "Piece":
        raw = str(text).strip()
        if len(raw) == 2 and raw[0] in "TtDd":
            kind = Kind.TOWER if raw[0] in "Tt" else Kind.DOME
            colour = Colour.parse(raw[1])
        else:
            words = raw.lower().split()
            if len(words) != 2:
                raise InvalidMoveError(_("unknown piece {text!r}: expected e.g. 'Tr' or 'red tower'")
                                       .format(text=text))
            colour, kind = Colour.parse(words[0]), Kind.parse(words[1])
        if kind is Kind.TOWER and colour is Colour.BLACK:
            raise InvalidMoveError(_("unknown piece {text!r}: there are no black towers").format(text=text))
        return PIECES[colour if kind is Kind.TOWER else 3 + colour]

    def __str__(self) -> str:
        return self.text()


PIECES: tuple[Piece, ...] = tuple(
    [Piece(Kind.TOWER, c) for c in (Colour.RED, Colour.BLUE, Colour.GREEN)]
    + [Piece(Kind.DOME, c) for c in Colour]
)
TOWERS = PIECES[:3]
DOMES = PIECES[3:]


def lot_name(lot: int) -> str:
    """``0`` -> ``'a1'``, ``79`` -> ``'h10'``."""
    return f"{COLUMN_LETTERS[lot % COLUMNS]}{lot // COLUMNS + 1}"


def parse_lot(text: str) -> int:
    """``'e6'`` -> 44. Raises :class:`InvalidMoveError` naming the text."""
    raw = str(text).strip().lower()
    if len(raw) in (2, 3) and raw[0] in COLUMN_LETTERS and raw[1] in "123456789" \
            and all(ch in "0123456789" for ch in raw[2:]):
        row = int(raw[1:])
        if row <= ROWS:
            return (row - 1) * COLUMNS + COLUMN_LETTERS.index(raw[0])
    raise InvalidMoveError(_("bad lot {text!r}: expected a column a-h and a row 1-10, like 'e6'")
                           .format(text=text))
