"""City Blocks' board in the game review: the position after the move shown (the one
played, or the better one) with that piece outlined, the move not shown outlined
faintly. Only pictures: the review screen writes every word."""

from __future__ import annotations

import pygame

from client import theme
from client.games.base import ReviewBoard

from . import look

PLAYED_INK = (250, 250, 255)
BETTER_INK = theme.ACCENT_2


class CityBlocksReviewBoard(ReviewBoard):
    def draw(self, app, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        if self.state is None:
            return False
        geo = look.BoardGeo.fit(rect)
        cb = app.options.colour_blind
        surface.blit(look.render_board(app.text, geo, self.state.boards, cb), geo.outer.topleft)
        width = max(2, geo.cell // 6)
        if _squares(self.other):
            faint = PLAYED_INK if self.better else BETTER_INK
            layer = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
            for sq in self.other.squares:
                r = geo.square_rect(sq).move(-geo.x, -geo.y).inflate(-2, -2)
                pygame.draw.rect(layer, (*faint, 70), r, border_radius=max(2, geo.cell // 6))
            surface.blit(layer, geo.rect.topleft)
            look.outline(surface, geo, self.other.squares, theme.scale(faint, 0.85), max(2, width // 2))
        if _squares(self.move):
            look.outline(surface, geo, self.move.squares, BETTER_INK if self.better else PLAYED_INK, width)
        return True


def _squares(move) -> bool:
    """A placement on the board (not a pass, not nothing)."""
    return move is not None and not move.is_pass and move.on_board()
