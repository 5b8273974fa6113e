"""The city: 20 tiles with guild colour, rank and icon corner; random or given.

A random city follows the rules' set-up: for each of the four suits, five of its six
ranks (null, ace, 2..5), all twenty shuffled over the grid, each in one of four
orientations, all drawn from ``random.Random(seed)`` so a seed always gives one city.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .errors import RecordError
from .geometry import FULL, TILE_COLUMNS, TILE_COUNT, TILE_LOTS, TILE_MASK, TILE_OF, TILE_ROWS
from .texts import _, tile_label
from .types import COLUMNS, Colour, lot_name

# PPN suit letters: S suns (red), A arms (blue), C crowns (green), M moons (black);
# R B G K are accepted for the same suits.
_SUIT_LETTER = {Colour.RED: "S", Colour.BLUE: "A", Colour.GREEN: "C", Colour.BLACK: "M"}
_SUIT_PARSE = {"S": Colour.RED, "R": Colour.RED, "A": Colour.BLUE, "B": Colour.BLUE,
               "C": Colour.GREEN, "G": Colour.GREEN, "M": Colour.BLACK, "K": Colour.BLACK}
_RANK_LETTER = "na2345"
# Angle (degrees counter-clockwise) -> PPN symbol, and the icon corner it puts the suit in
# as (column offset, row offset) inside the tile's 2x2 lots (row offset 1 = top).
_ANGLE_SYMBOL = {0: "^", 90: "<", 180: "v", 270: ">"}
_SYMBOL_ANGLE = {v: k for k, v in _ANGLE_SYMBOL.items()}
_ICON_CORNER = {0: (0, 1), 90: (0, 0), 180: (1, 0), 270: (1, 1)}
RANK_NAMES = ("null", "ace", "2", "3", "4", "5")


@dataclass(frozen=True, slots=True)
class Tile:
    colour: Colour
    rank: int  # 0 = null, 1 = ace, 2..5
    angle: int  # 0, 90, 180 or 270 degrees counter-clockwise

    def __post_init__(self) -> None:
        if not 0 <= self.rank <= 5:
            raise RecordError(_("bad tile rank {rank!r}: expected 0 (null) to 5").format(rank=self.rank))
        if self.angle not in _ANGLE_SYMBOL:
            raise RecordError(_("bad tile angle {angle!r}: expected 0, 90, 180 or 270").format(angle=self.angle))

    def text(self) -> str:
        """PPN tile token, e.g. ``S5v`` (red 5, icon bottom-right)."""
        return _SUIT_LETTER[self.colour] + _RANK_LETTER[self.rank] + _ANGLE_SYMBOL[self.angle]

    @classmethod
    def parse(cls, token: str) -> "Tile":
        t = token.strip()
        if len(t) != 3 or t[0].upper() not in _SUIT_PARSE or t[1].lower() not in _RANK_LETTER \
                or t[2] not in _SYMBOL_ANGLE:
            raise RecordError(
                _("bad tile {token!r}: expected suit (S A C M), rank (n a 2-5) and angle (^ < v >)")
                .format(token=token))
        return cls(_SUIT_PARSE[t[0].upper()], _RANK_LETTER.index(t[1].lower()), _SYMBOL_ANGLE[t[2]])


def _icon_lot(tile_index: int, angle: int) -> int:
    dc, dr = _ICON_CORNER[angle]
    row = (tile_index // TILE_COLUMNS) * 2 + dr
    col = (tile_index % TILE_COLUMNS) * 2 + dc
    return row * COLUMNS + col


# Every tile a city can hold, made once: a random city picks its twenty from here.
_ANGLES = (0, 90, 180, 270)
_TILES = {(c, r, a): Tile(c, r, a) for c in Colour for r in range(6) for a in _ANGLES}
_COLOURS = tuple(Colour)  # iterating the enum class itself is slow on every new game


@dataclass(frozen=True)
class City:
    """20 tiles, index ``tile_row * 4 + tile_column`` with tile row 0 at the bottom."""

    tiles: tuple[Tile, ...]
    # Derived lookups, computed once; excluded from equality and repr.
    lot_colour: tuple[Colour, ...] = field(init=False, compare=False, repr=False)
    icon_lots: tuple[int, ...] = field(init=False, compare=False, repr=False)
    icon_mask: int = field(init=False, compare=False, repr=False)
    colour_mask: tuple[int, ...] = field(init=False, compare=False, repr=False)
    plain_mask: int = field(init=False, compare=False, repr=False)  # lots that are no icon lot
    tower_mask: tuple[int, ...] = field(init=False, compare=False, repr=False)  # per tower colour:
    # the lots where the first two structures may be that tower (its colour's and black tiles)

    def __post_init__(self) -> None:
        if len(self.tiles) != TILE_COUNT:
            raise RecordError(_("a city has {count} tiles, got {got}").format(count=TILE_COUNT, got=len(self.tiles)))
        tiles = self.tiles
        lot_colour = tuple([tiles[tile].colour for tile in TILE_OF])
        icons = tuple([_icon_lot(t, tile.angle) for t, tile in enumerate(tiles)])
        masks = [0, 0, 0, 0]
        for t, tile in enumerate(tiles):
            masks[tile.colour] |= TILE_MASK[t]
        object.__setattr__(self, "lot_colour", lot_colour)
        object.__setattr__(self, "icon_lots", icons)
        object.__setattr__(self, "icon_mask", sum(1 << lot for lot in icons))
        object.__setattr__(self, "colour_mask", tuple(masks))
        object.__setattr__(self, "plain_mask", FULL ^ self.icon_mask)
        object.__setattr__(self, "tower_mask", tuple(m | masks[Colour.BLACK] for m in masks[:3]))

    @classmethod
    def random(cls, seed: int | str) -> "City":
        rng = random.Random(seed)
        tiles = []
        for colour in _COLOURS:
            for rank in sorted(rng.sample(range(6), 5)):
                tiles.append((colour, rank))
        rng.shuffle(tiles)
        return cls(tuple([_TILES[c, r, rng.choice(_ANGLES)] for c, r in tiles]))

    def text(self) -> str:
        """PPN ``Tiles:`` value: top tile row first, tiles left to right, rows split by ``/``."""
        rows = []
        for tile_row in reversed(range(TILE_ROWS)):
            rows.append("".join(self.tiles[tile_row * TILE_COLUMNS + c].text()
                                for c in range(TILE_COLUMNS)))
        return "/".join(rows)

    @classmethod
    def parse(cls, text: str) -> "City":
        groups = str(text).strip().split("/")
        if len(groups) != TILE_ROWS:
            raise RecordError(_("bad Tiles {text!r}: expected {rows} rows split by '/', got {got}")
                              .format(text=text, rows=TILE_ROWS, got=len(groups)))
        by_row: list[list[Tile]] = []
        for group in groups:
            g = group.strip()
            if len(g) != 3 * TILE_COLUMNS:
                raise RecordError(_("bad Tiles row {row!r}: expected {count} tiles of 3 characters "
                                    "each, like 'S5v'").format(row=group, count=TILE_COLUMNS))
            by_row.append([Tile.parse(g[i:i + 3]) for i in range(0, len(g), 3)])
        by_row.reverse()  # PPN lists the top row first
        return cls(tuple(tile for row in by_row for tile in row))

    def tile_at(self, lot: int) -> Tile:
        return self.tiles[TILE_OF[lot]]

    def is_icon_lot(self, lot: int) -> bool:
        return self.icon_lots[TILE_OF[lot]] == lot

    def tile_name(self, tile_index: int) -> str:
        tile = self.tiles[tile_index]
        lots = TILE_LOTS[tile_index]
        return tile_label(tile.colour, tile.rank, lot_name(lots[0]), lot_name(lots[-1]))
