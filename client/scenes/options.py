"""Options: each game's own rows (from its plug-in; Alien City: rules edition and location
variant), then the app's own settings (sound, music, animation speed, colour-blind-safe
mode, window or full screen), all in the shared row form. Each change is saved at once to
the user's config directory; the first game previews what the look options change."""

from __future__ import annotations

import pygame

from ..config import ANIM_SPEEDS, MUSIC_VOLUMES
from ..view.form import Row, RowMenu, draw_backdrop
from ..view.widgets import Button, draw_panel
from .base import Scene


class OptionsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        o = app.options
        self.rows = [row for plugin in app.games for row in plugin.option_rows(app)] + [
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
        self.menu = RowMenu(self.rows, self._changed)
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
        bh = max(38, int(h * 0.06))
        room = h - int(h * 0.16) - bh - int(h * 0.17)  # from the box top to above the help lines and Back
        n = len(self.rows)
        rh = max(22, min(int(h * 0.07), (room - 10 * n) // (n + 1)))  # every row fits above Back
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.16), int(w * 0.52), len(self.rows) * (rh + 10) + rh)
        self.menu.layout(self.box.x + 20, self.box.y + rh // 2, self.box.w - 40, rh, 10)
        self.back.rect = pygame.Rect(0, 0, max(180, int(w * 0.14)), bh)
        self.back.rect.bottomleft = (self.box.x, h - int(h * 0.05))
        self.preview = pygame.Rect(self.box.right + int(w * 0.04), self.box.y,
                                   w - self.box.right - int(w * 0.12), self.box.h)

    def close(self) -> None:
        self.app.save_options()
        self.app.stack.pop()

    def _changed(self, row: Row | None = None) -> None:
        self.app.save_options()
        self.app.sounds.play("select")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        return self.menu.handle_event(event) or event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN,
                                                                  pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, "OPTIONS", size=0.08, depth=4)
        draw_panel(surface, self.box)
        self.menu.draw(surface, t)
        self.menu.draw_help(surface, t, self.box.x, self.box.bottom + int(h * 0.025), self.box.w,
                            max(13, int(h * 0.024)))
        self.back.draw(surface, t)
        self.app.games.first.draw_options_preview(self.app, surface, self.preview)
