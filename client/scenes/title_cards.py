"""The title's game cards: one per registered game, a picture of its board in play (drawn
by the game's own review board, so every game brings its picture without title code),
its name and how many play. A click (or Left/Right, 1-9) chooses the game the title's
Play buttons start; the choice is kept for this run of the app."""

from __future__ import annotations

import random

import pygame

from shared.i18n import domain

from .. import theme
from ..view.form import draw_focus
from ..view.widgets import draw_panel

_, N_, ngettext, pgettext = domain("client")

CHOSEN_KEY = "title-game"   # app.kit: the game the title's cards last chose
PICTURE_PLIES = 14          # moves played (seeded) for a card's picture


def players_line(seat_counts: tuple[int, ...]) -> str:
    """How many play a game, in words: "2 players", "2-4 players"."""
    low, high = min(seat_counts), max(seat_counts)
    if low == high:
        return ngettext("{n} player", "{n} players", low).format(n=low)
    # TRANSLATORS: the title's game card: a range of player counts ("2–4 players")
    return _("{low}–{high} players").format(low=low, high=high)


def title_game(app) -> str | None:
    """The game the title's cards last chose (None before the title chose one): the
    screens opened from the title (the lobby) start on it."""
    return app.kit(CHOSEN_KEY, dict).get("id")


class GameCards:
    """The row of cards: ``rects`` per game (laid out by the title), ``chosen`` its id."""

    def __init__(self, app) -> None:
        self.app = app
        self.ids = [p.spec.id for p in app.games]
        chosen = app.kit(CHOSEN_KEY, dict)
        self.chosen = chosen.get("id") if chosen.get("id") in self.ids else self.ids[0]
        self.rects: list[pygame.Rect] = []
        self.hover: int | None = None
        self._pictures: dict[tuple, pygame.Surface] = {}

    def keep(self) -> None:
        """The game chosen here where the screens opened from the title read it (the app's
        kits are let go of on each return to the title)."""
        self.app.kit(CHOSEN_KEY, dict)["id"] = self.chosen

    def choose(self, game_id: str) -> None:
        if game_id in self.ids and game_id != self.chosen:
            self.chosen = game_id
            self.app.kit(CHOSEN_KEY, dict)["id"] = game_id
            self.app.sounds.play("select")

    def layout(self, area: pygame.Rect, gap: int) -> None:
        n = max(1, len(self.ids))
        w = min((area.w - (n - 1) * gap) // n, int(area.h * 1.25))
        x = area.centerx - (n * w + (n - 1) * gap) // 2
        self.rects = [pygame.Rect(x + i * (w + gap), area.y, w, area.h) for i in range(n)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for game_id, r in zip(self.ids, self.rects):
                if r.collidepoint(event.pos):
                    self.choose(game_id)
                    return True
        if event.type == pygame.KEYDOWN:
            i = self.ids.index(self.chosen)
            if event.key in (pygame.K_LEFT, pygame.K_a):
                self.choose(self.ids[(i - 1) % len(self.ids)])
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_d):
                self.choose(self.ids[(i + 1) % len(self.ids)])
                return True
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.ids):
                self.choose(self.ids[event.key - pygame.K_1])
                return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def picture(self, game_id: str, size: tuple[int, int]) -> pygame.Surface:
        """The game's board a few (seeded) moves in, drawn by its review board; kept per size."""
        key = (game_id, size, self.app.options.colour_blind)
        pic = self._pictures.get(key)
        if pic is None:
            plugin = self.app.games.get(game_id)
            state = plugin.spec.new_state(plugin.spec.options({}), 7)
            rng = random.Random(7)
            for _i in range(PICTURE_PLIES):
                if state.is_over():
                    break
                state = state.play(state.legal_moves().random(rng))[0]
            pic = pygame.Surface(size, pygame.SRCALPHA)
            board = plugin.review_board(self.app)
            board.show(state, None, state)
            if not board.draw(self.app, pic, pic.get_rect()):
                pic.fill((0, 0, 0, 0))
            self._pictures[key] = pic
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        for i, (game_id, r) in enumerate(zip(self.ids, self.rects)):
            chosen = game_id == self.chosen
            if chosen:
                draw_focus(surface, r.inflate(8, 8), radius=14)
            draw_panel(surface, r, edge=theme.ACCENT if chosen else theme.PANEL_EDGE, alpha=235,
                       glow=theme.ACCENT_2 if chosen else None)
            spec = self.app.games.get(game_id).spec
            name_size = max(14, int(r.h * 0.1))
            line_size = max(12, int(r.h * 0.065))
            pad = max(6, r.w // 30)
            pic_h = r.h - name_size - line_size - 3 * pad
            pic = self.picture(game_id, (r.w - 2 * pad, max(10, pic_h)))
            surface.blit(pic, (r.x + pad, r.y + pad))
            name = t.fitted(spec.title, name_size, theme.ACCENT if chosen else theme.TEXT, r.w - 2 * pad, bold=True)
            y = r.y + pad + pic_h + pad // 2
            surface.blit(name, name.get_rect(midtop=(r.centerx, y)))
            line = t.fitted(players_line(spec.seat_counts), line_size, theme.TEXT_DIM, r.w - 2 * pad)
            surface.blit(line, line.get_rect(midtop=(r.centerx, y + name.get_height())))
            if self.hover == i and not chosen:
                pygame.draw.rect(surface, theme.ACCENT_2, r, 2, border_radius=12)
