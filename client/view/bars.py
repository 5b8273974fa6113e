"""The top and bottom bars of a match screen, for any game: a translucent band with an
edge line; on top the game's title at the left and the turn line centred (shrunk to fit
between the titles when asked), at the bottom up to two wrapped lines of status at the
left and the screen's buttons in a row at the right (``row_right`` lays them out).
Game-free: the screen passes its rects, margin, words and sizes."""

from __future__ import annotations

from typing import Sequence

import pygame

from .. import theme
from ..assets import TextCache
from .widgets import Button


def band(surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
    bar = pygame.Surface(rect.size, pygame.SRCALPHA)
    bar.fill((10, 10, 28, alpha))
    surface.blit(bar, rect)


def draw_top_bar(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, margin: int, title: str,
                 words: str, colour, size: int, fit: bool = False, right_room: int = 0) -> None:
    """The top band: ``words`` centred (smaller until it clears the title, and the
    ``right_room`` pixels kept free at the right end, when ``fit``; past the smallest size,
    cut with an ellipsis), ``title`` dim at the left."""
    band(surface, rect, 200)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright, 2)
    head = text.render(title, max(12, int(rect.h * 0.32)), theme.TEXT_DIM, bold=True)
    img = text.shadowed(words, size, colour, (0, 0, 0), 2, bold=True)
    if fit:
        room = surface.get_width() - 2 * (max(head.get_width(), right_room) + 3 * margin)
        while img.get_width() > room and size > 12:
            size -= 2
            img = text.shadowed(words, size, colour, (0, 0, 0), 2, bold=True)
        if img.get_width() > room:   # still wider at the smallest size: cut, never drawn over the title
            words, size = text.fit(words, size, max(10, room - 4), bold=True)
            img = text.shadowed(words, size, colour, (0, 0, 0), 2, bold=True)
    surface.blit(img, img.get_rect(center=rect.center))
    surface.blit(head, (margin, rect.centery - head.get_height() // 2))


def draw_bottom_bar(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, margin: int, words: str, colour,
                    buttons: Sequence, area: pygame.Rect, size: int, gap: int) -> None:
    """The bottom band: up to two lines of ``words`` (more in a bar tall enough) centred
    on ``area`` left of the buttons, then the buttons."""
    band(surface, rect, 215)
    pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.topright, 2)
    if words:
        right = min((b.rect.x for b in buttons), default=rect.right) - margin
        lines = text.wrap(words, size, right - rect.x - 2 * margin)
        while len(lines) > 2 and size > 11:   # a long translation: smaller, never a lost third line
            size -= 1
            lines = text.wrap(words, size, right - rect.x - 2 * margin)
        most = max(2, min(4, (rect.h - 4) // (size + gap)))   # more lines where the bar has the room
        if len(lines) > most:   # still too long: the last line shown says it goes on
            lines = lines[:most - 1] + [text.fit(" ".join(lines[most - 1:]), size, right - rect.x - 2 * margin)[0]]
        y = area.centery - len(lines) * (size + gap) // 2
        for line in lines:
            surface.blit(text.render(line, size, colour), (rect.x + 2 * margin, y))
            y += size + gap
    for b in buttons:
        b.draw(surface, text)


def row_right(buttons: Sequence[Button], text: TextCache, right: int, y: int, bh: int, min_w: int, pad: int,
              gap: int) -> None:
    """Buttons of height ``bh`` in a row ending at ``right``: each at least ``min_w`` wide
    or its label plus ``pad``, ``gap`` apart."""
    x = right
    for b in reversed(buttons):
        bw = max(min_w, text.font(int(bh * 0.46), True).size(b.text)[0] + pad)
        x -= bw
        b.rect = pygame.Rect(x, y, bw, bh)
        x -= gap
