"""Title screen and main menu (mouse, or arrows and Enter)."""

from __future__ import annotations

import math

import pygame

from shared.aliencity import PIECES, Player

from .. import theme
from ..view.widgets import Button, ButtonColumn
from .base import Scene

# A skyline of pieces along the bottom: (piece index, owner cap or None), left to right.
SKYLINE = [(0, None), (4, None), (2, 0), (6, None), (1, None), (3, None), (0, 1), (5, None),
           (1, 0), (6, None), (2, None), (4, None), (0, None), (3, None), (1, 1), (5, None)]


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = ButtonColumn([
            Button("Play vs computer", self.vs_computer),
            Button("Local game", self.local_game),
            Button("Play online", lambda: self.online("play")),
            Button("Watch", lambda: self.online("watch")),
            Button("Replay a record", self.replay),
            Button("Options", self.options),
            Button("How to play", self.howto),
            Button("Quit", app.quit),
        ])
        self.intro = 0.0
        self.timeline.tween(0.9, lambda p: setattr(self, "intro", p), "out_back", blocking=False)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = len(self.menu.buttons)
        bh = max(26, min(int(h * 0.052), int(h * 0.48 / (n * 1.2))))  # the menu ends above the key hint
        self.menu.layout(w // 2, int(h * 0.3), max(300, int(w * 0.26)), bh, max(6, bh // 5))

    # menu actions ---------------------------------------------------------------------
    def local_game(self) -> None:
        from .game import GameScene
        self.app.push(GameScene(self.app))

    def vs_computer(self) -> None:
        from .vs_computer import VsComputerScene
        self.app.push(VsComputerScene(self.app))

    def online(self, mode: str) -> None:
        from .online import OnlineScene
        self.app.push(OnlineScene(self.app, mode))

    def replay(self) -> None:
        from .files import FilesScene
        self.app.push(FilesScene(self.app))

    def options(self) -> None:
        from .options import OptionsScene
        self.app.push(OptionsScene(self.app))

    def howto(self) -> None:
        from .howto import HowToScene
        self.app.push(HowToScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, (w, h) = self.app, self.size
        surface.blit(app.background(self.size), (0, 0))
        t = app.clock_time
        # skyline
        lot = max(40, int(h * 0.11))
        n = len(SKYLINE)
        span = w / n
        for i, (index, cap) in enumerate(SKYLINE):
            piece = PIECES[index]
            owner = Player(cap) if cap is not None else None
            bob = math.sin(t * 1.3 + i * 0.7) * lot * 0.04
            size = int(lot * (1.25 if index < 3 else 0.9))
            sprite = app.boards.sprites.get(piece, owner, size, app.options.colour_blind)
            x = int(i * span + (span - size) / 2)
            y = int(h - size - lot * 0.15 + bob)
            surface.blit(sprite, (x, y))
        # logo
        size = int(h * 0.13)
        drop = int((1 - self.intro) * -h * 0.25)
        glow = app.text.render("ALIEN CITY", size, (255, 90, 150), bold=True)
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3)):
            img = glow.copy()
            img.set_alpha(70)
            surface.blit(img, img.get_rect(center=(w // 2 + dx, int(h * 0.14) + dy + drop)))
        logo = app.text.shadowed("ALIEN CITY", size, theme.ACCENT, (120, 30, 80), max(3, size // 16), bold=True)
        surface.blit(logo, logo.get_rect(center=(w // 2, int(h * 0.14) + drop)))
        sub = app.text.render("build the city · claim the towers · mind the road", int(h * 0.03), theme.ACCENT_2)
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.235))))
        self.menu.draw(surface, app.text)
        hint = app.text.render("Mouse or arrows + Enter  ·  F11 full screen  ·  Esc quits", int(h * 0.024),
                               theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(center=(w // 2, int(h * 0.81))))
        credit = app.text.render("Alien City by Michael Schoessow, a piecepack + Icehouse game",
                                 int(h * 0.02), theme.TEXT_DIM)
        surface.blit(credit, (10, 8))
