"""The evaluation graph of a review: each seat's projected lead over the game, the turns
where a seat lost the most marked, the selected turn lit.

With two seats it is the chess sites' picture: one line (the first seat's lead, up when it
leads), the first seat's colour below the line and the second's above, so the leader's
colour fills more of the graph. With more seats, one line per seat. ``draw`` only reads;
``ply_at`` maps a pointer to a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from client import theme
from client.assets import TextCache
from client.view.widgets import draw_panel

from . import words

STEPS = (5, 10, 20, 30, 40, 50, 75, 100, 150, 200, 300, 500, 1000)
PLOT_BG = (36, 40, 82)


def nice_top(value: float) -> int:
    """The graph's top: the first round number at or above ``value``."""
    return next((s for s in STEPS if s >= value), int(value) + 1)


def visible(colour: Sequence[int]) -> tuple[int, int, int]:
    """A seat colour light enough to read as a line on the dark plot."""
    c = tuple(int(v) for v in colour[:3])
    return c if sum(c) > 240 else theme.mixc(c, (200, 204, 230), 0.55)


@dataclass
class GraphData:
    """What the graph shows: the shown numbers per seat (ply 0..n), the seats' colours
    and labels, the marked turns (ply, seat) and the unit."""

    series: list[list[int]]
    colours: list[tuple[int, int, int]]
    labels: list[str]
    marks: list[tuple[int, int]] = field(default_factory=list)
    unit: str = "points"
    numbers: list[int] = field(default_factory=list)   # per ply 0..n, its move number as the game counts

    @property
    def count(self) -> int:
        return max(0, len(self.series[0]) - 1) if self.series else 0

    @property
    def two_seats(self) -> bool:
        return len(self.series) == 2


