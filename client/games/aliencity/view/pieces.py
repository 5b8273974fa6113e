"""Piece sprites: towers as pyramids, domes as discs with their guild symbol, caps as
small pyramids in the owner's colour. Drawn supersampled per lot size and cached."""

from __future__ import annotations

import pygame

from client import theme
from shared.aliencity import Colour, Kind, Piece, Player

from .. import look
from .icons import IconCache

SS = 3


class PieceSprites:
    """Sprites sized to one lot (square, with alpha) for a palette and colour-blind flag."""

    def __init__(self, icons: IconCache) -> None:
        self.icons = icons
        self.cache: dict[tuple, pygame.Surface] = {}

    def get(self, piece: Piece, owner: Player | None, size: int, colour_blind: bool,
            ghost: bool = False) -> pygame.Surface:
        key = (piece, owner, int(size), colour_blind, ghost)
        surf = self.cache.get(key)
        if surf is None:
            surf = self._make(piece, owner, int(size), colour_blind)
            if ghost:
                surf = surf.copy()
                surf.set_alpha(120)
            self.cache[key] = surf
        return surf

    def cap(self, owner: Player, size: int) -> pygame.Surface:
        """A cap on its own (claim animations drop it onto the tower)."""
        key = ("cap", owner, int(size))
        surf = self.cache.get(key)
        if surf is None:
            big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            _draw_cap(big, owner, size * SS)
            surf = pygame.transform.smoothscale(big, (size, size))
            self.cache[key] = surf
        return surf

    def _make(self, piece: Piece, owner: Player | None, size: int, cb: bool) -> pygame.Surface:
        pal = look.palette(cb)
        n = size * SS
        big = pygame.Surface((n, n), pygame.SRCALPHA)
        if piece.kind is Kind.TOWER:
            _draw_tower(big, pal, piece.colour, n)
            if cb:
                icon = self.icons.get(piece.colour, int(n * 0.24), (255, 255, 255))
                big.blit(icon, (int(n * 0.27), int(n * 0.52)))
            if owner is not None:
                _draw_cap(big, owner, n)
        else:
            self._draw_dome(big, pal, piece.colour, n)
        return pygame.transform.smoothscale(big, (size, size))

    def _draw_dome(self, s: pygame.Surface, pal: look.Palette, colour: Colour, n: int) -> None:
        cx, cy, r = n * 0.5, n * 0.5, n * 0.37
        shadow = pygame.Rect(0, 0, int(r * 2.1), int(r * 0.9))
        shadow.center = (int(cx + n * 0.03), int(cy + r * 0.78))
        pygame.draw.ellipse(s, (0, 0, 0, 90), shadow)
        base = pal.piece[colour]
        rim = theme.scale(base, 0.55) if colour is not Colour.BLACK else (140, 140, 156)
        pygame.draw.circle(s, rim, (cx, cy + n * 0.035), r)
        pygame.draw.circle(s, base, (cx, cy), r)
        light = theme.mixc(base, (255, 255, 255), 0.35)
        pygame.draw.circle(s, light, (cx - r * 0.12, cy - r * 0.12), r * 0.78)
        pygame.draw.circle(s, base, (cx - r * 0.02, cy - r * 0.02), r * 0.74)
        edge = (20, 20, 26) if colour is not Colour.BLACK else (170, 170, 186)
        pygame.draw.circle(s, edge, (cx, cy), r, max(1, n // 60))
        ink = theme.mixc(base, (255, 255, 255), 0.8) if colour is not Colour.BLACK else (205, 205, 215)
        icon = self.icons.get(colour, int(r * 1.15), ink)
        s.blit(icon, icon.get_rect(center=(int(cx), int(cy))))


def _draw_tower(s: pygame.Surface, pal: look.Palette, colour: Colour, n: int) -> None:
    apex = (n * 0.5, n * 0.06)
    left, front, right = (n * 0.1, n * 0.8), (n * 0.5, n * 0.93), (n * 0.9, n * 0.8)
    shadow = [(n * 0.16, n * 0.86), (n * 0.56, n * 0.99), (n * 0.99, n * 0.86), (n * 0.8, n * 0.3)]
    pygame.draw.polygon(s, (0, 0, 0, 80), shadow)
    base = pal.piece[colour]
    pygame.draw.polygon(s, theme.mixc(base, (255, 255, 255), 0.18), (apex, left, front))
    pygame.draw.polygon(s, theme.scale(base, 0.62), (apex, front, right))
    edge = theme.scale(base, 0.35)
    w = max(1, n // 70)
    pygame.draw.lines(s, edge, True, (apex, left, front, right), w)
    pygame.draw.line(s, theme.mixc(base, (255, 255, 255), 0.5), apex, front, w)


def _draw_cap(s: pygame.Surface, owner: Player, n: int) -> None:
    """A small pyramid over the tower's tip, in the owner's colour with a contrasting edge."""
    apex = (n * 0.5, n * 0.0)
    left, front, right = (n * 0.3, n * 0.34), (n * 0.5, n * 0.4), (n * 0.7, n * 0.34)
    body = look.PLAYER_COLOUR[owner]
    trim = look.PLAYER_TRIM[owner]
    if owner is Player.BLACK:
        lit, dark = (78, 78, 90), (22, 22, 28)
    else:
        lit, dark = (255, 255, 255), (196, 196, 204)
    pygame.draw.polygon(s, lit, (apex, left, front))
    pygame.draw.polygon(s, dark, (apex, front, right))
    pygame.draw.lines(s, trim, True, (apex, left, front, right), max(2, n // 45))
    del body
