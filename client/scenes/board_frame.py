"""The frame of a board game's match screen, replay and score show: the shell's match
layout (top bar, board in the middle, one panel per seat, bottom bar), the shown state
with its drop animations' bookkeeping, banners and toasts, and the two bars.

:class:`BoardFrame` is a scene base class; the game sets ``players``, ``_fit_board`` (the
board's rect in the area left for it), ``place_panels`` (its seat panels in the layout's
rects), ``board_surface``, ``draw_panels``, ``turn_text`` and ``layout_buttons``, and the
bars' looks through class settings. ``draw_frame`` draws background, board, panels and
the top bar; the game draws its marks over it and calls ``draw_bottom``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from .. import theme
from ..anim import Callback, Tween
from ..view.banners import Announcing, Banners, Toast
from ..view.bars import draw_bottom_bar, draw_top_bar
from .base import Scene
from .layout import match_layout

if TYPE_CHECKING:
    from .move_listing import MoveListPart


class BoardFrame(Announcing, Scene):
    bottom_scale = 0.08
    bar_title = ""                  # the game's name at the top bar's left
    turn_scale = 0.5                # the turn line's size / the top bar's height
    fit_turn = False                # shrink the turn line until it clears the title
    status_scale = (0.3, 0.026)     # status text: the smaller of (bottom bar, window) heights times these
    status_gap = 2                  # pixels between status lines
    listing: "MoveListPart | None" = None   # a match's or replay's list of moves (its column is kept)

    def __init__(self, app, state) -> None:
        super().__init__(app)
        self.state = state
        self.hidden: frozenset = frozenset()
        self.drops: list = []
        self.banners = Banners(self.timeline)
        self.toasts = Toast()
        self.buttons: list = []
        self._board_cache: tuple | None = None
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        moves_w = self.listing.room(size) if self.listing is not None else 0
        frame, _, rects = match_layout(size, self.players, self._fit_board, self.bottom_scale, moves_w)
        self.margin = frame.margin
        self.top_rect, self.bottom_rect = frame.top, frame.bottom
        self.top_h, self.bottom_h = frame.top.h, frame.bottom.h
        self.place_panels(rects, size)
        self.layout_buttons()

    # -- showing states -------------------------------------------------------------------------
    def no_drops(self) -> None:
        """Every animation done at once; nothing hidden or dropping."""
        self.timeline.finish_all()
        self.hidden, self.drops = frozenset(), []

    def drop_in(self, drop, squares, seconds: float, landed: Callable[[], None] = lambda: None) -> None:
        """``drop`` (its ``p`` tweened 0 to 1) falls onto ``squares``, hidden on the board
        until it lands with a sound; then ``landed``."""
        self.hidden = self.hidden | frozenset(squares)

        def land() -> None:
            if drop in self.drops:
                self.drops.remove(drop)
            self.hidden = self.hidden - frozenset(squares)
            self.app.sounds.play("place")
            landed()

        self.timeline.sequence(Callback(lambda: self.drops.append(drop)),
                               Tween(seconds, lambda p: setattr(drop, "p", p), "out_back"), Callback(land))

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        """The seat panels in the layout's ``rects``."""

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return "", theme.TEXT

    def status_area(self) -> pygame.Rect:
        """Where the status lines go: the bottom bar (a replay's: under its ply bar)."""
        return self.stepping.status_area() if self.stepping is not None else self.bottom_rect

    def seat_active(self, seat: int) -> bool:
        return not self.state.is_over() and self.state.to_move == seat

    # -- drawing ------------------------------------------------------------------------------
    def draw_frame(self, surface: pygame.Surface, cb: bool) -> None:
        """Background, board, panels, top bar."""
        surface.blit(self.app.background(self.size), (0, 0))
        surface.blit(self.board_surface(cb), self.geo.outer.topleft)
        self.draw_panels(surface, cb)
        self.draw_top(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        text, colour = self.turn_text()
        room = self.top_right_room()
        draw_top_bar(surface, self.app.text, self.top_rect, self.margin, self.bar_title, text, colour,
                     int(self.top_h * self.turn_scale), fit=self.fit_turn or room > 0, right_room=room)

    def top_right_room(self) -> int:
        """Room kept free at the top bar's right end (the list of moves' tab takes it)."""
        return 0

    def draw_bottom(self, surface: pygame.Surface) -> None:
        text, colour = self.status_text()
        bar, window = self.status_scale
        size = max(13, int(min(self.bottom_rect.h * bar, self.size[1] * window)))
        draw_bottom_bar(surface, self.app.text, self.bottom_rect, self.margin, text, colour, self.buttons,
                        self.status_area(), size, self.status_gap)
