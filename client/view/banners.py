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


class Banners:
    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.current: Banner | None = None
        self._track: Sequence | None = None
        self._cache: tuple | None = None

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
        key = (banner.text, banner.sub, banner.colour, width, unit)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        h = int(unit * (1.9 if banner.sub else 1.4))
        band = pygame.Surface((width, h), pygame.SRCALPHA)
        band.fill((10, 10, 28, 215))
        pygame.draw.line(band, banner.colour, (0, 1), (width, 1), 3)
        pygame.draw.line(band, banner.colour, (0, h - 2), (width, h - 2), 3)
        big = text.shadowed(banner.text, int(unit * 0.62), banner.colour, (0, 0, 0), 3, bold=True).copy()
        sub = text.render(banner.sub, int(unit * 0.3), theme.TEXT).copy() if banner.sub else None
        parts = (band, big, sub)
        self._cache = (key, parts)
        return parts

    def draw(self, surface: pygame.Surface, text: TextCache, centre_y: int, unit: int) -> None:
        """The banner on show (if any) as a band across the window, centred on ``centre_y``."""
        banner = self.current
        if banner is None:
            return
        w = surface.get_width()
        band, big, sub = self._parts(text, banner, w, unit)
        a = max(0.0, min(1.0, banner.alpha))
        for part in (band, big, sub):
            if part is not None:
                part.set_alpha(int(255 * a))
        h, cx = band.get_height(), w // 2
        top = centre_y - h // 2
        surface.blit(band, (0, top))
        slide = int((1 - a) * 60)
        if sub is not None:
            surface.blit(big, big.get_rect(center=(cx - slide, top + int(h * 0.38))))
            surface.blit(sub, sub.get_rect(center=(cx + slide, top + int(h * 0.76))))
        else:
            surface.blit(big, big.get_rect(center=(cx - slide, top + h // 2)))


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

