"""Sprawl's board in the game review: the position after the move shown (the one played,
or the better one) with its square framed, the move not shown framed faintly. Only
pictures: the review screen writes every word."""

from __future__ import annotations

import pygame

from client import theme
from client.games.base import ReviewBoard, draw_rank

from . import look

PLAYED_INK = (250, 250, 255)
BETTER_INK = theme.ACCENT_2


class SprawlReviewBoard(ReviewBoard):
    def move_number(self, after, ply: int) -> int:
        """A seat leaving is a move of the replay's (a row of its list) though the review
        passes over it: the leavers before this move count too."""
        return ply + len(after.left)

    def draw(self, app, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        state = self.state
        if state is None:
            return False
        geo = look.BoardGeo.fit(rect, state.geo.files, state.geo.ranks)
        surface.blit(look.render_board(app.text, geo, state, app.options.colour_blind), geo.outer.topleft)
        width = max(2, geo.cell // 16)
        if hasattr(self.other, "square"):
            faint = PLAYED_INK if self.better else BETTER_INK
            r = geo.square_rect(self.other.square).inflate(-width * 3, -width * 3)
            pygame.draw.rect(surface, theme.scale(faint, 0.8), r, max(2, width // 2), border_radius=6)
        if hasattr(self.move, "square"):
            ink = BETTER_INK if self.better else PLAYED_INK
            pygame.draw.rect(surface, ink, geo.square_rect(self.move.square).inflate(-2, -2), width,
                             border_radius=4)
        draw_marks(surface, app, geo, self.marks)
        return True


def draw_marks(surface: pygame.Surface, app, geo: look.BoardGeo, marks) -> None:
    """The analysis: each (move, rank) framed and numbered (the review's board and the
    replay's); moves on one square (sizes, directions) side by side."""
    width = max(2, geo.cell // 16)
    seen: dict[int, int] = {}
    for move, rank in marks:
        if hasattr(move, "square"):
            r = geo.square_rect(move.square)
            k = seen.get(move.square, 0)
            seen[move.square] = k + 1
            pygame.draw.rect(surface, theme.ACCENT if rank == 1 else BETTER_INK, r.inflate(-2, -2), width,
                             border_radius=4)
            radius = int(geo.cell * 0.18)
            draw_rank(surface, app, (r.x + radius + 4 + k * (2 * radius + 2), r.y + radius + 4), rank, radius)
