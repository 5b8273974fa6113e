"""The board on screen: lot <-> pixel mapping that scales with the window, and the cached
drawing of tiles, icons and pieces.

Geometry is pure arithmetic on a given area, so any scene (game, replay, how-to-play
illustrations) can place a board of any size. Drawing is vector shapes at the current
size, cached per (size, city, pieces), so a frame only blits and adds what moves.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from client.assets import TextCache
from shared.aliencity import PIECES, City, Colour, Player
from shared.aliencity.types import COLUMN_LETTERS, COLUMNS, ROWS

from .. import look
from .icons import IconCache
from .pieces import PieceSprites

TILE_GAP = 0.07  # gap between tiles, in lot sizes
PAD = 0.42  # border around the tiles (holds the coordinates), in lot sizes
# Board-sized surfaces cached (a MB and more each), the latest kept: boards with their
# pieces (a position, with a piece hidden while it lands) and shades with holes.
BOARDS_KEPT = 8
SPOTLIGHTS_KEPT = 6


@dataclass(frozen=True)
class BoardGeometry:
    """Where every lot is: fits an 8x10-lot board (with tile gaps) centred in ``area``."""

    x: int
    y: int
    lot: int
    gap: int
    pad: int

    @classmethod
    def fit(cls, area: pygame.Rect) -> "BoardGeometry":
        units_w = COLUMNS + 3 * TILE_GAP + 2 * PAD
        units_h = ROWS + 4 * TILE_GAP + 2 * PAD
        lot = max(8, int(min(area.width / units_w, area.height / units_h)))
        gap, pad = max(1, round(lot * TILE_GAP)), round(lot * PAD)
        w = COLUMNS * lot + 3 * gap + 2 * pad
        h = ROWS * lot + 4 * gap + 2 * pad
        return cls(area.x + (area.width - w) // 2, area.y + (area.height - h) // 2, lot, gap, pad)

    @property
    def width(self) -> int:
        return COLUMNS * self.lot + 3 * self.gap + 2 * self.pad

    @property
    def height(self) -> int:
        return ROWS * self.lot + 4 * self.gap + 2 * self.pad

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.width, self.height)

    @property
    def outer(self) -> pygame.Rect:
        """The board's box, border and all (what the shell's board screens call it)."""
        return self.rect

    def lot_rect(self, lot: int, local: bool = False) -> pygame.Rect:
        col, row = lot % COLUMNS, lot // COLUMNS
        flipped = ROWS - 1 - row
        x = self.pad + col * self.lot + (col // 2) * self.gap
        y = self.pad + flipped * self.lot + (flipped // 2) * self.gap
        if not local:
            x, y = x + self.x, y + self.y
        return pygame.Rect(x, y, self.lot, self.lot)

    def lot_center(self, lot: int) -> tuple[int, int]:
        return self.lot_rect(lot).center

    def tile_rect(self, tile: int, local: bool = False) -> pygame.Rect:
        col, row = tile % 4, tile // 4
        bottom_left = (row * 2) * COLUMNS + col * 2
        r = self.lot_rect(bottom_left + COLUMNS, local)  # top-left lot of the tile
        return pygame.Rect(r.x, r.y, 2 * self.lot, 2 * self.lot)

    def lot_at(self, pos: tuple[int, int]) -> int | None:
        """The lot under a pixel, or None (tile gaps and the border belong to no lot)."""
        px, py = pos[0] - self.x - self.pad, pos[1] - self.y - self.pad
        pair_w, pair_h = 2 * self.lot + self.gap, 2 * self.lot + self.gap
        if px < 0 or py < 0:
            return None
        tc, rx = divmod(px, pair_w)
        tr, ry = divmod(py, pair_h)
        if tc >= 4 or tr >= 5 or rx >= 2 * self.lot or ry >= 2 * self.lot:
            return None
        col = int(tc * 2 + rx // self.lot)
        flipped = int(tr * 2 + ry // self.lot)
        return (ROWS - 1 - flipped) * COLUMNS + col


def _make_room(cache: dict[tuple, pygame.Surface], kept: int) -> None:
    """Drop the oldest entries until one more fits under ``kept``."""
    while len(cache) >= kept:
        del cache[next(iter(cache))]


class BoardRenderer:
    """Draws boards; caches the empty city and the city with pieces per geometry."""

    def __init__(self, text: TextCache, icons: IconCache | None = None) -> None:
        self.text = text
        self.icons = icons or IconCache()
        self.sprites = PieceSprites(self.icons)
        self._base: dict[tuple, pygame.Surface] = {}
        self._full: dict[tuple, pygame.Surface] = {}
        self._marks: dict[tuple, pygame.Surface] = {}
        self._spots: dict[tuple, pygame.Surface] = {}

    def base(self, geo: BoardGeometry, city: City, cb: bool, labels: bool = True) -> pygame.Surface:
        key = (geo.lot, geo.gap, geo.pad, city.tiles, cb, labels)
        surf = self._base.get(key)
        if surf is None:
            if len(self._base) > 8:
                self._base.clear()
            surf = self._draw_base(geo, city, cb, labels)
            self._base[key] = surf
        return surf

    def board(self, geo: BoardGeometry, city: City, board: tuple[int, ...], caps: tuple[int, ...],
              cb: bool, hidden: frozenset[int] = frozenset(), labels: bool = True) -> pygame.Surface:
        """The city with every structure not in ``hidden`` drawn on it (board-local)."""
        key = (geo.lot, geo.gap, geo.pad, city.tiles, board, caps, cb, hidden, labels)
        surf = self._full.get(key)
        if surf is None:
            _make_room(self._full, BOARDS_KEPT)
            surf = self.base(geo, city, cb, labels).copy()
            # Draw from the top row down so lower pieces overlap the ones behind them.
            for row in reversed(range(ROWS)):
                for col in range(COLUMNS):
                    lot = row * COLUMNS + col
                    if board[lot] and lot not in hidden:
                        owner = Player(caps[lot] - 1) if caps[lot] else None
                        sprite = self.sprites.get(PIECES[board[lot] - 1], owner, geo.lot, cb)
                        surf.blit(sprite, geo.lot_rect(lot, local=True))
            self._full[key] = surf
        return surf

    def _draw_base(self, geo: BoardGeometry, city: City, cb: bool, labels: bool) -> pygame.Surface:
        pal = look.palette(cb)
        surf = pygame.Surface((geo.width, geo.height))
        surf.fill(theme.BOARD_EDGE)
        pygame.draw.rect(surf, (30, 34, 70), surf.get_rect(), max(1, geo.lot // 28),
                         border_radius=max(2, geo.lot // 6))
        for t, tile in enumerate(city.tiles):
            rect = geo.tile_rect(t, local=True)
            fill = pal.tile[tile.colour]
            pygame.draw.rect(surf, fill, rect, border_radius=max(2, geo.lot // 10))
            if cb:
                draw_pattern(surf, rect, tile.colour, theme.scale(fill, 1.35), geo.lot)
            # lot seams: a soft cross dividing the tile's four lots
            seam = theme.scale(fill, 0.72)
            w = max(1, geo.lot // 40)
            inset = geo.lot // 8
            pygame.draw.line(surf, seam, (rect.centerx, rect.top + inset),
                             (rect.centerx, rect.bottom - inset), w)
            pygame.draw.line(surf, seam, (rect.left + inset, rect.centery),
                             (rect.right - inset, rect.centery), w)
            hi = theme.scale(fill, 1.3)
            pygame.draw.rect(surf, hi, rect, max(1, geo.lot // 32), border_radius=max(2, geo.lot // 10))
            icon_rect = geo.lot_rect(city.icon_lots[t], local=True)
            ink = theme.mixc(fill, (255, 240, 210), 0.42)
            icon = self.icons.get(tile.colour, int(geo.lot * 0.62), ink)
            surf.blit(icon, icon.get_rect(center=icon_rect.center))
            rank = look.RANK_TEXT[tile.rank] or "–"
            label = self.text.render(rank, max(9, int(geo.lot * 0.26)), ink, bold=True)
            corner = _outer_corner(icon_rect, rect)
            lr = label.get_rect(center=(corner[0], corner[1]))
            surf.blit(label, lr)
        if labels and geo.pad >= 10:
            size = max(9, int(geo.pad * 0.62))
            for c in range(COLUMNS):
                r = geo.lot_rect(c, local=True)
                img = self.text.render(COLUMN_LETTERS[c], size, theme.TEXT_DIM)
                surf.blit(img, img.get_rect(center=(r.centerx, geo.height - geo.pad // 2)))
                surf.blit(img, img.get_rect(center=(r.centerx, geo.pad // 2)))
            for row in range(ROWS):
                r = geo.lot_rect(row * COLUMNS, local=True)
                img = self.text.render(str(row + 1), size, theme.TEXT_DIM)
                surf.blit(img, img.get_rect(center=(geo.pad // 2, r.centery)))
                surf.blit(img, img.get_rect(center=(geo.width - geo.pad // 2, r.centery)))
        return surf

    def spotlight(self, geo: BoardGeometry, lots: tuple[int, ...], dim: int = 125) -> pygame.Surface:
        """A board-sized shade with holes at ``lots``: what may be played stands out. Each
        position has its own holes, and each shade is as big as the board (a MB and more):
        only the last few are kept, not one per position of the game."""
        key = (geo.lot, geo.gap, geo.pad, lots, dim)
        surf = self._spots.get(key)
        if surf is None:
            _make_room(self._spots, SPOTLIGHTS_KEPT)
            surf = pygame.Surface((geo.width, geo.height), pygame.SRCALPHA)
            surf.fill((4, 4, 16, dim))
            rad = max(2, geo.lot // 6)
            for lot in lots:
                pygame.draw.rect(surf, (0, 0, 0, 0), geo.lot_rect(lot, local=True).inflate(-2, -2),
                                 border_radius=rad)
            self._spots[key] = surf
        return surf

    # -- per-frame marks (small cached surfaces, blitted at lots) --------------------
    def mark(self, kind: str, size: int, colour: tuple[int, int, int] = theme.LEGAL) -> pygame.Surface:
        """Lot-sized overlays: ``legal`` glow, ``hover`` frame, ``frame`` (a hover that keeps
        the piece's colour), ``bad`` cross, ``last`` corner brackets, ``claim`` ring,
        ``cursor`` keyboard frame."""
        key = (kind, size, colour)
        surf = self._marks.get(key)
        if surf is None:
            surf = _make_mark(kind, size, colour)
            self._marks[key] = surf
        return surf


def _outer_corner(icon: pygame.Rect, tile: pygame.Rect) -> tuple[int, int]:
    """A point near the icon lot's outer corner, for the rank label."""
    inset = icon.width * 0.2
    x = icon.left + inset if icon.centerx < tile.centerx else icon.right - inset
    y = icon.top + inset if icon.centery < tile.centery else icon.bottom - inset
    return int(x), int(y)


def draw_pattern(surf: pygame.Surface, rect: pygame.Rect, colour: Colour, ink, lot: int) -> None:
    """Colour-blind-safe tile patterns: red stripes, blue dots, green cross-hatch."""
    clip = surf.get_clip()
    surf.set_clip(rect.inflate(-2, -2))
    step = max(6, lot // 5)
    w = max(1, lot // 30)
    if colour is Colour.RED:
        for k in range(-rect.height, rect.width, step):
            pygame.draw.line(surf, ink, (rect.left + k, rect.bottom), (rect.left + k + rect.height, rect.top), w)
    elif colour is Colour.BLUE:
        for y in range(rect.top + step // 2, rect.bottom, step):
            for x in range(rect.left + step // 2, rect.right, step):
                pygame.draw.circle(surf, ink, (x, y), max(1, lot // 26))
    elif colour is Colour.GREEN:
        for x in range(rect.left + step // 2, rect.right, step):
            pygame.draw.line(surf, ink, (x, rect.top), (x, rect.bottom), w)
        for y in range(rect.top + step // 2, rect.bottom, step):
            pygame.draw.line(surf, ink, (rect.left, y), (rect.right, y), w)
    surf.set_clip(clip)


def _make_mark(kind: str, size: int, colour) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = s.get_rect()
    w = max(2, size // 18)
    rad = max(2, size // 6)
    if kind == "legal":
        inner = r.inflate(-size // 7, -size // 7)
        pygame.draw.rect(s, (255, 255, 255, 34), inner, border_radius=rad)
        pygame.draw.rect(s, (*colour, 235), inner, w, border_radius=rad)
    elif kind == "hover":
        pygame.draw.rect(s, (*colour, 110), r.inflate(-4, -4), border_radius=rad)
        pygame.draw.rect(s, (255, 255, 255, 255), r.inflate(-4, -4), w + 1, border_radius=rad)
    elif kind == "frame":  # the hovered tower to claim: framed, its colour left as it is
        pygame.draw.rect(s, (*colour, 255), r.inflate(-4, -4), w + 1, border_radius=rad)
        pygame.draw.rect(s, (255, 255, 255, 255), r.inflate(-4 - 2 * (w + 1), -4 - 2 * (w + 1)), max(1, w // 2),
                         border_radius=rad)
    elif kind == "cursor":
        pygame.draw.rect(s, (*colour, 255), r.inflate(-2, -2), w, border_radius=rad)
    elif kind == "bad":
        pygame.draw.rect(s, (*colour, 70), r.inflate(-4, -4), border_radius=rad)
        m = size // 3
        pygame.draw.line(s, (*colour, 230), (m, m), (size - m, size - m), w + 1)
        pygame.draw.line(s, (*colour, 230), (size - m, m), (m, size - m), w + 1)
    elif kind == "last":
        m, ln = size // 12, size // 4
        for cx, cy, dx, dy in ((m, m, 1, 1), (size - m, m, -1, 1), (m, size - m, 1, -1),
                               (size - m, size - m, -1, -1)):
            pygame.draw.line(s, (*colour, 255), (cx, cy), (cx + dx * ln, cy), w)
            pygame.draw.line(s, (*colour, 255), (cx, cy), (cx, cy + dy * ln), w)
    elif kind == "claim":
        pygame.draw.circle(s, (*colour, 50), r.center, size * 0.48)
        pygame.draw.circle(s, (*colour, 230), r.center, size * 0.48, w)
    return s


def boards(app) -> BoardRenderer:
    """The app's one Alien City renderer (sprites, boards, marks), made on first use and
    kept in the app's per-game cache, so the shell never builds a game's art."""
    return app.kit("alien-city", lambda: BoardRenderer(app.text))
