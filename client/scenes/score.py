"""The end of a game: winner banner, totals rolling up, and every number of the engine's
score breakdown in a table. (The animated tower-by-tower score show of issue 5 will
grow here, fed by the same ``ScoreBreakdown``.)"""

from __future__ import annotations

from typing import Callable

import pygame

from shared.aliencity import GameState, Player, lot_name

from .. import theme
from ..view.widgets import Button, ButtonColumn, draw_panel
from .base import Scene


class ScoreScene(Scene):
    opaque = False
    modal = True
    freeze_below = False  # the game below keeps its network and animations going

    def __init__(self, app, state: GameState, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, demo: bool = False,
                 new_game_label: str = "New game", headline: str | None = None) -> None:
        super().__init__(app)
        self.state = state
        self.score = state.score()
        self.roll = 0.0  # totals count up from 0 (tween-driven)
        self.slide = 0.0
        self.demo = demo
        self.headline = headline
        buttons = []
        if on_new_game is not None:
            buttons.append(Button(new_game_label, on_new_game))
        if on_save is not None:
            buttons.append(Button("Save record", on_save))
        buttons += [Button("Watch replay", self.replay), Button("Board", self.close),
                    Button("Main menu", self.menu)]
        self.column = ButtonColumn(buttons)
        self.resize(app.size)
        self.timeline.tween(0.45, lambda p: setattr(self, "slide", p), "out_back")
        self.timeline.tween(1.4, lambda p: setattr(self, "roll", p), "out_cubic", blocking=False)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(0, 0, int(min(w * 0.74, h * 1.25)), int(h * 0.8))
        self.box.center = (w // 2, h // 2)
        n = len(self.column.buttons)
        bh = max(36, int(h * 0.05))
        bw = (self.box.w - bh) // n - 8
        y = self.box.bottom - bh - bh // 2
        for i, b in enumerate(self.column.buttons):
            b.rect = pygame.Rect(self.box.x + bh // 2 + i * (bw + 8), y, bw, bh)

    def update(self, dt: float) -> None:
        super().update(dt)
        bottom = self.box.bottom + int((1 - self.slide) * self.size[1] * 0.3)
        for b in self.column.buttons:  # buttons ride along with the sliding box
            b.rect.y = bottom - b.rect.h - b.rect.h // 2

    def close(self) -> None:
        self.app.stack.pop()

    def menu(self) -> None:
        from .title import TitleScene
        self.app.stack.clear_to(TitleScene(self.app))

    def replay(self) -> None:
        from shared.aliencity.ppn import read_ppn, write_ppn
        from .replay import ReplayScene
        result = read_ppn(write_ppn(self.state), lenient=True)
        self.app.push(ReplayScene(self.app, result, title="This game"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP if event.key == pygame.K_LEFT
                                           else pygame.K_DOWN, mod=0)
        if self.timeline.busy and event.type == pygame.MOUSEBUTTONDOWN:
            self.timeline.finish_all()
            return True
        self.column.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 170))
        surface.blit(shade, (0, 0))
        box = self.box.move(0, int((1 - self.slide) * self.size[1] * 0.3))
        draw_panel(surface, box, glow=theme.ACCENT)
        score = self.score
        winner = score.winner
        head = "A DRAW!" if winner is None else f"{theme.PLAYER_NAME[winner].upper()} WINS!"
        if self.headline:
            head = self.headline
        img = t.shadowed(head, int(box.h * 0.085), theme.ACCENT, (120, 30, 80), 4, bold=True)
        surface.blit(img, img.get_rect(center=(box.centerx, box.y + box.h * 0.08)))
        col_w = (box.w - 60) // 2
        for i, player in enumerate(Player):
            x = box.x + 20 + i * (col_w + 20)
            self._column(surface, pygame.Rect(x, box.y + box.h * 0.16, col_w, box.h * 0.62), player,
                         player == winner)
        unpaid = [b for b in score.bonuses if b.paid_to is None]
        y = box.y + box.h * 0.79
        if unpaid:
            size = max(11, int(box.h * 0.026))
            b = unpaid[0]
            more = f" (and {len(unpaid) - 1} more unpaid)" if len(unpaid) > 1 else ""
            note = t.render(f"Unpaid: green {lot_name(b.green)} {b.colour.text()} bonus: {b.note}{more}"[:140],
                            size, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(center=(box.centerx, y)))
        self.column.draw(surface, t)

    def _column(self, surface: pygame.Surface, r: pygame.Rect, player: Player, won: bool) -> None:
        t = self.app.text
        score = self.score
        pygame.draw.rect(surface, (18, 20, 44), r, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT if won else theme.PANEL_EDGE, r, 3 if won else 1, border_radius=12)
        cap = self.app.boards.sprites.cap(player, int(r.h * 0.2))
        surface.blit(cap, (r.x + 8, r.y + 2))
        name = t.render(theme.PLAYER_NAME[player].upper(), int(r.h * 0.08), theme.TEXT, bold=True)
        surface.blit(name, (r.x + r.h * 0.2 + 10, r.y + r.h * 0.05))
        total = int(round(score.totals[player] * self.roll))
        big = t.shadowed(str(total), int(r.h * 0.14), theme.ACCENT, (0, 0, 0), 3, bold=True)
        surface.blit(big, (r.right - big.get_width() - 14, r.y + r.h * 0.02))
        size = max(11, int(r.h * 0.052))
        y = r.y + r.h * 0.24
        cb = self.app.options.colour_blind
        for ts in score.towers_of(player):
            sprite = self.app.boards.sprites.get(_tower_piece(ts.colour), player, int(size * 1.8), cb)
            surface.blit(sprite, (r.x + 10, y - size * 0.4))
            rival = f"nearest {lot_name(ts.competitor)}" if ts.competitor is not None else "no rival"
            n = len(ts.customers)
            line = f"{lot_name(ts.lot)}: {n} customer{'s' if n != 1 else ''} × {ts.competition} ({rival}) = {ts.points}"
            if ts.location:
                line += f" + {ts.location}"
            surface.blit(t.render(line, size, theme.TEXT), (r.x + 12 + size * 2, y))
            y += size * 1.7
        for b in score.bonuses_of(player):
            line = f"green {lot_name(b.green)} pays its {b.colour.text()} bonus: 10 - 2×{b.distance} = {b.points}"
            surface.blit(t.render(line, size, theme.GOOD), (r.x + 12 + size * 2, y))
            y += size * 1.7
        if not score.towers_of(player):
            surface.blit(t.render("No tower claimed.", size, theme.TEXT_DIM), (r.x + 12, y))


def _tower_piece(colour):
    from shared.aliencity import PIECES
    return PIECES[int(colour)]
