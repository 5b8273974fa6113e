"""The final table of any game: place, seat and score per seat, for 2..8 seats.

A game whose plug-in has no score show of its own ends on this table (Alien City has its
animated final count instead). It reads only the contract: the seats (``SeatInfo``: label
and colour), the ranking (shared places repeat) and, when the plug-in gives them, a score
text per seat. Laid out by :func:`client.scenes.layout.table_rects`.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from shared.gamekit.api import SeatInfo
from shared.i18n import domain

from .. import theme
from ..view.widgets import Button, ButtonColumn, draw_panel, same
from .base import Scene
from .layout import table_rects

_, N_, ngettext, pgettext = domain("client")

# TRANSLATORS: places in a final table; {n} is the place number
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
ORDINAL_OTHER = N_("{n}th")


def ordinal(place: int) -> str:
    return _(ORDINALS.get(place, ORDINAL_OTHER)).format(n=place)


class StandingsScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, seats: Sequence[SeatInfo], places: Sequence[int], *,
                 scores: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 title: str | None = None, on_new_game: Callable[[], None] | None = None,
                 new_game_label: str | None = None) -> None:
        """``title`` and ``new_game_label`` in the caller's words (translated by it);
        without them the shell's FINAL STANDINGS and New game."""
        super().__init__(app)
        self.seats, self.places = list(seats), list(places)
        self.scores = list(scores) if scores is not None else [""] * len(self.seats)
        self.names = list(names) if names is not None else [""] * len(self.seats)
        self.title = title
        buttons = [Button(N_("Close"), self.close, tr=_), Button(N_("Menu"), app.go_home, tr=_)]
        if on_new_game is not None:
            buttons.insert(0, Button(new_game_label or N_("New game"), on_new_game, accent=theme.ACCENT,
                                     tr=_ if new_game_label is None else same))
        self.column = ButtonColumn(buttons)
        self.resize(app.size)

    def order(self) -> list[int]:
        """Seats by place, then seat order."""
        return sorted(range(len(self.seats)), key=lambda i: (self.places[i], i))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.box, self.header, self.rows = table_rects(size, len(self.seats))
        w, h = size
        bh = max(32, int(h * 0.05))
        n = len(self.column.buttons)
        bw = max(140, int(w * 0.12))
        y = min(self.box.bottom + 8 + bh // 2, h - bh - 8)
        for i, b in enumerate(self.column.buttons):
            b.rect = pygame.Rect(w // 2 - (n * bw + (n - 1) * 12) // 2 + i * (bw + 12), y, bw, bh)

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.column.handle_modal(event, self.close)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 170))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box.inflate(16, 16), glow=theme.ACCENT)
        size = max(12, int(self.header.h * 0.5))
        title = t.shadowed(self.title or _("FINAL STANDINGS"), int(self.header.h * 0.7), theme.ACCENT,
                           (0, 0, 0), 2, bold=True)
        surface.blit(title, title.get_rect(center=self.header.center))
        for rect, i in zip(self.rows, self.order()):
            seat, place = self.seats[i], self.places[i]
            first = place == 1
            pygame.draw.rect(surface, (50, 56, 116) if first else (30, 34, 70), rect, border_radius=8)
            if first:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
            x = rect.x + 12
            img = t.render(ordinal(place), size, theme.ACCENT if first else theme.TEXT_DIM, bold=True)
            surface.blit(img, (x, rect.centery - img.get_height() // 2))
            x += int(rect.w * 0.12)
            r = max(5, rect.h // 4)
            pygame.draw.circle(surface, seat.colour, (x + r, rect.centery), r)
            pygame.draw.circle(surface, theme.PANEL_EDGE, (x + r, rect.centery), r, 2)
            img = t.render(seat.label, size, theme.TEXT, bold=first)
            surface.blit(img, (x + 3 * r, rect.centery - img.get_height() // 2))
            if self.names[i]:
                name = t.render(self.names[i], size, theme.TEXT_DIM)
                surface.blit(name, (x + 3 * r + img.get_width() + size, rect.centery - name.get_height() // 2))
            if self.scores[i]:
                img = t.render(self.scores[i], size, theme.TEXT, bold=True)
                surface.blit(img, (rect.right - img.get_width() - 12, rect.centery - img.get_height() // 2))
        self.column.draw(surface, t)
