"""The shell's colours: one place for the look of menus, bars, panels and marks. It knows
no game: a game's own colours (its seats, its pieces) come from the game's plug-in and the
contract's ``SeatInfo`` (``client.games``)."""

from __future__ import annotations

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


def scale(c: RGB, factor: float) -> RGB:
    return tuple(max(0, min(255, int(v * factor))) for v in c)  # type: ignore[return-value]


def mixc(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
