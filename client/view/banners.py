"""What every match screen says across the board: banners and toasts.

:class:`Banners` queues banners on a scene's own timeline (one after another; each fades
in, holds and fades out, optionally blocking input) and draws the one on show; its band
and lines are made once per banner and size, the fade only sets alpha. :class:`Toast` is
a short message above the bottom bar that expires after some seconds of ``update``.
Game-free: sizes follow a ``unit`` (a board's cell) the screen passes in.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import theme
from ..anim import Callback, Delay, Sequence, Timeline, Tween
from ..assets import TextCache
from .widgets import draw_panel


@dataclass
class Banner:
    text: str
    sub: str = ""
    colour: tuple[int, int, int] = theme.ACCENT
    alpha: float = 0.0


GAP = 4   # pixels between a moved banner and what it keeps off


class Banners:
    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.current: Banner | None = None
        self._track: Sequence | None = None
        self._cache: dict[tuple, tuple] = {}   # parts and places per banner, width and unit
        self.rect: pygame.Rect | None = None   # the band last drawn (None: no banner)
        self.lines: list[pygame.Rect] = []      # its lines of text, where they were drawn

    def announce(self, text: str, sub: str = "", colour=theme.ACCENT, hold: float = 1.2,
                 blocking: bool = True) -> None:
        """A banner across the board; banners queue one after another."""
        banner = Banner(text, sub, colour)

        def show() -> None:
            self.current = banner

        def hide() -> None:
            if self.current is banner:
                self.current = None

        steps = [Callback(show), Tween(0.22, lambda p: setattr(banner, "alpha", p), "out_quad", blocking),
                 Delay(hold, blocking), Tween(0.3, lambda p: setattr(banner, "alpha", 1 - p), "in_quad", blocking),
                 Callback(hide)]
        track = self._track
        if track is not None and track.index < len(track.steps) and track in self.timeline.tracks:
            track.steps.extend(steps)
            track.blocking = track.blocking or blocking
        else:
            self._track = Sequence(*steps)
            self.timeline.add(self._track)

    def _parts(self, text: TextCache, banner: Banner, width: int, unit: int):
        """The band and its lines (each a surface), made once per banner, width and unit:
        the headline shrinks (then wraps) and the sub line wraps to stay inside the window
        in every language."""
        key = (banner.text, banner.sub, banner.colour, width, unit)
        if key in self._cache:
            return self._cache[key]
        room = max(40, width - 2 * max(12, unit // 2))
        big_lines = [text.shadowed(line, size, banner.colour, (0, 0, 0), 3, bold=True).copy()
                     for line, size in headline_lines(text, banner.text, int(unit * 0.62), room)]
        subs = [text.render(line, size, theme.TEXT).copy()
                for line, size in sub_lines(text, banner.sub, int(unit * 0.3), room)] if banner.sub else []
        pad, gap = max(4, int(unit * 0.2)), int(unit * 0.08) if subs else 0
        content = sum(i.get_height() for i in big_lines) + gap + sum(i.get_height() for i in subs)
        h = max(int(unit * (1.9 if banner.sub else 1.4)), content + 2 * pad)
        band = pygame.Surface((width, h), pygame.SRCALPHA)
        band.fill((10, 10, 28, 215))
        pygame.draw.line(band, banner.colour, (0, 1), (width, 1), 3)
        pygame.draw.line(band, banner.colour, (0, h - 2), (width, h - 2), 3)
        parts = (band, big_lines, subs, (h - content) // 2, gap)
        if len(self._cache) > 32:
            self._cache.clear()
        self._cache[key] = parts
        return parts

    def place(self, text: TextCache, width: int, centre_y: int, unit: int, avoid: tuple[pygame.Rect, ...] = (),
              area: pygame.Rect | None = None) -> tuple[pygame.Rect, int]:
        """Where the banner on show goes (its band) and the unit it is drawn at: centred on
        ``centre_y``, unless that covers one of ``avoid`` (a final table): then in the
        tallest free stretch of ``area`` above or below them, smaller if it must be."""
        banner = self.current
        assert banner is not None
        key = ("place", banner.text, banner.sub, width, centre_y, unit, tuple(map(tuple, avoid)),
               None if area is None else tuple(area))
        if key not in self._cache:
            self._cache[key] = self._place(text, banner, width, centre_y, unit, avoid, area)
        return self._cache[key]

    def _place(self, text: TextCache, banner: Banner, width: int, centre_y: int, unit: int,
               avoid: tuple[pygame.Rect, ...], area: pygame.Rect | None) -> tuple[pygame.Rect, int]:
        band = self._parts(text, banner, width, unit)[0]
        rect = pygame.Rect(0, centre_y - band.get_height() // 2, width, band.get_height())
        if not any(rect.colliderect(r) for r in avoid):
            return rect, unit
        area = area if area is not None else pygame.Rect(0, 0, width, centre_y * 2)
        edges = sorted({area.top, area.bottom} | {min(max(y, area.top), area.bottom)
                                                  for r in avoid for y in (r.top, r.bottom)})
        free = [(a, b) for a, b in zip(edges, edges[1:])
                if not any(r.top < b and r.bottom > a for r in avoid)]
        top, bottom = max(free, key=lambda ab: ab[1] - ab[0], default=(area.top, area.bottom))
        top, bottom = top + GAP, bottom - GAP   # a little air between the band and what it avoids
        for step in range(unit, max(8, unit // 3) - 1, -1):
            h = self._parts(text, banner, width, step)[0].get_height()
            if h <= bottom - top:
                unit = step
                break
        else:
            unit = max(8, unit // 3)
        h = self._parts(text, banner, width, unit)[0].get_height()
        return pygame.Rect(0, (top + bottom) // 2 - h // 2, width, h), unit

    def draw(self, surface: pygame.Surface, text: TextCache, centre_y: int, unit: int,
             avoid: tuple[pygame.Rect, ...] = (), area: pygame.Rect | None = None) -> None:
        """The banner on show (if any) as a band across the window, centred on ``centre_y``
        (clear of ``avoid``: see :meth:`place`); its band is kept in ``rect``."""
        banner = self.current
        self.lines = []
        if banner is None:
            self.rect = None
            return
        w = surface.get_width()
        self.rect, unit = self.place(text, w, centre_y, unit, avoid, area)
        band, bigs, subs, y, gap = self._parts(text, banner, w, unit)
        a = max(0.0, min(1.0, banner.alpha))
        for part in (band, *bigs, *subs):
            part.set_alpha(int(255 * a))
        cx, top = w // 2, self.rect.y
        surface.blit(band, (0, top))
        slide = int((1 - a) * 60)
        y += top
        for img in bigs:
            self.lines.append(surface.blit(img, img.get_rect(midtop=(cx - slide, y))))
            y += img.get_height()
        y += gap
        for img in subs:
            self.lines.append(surface.blit(img, img.get_rect(midtop=(cx + slide, y))))
            y += img.get_height()


def headline_lines(text: TextCache, words: str, size: int, room: int) -> list[tuple[str, int]]:
    """A banner's headline as (line, size): one line, shrunk to at most two thirds of
    ``size`` if that fits ``room``, else wrapped over lines at that smaller size."""
    floor = max(8, size * 2 // 3)
    for step in range(size, floor - 1, -1):
        if text.font(step, True, display=True).size(words)[0] <= room:
            return [(words, step)]
    return [(line, step) for line in _wrap(text, words, floor, room, display=True)
            for step in [text.fit(line, floor, room, True, True)[1]]]


def sub_lines(text: TextCache, words: str, size: int, room: int, most: int = 3) -> list[tuple[str, int]]:
    """A banner's sub line wrapped to ``room``, on at most ``most`` lines (smaller text
    before more lines)."""
    for step in range(size, max(6, size * 2 // 3) - 1, -1):
        lines = _wrap(text, words, step, room)
        if len(lines) <= most:
            break
    return [(line, step) for line in lines]


def _wrap(text: TextCache, words: str, size: int, room: int, display: bool = False) -> list[str]:
    """``words`` in lines no wider than ``room`` (a headline: its bold display font)."""
    font = text.font(size, bold=display, display=display)
    lines: list[str] = []
    for word in words.split(" "):
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and font.size(trial)[0] <= room:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


class Toast:
    """One short message at a time; a new one replaces it."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0

    def show(self, text: str, seconds: float = 3.0) -> None:
        self.text, self.left = text, seconds

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.text = ""

    def lines(self, text: TextCache, size: int, width: int) -> list[pygame.Surface]:
        """The message's lines on a surface ``width`` wide: a long message (a rule's full
        sentence, a longer translation) wraps within it."""
        return [text.render(line, size, theme.TEXT) for line in text.wrap(self.text, size, int(width * 0.9) - 24)]

    def box_size(self, text: TextCache, size: int, width: int) -> tuple[int, int]:
        """The size of the message's box on a surface ``width`` wide ((0, 0): no message)."""
        if not self.text:
            return 0, 0
        imgs = self.lines(text, size, width)
        return max(i.get_width() for i in imgs) + 24, sum(i.get_height() for i in imgs) + 12

    def draw(self, surface: pygame.Surface, text: TextCache, bottom: int, size: int, top: int | None = None,
             avoid: tuple[pygame.Rect, ...] = ()) -> None:
        """The message in a box centred above ``bottom``; given a ``top``, just under it
        instead, unless it would cover one of ``avoid`` there (a hint's sentence: clear of
        the coordinates under the board, and of the hinted move)."""
        if not self.text:
            return
        imgs = self.lines(text, size, surface.get_width())
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        box.midbottom = (surface.get_width() // 2, bottom - 10)
        box = box.inflate(24, 12)
        if top is not None:
            high = box.move(0, top + 6 - box.y)
            if not any(high.colliderect(r) for r in avoid):
                box = high
        draw_panel(surface, box, edge=theme.GOOD, alpha=240)
        y = box.y + 6
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

