"""The screen end of the board part (:class:`~.board_screen.BoardView`): a thin scene base
that ends the ``super()`` chains the screens call (update, layout, the turn line, the
frame rate) and gives the board's names on the screen through :class:`Forward` (the
shell's parts, the online chrome and the director read ``geo``, ``margin``, the bars
and ``show_state`` off the screen)."""

from __future__ import annotations

from typing import Any

import pygame

from client.scenes.base import Scene
from client.scenes.forward import Forward
from client.view.banners import Banner, Banners, Toast
from client.view.widgets import Button
from shared.aliencity import GameState, Player

from . import terms
from .board_screen import BoardView, Colour, Flyer
from .labels import relabel
from .view.board_insight import BoardInsight
from .view.board_view import BoardGeometry
from .view.panel import PanelView


class BoardScene(Scene):
    """A screen holding a :class:`BoardView` as ``board``: the end of the ``super()``
    chains the screens call (update, layout, turn line), and the board's names."""

    bottom_scale = 0.08
    buttons: list[Button]
    state = Forward[GameState]()
    geo, panels, insight = Forward[BoardGeometry](), Forward[dict[Player, PanelView]](), Forward[BoardInsight]()
    margin, top_h, bottom_h = Forward[int](), Forward[int](), Forward[int]()
    top_rect, bottom_rect = Forward[pygame.Rect](), Forward[pygame.Rect]()
    banners, toasts, banner, toast = Forward[Banners](), Forward[Toast](), Forward[Banner | None](), Forward[str]()
    flyers, hidden, last_lots = Forward[list[Flyer]](), Forward[frozenset[int]](), Forward[tuple[int, ...]]()
    pointer_pos = Forward[tuple[int, int]]()
    show_state, announce, show_toast, track_pointer = Forward[Any](), Forward[Any](), Forward[Any](), Forward[Any]()

    def __init__(self, app, state: GameState) -> None:
        super().__init__(app)
        self.buttons = []
        self.board = BoardView(app, self.timeline, state, self.bottom_scale)
        if self.listing is not None:   # its column right of the board
            self.board.resize(app.size, self.listing.room(app.size))
        self.layout_buttons()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.board.resize(size, self.listing.room(size) if self.listing is not None else 0)
        self.layout_buttons()

    def layout_buttons(self) -> None:
        """``buttons`` right-aligned in the bottom bar."""
        self.board.layout_buttons(self.buttons)

    def relabel(self) -> None:
        """Buttons in the language in use (laid out again when a label changed)."""
        if relabel(self.buttons):
            self.layout_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)

    def frame_rate(self) -> float:
        return self.board.frame_rate()

    def turn_text(self) -> tuple[str, Colour]:
        return self.board.turn_text(self.label)

    def label(self, player: Player) -> str:
        """A seat as the screen's words name it (a match says "Black (you)")."""
        return terms.player(player)

    def top_right_room(self) -> int:
        """Room kept free at the top bar's right end (the list of moves' tab takes it)."""
        return 0

    def buttons_event(self, event: pygame.event.Event) -> bool:
        return any(b.handle_event(event) for b in self.buttons)
