"""The evaluation graph of a review: each seat's lead over the game, the turns where a seat
lost the most marked, the selected turn lit. At each move a line passes through the point
before it and the point after (:mod:`.measure`): a mistake is a fall straight down at its
move, by the number the panel and the mistakes list state, drawn in red where marked.

Read without a word of help: with two seats one line, the first seat's lead; the band
between it and the middle line is filled in the colour of the seat that leads there (the
first seat's above the middle, the second's below), and the edges say so in that seat's
colour ("Black ahead" at the top, "White ahead" at the bottom). With more seats, one line
per seat in its colour, named at its end, above the middle meaning in the lead. The
selected turn is a bar with a dot on each line and the lead there in words. ``draw`` only
reads; ``ply_at`` maps a pointer to a turn.
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


def area_colour(colour: Sequence[int]) -> tuple[int, int, int]:
    """A seat's colour for its side of the graph: itself, a dark one lifted just enough to
    stand apart from the plot's ground."""
    c = tuple(int(v) for v in colour[:3])
    return c if sum(c) > 150 else theme.mixc(c, (90, 90, 100), 0.35)


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
    befores: list[list[int]] = field(default_factory=list)   # per seat, ply 0..n: the point before the move
    averaged: bool = True       # the lines are averaged over a round (projections)

    @property
    def count(self) -> int:
        return max(0, len(self.series[0]) - 1) if self.series else 0

    @property
    def two_seats(self) -> bool:
        return len(self.series) == 2

    def before(self, seat: int) -> list[int]:
        return self.befores[seat] if seat < len(self.befores) else self.series[seat]

    def standing(self, ply: int, seat: int) -> tuple[int, int]:
        """``seat``'s lead as the graph draws it just before the move of ``ply`` and after
        it (two seats: the one line, read from ``seat``'s side)."""
        line = 0 if self.two_seats else seat
        sign = -1 if self.two_seats and seat == 1 else 1
        return sign * self.before(line)[ply], sign * self.series[line][ply]

    def fall(self, ply: int, seat: int) -> int:
        """How far ``seat``'s standing falls at the move of ``ply`` as the graph draws it."""
        before, after = self.standing(ply, seat)
        return before - after


