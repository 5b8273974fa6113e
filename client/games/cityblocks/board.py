"""The board view of City Blocks' screens, a part each screen holds (``scene.board``): where
the squares are (``geo``), the seat panels with their trays, the board and tray pictures
(cached per content), the colours' live scores, the pieces dropping in and the outline
that fades round a piece just placed, the column between the panels that toasts keep
to, and the top bar's words (:func:`turn_line`). The screen says what the trays show
(``tray_args``) and who sits where; ``draw_*`` only read.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from client import theme
from client.anim import Timeline
from client.seat_words import beside, you_word
from client.view.fading import FadingMarks
from shared.cityblocks.geometry import COLOURS, PIECES
from shared.cityblocks.layout import SEAT_COLOURS
from shared.i18n import current_language

from . import look
from .tray import SeatPanel, TrayView, draw_header, layout_panels
from .words import _, seat_name

PULSE_TIME = 0.5  # the outline that fades round a piece just placed


class BoardHost(Protocol):
    """What the board view needs of its screen."""

    app: Any
    state: Any          # the position shown
    hidden: frozenset   # squares whose piece is still dropping in

    @property
    def players(self) -> int: ...
    def seat_label(self, seat: int) -> str: ...
    def seat_active(self, seat: int) -> bool: ...
    def tray_args(self, tray: TrayView) -> dict: ...
    def seat_names(self) -> dict[int, str]: ...


def tray_args(state, tray: TrayView) -> dict:
    """What a tray shows of a position: its played pieces (a match screen adds the hand)."""
    left = set(state.pieces_left(tray.colour))
    return {"played": {p for p in PIECES if p not in left}, "fits": None, "chosen": None,
            "hover": None, "active": False}


def turn_line(state, mine: bool = False, who: str = "") -> tuple[str, tuple[int, int, int]]:
    """The top bar's words: who places which colour now (and next, with 2 players);
    ``mine``: the seat to move is the person's own against the computer ("BLUE (YOU)");
    ``who``: who plays the seat to move ("computer, medium"), named with 2 players, where
    a seat plays two colours ("Green and Yellow (computer, medium)")."""
    if state.over:
        return _("GAME OVER"), theme.ACCENT
    colour = look.name(state.colour).upper()
    if state.players == 2:
        seat = beside(seat_name(2, state.to_move), you_word() if mine else who)
        # TRANSLATORS: 2 players: the colour placed now, the seat placing it (its two colours
        # and who plays it: "Green and Yellow (computer, medium)"), the colour placed next
        return (_("{colour} TO PLACE   ·   {seat}   ·   next: {next}").format(
            colour=colour, seat=seat, next=look.name((state.colour + 1) % 4)),
            look.colour_rgb(state.colour))
    if mine:
        colour = beside(look.name(state.colour), you_word()).upper()
    if state.players == 3:
        # TRANSLATORS: 3 players: RED TO PLACE (Red or Blue): the seat may place its colour or blue.
        return (_("{colour} TO PLACE ({name} or Blue)").format(colour=colour, name=look.name(state.colour)),
                look.colour_rgb(state.colour))
    return _("{colour} TO PLACE").format(colour=colour), look.colour_rgb(state.colour)


class CityBoard:
    def __init__(self, host: BoardHost) -> None:
        self.host = host
        self.geo = look.BoardGeo.fit(pygame.Rect(0, 0, 21, 21))
        self.panels: list[SeatPanel] = []
        self.pulses = FadingMarks()  # where: a piece's squares; colour: its colour index
        self._tray_cache: dict = {}
        self._board_cache: tuple | None = None
        self._score_cache: tuple | None = None

    # -- layout -----------------------------------------------------------------------------
    def fit(self, area: pygame.Rect) -> pygame.Rect:
        """The board as large as ``area`` allows; its rect with the coordinates."""
        self.geo = look.BoardGeo.fit(area)
        return self.geo.outer

    def place_panels(self, rects: list[pygame.Rect], height: int) -> None:
        self.panels = layout_panels(rects, self.host.players, height, self.host.app.text)
        self._tray_cache.clear()

    def trays(self):
        for panel in self.panels:
            yield from panel.trays

    def tray_of(self, colour: int) -> TrayView | None:
        return next((t for t in self.trays() if t.colour == colour), None)

    def slot_at(self, pos) -> tuple[int, str] | None:
        """(colour, piece) of the tray slot under ``pos``."""
        for tray in self.trays():
            piece = tray.slot_at(pos)
            if piece is not None:
                return tray.colour, piece
        return None

    def between_panels(self, size: tuple[int, int], bottom: int, margin: int) -> pygame.Rect:
        """The window's column between the seat panels, down to ``bottom`` (the bottom
        bar): a toast (a hint's sentence, a longer translation) wraps within it, clear of
        every panel."""
        mid = self.geo.rect.centerx
        left = max((p.rect.right for p in self.panels if p.rect.centerx < mid), default=0)
        right = min((p.rect.left for p in self.panels if p.rect.centerx >= mid), default=size[0])
        gap = max(2, margin // 4)
        return pygame.Rect(left + gap, 0, max(1, right - left - 2 * gap), bottom)

    def pulse(self, timeline: Timeline, colour: int, squares) -> None:
        self.pulses.start(timeline, tuple(squares), colour, PULSE_TIME)

    # -- scores -----------------------------------------------------------------------------
    def colour_scores(self) -> dict[int, tuple[int, int]]:
        """(area, edges) per colour, from the engine's live breakdown (memoised per state)."""
        state = self.host.state
        cache = self._score_cache
        if cache is None or cache[0] is not state:
            data = state.score()["colours"]
            cache = (state, {c: (data[n]["area"], data[n]["edges"]) for c, n in enumerate(COLOURS)})
            self._score_cache = cache
        return cache[1]

    def seat_total(self, seat: int) -> int | None:
        scores = self.colour_scores()
        return sum(sum(scores[c]) for c in SEAT_COLOURS[self.host.players][seat])

    # -- drawing ----------------------------------------------------------------------------
    def surface(self, cb: bool) -> pygame.Surface:
        """The board's picture: the squares, the coordinates and the pieces not dropping."""
        host = self.host
        key = (self.geo, host.state.boards, host.hidden, cb)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, look.render_board(host.app.text, self.geo, host.state.boards, cb, host.hidden))
        return self._board_cache[1]

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        host = self.host
        t = host.app.text
        players = host.players
        scores = self.colour_scores()
        names = host.seat_names()
        for panel in self.panels:
            seat = panel.seat
            look_colours = list(SEAT_COLOURS[players][seat])
            draw_header(surface, t, panel, host.seat_label(seat), look_colours, self.seat_total(seat),
                        host.seat_active(seat), cb)
            name = names.get(seat, "")
            if seat in host.state.left:   # resigned (here, or online): said under the header
                # TRANSLATORS: under a seat's header once it resigned: who plays it, then that it left
                name = _("{who} · left the game").format(who=name) if name else _("left the game")
            if name:
                img = t.render(name, max(12, panel.header_h // 3), theme.TEXT_DIM)
                surface.blit(img, (panel.rect.x + panel.pad + 4, panel.rect.y + panel.header_h + 3))
            for tray in panel.trays:
                args = host.tray_args(tray)
                shared = players == 3 and tray.colour not in look_colours
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

    def draw_drops(self, surface: pygame.Surface, drops: list, cb: bool) -> None:
        """The pieces dropping in, and the outline fading round one just placed."""
        cell = self.geo.cell
        for drop in drops:
            scale = 1.6 - 0.6 * drop.p
            size = max(2, int(cell * scale))
            img = look.tile(drop.colour, size, cb, int(90 + 165 * min(1.0, drop.p * 1.4)))
            for sq in drop.squares:
                c = self.geo.centre(sq)
                surface.blit(img, img.get_rect(center=c))
        for ring in self.pulses:
            col = (*theme.mixc(look.colour_rgb(ring.colour, cb), (255, 255, 255), 0.6), ring.alpha())
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            look.outline(layer, self.geo, ring.where, col, max(2, int(cell * 0.18 * (1 - ring.p)) + 1))
            surface.blit(layer, (0, 0))
