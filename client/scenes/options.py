"""Options: the app's own settings (language, sound, music, animation speed,
colour-blind-safe mode, window or full screen), then each game's own rows under its
title (what its plug-in offers: Alien City's rules edition, Sprawl's variants), all in
the shared row form. Each change is saved at once to the user's config directory; the
first game previews what the look options change."""

from __future__ import annotations

import pygame

from shared import i18n
from shared.i18n import domain

from .. import theme
from ..config import ANIM_SPEEDS, MUSIC_VOLUMES
from ..games.base import GamePlugin
from ..view.form import Row, RowMenu, draw_backdrop
from ..view.widgets import Button, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("client")

HEADING = 1.0  # a game's heading, as a share of a row's height


class OptionsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        o = app.options
        # Labels are English keys (tests find rows by them); the words shown are looked up
        # at each draw, so a new language shows at once.
        language = Row(N_("Language"), ["system", *i18n.LANGUAGES], language_names, lambda: o.language,
                       self._set_language, N_("The language of every screen. System: your computer's."),
                       tr=_)
        self.rows = [language,
            Row(N_("Sound"), [True, False], [N_("On"), N_("Off")], lambda: o.sound,
                lambda v: setattr(o, "sound", v), N_("Little synthesised clicks, thocks and chimes."), tr=_),
            Row(N_("Music"), [0.0, *MUSIC_VOLUMES], lambda: [_("Off"), *(percent(v) for v in MUSIC_VOLUMES)],
                lambda: o.music_volume if o.music else 0.0, self._set_music,
                N_("A quiet synthesised loop; its volume, or Off (the volume is kept)."), tr=_),
            Row(N_("Animation speed"), list(ANIM_SPEEDS), [f"{s:g}×" for s in ANIM_SPEEDS],
                lambda: o.anim_speed, lambda v: setattr(o, "anim_speed", v),
                N_("How fast pieces drop, banners pass and dice roll."), tr=_),
            Row(N_("Colour-blind-safe mode"), [False, True], [N_("Off"), N_("On")], lambda: o.colour_blind,
                lambda v: setattr(o, "colour_blind", v),
                N_("Guilds told apart by pattern and symbol too: striped suns, dotted fountains, "
                   "cross-hatched crowns, and symbols on every piece."), tr=_),
            Row(N_("Display"), [False, True], [N_("Window"), N_("Full screen")], lambda: o.fullscreen,
                self._set_fullscreen, N_("F11 switches at any time."), tr=_),
        ]
        self.sections: dict[int, GamePlugin] = {}  # the index of a game's first row -> the game
        for plugin in app.games:
            rows = plugin.option_rows(app)
            if rows:
                self.sections[len(self.rows)] = plugin
                self.rows += rows
        self.headings: dict[int, pygame.Rect] = {}
        self.menu = RowMenu(self.rows, self._changed)
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.resize(app.size)

    def _set_language(self, code: str) -> None:
        """Every screen speaks the new language from the next frame (texts are looked up
        as they are drawn); saved with the other options. Every screen open lays itself out
        again, so buttons are measured for the new words rather than shrinking them."""
        self.app.options.language = code
        i18n.set_language(code)
        self.app.stack.resize(self.app.size)

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
        lines = n + 1 + HEADING * len(self.sections)  # in rows: the rows, the box's margins, the headings
        gap = 10 if (room - 10 * n) / lines >= 26 else 4  # many rows in a small window: closer
        rh = max(18, min(int(h * 0.07), int((room - gap * n) / lines)))  # every row fits above Back
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.16), int(w * 0.52), 0)
        x, y, width = self.box.x + 20, self.box.y + rh // 2, self.box.w - 40
        self.headings = {}
        for i, row in enumerate(self.rows):
            if i in self.sections:
                self.headings[i] = pygame.Rect(x, y, width, int(rh * HEADING))
                y += int(rh * HEADING)
            row.rect = pygame.Rect(x, y, width, rh)
            y += rh + gap
        self.box.h = y - gap + rh // 2 - self.box.y
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
        draw_backdrop(surface, app, _("OPTIONS"), size=0.08, depth=4)
        draw_panel(surface, self.box)
        for i, r in self.headings.items():
            title = t.fitted(self.sections[i].spec.title, int(r.h * 0.62), theme.ACCENT, r.w - 28, bold=True)
            surface.blit(title, (r.x + 14, r.bottom - title.get_height()))
            pygame.draw.line(surface, theme.PANEL_EDGE, (r.x + 14, r.bottom - 1), (r.right - 14, r.bottom - 1))
        self.menu.draw(surface, t)
        self.help_end = self.menu.draw_help(surface, t, self.box.x, self.box.bottom + int(h * 0.025),
                                            self.box.w, max(13, int(h * 0.024)))  # (tests: above Back)
        self.back.draw(surface, t)
        self.app.games.first.draw_options_preview(self.app, surface, self.preview)


def language_names() -> list[str]:
    """The Language row's choices: System (naming the language it gives now), then each
    language named in itself."""
    system = i18n.LANGUAGES[i18n.system_language()]
    return [_("System ({language})").format(language=system), *i18n.LANGUAGES.values()]


def percent(share: float) -> str:
    """A volume as people write it in the language in use ('50%', '50 %')."""
    # TRANSLATORS: a music volume; French puts a no-break space before %
    return _("{n}%").format(n=round(share * 100))
