"""Title screen and main menu (mouse, or arrows and Enter). The games come from the
app's plug-in registry: the picker starts one, the first game with title art decorates
the screen, how-to pages come from the game."""

from __future__ import annotations

import pygame

from shared.i18n import domain

from .. import theme
from ..view.widgets import Button, ButtonColumn
from .base import Scene
from .choose import ChooseGameScene
from .continue_list import continue_buttons
from .files import FilesScene
from .hostbar import HostBar
from .online import OnlineScene
from .options import OptionsScene
from .picker import GamePickerScene

_, N_, ngettext, pgettext = domain("client")


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        # Labels are English keys (tests and the autopilot press buttons by them); each
        # button shows its label translated, looked up at every draw.
        self.menu = ButtonColumn(continue_buttons(app) + [
            Button(N_("Play vs computer"), self.vs_computer, tr=_),
            Button(N_("Local game"), self.local_game, tr=_),
            Button(N_("Play online"), lambda: self.online("play"), tr=_),
            Button(N_("Host a game on this computer"), self.host, tr=_),
            Button(N_("Games on your network"), self.lan_games, tr=_),
            # TRANSLATORS: title menu: watch matches played online
            Button(N_("Watch"), lambda: self.online("watch"), tr=_),
            Button(N_("Replay a record"), self.replay, tr=_),
            Button(N_("Options"), self.options, tr=_),
            Button(N_("How to play"), self.howto, tr=_),
            Button(N_("Quit"), app.quit, tr=_),
        ])
        self.hostbar = HostBar(app)  # the hosted server still running, and its Stop
        self.intro = 0.0
        self.timeline.tween(0.9, lambda p: setattr(self, "intro", p), "out_back", blocking=False)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = len(self.menu.buttons)
        # the menu ends above the key hint (at 0.78 h) however many Continue lines it has
        bh = max(18, min(int(h * 0.052), int(h * 0.48 / (n * 1.2))))
        self.menu.layout(w // 2, int(h * 0.3), max(300, int(w * 0.26)), bh, max(4, bh // 5))
        last = self.menu.buttons[-1].rect if self.menu.buttons else None
        self.hint_y = max(int(h * 0.81), last.bottom + int(h * 0.03)) if last else int(h * 0.81)

    # menu actions ---------------------------------------------------------------------
    def local_game(self) -> None:
        self.app.push(GamePickerScene(self.app, "local"))

    def vs_computer(self) -> None:
        self.app.push(GamePickerScene(self.app, "computer"))

    def online(self, mode: str) -> None:
        self.app.push(OnlineScene(self.app, mode))

    def host(self) -> None:
        from .host import HostScene
        self.app.push(HostScene(self.app))

    def lan_games(self) -> None:
        from .lan_games import LanGamesScene
        self.app.push(LanGamesScene(self.app))

    def resume(self) -> None:
        """Back on the title: the Continue entries may have changed (a match ended, a
        saved game was deleted)."""
        fresh = continue_buttons(self.app)
        old = [b for b in self.menu.buttons if b.label.startswith("Continue:") or b.label == "Unfinished games"]
        self.menu.buttons[:] = fresh + [b for b in self.menu.buttons if b not in old]
        self.menu.focus = min(self.menu.focus, len(self.menu.buttons) - 1)
        self.resize(self.size)

    def replay(self) -> None:
        self.app.push(FilesScene(self.app))

    def options(self) -> None:
        self.app.push(OptionsScene(self.app))

    def howto(self) -> None:
        """The rules of the one game, or a choice of the games that have how-to pages."""
        games = [p for p in self.app.games if p.howto_scene(self.app) is not None]
        if len(games) == 1:
            self.app.push(games[0].howto_scene(self.app))
        elif games:
            self.app.push(ChooseGameScene(self.app, N_("HOW TO PLAY"), games, self._open_howto))

    def _open_howto(self, plugin) -> None:
        self.app.stack.replace(plugin.howto_scene(self.app))

    def frame_rate(self) -> float:
        """The logo's drop at full rate; then the skyline's gentle bobbing at a low rate."""
        return 60.0 if len(self.timeline) else 10.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.hostbar.handle_event(event) or self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, (w, h) = self.app, self.size
        surface.blit(app.background(self.size), (0, 0))
        art = next((p for p in app.games if p.title_art), None)
        if art is not None:
            art.draw_title_art(app, surface, app.clock_time)
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
        if art is not None and art.tagline:
            sub = app.text.render(art.tagline, int(h * 0.03), theme.ACCENT_2)
            surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.235))))
        self.menu.draw(surface, app.text)
        hint = app.text.fitted(_("Mouse or arrows + Enter  ·  F11 full screen  ·  Esc quits"), int(h * 0.024),
                               theme.TEXT_DIM, w - 20)
        surface.blit(hint, hint.get_rect(center=(w // 2, self.hint_y)))
        self.hostbar.update()
        self.hostbar.draw(surface, h - 8)
        if art is not None and art.credit:
            surface.blit(app.text.render(art.credit, int(h * 0.02), theme.TEXT_DIM), (10, 8))
