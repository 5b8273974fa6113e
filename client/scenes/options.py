"""Options: edition, location variant, sound, music (volume or off), animation speed,
colour-blind-safe mode and window/fullscreen. Each change is saved at once to the user's
config directory."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from shared.aliencity import PIECES, Colour, Player

from .. import theme
from ..config import ANIM_SPEEDS, MUSIC_VOLUMES
from ..games.aliencity.view.board_view import draw_pattern
from ..view.widgets import Button, draw_panel
from .base import Scene


@dataclass
class Row:
    label: str
    values: list[Any]
    names: list[str]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    help: str
    rect: pygame.Rect = None  # type: ignore[assignment]

    def shown(self) -> str:
        value = self.get()
        return self.names[self.values.index(value)] if value in self.values else str(value)

    def change(self, step: int) -> None:
        value = self.get()
        i = self.values.index(value) if value in self.values else 0
        self.set(self.values[(i + step) % len(self.values)])


class OptionsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        o = app.options
        self.rows = [
            Row("Rules edition", [2004, 2002], ["2004 (Black starts)", "2002 (dice decide)"],
                lambda: o.edition, lambda v: setattr(o, "edition", v),
                "2004: Black starts; a tie of nearest towers may still pay a green bonus. "
                "2002: four dice each decide who starts; a tie never pays."),
            Row("Location variant", [False, True], ["Off", "On"], lambda: o.location_bonus,
                lambda v: setattr(o, "location_bonus", v),
                "Claimed towers also score their tile's rank, unless another claimed tower "
                "stands on a tile of the same rank."),
            Row("Sound", [True, False], ["On", "Off"], lambda: o.sound, lambda v: setattr(o, "sound", v),
                "Little synthesised clicks, thocks and chimes."),
            Row("Music", [0.0, *MUSIC_VOLUMES], ["Off", *(f"{v:.0%}" for v in MUSIC_VOLUMES)],
                lambda: o.music_volume if o.music else 0.0, self._set_music,
                "A quiet synthesised loop; its volume, or Off (the volume is kept)."),
            Row("Animation speed", list(ANIM_SPEEDS), [f"{s:g}×" for s in ANIM_SPEEDS],
                lambda: o.anim_speed, lambda v: setattr(o, "anim_speed", v),
                "How fast pieces drop, banners pass and dice roll."),
            Row("Colour-blind-safe mode", [False, True], ["Off", "On"], lambda: o.colour_blind,
                lambda v: setattr(o, "colour_blind", v),
                "Guilds told apart by pattern and symbol too: striped suns, dotted fountains, "
                "cross-hatched crowns, and symbols on every piece."),
            Row("Display", [False, True], ["Window", "Full screen"], lambda: o.fullscreen,
                self._set_fullscreen, "F11 switches at any time."),
        ]
        self.focus = 0
        self.back = Button("Back", self.close, key=pygame.K_ESCAPE)
        self.resize(app.size)

    def _set_music(self, value: float) -> None:
        o = self.app.options
        o.music = value > 0
        if o.music:
            o.music_volume = value
        self.app.sounds.set_music(o.music, o.music_volume)

    def _set_fullscreen(self, value: bool) -> None:
        if value != self.app.options.fullscreen:
            self.app.toggle_fullscreen()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        rh = max(40, int(h * 0.07))
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.16), int(w * 0.52), len(self.rows) * (rh + 10) + rh)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(self.box.x + 20, self.box.y + rh // 2 + i * (rh + 10), self.box.w - 40, rh)
        bh = max(38, int(h * 0.06))
        self.back.rect = pygame.Rect(0, 0, max(180, int(w * 0.14)), bh)
        self.back.rect.bottomleft = (self.box.x, h - int(h * 0.05))
        self.preview = pygame.Rect(self.box.right + int(w * 0.04), self.box.y,
                                   w - self.box.right - int(w * 0.12), self.box.h)

    def close(self) -> None:
        self.app.save_options()
        self.app.stack.pop()

    def _changed(self) -> None:
        self.app.save_options()
        self.app.sounds.play("select")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
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
                    vx = row.rect.x + int(row.rect.w * 0.55)  # where the "<" arrow is drawn
                    on_left_arrow = vx - 8 <= event.pos[0] < vx + row.rect.h * 0.8
                    row.change(-1 if event.button == 3 or on_left_arrow else 1)
                    self._changed()
                    return True
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.rows)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.rows)
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.rows[self.focus].change(-1)
                self._changed()
            elif event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_RETURN, pygame.K_SPACE):
                self.rows[self.focus].change(1)
                self._changed()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        surface.blit(app.background(self.size), (0, 0))
        title = t.shadowed("OPTIONS", int(h * 0.08), theme.ACCENT, (120, 30, 80), 4, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.08))))
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
            value = t.render(row.shown(), size, theme.ACCENT if focus else theme.TEXT)
            vx = r.x + int(r.w * 0.55)
            arrows = t.render("<", size, theme.TEXT_DIM, bold=True), t.render(">", size, theme.TEXT_DIM, bold=True)
            surface.blit(arrows[0], (vx, r.centery - arrows[0].get_height() // 2))
            surface.blit(value, (vx + r.h, r.centery - value.get_height() // 2))
            surface.blit(arrows[1], (r.right - r.h * 0.6, r.centery - arrows[1].get_height() // 2))
        focus_row = self.rows[self.focus]
        size = max(13, int(h * 0.024))
        y = self.box.bottom + int(h * 0.025)
        for line in t.wrap(focus_row.help, size, self.box.w):
            img = t.render(line, size, theme.TEXT_DIM)
            surface.blit(img, (self.box.x, y))
            y += size + 4
        self.back.draw(surface, t)
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Four guild tiles with a tower and a dome each, in the current palette."""
        app, r = self.app, self.preview
        if r.w < 80:
            return
        draw_panel(surface, r)
        cb = app.options.colour_blind
        pal = theme.palette(cb)
        cell = min(r.w // 4, (r.h - 28) // 4 - 12)
        t = app.text
        for i, colour in enumerate(Colour):
            y = r.y + 14 + i * (cell + 12)
            tile = pygame.Rect(r.x + 16, y, cell, cell)
            pygame.draw.rect(surface, pal.tile[colour], tile, border_radius=8)
            if cb:
                draw_pattern(surface, tile, colour, theme.scale(pal.tile[colour], 1.35), cell // 2)
            icon = app.icons.get(colour, int(cell * 0.5), theme.mixc(pal.tile[colour], (255, 240, 210), 0.42))
            surface.blit(icon, icon.get_rect(center=tile.center))
            if colour is not Colour.BLACK:
                sprite = app.boards.sprites.get(PIECES[colour], Player.WHITE if i == 0 else None, int(cell * 0.85), cb)
                surface.blit(sprite, (tile.right + 8, y + cell * 0.05))
            dome = app.boards.sprites.get(PIECES[3 + colour], None, int(cell * 0.75), cb)
            surface.blit(dome, (tile.right + cell * 0.9, y + cell * 0.12))
            size = max(12, cell // 5)
            name = t.render(theme.GUILD_NAME[colour], size, theme.TEXT, bold=True)
            suit = t.render(f"the {theme.SUIT_NAME[colour]}", size, theme.TEXT_DIM)
            x = tile.right + int(cell * 1.8)
            surface.blit(name, (x, tile.centery - size))
            surface.blit(suit, (x, tile.centery + 2))
