"""Title screen and main menu (mouse, or arrows and Enter). The games come from the
app's plug-in registry: a card per game with a picture of it (``title_cards``) chooses
the game; three large buttons play it (against the computer, here with others, online),
and two rows of three under them, in the same columns, hold the rest: few enough that
their words stay large at 896x560. Watching is in the online lobby, hosting in Games on
your network. The picker starts the chosen game, how-to pages come from the game."""

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
from .pages import PagesScene
from .picker import GamePickerScene
from .title_cards import GameCards

_, N_, ngettext, pgettext = domain("client")


PRIMARY = 3   # the large buttons after the Continue entries: vs computer, local, online


def is_continue(button: Button) -> bool:
    """A Continue entry of the title (``continue_list``): the last game, or all of them."""
    return button.label.startswith("Continue:") or button.label == "Unfinished games"
HOST_LINE_GAP = 8  # pixels under the hosted server's line


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        # Labels are English keys (tests and the autopilot press buttons by them); each
        # button shows its label translated, looked up at every draw.
        self.menu = ButtonColumn(continue_buttons(app) + [
            Button(N_("Play vs computer"), self.vs_computer, tr=_, accent=theme.ACCENT),
            Button(N_("Local game"), self.local_game, tr=_, accent=theme.ACCENT),
            Button(N_("Play online"), lambda: self.online("play"), tr=_, accent=theme.ACCENT),
            Button(N_("Replay a record"), self.replay, tr=_),
            Button(N_("Games on your network"), self.lan_games, tr=_),
            # TRANSLATORS: title menu: your local ratings from rated games against the computer
            Button(N_("Your ratings"), self.local_ratings, tr=_),
            Button(N_("How to play"), self.howto, tr=_),
            Button(N_("Options"), self.options, tr=_),
            Button(N_("Quit"), app.quit, tr=_),
        ])
        self.cards = GameCards(app)
        self.hostbar = HostBar(app)  # the hosted server still running, and its Stop
        self.intro = 0.0
        self.timeline.tween(0.9, lambda p: setattr(self, "intro", p), "out_back", blocking=False)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        buttons = self.menu.buttons
        n_cont = sum(1 for b in buttons if is_continue(b))
        gap = max(6, int(h * 0.014))
        self.hint_y = int(h * 0.93)
        self.hosted = self.hostbar.hosting is not None
        if self.hosted:  # the hosted server's line under the hint, the hint right above it
            self.hint_y = min(self.hint_y, h - HOST_LINE_GAP - self.hostbar.height(h) - int(h * 0.024))
        small_h = max(24, int(h * 0.068))
        big_h = max(30, int(h * 0.085))
        cont_h = max(small_h, int(h * 0.055))   # as readable as the smaller buttons
        rest = buttons[n_cont + PRIMARY:]
        width = min(int(w * 0.84), 1000)
        x0 = (w - width) // 2
        bw = (width - (PRIMARY - 1) * gap * 2) // PRIMARY   # a column: a big button, smaller ones under it
        rows = (len(rest) + PRIMARY - 1) // PRIMARY
        # from the bottom up: the smaller buttons, the big row, the Continue entries; the cards take the rest
        y = self.hint_y - int(h * 0.03) - rows * (small_h + gap) + gap
        for i, b in enumerate(rest):
            row, col = divmod(i, PRIMARY)
            b.rect = pygame.Rect(x0 + col * (bw + 2 * gap), y + row * (small_h + gap), bw, small_h)
        y -= big_h + int(gap * 1.6)
        for i, b in enumerate(buttons[n_cont:n_cont + PRIMARY]):
            b.rect = pygame.Rect(x0 + i * (bw + 2 * gap), y, bw, big_h)
        if n_cont:  # the game last played over two columns, the list of every unfinished one in the third
            y -= cont_h + 2 * gap
            two = 2 * bw + 2 * gap
            left = x0 if n_cont > 1 else x0 + (width - two) // 2
            for i, b in enumerate(buttons[:n_cont]):
                b.rect = pygame.Rect(left, y + gap, two if i == 0 else bw, cont_h)
                left += two + 2 * gap
        self.logo_y = int(h * 0.075)
        self.tag_y = int(h * 0.145)
        top = int(h * 0.18)
        self.cards.layout(pygame.Rect(x0, top, width, max(40, y - gap - top)), 2 * gap)

    # menu actions ---------------------------------------------------------------------
    def local_game(self) -> None:
        self.app.push(self.picker("local"))

    def vs_computer(self) -> None:
        self.app.push(self.picker("computer"))

    def picker(self, mode: str) -> GamePickerScene:
        """The picker with the game the cards chose."""
        picker = GamePickerScene(self.app, mode)
        picker.choose_game(self.cards.chosen)
        return picker

    def online(self, mode: str) -> None:
        self.app.push(OnlineScene(self.app, mode))

    def lan_games(self) -> None:
        from .lan_games import LanGamesScene
        self.app.push(LanGamesScene(self.app))

    def resume(self) -> None:
        """Back on the title: the Continue entries may have changed (a match ended, a
        saved game was deleted), and the buttons under them move with them."""
        fresh = continue_buttons(self.app)
        old = [b for b in self.menu.buttons if is_continue(b)]
        self.menu.buttons[:] = fresh + [b for b in self.menu.buttons if b not in old]
        self.menu.focus = min(self.menu.focus, len(self.menu.buttons) - 1)
        self.resize(self.size)

    def replay(self) -> None:
        self.app.push(FilesScene(self.app))

    def options(self) -> None:
        self.app.push(OptionsScene(self.app))

    def local_ratings(self) -> None:
        from .local_ratings import LocalRatingsScene
        self.app.push(LocalRatingsScene(self.app, self.cards.chosen))

    def howto(self) -> None:
        """The rules of the game chosen on the title (Other games: a choice of the games
        that have how-to pages); the choice at once when the chosen game has none."""
        games = [p for p in self.app.games if p.howto_scene(self.app) is not None]
        chosen = next((p for p in games if p.spec.id == self.cards.chosen), games[0] if len(games) == 1 else None)
        if chosen is not None:
            scene = chosen.howto_scene(self.app)
            if len(games) > 1 and isinstance(scene, PagesScene):
                scene.other_games = lambda: self.app.stack.replace(
                    ChooseGameScene(self.app, N_("HOW TO PLAY"), games, self._open_howto))
            self.app.push(scene)
        elif games:
            self.app.push(ChooseGameScene(self.app, N_("HOW TO PLAY"), games, self._open_howto))

    def _open_howto(self, plugin) -> None:
        self.app.stack.replace(plugin.howto_scene(self.app))

    def hint_text(self) -> str:
        """The footer's keys hint, in the language in use."""
        return _("Click a game or ← → to choose it  ·  ↑ ↓ + Enter  ·  F11 full screen  ·  Esc quits")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.cards.keep()
        if (self.hostbar.hosting is not None) != self.hosted:  # started or stopped: room for its line
            self.resize(self.size)

    def frame_rate(self) -> float:
        """The logo's drop at full rate; then the skyline's gentle bobbing at a low rate."""
        return 60.0 if len(self.timeline) else 10.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return self.hostbar.handle_event(event) or self.cards.handle_event(event) or self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app, (w, h) = self.app, self.size
        surface.blit(app.background(self.size), (0, 0))
        art = next((p for p in app.games if p.title_art), None)  # its credit in the corner
        # the app's name, what it holds, then a card per game
        size = int(h * 0.095)
        drop = int((1 - self.intro) * -h * 0.25)
        glow = app.text.render("ALIEN CITY", size, (255, 90, 150), bold=True)
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3)):
            img = glow.copy()
            img.set_alpha(70)
            surface.blit(img, img.get_rect(center=(w // 2 + dx, self.logo_y + dy + drop)))
        logo = app.text.shadowed("ALIEN CITY", size, theme.ACCENT, (120, 30, 80), max(3, size // 16), bold=True)
        surface.blit(logo, logo.get_rect(center=(w // 2, self.logo_y + drop)))
        n = len(app.games)
        # TRANSLATORS: under the title: what the app holds ({n}: how many games)
        sub = app.text.fitted(ngettext("{n} city game to play here, against the computer or with friends",
                                       "{n} city games to play here, against the computer or with friends", n)
                              .format(n=n), int(h * 0.03), theme.ACCENT_2, w - 40)
        surface.blit(sub, sub.get_rect(center=(w // 2, self.tag_y)))
        self.cards.draw(surface)
        self.menu.draw(surface, app.text)
        hint = app.text.fitted(self.hint_text(), int(h * 0.024), theme.TEXT_DIM, w - 20)
        surface.blit(hint, hint.get_rect(center=(w // 2, self.hint_y)))
        self.hostbar.update()
        self.hostbar.draw(surface, h - HOST_LINE_GAP)
        if art is not None and art.credit:
            surface.blit(app.text.render(art.credit, int(h * 0.02), theme.TEXT_DIM), (10, 8))