class EvalGraph:
    """The graph's geometry (set by ``layout``) and drawing."""

    def __init__(self, data: GraphData) -> None:
        self.data = data
        self.rect = pygame.Rect(0, 0, 10, 10)    # the panel
        self.plot = pygame.Rect(0, 0, 10, 10)    # the lines' area
        self.top = nice_top(max((abs(v) for s in data.series for v in s), default=0))

    def layout(self, rect: pygame.Rect, label_w: int, head_h: int) -> None:
        self.rect = rect
        pad = max(6, rect.h // 22)
        self.plot = pygame.Rect(rect.x + label_w + pad, rect.y + head_h + pad,
                                rect.w - label_w - 3 * pad, rect.h - head_h - 2 * pad - max(12, rect.h // 9))

    # -- geometry --------------------------------------------------------------------------
    def x_of(self, ply: int) -> int:
        n = max(1, self.data.count)
        return self.plot.x + round(ply / n * (self.plot.w - 1))

    def y_of(self, value: float) -> int:
        v = max(-self.top, min(self.top, value))
        return self.plot.centery - round(v / self.top * (self.plot.h / 2 - 1))

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The turn under the pointer (anywhere over the plot's height), or None."""
        if not self.plot.inflate(16, 12).collidepoint(pos) or self.data.count == 0:
            return None
        ply = round((pos[0] - self.plot.x) / max(1, self.plot.w - 1) * self.data.count)
        return max(0, min(self.data.count, ply))

    def mark_seat_value(self, ply: int, seat: int) -> int:
        series = self.data.series[0] if self.data.two_seats else self.data.series[seat]
        return series[ply]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, text: TextCache, selected: int | None,
             hover: int | None = None) -> None:
        draw_panel(surface, self.rect)
        head = max(12, int(self.rect.h * 0.085))
        pad = max(6, self.rect.h // 22)
        title = text.fitted(words.axis_words(self.data.unit), head, theme.TEXT_DIM, self.rect.w // 2, bold=True)
        surface.blit(title, (self.rect.x + pad * 2, self.rect.y + pad))
        pygame.draw.rect(surface, PLOT_BG, self.plot)
        if self.data.two_seats:
            self._draw_areas(surface)
        self._draw_axes(surface, text)
        if self.data.two_seats:
            self._draw_line(surface, self.data.series[0], theme.ACCENT, 2)
        else:
            for series, colour in zip(self.data.series, self.data.colours):
                self._draw_line(surface, series, visible(colour), 2)
        if hover is not None:
            x = self.x_of(hover)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, self.plot.y), (x, self.plot.bottom - 1), 1)
        if selected is not None:
            x = self.x_of(selected)
            pygame.draw.line(surface, theme.ACCENT_2, (x, self.plot.y - 3), (x, self.plot.bottom + 2), 3)
        self._draw_marks(surface, selected)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.plot, 1)

    def _points(self, series: Sequence[int]) -> list[tuple[int, int]]:
        return [(self.x_of(i), self.y_of(v)) for i, v in enumerate(series)]

    def _draw_areas(self, surface: pygame.Surface) -> None:
        """First seat's colour under the line, the second's over it."""
        pts = self._points(self.data.series[0])
        if len(pts) < 2:
            return
        low, high = (theme.mixc(tuple(c[:3]), PLOT_BG, 0.2) for c in self.data.colours[:2])
        clip = surface.get_clip()
        surface.set_clip(self.plot)
        pygame.draw.polygon(surface, low, [(pts[0][0], self.plot.bottom)] + pts + [(pts[-1][0], self.plot.bottom)])
        pygame.draw.polygon(surface, high, [(pts[0][0], self.plot.y)] + pts + [(pts[-1][0], self.plot.y)])
        surface.set_clip(clip)

    def _draw_axes(self, surface: pygame.Surface, text: TextCache) -> None:
        size = max(11, int(self.rect.h * 0.07))
        zero = self.y_of(0)
        for x in range(self.plot.x, self.plot.right, 8):
            pygame.draw.line(surface, theme.TEXT_DIM, (x, zero), (min(x + 4, self.plot.right), zero), 1)
        for value in (self.top, 0, -self.top):
            label = text.render(words.signed(value, "points"), size, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(self.plot.x - 6, self.y_of(value))))
        numbers = self.data.numbers or list(range(self.data.count + 1))
        count = numbers[-1] if numbers else 0
        if count:
            step = next((s for s in (1, 2, 5, 10, 20, 50, 100) if count / s <= 12), 200)
            first = {}
            for ply, n in enumerate(numbers):
                first.setdefault(n, ply)
            for n in range(0, count + 1, step):
                x = self.x_of(first.get(n, 0))
                pygame.draw.line(surface, theme.PANEL_EDGE, (x, self.plot.bottom), (x, self.plot.bottom + 4), 1)
                img = text.render(str(n), size, theme.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(x, self.plot.bottom + 5)))
        if self.data.two_seats:
            small = max(11, int(size * 0.95))
            for value, label in ((self.top, self.data.labels[0]), (-self.top, self.data.labels[1])):
                img = text.fitted(words.ahead(label), small, theme.TEXT, self.plot.w // 2)
                box = img.get_rect()
                if value > 0:
                    box.topleft = (self.plot.x + 6, self.plot.y + 4)
                else:
                    box.bottomleft = (self.plot.x + 6, self.plot.bottom - 4)
                shade = pygame.Surface(box.inflate(8, 4).size, pygame.SRCALPHA)
                shade.fill((8, 8, 24, 170))
                surface.blit(shade, box.inflate(8, 4))
                surface.blit(img, box)

    def _draw_line(self, surface: pygame.Surface, series: Sequence[int], colour, width: int) -> None:
        pts = self._points(series)
        if len(pts) >= 2:
            pygame.draw.lines(surface, (10, 10, 24), False, pts, width + 2)
            pygame.draw.lines(surface, colour, False, pts, width)

    def _draw_marks(self, surface: pygame.Surface, selected: int | None) -> None:
        r = max(4, self.plot.h // 28)
        for ply, seat in self.data.marks:
            centre = (self.x_of(ply), self.y_of(self.mark_seat_value(ply, seat)))
            big = r + 2 if ply == selected else r
            pygame.draw.circle(surface, (10, 10, 24), centre, big + 2)
            pygame.draw.circle(surface, theme.BAD, centre, big)
            pygame.draw.circle(surface, visible(self.data.colours[seat]), centre, max(2, big // 2))

