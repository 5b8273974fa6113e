"""Small cached surfaces for marking lots: distance tints, rings, tick and slash badges,
number labels, pills and axis-aligned traced paths.

Every surface is made once per (kind, size, colour) and reused; callers that fade a
surface set its alpha right before blitting, so the kit owns its surfaces (text comes
from the shared ``TextCache`` but is copied before its alpha is touched).
"""

from __future__ import annotations

import pygame

from client import theme
from client.assets import TextCache
from shared.aliencity.geometry import bits

SS = 3  # supersampling for round shapes

GOLD = (255, 198, 64)
NEAR_TINT = (255, 190, 60)
FAR_TINT = (70, 200, 255)
COUNT_INK = (120, 245, 150)
NOT_INK = (170, 170, 190)
PATH_INK = (255, 246, 200)
PAIR_INK = (120, 235, 255)

RGB = tuple[int, int, int]


class LotKit:
    """Cached marks sized to a lot, for one TextCache."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.cache: dict[tuple, pygame.Surface] = {}
        self.waves: dict[tuple, tuple] = {}

    def _get(self, key: tuple, make) -> pygame.Surface:
        surf = self.cache.get(key)
        if surf is None:
            if len(self.cache) > 600:
                self.cache.clear()
            surf = self.cache[key] = make()
        return surf

    # -- tints and rings ---------------------------------------------------------------
    def tint(self, size: int, d: int) -> pygame.Surface:
        """A lot wash for road distance ``d``: a dark glass with a rim, gold within 2
        (the customer range), cooling from cyan to violet beyond."""
        def make():
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            r = s.get_rect().inflate(-max(2, size // 10), -max(2, size // 10))
            rad = max(3, size // 6)
            rim = distance_colour(d)
            pygame.draw.rect(s, (8, 10, 28, 150 if d > 2 else 170), r, border_radius=rad)
            pygame.draw.rect(s, (*rim, 34 if d > 2 else 48), r, border_radius=rad)
            pygame.draw.rect(s, (*rim, 235), r, max(2, size // 22), border_radius=rad)
            return s
        return self._get(("tint", size, min(d, 12)), make)

    def front(self, size: int) -> pygame.Surface:
        """The bright edge of the spreading wave."""
        def make():
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            r = s.get_rect().inflate(-max(2, size // 12), -max(2, size // 12))
            pygame.draw.rect(s, (255, 255, 255, 150), r, max(2, size // 14), border_radius=max(3, size // 6))
            return s
        return self._get(("front", size), make)

    def ring(self, size: int, colour: RGB, width: float = 0.07, dashed: bool = False) -> pygame.Surface:
        """A round ring around a structure's lot."""
        def make():
            n = size * SS
            big = pygame.Surface((n, n), pygame.SRCALPHA)
            rad = n * 0.47
            w = max(SS, int(n * width))
            if dashed:
                import math
                for k in range(12):
                    a0 = k * math.pi / 6
                    pygame.draw.arc(big, (*colour, 255), big.get_rect().inflate(-int(n * 0.06), -int(n * 0.06)),
                                    a0, a0 + math.pi / 10, w)
            else:
                pygame.draw.circle(big, (*colour, 60), (n / 2, n / 2), rad)
                pygame.draw.circle(big, (0, 0, 0, 150), (n / 2, n / 2), rad, w + 2 * SS)
                pygame.draw.circle(big, (*colour, 255), (n / 2, n / 2), rad - SS, w)
            return pygame.transform.smoothscale(big, (size, size))
        return self._get(("ring", size, colour, width, dashed), make)

    def badge(self, size: int, kind: str) -> pygame.Surface:
        """A small round badge: ``tick`` (counts), ``slash`` (does not count), ``cross`` (unpaid)."""
        def make():
            d = max(10, int(size * 0.36))
            n = d * SS
            big = pygame.Surface((n, n), pygame.SRCALPHA)
            fill = {"tick": (40, 150, 70), "slash": (70, 70, 86), "cross": (170, 40, 56)}[kind]
            pygame.draw.circle(big, (10, 10, 20, 255), (n / 2, n / 2), n / 2)
            pygame.draw.circle(big, (*fill, 255), (n / 2, n / 2), n / 2 - SS * 1.5)
            w = max(SS, int(n * 0.13))
            ink = (255, 255, 255, 255)
            if kind == "tick":
                pygame.draw.lines(big, ink, False,
                                  [(n * 0.27, n * 0.52), (n * 0.44, n * 0.68), (n * 0.74, n * 0.33)], w)
            elif kind == "slash":
                pygame.draw.line(big, ink, (n * 0.3, n * 0.7), (n * 0.7, n * 0.3), w)
            else:
                pygame.draw.line(big, ink, (n * 0.32, n * 0.32), (n * 0.68, n * 0.68), w)
                pygame.draw.line(big, ink, (n * 0.68, n * 0.32), (n * 0.32, n * 0.68), w)
            return pygame.transform.smoothscale(big, (d, d))
        return self._get(("badge", size, kind), make)

    def number(self, size: int, value: int | str, colour: RGB = theme.TEXT, scale: float = 0.42) -> pygame.Surface:
        """A bold shadowed number for a lot (own copy: callers may set its alpha)."""
        return self._get(("num", size, str(value), colour, scale),
                         lambda: self.text.shadowed(str(value), max(9, int(size * scale)), colour,
                                                    (0, 0, 0), max(1, size // 30), bold=True).copy())

    def wave_layers(self, geo, reach, last: int, numbers: bool) -> tuple[pygame.Surface, pygame.Surface | None]:
        """A fully spread wave as two board-sized layers (washes; numbers), made once per
        wave: a frame then blits two surfaces instead of one per lot. Lots never overlap,
        so pieces are combined with BLEND_RGBA_MAX, which copies them exactly."""
        key = ("wave", geo, id(reach), last, numbers)
        hit = self.waves.get(key)
        if hit is not None and hit[0] is reach:
            return hit[1], hit[2]
        washes = pygame.Surface((geo.width, geo.height), pygame.SRCALPHA)
        digits = pygame.Surface((geo.width, geo.height), pygame.SRCALPHA) if numbers else None
        for d, layer in enumerate(reach.layers[:last], start=1):
            tint = self.tint(geo.lot, d)
            tint.set_alpha(255)
            num = self.number(geo.lot, d, GOLD if d <= 2 else theme.TEXT) if numbers else None
            if num is not None:
                num.set_alpha(255)
            for lot in bits(layer):
                r = geo.lot_rect(lot, local=True)
                washes.blit(tint, r, special_flags=pygame.BLEND_RGBA_MAX)
                if digits is not None:
                    digits.blit(num, num.get_rect(center=r.center), special_flags=pygame.BLEND_RGBA_MAX)
        if len(self.waves) > 2:  # two board-sized layers each: keep only the last few
            self.waves.clear()
        self.waves[key] = (reach, washes, digits)
        return washes, digits

    def pill(self, text: str, height: int, fg: RGB, bg: RGB, edge: RGB | None = None) -> pygame.Surface:
        """Rounded label: tower projections, path lengths, step captions."""
        def make():
            img = self.text.render(text, max(9, int(height * 0.66)), fg, bold=True)
            w = img.get_width() + height * 0.8
            s = pygame.Surface((int(w), height), pygame.SRCALPHA)
            pygame.draw.rect(s, (*bg, 240), s.get_rect(), border_radius=height // 2)
            pygame.draw.rect(s, (*(edge or theme.scale(bg, 1.6)), 255), s.get_rect(), max(1, height // 10),
                             border_radius=height // 2)
            s.blit(img, img.get_rect(center=(s.get_width() / 2, height / 2 + 1)))
            return s
        return self._get(("pill", text, height, fg, bg, edge), make)

    def arrow(self, size: int, up: bool) -> pygame.Surface:
        """A small triangle (projected score up or down; shape, not only colour)."""
        def make():
            n = size * SS
            big = pygame.Surface((n, n), pygame.SRCALPHA)
            colour = theme.GOOD if up else theme.BAD
            pts = [(n / 2, n * 0.12), (n * 0.9, n * 0.85), (n * 0.1, n * 0.85)] if up else \
                [(n / 2, n * 0.88), (n * 0.9, n * 0.15), (n * 0.1, n * 0.15)]
            pygame.draw.polygon(big, (10, 10, 20, 255), pts)
            inner = [(x * 0.8 + n * 0.1, y * 0.8 + n * 0.1) for x, y in pts]
            pygame.draw.polygon(big, (*colour, 255), inner)
            return pygame.transform.smoothscale(big, (size, size))
        return self._get(("arrow", size, up), make)


def distance_colour(d: int) -> RGB:
    """Gold within customer range (1-2), then cyan cooling to violet with distance."""
    if d <= 2:
        return GOLD
    return theme.mixc((80, 225, 255), (150, 120, 255), min(1.0, (d - 3) / 8))


def player_pill_colours(owner) -> tuple[RGB, RGB, RGB]:
    """Foreground, background and edge of a label in a player's colours."""
    from shared.aliencity import Player
    if owner is Player.WHITE:
        return (20, 20, 30), (238, 238, 232), (120, 120, 140)
    return (245, 245, 250), (34, 34, 44), (170, 170, 200)


# -- traced paths -------------------------------------------------------------------------
def path_points(geo, lots: list[int]) -> list[tuple[int, int]]:
    """Screen centres of ``lots`` (a structure, the road lots walked, the other structure)."""
    return [geo.lot_center(lot) for lot in lots]


def _seg_rect(p, q, half: float) -> pygame.Rect:
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    return pygame.Rect(int(x0 - half), int(y0 - half), int(x1 - x0 + 2 * half) + 1, int(y1 - y0 + 2 * half) + 1)


def draw_trace(surface: pygame.Surface, points: list[tuple[int, int]], progress: float, colour: RGB,
               thick: int, clock: float) -> tuple[int, int] | None:
    """Draw ``points`` as a road line up to ``progress`` (0..1 of its length) with marching
    dashes once complete; returns the head position. Segments are axis-aligned."""
    if len(points) < 2:
        return None
    lengths = [abs(q[0] - p[0]) + abs(q[1] - p[1]) for p, q in zip(points, points[1:])]
    total = sum(lengths) or 1
    goal = total * max(0.0, min(1.0, progress))
    half = thick / 2
    dark = (12, 12, 26)
    drawn: list[tuple[tuple[float, float], tuple[float, float]]] = []
    left = goal
    head = points[0]
    for (p, q), ln in zip(zip(points, points[1:]), lengths):
        if left <= 0:
            break
        f = min(1.0, left / ln) if ln else 1.0
        end = (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
        drawn.append((p, end))
        head = end
        left -= ln
    for p, q in drawn:
        surface.fill(dark, _seg_rect(p, q, half + max(2, thick // 3)))
    for p, q in drawn:
        surface.fill(colour, _seg_rect(p, q, half))
    if progress >= 1.0:  # marching dashes: the distance is walked, lot by lot
        step = max(8, thick * 3)
        offset = (clock * step * 2.2) % step
        pos = offset
        acc = 0.0
        bright = theme.mixc(colour, (255, 255, 255), 0.7)
        for (p, q), ln in zip(zip(points, points[1:]), lengths):
            while pos < acc + ln:
                f = (pos - acc) / ln
                x, y = p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
                surface.fill(bright, pygame.Rect(int(x - half * 0.55), int(y - half * 0.55),
                                                 max(2, int(half * 1.1)), max(2, int(half * 1.1))))
                pos += step
            acc += ln
    elif drawn:
        pygame.draw.circle(surface, (255, 255, 255), (int(head[0]), int(head[1])), int(half * 1.6))
        pygame.draw.circle(surface, colour, (int(head[0]), int(head[1])), int(half * 1.0))
    return int(head[0]), int(head[1])
