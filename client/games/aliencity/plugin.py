"""Alien City's plug-in: how the shell starts, shows, replays and explains Alien City.

The match screen is :class:`~client.games.aliencity.game.GameScene` (board, seat panels,
overlays, score show); this module adds what the shell's menus ask a game for: option
rows (:mod:`.settings`), the title
screen's skyline, the Options screen's guild preview, records and how-to pages.

The screens (match, replay, how-to) are imported when first asked for, not with this
module: the registry loads every plug-in at start-up, and the title screen should not
wait for a game nobody has started yet.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

import pygame

from client import theme
from client.games.base import GameOption, GamePlugin
from client.view.widgets import draw_panel
from shared.aliencity import PIECES, Colour, Player
from shared.aliencity.bots import DESCRIPTIONS, describe_level
from shared.aliencity.ppn import read_ppn
from shared.aliencity.spec import ALIEN_CITY, AlienCitySpec
from shared.gamekit.api import SeatInfo, State
from shared.i18n import domain

from . import look
from .settings import OPTIONS
from .view.board_view import boards, draw_pattern

_, N_, ngettext, pgettext = domain("aliencity")

# A skyline of pieces along the title screen: (piece index, owner cap or None), left to right.
SKYLINE = [(0, None), (4, None), (2, 0), (6, None), (1, None), (3, None), (0, 1), (5, None),
           (1, 0), (6, None), (2, None), (4, None), (0, None), (3, None), (1, 1), (5, None)]


class AlienCityPlugin(GamePlugin):
    """Two seats (Black, White), two editions and the location-bonus variant."""

    spec: AlienCitySpec = ALIEN_CITY
    title_art = True

    @property
    def tagline(self) -> str:
        return _("build the city · claim the towers · mind the road")

    @property
    def credit(self) -> str:
        # TRANSLATORS: the title screen's corner; the names stay as they are.
        return _("Alien City by Michael Schoessow, a piecepack + Icehouse game")

    @property
    def howto_pages(self) -> list:
        """The rules in our words (drawn by ``HowToScene``)."""
        from .howto import pages
        return pages()

    @property
    def seat_panel(self) -> type:
        """A seat's stock, claims and projected score."""
        from .view.panel import PanelView
        return PanelView

    @staticmethod
    def score_beats(state) -> list:
        """The final count, beat by beat."""
        from .score_plan import plan
        return plan(state)

    def make_board(self, app, state: State, seats: Sequence, *, chrome=None, seed: object = None):
        from .game import GameScene
        return GameScene(app, state, seats=list(seats), chrome=chrome, seed=seed)

    def offered_options(self) -> list[GameOption]:
        """The edition, the location variant and the road's flash (:mod:`.settings`)."""
        return list(OPTIONS)

    def describe_options(self, options: Mapping) -> str:
        if options.get("location_bonus"):
            return _("{edition} rules, location bonus").format(edition=options["edition"])
        return _("{edition} rules").format(edition=options["edition"])

    def describe_level(self, level: str) -> str:
        return describe_level(level) if level in DESCRIPTIONS else super().describe_level(level)

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        """Who opens: Black with the 2004 rules, the dice with 2002's."""
        if options.get("edition") == 2002:
            return _("2002 rules: the dice decide who starts.")
        return _("2004 rules: Black builds first.")

    # -- records, help ------------------------------------------------------------------------
    def open_record(self, app, text: str, title: str):
        """Records are read leniently (real ones contain mistakes); the replay lists them."""
        from .replay import ReplayScene
        return ReplayScene(app, read_ppn(text, lenient=True), title=title)

    def howto_scene(self, app):
        from .howto import HowToScene
        return HowToScene(app)

    def move_words(self, move) -> str:
        """A move in words, as the list of moves says it."""
        from .review_board import move_words
        return move_words(move)

    def review_board(self, app):
        """The game review's board: the road overlay and the distance wave."""
        from .review_board import AlienCityReviewBoard
        return AlienCityReviewBoard(app)

    def run_demo(self, args) -> int:
        # Imported here, not above: the attract mode builds its own App, and the App builds
        # this plug-in through the registry; a module-level import would be a cycle.
        from .demo import run_demo
        return run_demo(args)

    # -- looks ----------------------------------------------------------------------------------
    def draw_title_art(self, app, surface: pygame.Surface, clock: float) -> None:
        """A bobbing skyline of towers and domes (some capped) along the bottom."""
        w, h = surface.get_size()
        lot = max(40, int(h * 0.11))
        span = w / len(SKYLINE)
        sprites = boards(app).sprites
        for i, (index, cap) in enumerate(SKYLINE):
            owner = Player(cap) if cap is not None else None
            bob = math.sin(clock * 1.3 + i * 0.7) * lot * 0.04
            size = int(lot * (1.25 if index < 3 else 0.9))
            sprite = sprites.get(PIECES[index], owner, size, app.options.colour_blind)
            surface.blit(sprite, (int(i * span + (span - size) / 2), int(h - size - lot * 0.15 + bob)))

    def draw_options_preview(self, app, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Four guild tiles with a tower and a dome each, in the current palette."""
        if r.w < 80:
            return
        draw_panel(surface, r)
        cb = app.options.colour_blind
        pal = look.palette(cb)
        kit = boards(app)
        cell = min(r.w // 4, (r.h - 28) // 4 - 12)
        t = app.text
        for i, colour in enumerate(Colour):
            y = r.y + 14 + i * (cell + 12)
            tile = pygame.Rect(r.x + 16, y, cell, cell)
            pygame.draw.rect(surface, pal.tile[colour], tile, border_radius=8)
            if cb:
                draw_pattern(surface, tile, colour, theme.scale(pal.tile[colour], 1.35), cell // 2)
            icon = kit.icons.get(colour, int(cell * 0.5), theme.mixc(pal.tile[colour], (255, 240, 210), 0.42))
            surface.blit(icon, icon.get_rect(center=tile.center))
            if colour is not Colour.BLACK:
                sprite = kit.sprites.get(PIECES[colour], Player.WHITE if i == 0 else None, int(cell * 0.85), cb)
                surface.blit(sprite, (tile.right + 8, y + cell * 0.05))
            dome = kit.sprites.get(PIECES[3 + colour], None, int(cell * 0.75), cb)
            surface.blit(dome, (tile.right + cell * 0.9, y + cell * 0.12))
            size = max(12, cell // 5)
            x = tile.right + int(cell * 1.8)
            name = t.fitted(_(look.GUILD_NAME[colour]), size, theme.TEXT, r.right - x - 6, bold=True)
            suit = t.fitted(_(look.SUIT_NAME[colour]), size, theme.TEXT_DIM, r.right - x - 6)
            surface.blit(name, (x, tile.centery - size))
            surface.blit(suit, (x, tile.centery + 2))
