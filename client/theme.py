"""Colours and proportions: one place for the look. Two palettes: the guild colours as
printed, and a colour-blind-safe set (Okabe-Ito hues; patterns and symbols do the rest)."""

from __future__ import annotations

from dataclasses import dataclass

from shared.aliencity import Colour, Player

RGB = tuple[int, int, int]

BG_TOP: RGB = (14, 16, 38)
BG_BOTTOM: RGB = (32, 18, 52)
PANEL: RGB = (24, 27, 56)
PANEL_EDGE: RGB = (72, 82, 150)
TEXT: RGB = (236, 238, 250)
TEXT_DIM: RGB = (150, 156, 196)
ACCENT: RGB = (255, 200, 60)
ACCENT_2: RGB = (80, 230, 255)
GOOD: RGB = (110, 240, 140)
BAD: RGB = (255, 96, 110)
LEGAL: RGB = (120, 255, 200)
BOARD_EDGE: RGB = (8, 9, 20)

PLAYER_COLOUR: dict[Player, RGB] = {Player.BLACK: (30, 30, 36), Player.WHITE: (244, 244, 240)}
PLAYER_TRIM: dict[Player, RGB] = {Player.BLACK: (150, 150, 170), Player.WHITE: (60, 60, 70)}
PLAYER_NAME = {Player.BLACK: "Black", Player.WHITE: "White"}


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
    tile={Colour.RED: (132, 58, 10), Colour.BLUE: (16, 62, 112), Colour.GREEN: (10, 96, 78),
          Colour.BLACK: (46, 46, 50)},
    piece={Colour.RED: (230, 120, 20), Colour.BLUE: (40, 130, 220), Colour.GREEN: (40, 200, 160),
           Colour.BLACK: (60, 60, 64)},
    name="colour-safe")


def palette(colour_blind: bool) -> Palette:
    return COLOUR_SAFE if colour_blind else STANDARD


def scale(c: RGB, factor: float) -> RGB:
    return tuple(max(0, min(255, int(v * factor))) for v in c)  # type: ignore[return-value]


def mixc(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


GUILD_NAME = {Colour.RED: "Energy", Colour.BLUE: "Synthesis", Colour.GREEN: "Control",
              Colour.BLACK: "Builders"}
SUIT_NAME = {Colour.RED: "sun", Colour.BLUE: "fountain", Colour.GREEN: "crown",
             Colour.BLACK: "tool"}
RANK_TEXT = ("", "A", "2", "3", "4", "5")
