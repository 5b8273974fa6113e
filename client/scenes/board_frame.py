"""The frame of a board game's match screen, replay and score show: the shell's match
layout (top bar, board in the middle, one panel per seat, bottom bar), the shown state
with its drop animations' bookkeeping, banners and toasts, and the two bars.

:class:`BoardFrame` is a part the screen holds (``frame``) and calls: ``resize`` lays it
out, ``update`` runs the toast's clock, ``draw`` draws background, board, panels and the
top bar (the game draws its marks over it and calls ``draw_bottom``). It reaches its
screen through :class:`FramedScreen`: the board's rect in the area left for it
(``fit_board``), the seat panels (``place_panels``), ``board_surface``, ``draw_panels``,
``turn_text``, ``status_text`` and ``layout_buttons``; the screen shows the frame's names
(``state``, ``margin``, the bars, ``show_toast``: :data:`FRAME_NAMES`) through
:func:`~.forward.forwarding`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from .. import theme
from ..anim import Callback, Timeline, Tween
from ..view.banners import Banners, Toast
from ..view.bars import draw_bottom_bar, draw_top_bar
from ..view.widgets import Button
from .base import Scene
from .forward import forwarding
from .layout import match_layout

if TYPE_CHECKING:
    from ..app import App
    from .move_listing import MoveListPart
    from .replay_controls import ReplaySteps


class FramedScreen(Protocol):
    """What the frame asks of its screen."""

    app: "App"
    timeline: Timeline
    size: tuple[int, int]
    buttons: list[Button]
    stepping: "ReplaySteps | None"   # a replay's: the status goes under its ply bar
    bottom_scale: float              # the bottom bar's height / the window's
    geo: Any                         # the board's geometry: ``outer`` is where the board goes
    listing: "MoveListPart | None"   # a match's or replay's list of moves (its column is kept)

    @property
    def players(self) -> int: ...
    @property
    def bar_title(self) -> str: ...  # the game's name at the top bar's left

    def fit_board(self, area: pygame.Rect) -> pygame.Rect: ...
    def chat_foot(self, size: tuple[int, int]) -> int: ...   # room kept under the first panel
    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None: ...
    def layout_buttons(self) -> None: ...
    def board_surface(self, cb: bool) -> pygame.Surface: ...
    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None: ...
    def turn_text(self) -> tuple[str, tuple[int, int, int]]: ...
    def status_text(self) -> tuple[str, tuple[int, int, int]]: ...
    def top_right_room(self) -> int: ...  # room kept free at the top bar's right end (the moves' tab)


FRAME_NAMES = ("state", "hidden", "drops", "banners", "toasts", "toast", "margin", "top_rect", "bottom_rect",
               "top_h", "bottom_h", "announce", "show_toast", "buttons_event", "seat_active", "draw_bottom")
"""The frame's names a screen holding it shows (``@forwarding("frame", FRAME_NAMES)``):
what the shell's parts, the chrome and the game's own parts read off the screen."""


class BoardFrame:
    """``turn_scale``: the turn line's size / the top bar's height; ``fit_turn``: shrink
    it until it clears the title; ``status_scale``: the status text is the smaller of
    (bottom bar, window) heights times these; ``status_gap``: pixels between its lines."""

    def __init__(self, host: FramedScreen, state: Any, *, turn_scale: float = 0.5, fit_turn: bool = False,
                 status_scale: tuple[float, float] = (0.3, 0.026), status_gap: int = 2) -> None:
        self.host = host
        self.state = state
        self.turn_scale, self.fit_turn = turn_scale, fit_turn
        self.status_scale, self.status_gap = status_scale, status_gap
        self.hidden: frozenset = frozenset()
        self.drops: list = []
        self.banners = Banners(host.timeline)
        self.toasts = Toast()
        self.margin = 0
        self.top_rect = self.bottom_rect = pygame.Rect(0, 0, 0, 0)
        self.top_h = self.bottom_h = 0

    def resize(self, size: tuple[int, int]) -> None:
        """The bars and the board for the window's ``size``, then the panels and buttons."""
        host = self.host
        moves_w = host.listing.room(size) if host.listing is not None else 0
        frame, _, rects = match_layout(size, host.players, host.fit_board, host.bottom_scale, moves_w,
                                       host.chat_foot(size))
        self.margin = frame.margin
        self.top_rect, self.bottom_rect = frame.top, frame.bottom
        self.top_h, self.bottom_h = frame.top.h, frame.bottom.h
        host.place_panels(rects, size)
        host.layout_buttons()

    def update(self, dt: float) -> None:
        self.toasts.update(dt)

    # -- banner and toast ------------------------------------------------------------------------
    def announce(self, text: str, sub: str = "", colour=theme.ACCENT, hold: float = 1.0,
                 blocking: bool = False) -> None:
        self.banners.announce(text, sub, colour, hold, blocking)

    @property
    def toast(self) -> str:
        return self.toasts.text

    def show_toast(self, text: str, seconds: float = 3.0) -> None:
        self.toasts.show(text, seconds)

    def buttons_event(self, event: pygame.event.Event) -> bool:
        """Hands an event to the screen's ``buttons`` in turn."""
        return any(b.handle_event(event) for b in self.host.buttons)

    # -- showing states -------------------------------------------------------------------------
    def no_drops(self) -> None:
        """Every animation done at once; nothing hidden or dropping."""
        self.host.timeline.finish_all()
        self.hidden, self.drops = frozenset(), []

    def drop_in(self, drop, squares, seconds: float, landed: Callable[[], None] = lambda: None) -> None:
        """``drop`` (its ``p`` tweened 0 to 1) falls onto ``squares``, hidden on the board
        until it lands with a sound; then ``landed``."""
        self.hidden = self.hidden | frozenset(squares)

        def land() -> None:
            if drop in self.drops:
                self.drops.remove(drop)
            self.hidden = self.hidden - frozenset(squares)
            self.host.app.sounds.play("place")
            landed()

        self.host.timeline.sequence(Callback(lambda: self.drops.append(drop)),
                                    Tween(seconds, lambda p: setattr(drop, "p", p), "out_back"), Callback(land))

    def status_area(self) -> pygame.Rect:
        """Where the status lines go: the bottom bar (a replay's: under its ply bar)."""
        stepping = self.host.stepping
        return stepping.status_area() if stepping is not None else self.bottom_rect

    def seat_active(self, seat: int) -> bool:
        return not self.state.is_over() and self.state.to_move == seat

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cb: bool) -> None:
        """Background, board, panels, top bar."""
        host = self.host
        surface.blit(host.app.background(host.size), (0, 0))
        surface.blit(host.board_surface(cb), host.geo.outer.topleft)
        host.draw_panels(surface, cb)
        self.draw_top(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        host = self.host
        text, colour = host.turn_text()
        room = host.top_right_room()
        draw_top_bar(surface, host.app.text, self.top_rect, self.margin, host.bar_title, text, colour,
                     int(self.top_h * self.turn_scale), fit=self.fit_turn or room > 0, right_room=room)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        host = self.host
        text, colour = host.status_text()
        bar, window = self.status_scale
        size = max(13, int(min(self.bottom_rect.h * bar, host.size[1] * window)))
        draw_bottom_bar(surface, host.app.text, self.bottom_rect, self.margin, text, colour, host.buttons,
                        self.status_area(), size, self.status_gap)


@forwarding("frame", FRAME_NAMES)
class FramedScene(Scene):
    """A screen holding a :class:`BoardFrame` as ``frame``, built, resized and updated with
    it and showing its names (``margin``, ``show_toast`` …): the base of a game's board
    screens. ``look``: the frame's keyword settings (``turn_scale`` …)."""

    buttons: list[Button]

    def __init__(self, app: "App", state: Any, **look: Any) -> None:
        super().__init__(app)
        self.frame = BoardFrame(self, state, **look)
        self.buttons = []
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.frame.resize(size)

    def chat_foot(self, size: tuple[int, int]) -> int:
        """Room kept under the first seat's panel: none (an online match's keeps its chat
        bar's, :meth:`~.match_screen.MatchCore.chat_foot`)."""
        return 0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.frame.update(dt)
