"""How-to pages for any game: a heading and paragraphs per page, page dots, Back/Next
(arrows, Space/Enter; the last page's Enter closes), and a box the game illustrates.

A game's how-to screen is a :class:`PagesScene` with its pages and an ``illustrate`` that
draws the picture for the page on show (drawn by the game's own board code, so the pictures
never disagree with its rules).
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from shared.i18n import domain

from .. import theme
from ..view.widgets import Button, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("client")


class PagesScene(Scene):
    """Pages of text (a heading and paragraphs each) beside an illustration the game draws."""

    text_scale = 0.028   # the paragraphs' size, a fraction of the window's height

    def __init__(self, app, pages: Sequence[tuple[str, Sequence[str]]], heading: str | None = None) -> None:
        """``pages`` and ``heading`` in the game's words (translated by the game); no
        heading: the shell's HOW TO PLAY. A game whose pages follow the language as it
        changes overrides :meth:`page_text`."""
        super().__init__(app)
        self.pages = list(pages)
        self.heading = heading
        self.page = 0
        self.prev = Button(N_("< Back"), lambda: self.turn(-1), key=pygame.K_LEFT, tr=_)
        self.next = Button(N_("Next >"), self._next, key=pygame.K_RIGHT, tr=_)
        self.done = Button(N_("Menu"), self.close, key=pygame.K_ESCAPE, tr=_)
        # TRANSLATORS: on a game's how-to pages opened from the title: the rules of another game
        self.other = Button(N_("Other games"), self._other, tr=_)
        self.other_games: Callable[[], None] | None = None  # set: the button shows and calls it
        self._buttons()
        self.resize(app.size)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self.app.sounds.play("select")
        self._buttons()

    def _next(self) -> None:
        """Next page; on the last one the button says Done and closes the pages."""
        if self.page >= len(self.pages) - 1:
            self.close()
        else:
            self.turn(1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._buttons()  # the page may be set from outside (the attract mode, tests)

    def _buttons(self) -> None:
        self.prev.enabled = self.page > 0
        self.next.label = N_("Done") if self.page >= len(self.pages) - 1 else N_("Next >")

    def close(self) -> None:
        self.app.stack.pop()

    def _other(self) -> None:
        if self.other_games is not None:
            self.other_games()

    def _shown_buttons(self) -> list[Button]:
        return [self.prev, self.next, self.done] + ([self.other] if self.other_games is not None else [])

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.text_box = pygame.Rect(int(w * 0.05), int(h * 0.15), int(w * 0.44), int(h * 0.68))
        self.pic_box = pygame.Rect(int(w * 0.52), int(h * 0.12), int(w * 0.43), int(h * 0.74))
        bh = max(38, int(h * 0.06))
        bw = max(150, int(w * 0.12))
        y = h - bh - int(h * 0.04)
        self.prev.rect = pygame.Rect(int(w * 0.05), y, bw, bh)
        self.next.rect = pygame.Rect(int(w * 0.05) + bw + 14, y, bw, bh)
        self.done.rect = pygame.Rect(w - int(w * 0.05) - bw, y, bw, bh)
        self.other.rect = self.done.rect.move(-bw - 14, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self._shown_buttons():
            if b.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.page == len(self.pages) - 1:
                self.close()
            else:
                self.turn(1)
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        surface.blit(app.background(self.size), (0, 0))
        heading, paras = self.page_text(self.page)
        # TRANSLATORS: the how-to frame's title: "HOW TO PLAY: THE BOARD"
        words = _("{heading}: {page}").format(heading=self.heading or _("HOW TO PLAY"), page=heading.upper())
        dots_w = len(self.pages) * max(5, h // 110) * 4 + int(w * 0.05)
        words, tsize = t.fit(words, int(h * 0.055), w - int(w * 0.05) - dots_w - 10, bold=True, display=True)
        title = t.shadowed(words, tsize, theme.ACCENT, (120, 30, 80), 3, bold=True)
        surface.blit(title, (int(w * 0.05), int(h * 0.04)))
        r = max(5, h // 110)
        for i in range(len(self.pages)):
            centre = (w - int(w * 0.05) - (len(self.pages) - 1 - i) * r * 4, int(h * 0.075))
            if i == self.page:
                pygame.draw.circle(surface, theme.ACCENT, centre, r)
            else:
                pygame.draw.circle(surface, theme.TEXT_DIM, centre, r, 2)
        draw_panel(surface, self.text_box)
        size = max(14, int(h * self.text_scale))
        y = self.text_box.y + 18
        for para in paras:
            lines = t.wrap(para, size, self.text_box.w - 48)
            pygame.draw.circle(surface, theme.ACCENT_2, (self.text_box.x + 18, y + size // 2), 4)
            for line in lines:
                surface.blit(t.render(line, size, theme.TEXT), (self.text_box.x + 32, y))
                y += int(size * 1.25)
            y += int(size * 0.8)
        caption = self.illustrate(surface, self.pic_box)
        if caption:
            text, colour = caption
            lines = t.wrap(text, size, self.text_box.w - 48)
            box = pygame.Rect(self.text_box.x + 16, 0, self.text_box.w - 32, len(lines) * int(size * 1.25) + 20)
            box.bottom = self.text_box.bottom - 16
            pygame.draw.rect(surface, (12, 12, 28), box, border_radius=10)
            pygame.draw.rect(surface, colour, box, 2, border_radius=10)
            yy = box.y + 10
            for line in lines:
                surface.blit(t.render(line, size, theme.TEXT), (box.x + 14, yy))
                yy += int(size * 1.25)
        for b in self._shown_buttons():
            b.draw(surface, t)

    def page_text(self, page: int) -> tuple[str, Sequence[str]]:
        """The heading and paragraphs of a page, as shown now."""
        return self.pages[page]

    def illustrate(self, surface: pygame.Surface, box: pygame.Rect) -> tuple[str, tuple] | None:
        """Draw the page's picture in ``box``; return a caption and its edge colour (or None)."""
        return None
