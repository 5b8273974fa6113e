"""Alien City's colours and names: the two seats and the four guilds in two palettes (the
guild colours as printed, and a colour-blind-safe set: Okabe-Ito hues; patterns and
symbols do the rest). The shell's ``client.theme`` knows none of this: a game's look
belongs to its plug-in."""

from __future__ import annotations

from dataclasses import dataclass

from client.theme import RGB, scale
from shared.aliencity import Colour, Player
from shared.aliencity.spec import SEATS
from shared.i18n import domain

_, N_, ngettext, pgettext = domain("aliencity")

PLAYER_COLOUR: dict[Player, RGB] = {Player(i): seat.colour for i, seat in enumerate(SEATS)}
PLAYER_TRIM: dict[Player, RGB] = {Player.BLACK: (150, 150, 170), Player.WHITE: (60, 60, 70)}


@dataclass(frozen=True)
class Palette:
    """Per guild: tile (muted), lot line, piece (bright), piece shade, symbol ink."""

    tile: dict[Colour, RGB]
    piece: dict[Colour, RGB]
    name: str

    def shade(self, colour: Colour, factor: float) -> RGB:
        return scale(self.piece[colour], factor)


STANDARD = Palette(
    tile={Colour.RED: (122, 34, 40), Colour.BLUE: (30, 52, 118), Colour.GREEN: (28, 96, 56),
          Colour.BLACK: (44, 44, 52)},
    piece={Colour.RED: (236, 62, 58), Colour.BLUE: (60, 128, 240), Colour.GREEN: (52, 200, 96),
           Colour.BLACK: (58, 58, 66)},
    name="standard")

# Okabe-Ito: vermillion, blue, bluish green keep apart for the common colour blindnesses;
# tiles also carry patterns (stripes, dots, cross-hatch) and pieces their guild symbol.
COLOUR_SAFE = Palette(
    tile={Colour.RED: (132, 58, 10), Colour.BLUE: (16, 62, 112), Colour.GREEN: (18, 128, 104),
          Colour.BLACK: (34, 34, 38)},  # green lighter, black darker: apart by lightness too
    piece={Colour.RED: (230, 120, 20), Colour.BLUE: (40, 130, 220), Colour.GREEN: (40, 200, 160),
           Colour.BLACK: (60, 60, 64)},
    name="colour-safe")


def palette(colour_blind: bool) -> Palette:
    return COLOUR_SAFE if colour_blind else STANDARD


# The guilds and the symbols our tiles show for them (marked here, translated where shown).
GUILD_NAME = {Colour.RED: N_("Energy"), Colour.BLUE: N_("Synthesis"), Colour.GREEN: N_("Control"),
              Colour.BLACK: N_("Builders")}
# TRANSLATORS: the symbols drawn on the tiles, shown as "the sun", "the fountain", ...
SUIT_NAME = {Colour.RED: N_("the sun"), Colour.BLUE: N_("the fountain"), Colour.GREEN: N_("the crown"),
             Colour.BLACK: N_("the tool")}
RANK_TEXT = ("", "A", "2", "3", "4", "5")
