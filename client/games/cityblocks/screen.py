"""What the match screen, the replay and the score show share: the shell's frame (bars,
banner, toast) wired to the board view they hold (:class:`.board.CityBoard`, ``board``),
the shown position and the short animation that carries it to a new engine state (the
new piece's squares drop in).

``show_state`` diffs the new state's colour boards against the shown ones; tweens write
``Drop.p`` and their callbacks update ``hidden``; ``draw`` only reads.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.scenes.board_frame import FramedScene
from client.view.bars import row_right
from client.view.widgets import Button
from shared.cityblocks.geometry import BOARD, COLOURS

from . import look
from .board import CityBoard, tray_args, turn_line
from .hints import toast_place
from .tray import TrayView
from .words import _, seat_label

DROP_TIME = 0.3


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


class CityScreen(FramedScene):
    """A screen holding the board view (``board``) in the shell's frame (``frame``)."""

    bottom_scale = 0.08
    buttons: list[Button]

    @property
    def bar_title(self) -> str:
        # TRANSLATORS: the game's name on the top bar; a name: keep it or write it as your
        # players know the game.
        return _("CITY BLOCKS")

    def __init__(self, app, state) -> None:
        self.board = CityBoard(self)
        super().__init__(app, state)

    # -- layout -----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.players

    @property
    def geo(self) -> look.BoardGeo:
        return self.board.geo

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        self.board.place_panels(rects, size[1])

    def fit_board(self, area: pygame.Rect) -> pygame.Rect:
        return self.board.fit(area)

    def layout_buttons(self) -> None:
        bh = int(min(self.bottom_h * 0.7, self.size[1] * 0.056))
        y = self.bottom_rect.y + (self.bottom_h - bh) // 2
        row_right(self.buttons, self.app.text, self.size[0] - self.margin, y, bh, bh * 2, bh, self.margin // 2 + 4)

    # -- showing states ---------------------------------------------------------------------
    def show_state(self, new, animate: bool = True) -> None:
        """Make ``new`` the model; its new squares drop in (unless ``animate`` is off)."""
        old = self.state
        self.state = new
        added = added_squares(old.boards, new.boards) if old.players == new.players else []
        if not animate or not added or len(added) > 1 or len(added[0][1]) > 5:
            self.frame.no_drops()
            return
        colour, squares = added[0]
        self.frame.drop_in(Drop(colour, squares), squares, DROP_TIME,
                     lambda: self.board.pulse(self.timeline, colour, squares))

    # -- words ------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return seat_label(self.players, seat)

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        return turn_line(s, not s.over and s.to_move is not None and s.to_move == self.mine())

    def mine(self) -> int | None:
        """The person's own seat against the computer (a match names it "you")."""
        return None

    # -- drawing ----------------------------------------------------------------------------
    def board_surface(self, cb: bool) -> pygame.Surface:
        return self.board.surface(cb)

    def tray_args(self, tray: TrayView) -> dict:
        """What a tray shows (the match screen adds the chosen piece and the dimming)."""
        return tray_args(self.state, tray)

    def seat_names(self) -> dict[int, str]:
        """Who sits where, written under each seat's header (none by default)."""
        return {}

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        self.board.draw_panels(surface, cb)

    def banner_avoids(self) -> tuple[pygame.Rect, ...]:
        """What a banner must not cover (the score screen's final table)."""
        return ()

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Banner and toast, over everything."""
        text = self.app.text
        area = pygame.Rect(0, self.top_h, self.size[0], self.bottom_rect.y - self.top_h)
        self.banners.draw(surface, text, self.geo.rect.centery, int(self.geo.cell * 2.4), self.banner_avoids(), area)
        column = self.board.between_panels(self.size, self.bottom_rect.y, self.margin).clip(surface.get_rect())
        top, avoid = toast_place(self, column.topleft)
        self.toasts.draw(surface.subsurface(column), text, column.h, max(14, self.bottom_h // 3), top, avoid)
