"""The one form the shell's screens share: a titled backdrop, rows of choices changed with
left/right (options, the game picker, a new online match) and a focus highlight (those
rows, the lobby's match list, the record list). One widget, so every menu behaves the
same under the mouse and the keyboard.

A :class:`Row` reads and writes its value through ``get``/``set`` callables: the form
holds no settings of its own, so the same row can edit the config, a game's options or
a seat of the game about to start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

from .. import theme
from ..assets import TextCache
from .widgets import same

FOCUS_FILL = (50, 56, 116)


@dataclass
class Row:
    """One setting: a label, the values it cycles through and their names.

    ``label`` is the row's key (code and tests find a row by it, in English). What is shown
    is looked up at each draw, so a language switch shows at once: the label, the names and
    the help go through ``tr`` (the caller's ``_``); ``title``, ``names`` or ``help`` given
    as callables say the words themselves (a game's words, translated by the game)."""

    label: str
    values: list[Any]
    names: list[str] | Callable[[], Sequence[str]]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    help: str | Callable[[], str] = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 10, 10))
    enabled: bool = True
    colour: tuple[int, int, int] | None = None  # a swatch before the label (a seat's colour)
    tr: Callable[[str], str] = same
    title: Callable[[], str] | None = None  # the label as shown, when not ``tr(label)``

    def text(self) -> str:
        """The label as shown now."""
        return self.title() if self.title is not None else self.tr(self.label)

    def help_text(self) -> str:
        return self.help() if callable(self.help) else self.tr(self.help) if self.help else ""

    def value_names(self) -> list[str]:
        return list(self.names()) if callable(self.names) else [self.tr(n) for n in self.names]

    def shown(self) -> str:
        value = self.get()
        names = self.value_names()
        return names[self.values.index(value)] if value in self.values else str(value)

    def change(self, step: int) -> None:
        if not self.enabled or not self.values:
            return
        value = self.get()
        i = self.values.index(value) if value in self.values else 0
        self.set(self.values[(i + step) % len(self.values)])


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10) -> None:
    """The focused row of any list or form: a lit band with a cyan edge."""
    pygame.draw.rect(surface, FOCUS_FILL, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT_2, rect, 2, border_radius=radius)


def draw_backdrop(surface: pygame.Surface, app, title: str, size: float = 0.065, y: float = 0.08,
                  depth: int = 3) -> None:
    """A menu screen's background and its shadowed title (every shell screen starts so)."""
    w, h = surface.get_size()
    surface.blit(app.background((w, h)), (0, 0))
    img = app.text.shadowed(title, int(h * size), theme.ACCENT, (120, 30, 80), depth, bold=True)
    surface.blit(img, img.get_rect(center=(w // 2, int(h * y))))


class RowMenu:
    """Rows in a column with keyboard focus: Up/Down (W/S, Tab) move, Left/Right (A/D)
    change, a click on a row changes it (on its "<" arrow or with the right button:
    backwards). ``on_change`` runs after every change (save, play a sound)."""

    def __init__(self, rows: Sequence[Row], on_change: Callable[[Row], None] | None = None, *,
                 value_x: float = 0.55, enter_changes: bool = True) -> None:
        self.rows = list(rows)
        self.on_change = on_change
        self.value_x = value_x  # where the value column starts, as a share of a row's width
        self.enter_changes = enter_changes  # Enter/Space change the row (else they are left to the screen)
        self.focus = 0

    @property
    def focused(self) -> Row | None:
        return self.rows[self.focus] if self.rows else None

    def layout(self, x: int, y: int, width: int, row_h: int, gap: int) -> int:
        """Stack the rows from (x, y); returns the bottom of the last row."""
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(x, y + i * (row_h + gap), width, row_h)
        return y + len(self.rows) * (row_h + gap) - gap if self.rows else y

    def _change(self, row: Row, step: int) -> None:
        if not row.enabled:
            return
        row.change(step)
        if self.on_change is not None:
            self.on_change(row)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.rows:
            return False
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
                    vx = row.rect.x + int(row.rect.w * self.value_x)  # where "<" is drawn
                    on_left_arrow = vx - 8 <= event.pos[0] < vx + row.rect.h * 0.8
                    self._change(row, -1 if event.button == 3 or on_left_arrow else 1)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            keys_next = (pygame.K_RIGHT, pygame.K_d) + ((pygame.K_RETURN, pygame.K_SPACE) if self.enter_changes
                                                         else (pygame.K_SPACE,))
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.rows)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self._change(self.rows[self.focus], -1)
            elif event.key in keys_next:
                self._change(self.rows[self.focus], 1)
            else:
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, *, bold_values: bool = False) -> None:
        for i, row in enumerate(self.rows):
            r = row.rect
            focus = i == self.focus
            if focus:
                draw_focus(surface, r)
            size = int(r.h * 0.42)
            ink = theme.TEXT if row.enabled else theme.TEXT_DIM
            x = r.x + 14
            if row.colour is not None:
                radius = max(5, r.h // 5)
                pygame.draw.circle(surface, row.colour, (x + radius, r.centery), radius)
                pygame.draw.circle(surface, theme.PANEL_EDGE, (x + radius, r.centery), radius, 2)
                x += 3 * radius
            vx = r.x + int(r.w * self.value_x)
            label = text.fitted(row.text(), size, ink, vx - x - 8, bold=True)
            surface.blit(label, (x, r.centery - label.get_height() // 2))
            value = text.fitted(row.shown(), size, theme.ACCENT if focus and row.enabled else ink,
                                int(r.right - r.h * 0.6) - (vx + r.h) - 6, bold=bold_values)
            surface.blit(value, (vx + r.h, r.centery - value.get_height() // 2))
            if row.enabled and len(row.values) > 1:
                left = text.render("<", size, theme.TEXT_DIM, bold=True)
                right = text.render(">", size, theme.TEXT_DIM, bold=True)
                surface.blit(left, (vx, r.centery - left.get_height() // 2))
                surface.blit(right, (r.right - r.h * 0.6, r.centery - right.get_height() // 2))

    def draw_help(self, surface: pygame.Surface, text: TextCache, x: int, y: int, width: int, size: int) -> int:
        """The focused row's help under the form; returns the y after it."""
        row = self.focused
        words = row.help_text() if row is not None else ""
        if not words:
            return y
        for line in text.wrap(words, size, width):
            surface.blit(text.render(line, size, theme.TEXT_DIM), (x, y))
            y += size + 4
        return y
