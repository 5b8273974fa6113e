"""Road-distance pathing: a wave spreading along the road from a structure, numbers
fading in by distance, the structures within distance 2 lit (customers ticked, same
colour slashed), and the road path to the nearest same-colour tower traced with its
length; or, with one structure pinned, the path to a second one.

All facts come in as an :class:`~client.insight.Reach` (engine road queries and the
engine's customer list); this module only animates and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from shared.aliencity.geometry import bits
from shared.i18n import domain

from ..insight import Reach
from .board_view import BoardGeometry
from .lotkit import COUNT_INK, GOLD, NOT_INK, PAIR_INK, PATH_INK, LotKit, draw_trace, path_points

_, N_, ngettext, pgettext = domain("aliencity")

WAVE_SPEED = 7.5  # road lots per second
TRACE_SPEED = 10.0  # lots per second along a path
FADE_OUT = 0.18


@dataclass
class Wave:
    reach: Reach
    age: float = 0.0
    fade: float = 1.0  # 1 shown; falls to 0 once replaced or cleared
    dying: bool = False

    @property
    def front(self) -> float:
        """How far (in road distance) the wave has spread."""
        return self.age * WAVE_SPEED

    def trace_progress(self) -> float:
        """0..1 of the path to the nearest same-colour tower drawn (after the wave reaches it)."""
        n = self.reach.length
        if n is None:
            return 0.0
        start = min(n + 0.6, 4.0) / WAVE_SPEED
        return max(0.0, min(1.0, (self.age - start) / trace_time(n)))


@dataclass
class PairTrace:
    a: int
    b: int
    length: int | None
    path: tuple[int, ...]
    age: float = 0.0

    def progress(self) -> float:
        if self.length is None:
            return 0.0
        return max(0.0, min(1.0, self.age / trace_time(self.length)))


def trace_time(length: int) -> float:
    """Seconds to trace a path of ``length`` lots: quick for short ones, capped for long ones."""
    return min(0.9, 0.2 + (length + 1) / TRACE_SPEED)


class PathingView:
    """The wave (and pair path) currently shown, with the one fading out."""

    def __init__(self) -> None:
        self.wave: Wave | None = None
        self.old: Wave | None = None
        self.pair: PairTrace | None = None
        self.clock = 0.0

    def show(self, reach: Reach | None) -> None:
        """Spread a wave from ``reach.source`` (a new source restarts it; None clears)."""
        if self.wave is not None and reach is not None and self.wave.reach.source == reach.source:
            if self.wave.reach is not reach:  # same structure, new position: keep the wave going
                self.wave.reach = reach
            return
        if self.wave is not None:
            self.wave.dying = True
            self.old = self.wave
        self.wave = Wave(reach) if reach is not None else None

    def show_pair(self, a: int | None, b: int | None, length: int | None = None,
                  path: tuple[int, ...] = ()) -> None:
        if a is None or b is None:
            self.pair = None
            return
        if self.pair is not None and (self.pair.a, self.pair.b) == (a, b):
            self.pair.length, self.pair.path = length, path
            return
        self.pair = PairTrace(a, b, length, path)

    def clear(self) -> None:
        self.show(None)
        self.pair = None

    @property
    def active(self) -> bool:
        return self.wave is not None or self.old is not None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.wave is not None:
            self.wave.age += dt
        if self.old is not None:
            self.old.fade -= dt / FADE_OUT
            if self.old.fade <= 0:
                self.old = None
        if self.pair is not None:
            self.pair.age += dt

    def finish(self) -> None:
        """Jump to the end of the wave and traces (tests, screenshots)."""
        if self.wave is not None:
            self.wave.age = 60.0
        if self.pair is not None:
            self.pair.age = 60.0
        self.old = None

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, geo: BoardGeometry, kit: LotKit) -> None:
        if self.old is not None:
            draw_wave(surface, geo, kit, self.old, self.clock, fade=self.old.fade, trace=False)
        pair = self.pair
        if self.wave is not None:
            under = (lambda: draw_pair_line(surface, geo, pair, self.clock)) if pair is not None else None
            draw_wave(surface, geo, kit, self.wave, self.clock, trace=pair is None, under=under)
        if pair is not None:
            draw_pair(surface, geo, kit, pair, self.clock, line=self.wave is None)


def draw_wave(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, wave: Wave, clock: float,
              fade: float = 1.0, trace: bool = True, numbers: bool = True, limit: int | None = None,
              rings: bool = True, under=None) -> None:
    """The wave's lot washes and numbers, nearby structures lit, and the traced path.
    ``limit`` stops the wave at that distance (the score show keeps to customer range);
    ``rings=False`` leaves the structures to the caller (the show lights them one by one);
    ``under`` is called after the washes and before the numbers (a pair path goes there)."""
    reach, front = wave.reach, wave.front
    size = geo.lot
    fade = max(0.0, min(1.0, fade))
    last = len(reach.layers) if limit is None else min(limit, len(reach.layers))
    if fade >= 1.0 and front >= last + 1.2:  # fully spread: two cached layers, not a blit per lot
        washes, digits = kit.wave_layers(geo, reach, last, numbers)
        surface.blit(washes, (geo.x, geo.y))
        _trace_and_under(surface, geo, wave, clock, trace, under)
        if digits is not None:
            surface.blit(digits, (geo.x, geo.y))
        if rings:
            _rings(surface, geo, kit, wave, clock, fade, limit)
        if trace:
            _target(surface, geo, kit, wave)
        return
    shown: list[tuple[int, float]] = []  # (layer index, alpha), drawn twice: washes, then numbers
    for d, layer in enumerate(reach.layers, start=1):
        if d > front + 1 or (limit is not None and d > limit):
            break
        a = max(0.0, min(1.0, front - d + 1)) * fade
        if a > 0:
            shown.append((d, a))
    for d, a in shown:
        tint = kit.tint(size, d)
        tint.set_alpha(int(255 * a))
        glow = None
        if 0.0 <= front - d < 1.2:
            glow = kit.front(size)
            glow.set_alpha(int(255 * fade * (1 - (front - d) / 1.2)))
        for lot in bits(reach.layers[d - 1]):
            r = geo.lot_rect(lot)
            surface.blit(tint, r)
            if glow is not None:
                surface.blit(glow, r)
    _trace_and_under(surface, geo, wave, clock, trace and fade >= 1.0, under)
    if numbers:
        for d, a in shown:
            num = kit.number(size, d, GOLD if d <= 2 else theme.TEXT)
            num.set_alpha(int(255 * a))
            for lot in bits(reach.layers[d - 1]):
                surface.blit(num, num.get_rect(center=geo.lot_rect(lot).center))
    if rings:
        _rings(surface, geo, kit, wave, clock, fade, limit)
    if trace and fade >= 1.0:
        _target(surface, geo, kit, wave)


def _trace_and_under(surface: pygame.Surface, geo: BoardGeometry, wave: Wave, clock: float, trace: bool,
                     under) -> None:
    """The path to the nearest same-colour tower (once the wave reached it), then ``under``."""
    reach = wave.reach
    if trace and reach.target is not None and wave.trace_progress() > 0:
        pts = path_points(geo, [reach.source, *reach.path, reach.target])
        draw_trace(surface, pts, wave.trace_progress(), PATH_INK, max(3, geo.lot // 10), clock)
    if under is not None:
        under()


def _rings(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, wave: Wave, clock: float, fade: float,
           limit: int | None) -> None:
    """The source's pulsing ring, then the structures within distance 2: customers ticked,
    same-colour ones dashed and slashed (for a dome, all simply lit)."""
    reach, front, size = wave.reach, wave.front, geo.lot
    pulse = 0.5 + 0.5 * abs(((clock * 1.6) % 2) - 1)
    src = kit.ring(size, theme.ACCENT_2, 0.09)
    src.set_alpha(int(255 * fade * (0.6 + 0.4 * pulse)))
    surface.blit(src, geo.lot_rect(reach.source))
    for lot, d in reach.near:
        if d > front or (limit is not None and d > limit):
            continue
        counts = reach.counting is None or lot in reach.counting
        ring = kit.ring(size, COUNT_INK if counts else NOT_INK, 0.07, dashed=not counts)
        ring.set_alpha(int(255 * fade))
        r = geo.lot_rect(lot)
        surface.blit(ring, r)
        if reach.counting is not None:
            badge = kit.badge(size, "tick" if counts else "slash")
            badge.set_alpha(int(255 * fade))
            surface.blit(badge, badge.get_rect(center=(r.right - size * 0.16, r.top + size * 0.16)))


def _target(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, wave: Wave) -> None:
    """The nearest same-colour tower ringed, with the path's length, once traced."""
    reach = wave.reach
    if reach.target is None or wave.trace_progress() < 1.0:
        return
    tr = geo.lot_rect(reach.target)
    surface.blit(kit.ring(geo.lot, GOLD, 0.09), tr)
    label = kit.pill(_("distance {n}").format(n=reach.length), max(14, int(geo.lot * 0.34)),
                     (20, 16, 4), GOLD, (90, 60, 0))
    surface.blit(label, label.get_rect(midbottom=(tr.centerx, tr.top + 2)))


