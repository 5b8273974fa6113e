"""The pass question of City Blocks' match screen, a part it holds (``scene.passing``):
P passes at once when nothing fits, and while placements remain asks first: "Pass with
blue?" with the count of legal placements, answered with P / Enter / Y or its Pass
button, or Esc / N or Keep playing. Passing itself is the screen's ``submit``.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from client import theme
from client.anim import Timeline
from client.view.widgets import Button, draw_panel

from . import look
from .words import N_, _, ngettext


class PassHost(Protocol):
    """What the pass question needs of its screen."""

    app: Any
    match: Any
    state: Any          # the position shown
    timeline: Timeline

    @property
    def human_turn(self) -> bool: ...
    def submit(self, move: Any) -> None: ...


class PassQuestion:
    def __init__(self, host: PassHost) -> None:
        self.host = host
        self.open = False
        self.box = pygame.Rect(0, 0, 1, 1)
        # TRANSLATORS: the two answers to "Pass with blue?" while placements remain.
        self.buttons = [Button(N_("Pass"), self.confirm, accent=theme.ACCENT, tr=_),
                        Button(N_("Keep playing"), self.cancel, tr=_)]

    def layout(self, size: tuple[int, int], centre: tuple[int, int]) -> None:
        """The question's box at ``centre`` (the board's middle), its buttons along its bottom."""
        w, h = size
        box = pygame.Rect(0, 0, min(int(w * 0.44), 560), int(h * 0.3))
        box.center = centre
        self.box = box
        bh = max(34, int(h * 0.055))
        bw = (box.w - 60) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(box.x + 20 + i * (bw + 20), box.bottom - bh - 16, bw, bh)

    def ask(self) -> None:
        """P: pass now, or ask first while the seat still has legal placements."""
        host = self.host
        if not host.human_turn or host.timeline.busy:
            return
        if host.match.state.legal_count() > 0:
            self.open = True
            host.app.sounds.play("select")
            return
        self.confirm()

    def confirm(self) -> None:
        self.open = False
        if self.host.human_turn:
            self.host.submit(self.host.match.state.pass_move())

    def cancel(self) -> None:
        self.open = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While open, the question takes every event."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_p, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.confirm()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.cancel()
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        return True

    def words(self) -> tuple[str, int, list[str], int, int]:
        """The question's title (fitted) and size, its sentence's lines and size, and
        where the lines end: the size steps down until the lines clear the buttons."""
        t = self.host.app.text
        box, state = self.box, self.host.state
        # TRANSLATORS: the pass confirmation's title, e.g. PASS WITH BLUE? (the colour in capitals).
        question = _("PASS WITH {colour}?").format(colour=look.name(state.colour).upper())
        count = state.legal_count()
        words = " ".join((ngettext("{n} placement is still legal for you.",
                                   "{n} placements are still legal for you.", count).format(n=count),
                          _("Passing is allowed: you may place again on a later turn.")))
        top = min((b.rect.y for b in self.buttons), default=box.bottom) - 6
        size = max(15, box.h // 9)
        while True:
            title, big = t.fit(question, int(size * 1.3), box.w - 24, bold=True, display=True)
            lines = t.wrap(words, size, box.w - 40)
            head_h = t.font(big, True, True).size(title)[1] + 2   # the shadowed title's height
            bottom = box.y + size // 2 + head_h + size // 3 + len(lines) * int(size * 1.3)
            if bottom <= top or size <= 11:
                return title, big, lines, size, bottom
            size -= 1

    def draw(self, surface: pygame.Surface) -> None:
        """Pass while placements remain? Yes (P / Enter) or no (Esc)."""
        if not self.open:
            return
        t = self.host.app.text
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 10, 120))
        surface.blit(shade, (0, 0))
        box = self.box
        draw_panel(surface, box, glow=theme.ACCENT)
        question, big, lines, size, _bottom = self.words()
        head = t.shadowed(question, big, theme.ACCENT, (0, 0, 0), 2, bold=True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + size // 2)))
        y = box.y + size // 2 + head.get_height() + size // 3
        for line in lines:
            img = t.render(line, size, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += int(size * 1.3)
        for b in self.buttons:
            b.draw(surface, t)
