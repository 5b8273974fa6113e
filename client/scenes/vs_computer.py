"""Play vs computer: choose the computer's level and your colour, then play.

Mouse (click a row's arrows or the value), or arrows + Enter; Start begins a local game
whose other seat is the chosen computer (seeded from the game seed)."""

from __future__ import annotations

import random

import pygame

from shared.aliencity import Player
from shared.bots import DESCRIPTIONS

from .. import theme
from ..computer import LEVEL_NAMES
from ..view.widgets import Button, draw_panel
from .base import Scene
from .options import Row

LEVELS = ("easy", "medium", "hard")
COLOURS = ("black", "white", "random")


class VsComputerScene(Scene):
    def __init__(self, app, *, bot_factory=None, seed: int | str | None = None) -> None:
        super().__init__(app)
        self.level = "easy"
        self.colour = "black"
        self.bot_factory = bot_factory
        self.seed = seed
        self.rows = [
            Row("Computer", list(LEVELS), [LEVEL_NAMES[v] for v in LEVELS], lambda: self.level,
                lambda v: setattr(self, "level", v), ""),
            Row("You play", list(COLOURS), ["Black", "White", "Random"], lambda: self.colour,
                lambda v: setattr(self, "colour", v), ""),
        ]
        self.focus = 0
        self.start_button = Button("Start", self.start, key=pygame.K_RETURN, accent=theme.ACCENT)
        self.back_button = Button("Back", self.close, key=pygame.K_ESCAPE)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        rh = max(44, int(h * 0.075))
        bw = min(int(w * 0.62), 760)
        self.box = pygame.Rect(0, int(h * 0.2), bw, 2 * (rh + 12) + int(rh * 2.2))
        self.box.centerx = w // 2
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(self.box.x + 20, self.box.y + rh // 2 + i * (rh + 12), self.box.w - 40, rh)
        self.desc_rect = pygame.Rect(self.box.x + 24, self.rows[-1].rect.bottom + rh // 3,
                                     self.box.w - 48, self.box.bottom - self.rows[-1].rect.bottom - rh // 3)
        bh = max(40, int(h * 0.062))
        bwid = max(180, int(w * 0.15))
        self.start_button.rect = pygame.Rect(0, 0, bwid, bh)
        self.back_button.rect = pygame.Rect(0, 0, bwid, bh)
        y = self.box.bottom + int(h * 0.05)
        self.back_button.rect.topright = (w // 2 - 10, y)
        self.start_button.rect.topleft = (w // 2 + 10, y)

    # actions --------------------------------------------------------------------------
    def human_colour(self) -> Player:
        if self.colour == "random":
            return random.Random(self.seed).choice(list(Player)) if self.seed is not None \
                else random.choice(list(Player))
        return Player.BLACK if self.colour == "black" else Player.WHITE

    def start(self) -> None:
        from .game import GameScene
        human = self.human_colour()
        scene = GameScene(self.app, seed=self.seed, computers={human.other: self.level},
                          bot_factory=self.bot_factory)
        self.app.stack.replace(scene)

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.start_button.handle_event(event) or self.back_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
                    vx = row.rect.x + int(row.rect.w * 0.4)
                    on_left_arrow = vx - 8 <= event.pos[0] < vx + row.rect.h * 0.8
                    row.change(-1 if event.button == 3 or on_left_arrow else 1)
                    self.app.sounds.play("select")
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.rows)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.rows[self.focus].change(-1)
                self.app.sounds.play("select")
            elif event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_SPACE):
                self.rows[self.focus].change(1)
                self.app.sounds.play("select")
            return True
        return False

    # drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        surface.blit(app.background(self.size), (0, 0))
        title = t.shadowed("PLAY VS COMPUTER", int(h * 0.075), theme.ACCENT, (120, 30, 80), 4, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.1))))
        draw_panel(surface, self.box)
        for i, row in enumerate(self.rows):
            r = row.rect
            focus = i == self.focus
            if focus:
                pygame.draw.rect(surface, (50, 56, 116), r, border_radius=10)
                pygame.draw.rect(surface, theme.ACCENT_2, r, 2, border_radius=10)
            size = int(r.h * 0.42)
            label = t.render(row.label, size, theme.TEXT, bold=True)
            surface.blit(label, (r.x + 14, r.centery - label.get_height() // 2))
            vx = r.x + int(r.w * 0.4)
            left = t.render("<", size, theme.TEXT_DIM, bold=True)
            right = t.render(">", size, theme.TEXT_DIM, bold=True)
            value = t.render(row.shown(), size, theme.ACCENT if focus else theme.TEXT, bold=True)
            surface.blit(left, (vx, r.centery - left.get_height() // 2))
            surface.blit(value, (vx + r.h, r.centery - value.get_height() // 2))
            surface.blit(right, (r.right - r.h * 0.6, r.centery - right.get_height() // 2))
        size = max(14, int(h * 0.027))
        y = self.desc_rect.y
        lines = [f"{LEVEL_NAMES[self.level]}: {DESCRIPTIONS[self.level]}."]
        lines.append({"black": "You play Black: with the 2004 rules Black builds first.",
                      "white": "You play White: the computer opens.",
                      "random": "Your colour is drawn when the game starts."}[self.colour])
        if app.options.edition == 2002:
            lines[-1] = lines[-1].replace("with the 2004 rules Black builds first", "2002 rules: the dice decide "
                                          "who starts").replace("the computer opens", "the dice decide who starts")
        for i, line in enumerate(lines):
            for part in t.wrap(line, size, self.desc_rect.w):
                img = t.render(part, size, theme.ACCENT_2 if i == 0 else theme.TEXT_DIM)
                surface.blit(img, (self.desc_rect.x, y))
                y += size + 6
        keys = t.render("Arrows change · Enter starts · Esc goes back · H in the game asks for a hint",
                        max(12, int(h * 0.022)), theme.TEXT_DIM)
        surface.blit(keys, keys.get_rect(center=(w // 2, self.start_button.rect.bottom + int(h * 0.05))))
        self.back_button.draw(surface, t)
        self.start_button.draw(surface, t)
