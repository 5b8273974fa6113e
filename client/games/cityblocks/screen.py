"""What the match screen, the replay and the score show share: the layout (board in the
middle, one panel per seat from the shell's layout), the shown position and the short
animation that carries it to a new engine state (the new piece's squares drop in), the
banner, the toast and the bars.

``show_state`` diffs the new state's colour boards against the shown ones; tweens write
``Drop.p`` and their callbacks update ``hidden``; ``draw`` only reads.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from client.scenes.board_frame import BoardFrame
from client.view.bars import row_right
from client.view.fading import FadingMarks
from shared.cityblocks.geometry import BOARD, COLOURS, PIECES
from shared.cityblocks.layout import SEAT_COLOURS
from shared.i18n import current_language

from . import look
from .tray import draw_header, layout_panels
from .words import _, seat_label

DROP_TIME = 0.3
PULSE_TIME = 0.5  # the outline that fades round a piece just placed


@dataclass
class Drop:
    colour: int
    squares: tuple[tuple[int, int], ...]
    p: float = 0.0


def added_squares(old: tuple[int, ...], new: tuple[int, ...]) -> list[tuple[int, tuple]]:
    """Per colour, the squares the new boards cover that the old ones did not."""
    out = []
    for c in range(len(COLOURS)):
        mask = new[c] & ~old[c] & BOARD
        if mask:
            out.append((c, tuple(look.squares_of(mask))))
    return out


class CityScreen(BoardFrame):
    bottom_scale = 0.08

    @property
    def bar_title(self) -> str:
        # TRANSLATORS: the game's name on the top bar; a name: keep it or write it as your
        # players know the game.
        return _("CITY BLOCKS")

    def __init__(self, app, state) -> None:
        self.pulses = FadingMarks()  # where: a piece's squares; colour: its colour index
        self._tray_cache: dict = {}
        super().__init__(app, state)

    # -- layout -----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.players

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        self.panels = layout_panels(rects, self.players, size[1])
        self._tray_cache.clear()

    def _fit_board(self, area: pygame.Rect) -> pygame.Rect:
        self.geo = look.BoardGeo.fit(area)
        return self.geo.outer

    def layout_buttons(self) -> None:
        bh = int(min(self.bottom_h * 0.7, self.size[1] * 0.056))
        y = self.bottom_rect.y + (self.bottom_h - bh) // 2
        row_right(self.buttons, self.app.text, self.size[0] - self.margin, y, bh, bh * 2, bh, self.margin // 2 + 4)

    def trays(self):
        for panel in self.panels:
            yield from panel.trays

    def tray_of(self, colour: int):
        return next((t for t in self.trays() if t.colour == colour), None)

    def slot_at(self, pos) -> tuple[int, str] | None:
        """(colour, piece) of the tray slot under ``pos``."""
        for tray in self.trays():
            piece = tray.slot_at(pos)
            if piece is not None:
                return tray.colour, piece
        return None

    # -- showing states ---------------------------------------------------------------------
    def show_state(self, new, animate: bool = True) -> None:
        """Make ``new`` the model; its new squares drop in (unless ``animate`` is off)."""
        old = self.state
        self.state = new
        added = added_squares(old.boards, new.boards) if old.players == new.players else []
        if not animate or not added or len(added) > 1 or len(added[0][1]) > 5:
            self.no_drops()
            return
        colour, squares = added[0]
        self.drop_in(Drop(colour, squares), squares, DROP_TIME, lambda: self.pulse(colour, squares))

    def pulse(self, colour: int, squares) -> None:
        self.pulses.start(self.timeline, tuple(squares), colour, PULSE_TIME)

    # -- words ------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return seat_label(self.players, seat)

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        if s.over:
            return _("GAME OVER"), theme.ACCENT
        colour = look.name(s.colour).upper()
        if self.players == 2:
            return (_("{colour} TO PLACE ({seat})   ·   next: {next}").format(
                colour=colour, seat=self.seat_label(s.to_move), next=look.name((s.colour + 1) % 4)),
                look.colour_rgb(s.colour))
        if self.players == 3:
            # TRANSLATORS: 3 players: RED TO PLACE (Red or Blue): the seat may place its colour or blue.
            return (_("{colour} TO PLACE ({name} or Blue)").format(colour=colour, name=look.name(s.colour)),
                    look.colour_rgb(s.colour))
        return _("{colour} TO PLACE").format(colour=colour), look.colour_rgb(s.colour)

    # -- drawing ----------------------------------------------------------------------------
    def board_surface(self, cb: bool) -> pygame.Surface:
        key = (self.geo, self.state.boards, self.hidden, cb)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, look.render_board(self.app.text, self.geo, self.state.boards, cb, self.hidden))
        return self._board_cache[1]

    def colour_scores(self) -> dict[int, tuple[int, int]]:
        """(area, edges) per colour, from the engine's live breakdown (memoised per state)."""
        cache = getattr(self, "_score_cache", None)
        if cache is None or cache[0] is not self.state:
            data = self.state.score()["colours"]
            cache = (self.state, {c: (data[n]["area"], data[n]["edges"]) for c, n in enumerate(COLOURS)})
            self._score_cache = cache
        return cache[1]

    def seat_total(self, seat: int) -> int | None:
        scores = self.colour_scores()
        return sum(sum(scores[c]) for c in SEAT_COLOURS[self.players][seat])

    def tray_args(self, tray) -> dict:
        """What a tray shows (the match screen adds the chosen piece and the dimming)."""
        left = set(self.state.pieces_left(tray.colour))
        return {"played": {p for p in PIECES if p not in left}, "fits": None, "chosen": None,
                "hover": None, "active": False}

    def seat_names(self) -> dict[int, str]:
        """Who sits where, written under each seat's header (none by default)."""
        return {}

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        t = self.app.text
        scores = self.colour_scores()
        names = self.seat_names()
        for panel in self.panels:
            seat = panel.seat
            look_colours = list(SEAT_COLOURS[self.players][seat])
            label = self.seat_label(seat)
            draw_header(surface, t, panel, label, look_colours, self.seat_total(seat), self.seat_active(seat), cb)
            name = names.get(seat)
            if name:
                img = t.render(name, max(12, panel.header_h // 3), theme.TEXT_DIM)
                surface.blit(img, (panel.rect.x + panel.pad + 4, panel.rect.y + panel.header_h + 3))
            for tray in panel.trays:
                args = self.tray_args(tray)
                shared = self.players == 3 and tray.colour not in look_colours
                key = (tray.colour, tray.rect.size, frozenset(args["played"]),
                       None if args["fits"] is None else frozenset(args["fits"]), args["chosen"], args["hover"],
                       args["active"], scores[tray.colour], cb, shared, current_language())
                img = self._tray_cache.get(key)
                if img is None:
                    if len(self._tray_cache) > 64:
                        self._tray_cache.clear()
                    img = self._tray_cache[key] = tray.surface(t, score=scores[tray.colour], cb=cb,
                                                               shared=shared, **args)
                surface.blit(img, tray.rect)

    def draw_drops(self, surface: pygame.Surface, cb: bool) -> None:
        cell = self.geo.cell
        for drop in self.drops:
            scale = 1.6 - 0.6 * drop.p
            size = max(2, int(cell * scale))
            img = look.tile(drop.colour, size, cb, int(90 + 165 * min(1.0, drop.p * 1.4)))
            for sq in drop.squares:
                c = self.geo.centre(sq)
                surface.blit(img, img.get_rect(center=c))
        for ring in self.pulses:
            col = (*theme.mixc(look.colour_rgb(ring.colour, cb), (255, 255, 255), 0.6), ring.alpha())
            layer = pygame.Surface(self.size, pygame.SRCALPHA)
            look.outline(layer, self.geo, ring.where, col, max(2, int(cell * 0.18 * (1 - ring.p)) + 1))
            surface.blit(layer, (0, 0))

    def between_panels(self) -> pygame.Rect:
        """The window's column between the seat panels, down to the bottom bar: a toast
        (a hint's sentence, a longer translation) wraps within it, clear of every panel."""
        mid = self.geo.rect.centerx
        left = max((p.rect.right for p in self.panels if p.rect.centerx < mid), default=0)
        right = min((p.rect.left for p in self.panels if p.rect.centerx >= mid), default=self.size[0])
        gap = max(2, self.margin // 4)
        return pygame.Rect(left + gap, 0, max(1, right - left - 2 * gap), self.bottom_rect.y)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Banner and toast, over everything."""
        text = self.app.text
        self.banners.draw(surface, text, self.geo.rect.centery, int(self.geo.cell * 2.4))
        column = self.between_panels().clip(surface.get_rect())
        self.toasts.draw(surface.subsurface(column), text, column.h, max(14, self.bottom_h // 3))
