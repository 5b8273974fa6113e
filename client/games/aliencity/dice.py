"""The 2002 start: both players roll four piecepack dice (faces 0-5), the higher sum
starts, ties roll again. The faces come from the engine's recorded roll (``state.dice``);
the tumbling is only looks."""

from __future__ import annotations

from typing import Callable

import pygame

from client import theme
from client.anim import Callback, Delay, Sequence, Tween
from client.scenes.base import Scene
from client.view.widgets import draw_panel
from shared.aliencity import GameState, Player
from shared.i18n import domain

from . import terms
from .labels import fit_size

_, N_, ngettext, pgettext = domain("aliencity")

PIPS = {0: (), 1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))}


class DiceScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, state: GameState, on_exit: Callable[[], None] = lambda: None) -> None:
        super().__init__(app)
        self.state = state
        self.on_exit = on_exit  # the match screen below says whose turn it is
        self.roll = 0  # which roll of state.dice is shown
        self.tumble = 1.0  # 0 while the dice spin, 1 once they landed
        self.show_result = False
        self.done = False
        self.resize(app.size)
        steps = []
        for i in range(len(state.dice)):
            steps += [Callback(lambda i=i: self._start_roll(i)),
                      Tween(1.1, lambda p: setattr(self, "tumble", p), "out_cubic"),
                      Callback(lambda: setattr(self, "show_result", True)), Delay(1.1)]
        steps[-1] = Delay(0.4)
        steps += [Callback(self._finish), Delay(1.6), Callback(self.close)]
        self.timeline.add(Sequence(*steps))

    def _start_roll(self, i: int) -> None:
        self.roll, self.tumble, self.show_result = i, 0.0, False
        self.app.sounds.play("dice")

    def _finish(self) -> None:
        self.done = True
        self.app.sounds.play("claim")

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def exit(self) -> None:
        self.on_exit()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(0, 0, int(min(w * 0.62, h * 1.0)), int(h * 0.56))
        self.box.center = (w // 2, h // 2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if self.done:
                self.close()
            else:
                self.timeline.finish_all()
        return True

    def faces(self, player: Player) -> tuple[int, ...]:
        black, white = self.state.dice[self.roll]
        real = black if player is Player.BLACK else white
        if self.tumble >= 1:
            return real
        # Spinning: faces tick over faster at first and slow down; deterministic in tumble.
        step = int(self.tumble * 14)
        return tuple((v + step * (k + 2) + player * 3) % 6 for k, v in enumerate(real))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 160))
        surface.blit(shade, (0, 0))
        box = self.box
        draw_panel(surface, box, glow=theme.ACCENT)
        title = _shadowed_fit(t, _("WHO STARTS? (2002 RULES)"), int(box.h * 0.07), theme.ACCENT, box.w - 24)
        surface.blit(title, title.get_rect(center=(box.centerx, box.y + box.h * 0.1)))
        n = len(self.state.dice)
        if n > 1:
            sub = t.render(_("Roll {n} of {count}").format(n=self.roll + 1, count=n), int(box.h * 0.045),
                           theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(center=(box.centerx, box.y + box.h * 0.18)))
        die = int(box.h * 0.17)
        sums = {}
        for row, player in enumerate(Player):
            y = box.y + int(box.h * (0.27 + row * 0.28))
            name = t.fitted(terms.player(player).upper(), int(box.h * 0.06), theme.TEXT, int(box.w * 0.24), bold=True)
            surface.blit(name, (box.x + box.w * 0.05, y + die // 2 - name.get_height() // 2))
            faces = self.faces(player)
            sums[player] = sum(faces)
            for k, face in enumerate(faces):
                x = box.x + int(box.w * 0.3) + k * int(die * 1.25)
                wobble = int((1 - self.tumble) * die * 0.25 * ((k + row) % 2 * 2 - 1))
                _draw_die(surface, pygame.Rect(x, y + wobble, die, die), face)
            if self.tumble >= 1:
                total = t.shadowed(f"= {sums[player]}", int(box.h * 0.08), theme.ACCENT, (0, 0, 0), 2, bold=True)
                surface.blit(total, (box.x + int(box.w * 0.3) + 4 * int(die * 1.25),
                                     y + die // 2 - total.get_height() // 2))
        if self.show_result or self.done:
            if sums[Player.BLACK] == sums[Player.WHITE]:
                msg, colour = _("A TIE: ROLL AGAIN"), theme.BAD
            else:
                msg = _("{player} STARTS!").format(player=terms.player(self.state.first_player).upper())
                colour = theme.GOOD
            img = _shadowed_fit(t, msg, int(box.h * 0.08), colour, box.w - 24)
            surface.blit(img, img.get_rect(center=(box.centerx, box.bottom - box.h * 0.1)))


def _shadowed_fit(t, text: str, size: int, colour, width: int) -> pygame.Surface:
    """A bold shadowed line, shrunk until it fits ``width`` (a longer translation)."""
    return t.shadowed(text, fit_size(t, text, size, width, True) or 11, colour, (0, 0, 0), 3, bold=True)


def _draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int) -> None:
    pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=rect.w // 5)
    pygame.draw.rect(surface, (244, 238, 222), rect, border_radius=rect.w // 5)
    pygame.draw.rect(surface, (180, 170, 150), rect, 2, border_radius=rect.w // 5)
    step = rect.w * 0.27
    for dx, dy in PIPS[face]:
        pygame.draw.circle(surface, (30, 30, 40), (rect.centerx + dx * step, rect.centery + dy * step), rect.w * 0.09)
