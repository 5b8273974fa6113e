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
from .geometry import FULL, TILE_LOTS, TILE_MASK, TILE_OF, bits
from .road import Road
from .texts import N_, _, colour_plural, ngettext, piece_label, piece_with_article
from .types import COLUMNS, PIECES, Colour, Kind, Piece, lot_name


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a build is not allowed: a short ``rule`` code and a sentence for players."""

    rule: str
    text: str


# A dome off its colour's tiles, one sentence per dome colour (indexed like Colour).
DOME_COLOUR = (
    N_("A red dome must go on a red tile while one has a free legal lot (e.g. {lots})."),
    N_("A blue dome must go on a blue tile while one has a free legal lot (e.g. {lots})."),
    N_("A green dome must go on a green tile while one has a free legal lot (e.g. {lots})."),
    N_("A black dome must go on a black tile while one has a free legal lot (e.g. {lots})."),
)

# Bottom-left lot of every tile; a tile-wide fact is computed at these bits, then filled.
TILE_CORNERS = sum(1 << lots[0] for lots in TILE_LOTS)


def rule_masks(city: City, road: Road) -> tuple[int, int, tuple[int, ...]]:
    """Rules 1-5 for one board: the lots passing rules 1-3 (``candidates``), the tiles where
    rule 4 no longer binds (``settled``) and the legal lots of each piece, indexed like
    PIECES. A function, so the moves' hot path gets its masks without a Placement."""
    # Rules 1-3. Tile-wide facts are computed at each tile's bottom-left lot, then filled.
    ok = road.buildable
    plain = ok & city.plain_mask
    c = plain | (plain >> 1)
    c = (c | (c >> COLUMNS)) & TILE_CORNERS
    c |= c << 1
    cand = plain | (ok & city.icon_mask & (FULL ^ (c | (c << COLUMNS))))
    # Rule 4 stops binding on tiles holding two or more structures: both lots of a row
    # of the tile, or one lot in each row.
    o = road.occupied
    either, both = o | (o >> 1), o & (o >> 1)
    c = (both | (both >> COLUMNS) | (either & (either >> COLUMNS))) & TILE_CORNERS
    c |= c << 1
    settled = c | (c << COLUMNS)
    red, blue, green, black = city.colour_mask
    towers = city.tower_mask
    return cand, settled, (cand & (settled | towers[0]), cand & (settled | towers[1]),
                           cand & (settled | towers[2]), cand & red or cand, cand & blue or cand,
                           cand & green or cand, cand & black or cand)


class Placement:
    """Legal lots per piece for one board (ignores stocks and turns: see GameState), with
    the reason a build is not legal."""

    __slots__ = ("city", "board", "road", "candidates", "settled_tiles", "piece_masks")

    def __init__(self, city: City, board: tuple[int, ...], road: Road) -> None:
        self.city = city
        self.board = board
        self.road = road
        self.candidates, self.settled_tiles, self.piece_masks = rule_masks(city, road)

    def why_not(self, piece: Piece, lot: int) -> Reason | None:
        """The first rule that forbids ``piece`` on ``lot``, or ``None`` if it is legal."""
        name = lot_name(lot)
        road = self.road
        if (road.occupied >> lot) & 1:
            there = PIECES[self.board[lot] - 1]
            return Reason("occupied", _("{lot} is taken: {piece} stands there.").format(
                lot=name, piece=piece_with_article(there)))
        if (road.splitting >> lot) & 1:
            cut = [p for p in road.pieces_without(lot)[1:]]
            lots = [lot_name(x) for p in cut for x in bits(p)]
            if len(lots) <= 4:
                text = _("Building on {lot} would cut {lots} off the rest of the road: every "
                         "part of the road must stay connected.").format(lot=name, lots=", ".join(lots))
            else:
                text = ngettext("Building on {lot} would split the road, cutting {n} lot off: "
                                "every part of the road must stay connected.",
                                "Building on {lot} would split the road, cutting {n} lots off: "
                                "every part of the road must stay connected.",
                                len(lots)).format(lot=name, n=len(lots))
            return Reason("road_split", text)
        if (road.dead_ends >> lot) & 1:
            return Reason("no_road", _("A structure on {lot} would have no road beside it: "
                                       "every structure needs a road lot next to it.").format(lot=name))
        if (road.lifelines >> lot) & 1:
            # TRANSLATORS: one structure a build would cut off the road, e.g. "the red tower on c3"
            victims = ", ".join(_("the {piece} on {lot}").format(
                piece=piece_label(PIECES[self.board[s] - 1]), lot=lot_name(s)) for s in road.cut_off_by(lot))
            return Reason("cuts_off", _("Building on {lot} would cut {structures} off the road.")
                          .format(lot=name, structures=victims))
        tile = TILE_OF[lot]
        tile_desc = self.city.tile_name(tile)
        if self.city.icon_lots[tile] == lot and not (self.candidates >> lot) & 1:
            others = ", ".join(lot_name(x) for x in bits(road.buildable & TILE_MASK[tile] & ~(1 << lot)))
            return Reason("icon_last", _("{lot} is the icon lot of {tile}: it must be built last, "
                                         "and {lots} can still be built on.").format(
                lot=name, tile=tile_desc, lots=others))
        tile_colour = self.city.tiles[tile].colour
        if not (self.settled_tiles >> lot) & 1 and piece.colour != tile_colour and not (
                piece.kind is Kind.TOWER and tile_colour is Colour.BLACK):
            count = (road.occupied & TILE_MASK[tile]).bit_count()
            if piece.kind is Kind.DOME and not (self.city.colour_mask[piece.colour] & self.candidates):
                pass  # the dome fallback of rule 3 lifts rule 4 for this dome
            else:
                return Reason("first_two", _("The first two structures on {tile} must be {colour} "
                                             "(it holds {count}); towers of any colour may always "
                                             "go on black tiles.").format(
                    tile=tile_desc, colour=colour_plural(tile_colour), count=count))
        if piece.kind is Kind.DOME and tile_colour != piece.colour:
            own = self.city.colour_mask[piece.colour] & self.candidates
            if own:
                example = ", ".join(lot_name(x) for x in list(bits(own))[:3])
                return Reason("dome_colour", _(DOME_COLOUR[piece.colour]).format(lots=example))
        return None
