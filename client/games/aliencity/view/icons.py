"""Our own guild symbols (sun, fountain, crown, tool), drawn as vector shapes.

Shapes are defined in a unit box ([-1, 1] both ways, y down) and drawn supersampled, then
smooth-scaled, so they stay crisp at any size. Results are cached per (suit, size, ink).
"""

from __future__ import annotations

import math

import pygame

from shared.aliencity import Colour

SUPERSAMPLE = 4
_CLEAR = (0, 0, 0, 0)


def _pt(cx: float, cy: float, r: float, x: float, y: float) -> tuple[float, float]:
    return (cx + x * r, cy + y * r)


def _sun(s: pygame.Surface, ink, cx: float, cy: float, r: float) -> None:
    for i in range(12):
        a = i * math.pi / 6
        w = 0.13
        tip = _pt(cx, cy, r, math.cos(a) * 0.98, math.sin(a) * 0.98)
        b1 = _pt(cx, cy, r, math.cos(a - w) * 0.55, math.sin(a - w) * 0.55)
        b2 = _pt(cx, cy, r, math.cos(a + w) * 0.55, math.sin(a + w) * 0.55)
        pygame.draw.polygon(s, ink, (tip, b1, b2))
    pygame.draw.circle(s, ink, (cx, cy), r * 0.5)
    pygame.draw.circle(s, _CLEAR, (cx, cy), r * 0.3)
    pygame.draw.circle(s, ink, (cx, cy), r * 0.2)


def _fountain(s: pygame.Surface, ink, cx: float, cy: float, r: float) -> None:
    P = lambda x, y: _pt(cx, cy, r, x, y)  # noqa: E731
    # basin, stem and foot
    pygame.draw.polygon(s, ink, (P(-0.85, 0.25), P(0.85, 0.25), P(0.55, 0.55), P(-0.55, 0.55)))
    pygame.draw.polygon(s, ink, (P(-0.14, 0.55), P(0.14, 0.55), P(0.2, 0.85), P(-0.2, 0.85)))
    pygame.draw.polygon(s, ink, (P(-0.5, 0.85), P(0.5, 0.85), P(0.5, 0.98), P(-0.5, 0.98)))
    # central jet and two falling arcs of water
    pygame.draw.polygon(s, ink, (P(-0.09, 0.25), P(0.09, 0.25), P(0.05, -0.75), P(-0.05, -0.75)))
    width = max(1, int(r * 0.14))
    for side in (-1, 1):
        pts = []
        for i in range(17):
            t = i / 16
            x = side * (0.05 + 0.7 * t)
            y = -0.75 + 1.6 * (t - 0.35) ** 2 - 0.2
            pts.append(P(x, y))
        pygame.draw.lines(s, ink, False, pts, width)
        pygame.draw.circle(s, ink, P(side * 0.82, 0.05), r * 0.08)
    pygame.draw.circle(s, ink, P(0, -0.82), r * 0.11)


def _crown(s: pygame.Surface, ink, cx: float, cy: float, r: float) -> None:
    P = lambda x, y: _pt(cx, cy, r, x, y)  # noqa: E731
    pygame.draw.polygon(s, ink, (P(-0.8, 0.45), P(-0.9, -0.45), P(-0.42, 0.02), P(0, -0.7),
                                 P(0.42, 0.02), P(0.9, -0.45), P(0.8, 0.45)))
    pygame.draw.polygon(s, ink, (P(-0.8, 0.55), P(0.8, 0.55), P(0.8, 0.78), P(-0.8, 0.78)))
    for x, y in ((-0.9, -0.52), (0, -0.8), (0.9, -0.52)):
        pygame.draw.circle(s, ink, P(x, y), r * 0.13)
    for x in (-0.45, 0, 0.45):
        pygame.draw.circle(s, _CLEAR, P(x, 0.28), r * 0.09)


def _tool(s: pygame.Surface, ink, cx: float, cy: float, r: float) -> None:
    """A wrench, diagonal: how tools look in the far future."""
    a = -math.pi / 4
    ux, uy = math.cos(a), math.sin(a)  # along the handle, towards the head (up-right)
    vx, vy = -uy, ux
    P = lambda u, v: (cx + (ux * u + vx * v) * r, cy + (uy * u + vy * v) * r)  # noqa: E731
    pygame.draw.polygon(s, ink, (P(-0.85, -0.14), P(0.4, -0.14), P(0.4, 0.14), P(-0.85, 0.14)))
    pygame.draw.circle(s, ink, P(-0.85, 0), r * 0.2)
    pygame.draw.circle(s, _CLEAR, P(-0.85, 0), r * 0.08)
    pygame.draw.circle(s, ink, P(0.55, 0), r * 0.42)
    pygame.draw.polygon(s, _CLEAR, (P(0.5, -0.16), P(1.1, -0.2), P(1.1, 0.2), P(0.5, 0.16)))
    pygame.draw.circle(s, _CLEAR, P(0.5, 0), r * 0.16)


_DRAW = {Colour.RED: _sun, Colour.BLUE: _fountain, Colour.GREEN: _crown, Colour.BLACK: _tool}


class IconCache:
    """Suit icons as surfaces with alpha, per (suit, pixel size, ink)."""

    def __init__(self) -> None:
        self.cache: dict[tuple, pygame.Surface] = {}

    def get(self, suit: Colour, size: int, ink: tuple[int, ...]) -> pygame.Surface:
        size = max(4, int(size))
        key = (suit, size, tuple(ink))
        surf = self.cache.get(key)
        if surf is None:
            big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
            half = size * SUPERSAMPLE / 2
            _DRAW[suit](big, ink, half, half, half * 0.96)
            surf = pygame.transform.smoothscale(big, (size, size))
            self.cache[key] = surf
        return surf
