"""Which game? A column of the registered games' titles, for menu entries that are about
one game (how to play): with one game the caller skips it and opens that game at once."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from shared.i18n import domain

from ..games.base import GamePlugin
from ..view.form import draw_backdrop
from ..view.widgets import Button, ButtonColumn, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("client")


class ChooseGameScene(Scene):
    def __init__(self, app, title: str, plugins: Sequence[GamePlugin],
                 on_choose: Callable[[GamePlugin], None]) -> None:
        """``title``: a heading the shell's catalogue holds (marked with ``N_``)."""
        super().__init__(app)
        self.title = title
        # each game's title as its spec says it now (the game's catalogue translates it)
        buttons = [Button(p.spec.id, lambda p=p: on_choose(p), tr=lambda _id, p=p: p.spec.title)
                   for p in plugins]
        self.menu = ButtonColumn(buttons + [Button(N_("Back"), self.close, tr=_)])
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = len(self.menu.buttons)
        bh = max(32, int(h * 0.06))
        self.menu.layout(w // 2, int(h * 0.3), max(300, int(w * 0.3)), bh, bh // 3)
        top = self.menu.buttons[0].rect.y - bh
        self.box = pygame.Rect(0, top, max(300, int(w * 0.3)) + 2 * bh, n * (bh + bh // 3) + 2 * bh - bh // 3)
        self.box.centerx = w // 2

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu.handle_modal(event, self.close)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.app, _(self.title), y=0.12)
        draw_panel(surface, self.box)
        self.menu.draw(surface, self.app.text)
