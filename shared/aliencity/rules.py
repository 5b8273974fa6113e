"""Where may a piece go? The placement rules as bit-set arithmetic, plus their reasons.

One :class:`Placement` is computed per arrangement of structures and shared by every
question about it. The rules, in the order a player learns them (see RULINGS):

1. the lot is empty;
2. road: building there must not split the road nor leave any structure (the new one
   included) without a road lot beside it;
3. a tile's icon lot comes last: it is closed while another lot of the tile passes 2;
4. the first two structures on a tile are of the tile's colour, except that a tower of
   any colour may always go on a black tile;
5. a dome goes on a tile of its own colour, unless no such lot passes 1-4; then on any
   lot that passes 1-3.
"""

from __future__ import annotations

from dataclasses import dataclass

from .city import City
from .geometry import TILE_LOTS, TILE_MASK, TILE_OF, bits
from .road import Road
from .types import COLUMNS, Colour, Kind, PIECES, Piece, lot_name


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a build is not allowed: a short ``rule`` code and a sentence for players."""

    rule: str
    text: str


# Bottom-left lot of every tile; a tile-wide fact is computed at these bits, then filled.
TILE_CORNERS = sum(1 << lots[0] for lots in TILE_LOTS)


def _fill_tiles(corner_bits: int) -> int:
    """Spread facts held at tile corners (bottom-left lots) to the tile's four lots."""
    c = corner_bits & TILE_CORNERS
    return c | c << 1 | c << COLUMNS | c << (COLUMNS + 1)


class Placement:
    """Legal lots per piece for one board (ignores stocks and turns: see GameState)."""

    __slots__ = ("city", "board", "road", "candidates", "settled_tiles", "piece_masks")

    def __init__(self, city: City, board: tuple[int, ...], road: Road) -> None:
        self.city = city
        self.board = board
        self.road = road
        # Rules 1-3. Tile-wide facts are computed at each tile's bottom-left lot, then filled.
        ok = road.buildable
        icons = city.icon_mask
        plain = ok & ~icons
        tile_has_plain = _fill_tiles(plain | plain >> 1 | plain >> COLUMNS | plain >> (COLUMNS + 1))
        cand = self.candidates = plain | (ok & icons & ~tile_has_plain)
        # Rule 4 stops binding on tiles holding two or more structures.
        o = road.occupied
        a, b = o & TILE_CORNERS, (o >> 1) & TILE_CORNERS
        c, d = (o >> COLUMNS) & TILE_CORNERS, (o >> (COLUMNS + 1)) & TILE_CORNERS
        self.settled_tiles = _fill_tiles((a & (b | c | d)) | (b & (c | d)) | (c & d))
        # Legal lots of each of the seven pieces, indexed like PIECES.
        colour_mask = city.colour_mask
        open_to_towers = self.settled_tiles | colour_mask[Colour.BLACK]
        masks = [cand & (open_to_towers | colour_mask[c]) for c in (0, 1, 2)]
        for colour in Colour:
            own = cand & colour_mask[colour]
            masks.append(own if own else cand)
        self.piece_masks = tuple(masks)

    def why_not(self, piece: Piece, lot: int) -> Reason | None:
        """The first rule that forbids ``piece`` on ``lot``, or ``None`` if it is legal."""
        name = lot_name(lot)
        road = self.road
        if (road.occupied >> lot) & 1:
            there = PIECES[self.board[lot] - 1]
            return Reason("occupied", f"{name} is taken: a {there.name()} stands there.")
        if (road.splitting >> lot) & 1:
            cut = [p for p in road.pieces_without(lot)[1:]]
            lots = [lot_name(x) for p in cut for x in bits(p)]
            if len(lots) <= 4:
                what = f"cut {', '.join(lots)} off the rest of the road"
            else:
                what = f"split the road, cutting {len(lots)} lots off"
            return Reason("road_split", f"Building on {name} would {what}: "
                          "every part of the road must stay connected.")
        if (road.dead_ends >> lot) & 1:
            return Reason("no_road", f"A structure on {name} would have no road beside it: "
                          "every structure needs a road lot next to it.")
        if (road.lifelines >> lot) & 1:
            victims = ", ".join(f"the {PIECES[self.board[s] - 1].name()} on {lot_name(s)}"
                                for s in road.cut_off_by(lot))
            return Reason("cuts_off", f"Building on {name} would cut {victims} off the road.")
        tile = TILE_OF[lot]
        tile_desc = self.city.tile_name(tile)
        if self.city.icon_lots[tile] == lot and not (self.candidates >> lot) & 1:
            others = ", ".join(lot_name(x) for x in bits(road.buildable & TILE_MASK[tile] & ~(1 << lot)))
            return Reason("icon_last", f"{name} is the icon lot of {tile_desc}: it must be built "
                          f"last, and {others} can still be built on.")
        tile_colour = self.city.tiles[tile].colour
        if not (self.settled_tiles >> lot) & 1 and piece.colour != tile_colour and not (
                piece.kind is Kind.TOWER and tile_colour is Colour.BLACK):
            count = (road.occupied & TILE_MASK[tile]).bit_count()
            if piece.kind is Kind.DOME and not (self.city.colour_mask[piece.colour] & self.candidates):
                pass  # the dome fallback of rule 3 lifts rule 4 for this dome
            else:
                return Reason("first_two", f"The first two structures on {tile_desc} must be "
                              f"{tile_colour.text()} (it holds {count}); towers of any colour may "
                              "always go on black tiles.")
        if piece.kind is Kind.DOME and tile_colour != piece.colour:
            own = self.city.colour_mask[piece.colour] & self.candidates
            if own:
                example = ", ".join(lot_name(x) for x in list(bits(own))[:3])
                return Reason("dome_colour", f"A {piece.colour.text()} dome must go on a "
                              f"{piece.colour.text()} tile while one has a free legal lot "
                              f"(e.g. {example}).")
        return None