def draw_pair_line(surface: pygame.Surface, geo: BoardGeometry, pair: PairTrace, clock: float) -> None:
    if pair.length is not None:
        pts = path_points(geo, [pair.a, *pair.path, pair.b])
        draw_trace(surface, pts, pair.progress(), PAIR_INK, max(3, geo.lot // 10), clock)


def draw_pair(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, pair: PairTrace, clock: float,
              line: bool = True) -> None:
    """The path between a pinned structure and a second one, with its length."""
    size = geo.lot
    surface.blit(kit.ring(size, PAIR_INK, 0.09), geo.lot_rect(pair.b))
    if pair.length is None:
        r = geo.lot_rect(pair.b)
        label = kit.pill(_("no road"), max(14, int(size * 0.34)), theme.TEXT, (120, 30, 44))
        surface.blit(label, label.get_rect(midbottom=(r.centerx, r.top + 2)))
        return
    if line:
        draw_pair_line(surface, geo, pair, clock)
    if pair.progress() >= 1.0:
        r = geo.lot_rect(pair.b)
        label = kit.pill(_("distance {n}").format(n=pair.length), max(14, int(size * 0.34)),
                         (6, 20, 30), PAIR_INK, (20, 90, 120))
        surface.blit(label, label.get_rect(midbottom=(r.centerx, r.top + 2)))