class EvalGraph:
    """The graph's geometry (set by ``layout``) and drawing."""

    def __init__(self, data: GraphData) -> None:
        self.data = data
        self.rect = pygame.Rect(0, 0, 10, 10)    # the panel
        self.plot = pygame.Rect(0, 0, 10, 10)    # the lines' area
        top = nice_top(max((abs(v) for s in data.series + data.befores for v in s), default=0))
        # an evaluation spans about -100..+100: the axis shows at least that whole scale
        self.top = top if data.unit == "points" else max(top, 100)

    def layout(self, rect: pygame.Rect, label_w: int, head_h: int, names_w: int = 0) -> None:
        """``names_w``: room right of the plot for the seats' names (3 or more seats)."""
        self.rect = rect
        pad = max(6, rect.h // 22)
        names_w = 0 if self.data.two_seats else names_w
        self.plot = pygame.Rect(rect.x + label_w + pad, rect.y + head_h + pad,
                                rect.w - label_w - names_w - 3 * pad, rect.h - head_h - 2 * pad - max(12, rect.h // 9))

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
        title = text.fitted(words.axis_words(self.data.unit, self.data.averaged), head, theme.TEXT_DIM,
                            self.rect.w // 2 - 2 * pad, bold=True)
        surface.blit(title, (self.rect.x + pad * 2, self.rect.y + pad))
        pygame.draw.rect(surface, PLOT_BG, self.plot)
        if self.data.two_seats:
            self._draw_areas(surface)
        self._draw_axes(surface, text)
        if self.data.two_seats:
            self._draw_line(surface, self.data.series[0], theme.ACCENT, 2, self.data.before(0))
        else:
            for seat, (series, colour) in enumerate(zip(self.data.series, self.data.colours)):
                self._draw_line(surface, series, visible(colour), 2, self.data.before(seat))
        if hover is not None:
            x = self.x_of(hover)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, self.plot.y), (x, self.plot.bottom - 1), 1)
        if selected is not None:
            x = self.x_of(selected)
            pygame.draw.line(surface, theme.ACCENT_2, (x, self.plot.y - 3), (x, self.plot.bottom + 2), 3)
        self._draw_marks(surface, selected)
        if selected is not None:
            self._draw_selected(surface, text, selected)
        if not self.data.two_seats:
            self._draw_names(surface, text)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.plot, 1)

    def _points(self, series: Sequence[int], before: Sequence[int] | None = None) -> list[tuple[int, int]]:
        """The line's points: at each move the point before it, then the one after."""
        out = []
        for i, v in enumerate(series):
            if before is not None and i < len(before) and before[i] != v:
                out.append((self.x_of(i), self.y_of(before[i])))
            out.append((self.x_of(i), self.y_of(v)))
        return out

    def _draw_areas(self, surface: pygame.Surface) -> None:
        """The band between the line and the middle: the first seat's colour where it
        leads (above), the second's where that one leads (below)."""
        pts = self._points(self.data.series[0], self.data.before(0))
        if len(pts) < 2:
            return
        zero = self.y_of(0)
        band = [(pts[0][0], zero)] + pts + [(pts[-1][0], zero)]
        clip = surface.get_clip()
        halves = (pygame.Rect(self.plot.x, self.plot.y, self.plot.w, zero - self.plot.y),
                  pygame.Rect(self.plot.x, zero, self.plot.w, self.plot.bottom - zero))
        for half, colour in zip(halves, self.data.colours[:2]):
            surface.set_clip(half.clip(self.plot))
            pygame.draw.polygon(surface, area_colour(colour), band)
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
        small = max(11, int(size * 0.95))
        if self.data.two_seats:
            for top, label, colour in ((True, self.data.labels[0], self.data.colours[0]),
                                       (False, self.data.labels[1], self.data.colours[1])):
                self._edge_label(surface, text, words.ahead(label), small, colour, top)
        else:
            self._edge_label(surface, text, words.above_leads(), small, None, True)
            self._edge_label(surface, text, words.below_behind(), small, None, False)

    def _edge_label(self, surface: pygame.Surface, text: TextCache, line: str, size: int,
                    colour: Sequence[int] | None, top: bool) -> None:
        """A line at the plot's top or bottom edge, on a dark shade, with a swatch of the
        seat's colour (the colour its side of the graph is filled in)."""
        img = text.fitted(line, size, theme.TEXT, self.plot.w // 2)
        swatch = size if colour is not None else 0
        box = pygame.Rect(0, 0, img.get_width() + swatch + (6 if swatch else 0), img.get_height())
        if top:
            box.topleft = (self.plot.x + 6, self.plot.y + 4)
        else:
            box.bottomleft = (self.plot.x + 6, self.plot.bottom - 4)
        shade = pygame.Surface(box.inflate(8, 4).size, pygame.SRCALPHA)
        shade.fill((8, 8, 24, 190))
        surface.blit(shade, box.inflate(8, 4))
        if colour is not None:
            square = pygame.Rect(box.x, box.centery - swatch // 2, swatch, swatch)
            pygame.draw.rect(surface, area_colour(colour), square, border_radius=3)
            pygame.draw.rect(surface, theme.TEXT_DIM, square, 1, border_radius=3)
        surface.blit(img, (box.x + swatch + (6 if swatch else 0), box.y))

    def _draw_names(self, surface: pygame.Surface, text: TextCache) -> None:
        """More than two seats: each line's seat named at its end, in its colour (moved
        apart where the lines end close together)."""
        size = max(11, int(self.rect.h * 0.065))
        ends = sorted((self.y_of(series[-1]), i) for i, series in enumerate(self.data.series) if series)
        placed: list[int] = []
        for y, i in ends:
            y = max(y, placed[-1] + size + 1) if placed else y
            placed.append(y)
            img = text.render(self.data.labels[i], size, visible(self.data.colours[i]))
            box = img.get_rect(midleft=(self.plot.right + 4, y))
            surface.blit(img, box)

    def _draw_selected(self, surface: pygame.Surface, text: TextCache, ply: int) -> None:
        """The selected turn: a dot on each line and, beside the bar, who leads by how much."""
        x = self.x_of(ply)
        r = max(3, self.plot.h // 30)
        lines = [(self.data.series[0], theme.ACCENT)] if self.data.two_seats else \
            [(series, visible(colour)) for series, colour in zip(self.data.series, self.data.colours)]
        for series, colour in lines:
            if ply < len(series):
                pygame.draw.circle(surface, (10, 10, 24), (x, self.y_of(series[ply])), r + 2)
                pygame.draw.circle(surface, colour, (x, self.y_of(series[ply])), r)
        tag = self.selected_words(ply)
        if not tag:
            return
        head = max(12, int(self.rect.h * 0.085))
        pad = max(6, self.rect.h // 22)
        img = text.fitted(tag, head, theme.ACCENT_2, self.rect.w // 2 - 4 * pad, bold=True)
        surface.blit(img, img.get_rect(topright=(self.rect.right - 2 * pad, self.rect.y + pad)))

    def selected_words(self, ply: int) -> str:
        """Who leads at ``ply`` and by how much ("Black ahead: +5"), as the graph shows it."""
        if not self.data.series or ply >= len(self.data.series[0]):
            return ""
        if self.data.two_seats:
            value = self.data.series[0][ply]
            if value == 0:
                return words.level(self.data.averaged)
            seat = 0 if value > 0 else 1
            return words.ahead_by(self.data.labels[seat], words.signed(abs(value), "points"),
                                  self.data.averaged)
        best = max(range(len(self.data.series)), key=lambda i: self.data.series[i][ply])
        value = self.data.series[best][ply]
        if value <= 0:   # averaged over a round, no line above the middle: nobody leads
            return words.level(self.data.averaged)
        return words.ahead_by(self.data.labels[best], words.signed(value, "points"), self.data.averaged)

    def _draw_line(self, surface: pygame.Surface, series: Sequence[int], colour, width: int,
                   before: Sequence[int] | None = None) -> None:
        pts = self._points(series, before)
        if len(pts) >= 2:
            pygame.draw.lines(surface, (10, 10, 24), False, pts, width + 2)
            pygame.draw.lines(surface, colour, False, pts, width)

    def _draw_marks(self, surface: pygame.Surface, selected: int | None) -> None:
        r = max(4, self.plot.h // 28)
        for ply, seat in self.data.marks:
            line = 0 if self.data.two_seats else seat
            x, top = self.x_of(ply), self.y_of(self.data.before(line)[ply])
            centre = (x, self.y_of(self.mark_seat_value(ply, seat)))
            if top != centre[1]:   # the fall itself, in red
                pygame.draw.line(surface, theme.BAD, (x, top), centre, 4)
            big = r + 2 if ply == selected else r
            pygame.draw.circle(surface, (10, 10, 24), centre, big + 2)
            pygame.draw.circle(surface, theme.BAD, centre, big)
            pygame.draw.circle(surface, visible(self.data.colours[seat]), centre, max(2, big // 2))

