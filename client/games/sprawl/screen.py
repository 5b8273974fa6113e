"""What the Sprawl match screen, the replay and the end show share: the shell's frame
(bars, banner, toast) wired to the board view they hold (:class:`.board.SprawlBoard`,
``board``: the board, the seat panels, the pieces dropping in), and the shown position
with the new piece dropping in.

``show_state`` swaps the model and starts the drop tween; ``draw`` only reads.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from client.scenes.board_frame import FramedScene
from client.seat_words import beside, you_word
from client.view.bars import row_right
from client.view.widgets import Button
from shared.sprawl.words import _

from . import look
from .board import SprawlBoard

DROP_TIME = 0.3


@dataclass
class Drop:
    squares: tuple[int, ...]
    p: float = 0.0


def changed_squares(old, new) -> tuple[int, ...]:
    """Squares whose tower or branch differs between two positions of one game."""
    if old.n != new.n:
        return ()
    return tuple(sq for sq in new.geo.squares if old.tw[sq] != new.tw[sq] or old.br[sq] != new.br[sq])


class SprawlScreen(FramedScene):
    """A screen holding the board view (``board``) in the shell's frame (``frame``)."""

    bottom_scale = 0.09
    turn_scale, fit_turn = 0.46, True
    status_scale, status_gap = (0.28, 0.024), 3
    names: list[str] = []   # who played each seat (replays and the end show), "" for nobody named
    buttons: list[Button]

    def __init__(self, app, state) -> None:
        self.board = SprawlBoard(self)
        super().__init__(app, state, turn_scale=self.turn_scale, fit_turn=self.fit_turn,
                         status_scale=self.status_scale, status_gap=self.status_gap)

    @property
    def title(self) -> str:
        # TRANSLATORS: the game's name at the top left of its screens (usually kept).
        return _("SPRAWL")

    @property
    def bar_title(self) -> str:
        return self.title

    # -- layout -----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.n

    @property
    def geo(self):
        return self.board.geo

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        self.board.place_panels(rects, size[1])

    def fit_board(self, area: pygame.Rect) -> pygame.Rect:
        return self.board.fit(area)

    def layout_buttons(self) -> None:
        bh = int(min(self.bottom_h * 0.62, self.size[1] * 0.05))
        y = self.bottom_rect.y + (self.bottom_h - bh) // 2
        row_right(self.buttons, self.app.text, self.size[0] - self.margin, y, bh, int(bh * 1.6), int(bh * 0.8), 6)

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return self.board.seat_panels()

    # -- showing states ---------------------------------------------------------------------
    def show_state(self, new, animate: bool = True) -> None:
        old = self.state
        self.state = new
        squares = changed_squares(old, new) if animate else ()
        if not squares or len(squares) > 3:
            self.frame.no_drops()
            return
        self.frame.drop_in(Drop(squares), squares, DROP_TIME)

    # -- words ------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """The seat's colour in the language in use, with the player's name when known."""
        return beside(look.name(seat), self.seat_who(seat))

    def seat_who(self, seat: int) -> str:
        """Who plays the seat, as the record names them ("" when it does not)."""
        return self.names[seat] if seat < len(self.names) else ""

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        if s.is_over():
            return _("GAME OVER"), theme.ACCENT
        seat = s.to_move
        # TRANSLATORS: the top bar ({colour}: the player's colour, in capitals).
        words = _("{colour} PLACES A FIRST TOWER") if not s.started[seat] else _("{colour} TO MOVE")
        colour = beside(look.name(seat), you_word()) if seat == self.mine() else look.name(seat)
        return words.format(colour=colour.upper()), look.text_rgb(seat, self.app.options.colour_blind)

    def mine(self) -> int | None:
        """The person's own seat against the computer (a match names it "you")."""
        return None

    # -- drawing ----------------------------------------------------------------------------
    def board_surface(self, cb: bool) -> pygame.Surface:
        return self.board.surface(cb)

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        self.board.draw_panels(surface, cb)

    def banner_avoids(self) -> tuple[pygame.Rect, ...]:
        """What a banner must not cover (the score screen's final table)."""
        return ()

    def draw_overlays(self, surface: pygame.Surface) -> None:
        text = self.app.text
        area = pygame.Rect(0, self.top_h, self.size[0], self.bottom_rect.y - self.top_h)
        self.banners.draw(surface, text, self.geo.rect.centery, int(min(self.geo.cell * 1.1, self.size[1] * 0.09)),
                          self.banner_avoids(), area)
        self.toasts.draw(surface, text, self.bottom_rect.y, max(14, self.bottom_h // 3))
