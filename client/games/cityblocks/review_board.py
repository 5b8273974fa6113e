"""City Blocks' board in the game review: the position after the move shown (the one
played, or the better one) with that piece outlined, the move not shown outlined
faintly; or, for the analysis, the position before a move with its best placements
outlined and numbered. Only pictures: the review screen writes every word (a move in
the list of moves as the match and the replay word it: :func:`list_text`)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from client import theme
from client.games.base import ReviewBoard, draw_rank
from client.view.movelist import MoveEntry
from shared.cityblocks import CITY_BLOCKS, Move
from shared.cityblocks.geometry import square_name

from . import look
from .words import _

PLAYED_INK = (250, 250, 255)
BETTER_INK = theme.ACCENT_2


def list_text(move: Move) -> str:
    """A move as the list of moves shows it, in words: the colour, the piece and the
    corners of the box it fills ("Green: T5 on n8–p10", the piece within n8 to p10), never
    the record's g:T5:n8,n9,...; a pass."""
    if move.is_pass:
        return _("{colour} passed.").format(colour=look.name(move.colour))
    xs, ys = [x for x, _y in move.squares], [y for _x, y in move.squares]
    low, high = square_name(min(xs), min(ys)), square_name(max(xs), max(ys))
    span = low if low == high else f"{low}\u2013{high}"
    # TRANSLATORS: a City Blocks move in the list of moves: a colour, its piece (letter and
    # size, "T5") and the opposite corners of the box it fills ("Green: T5 on n8–p10")
    return _("{colour}: {piece} on {squares}").format(colour=look.name(move.colour), piece=move.piece,
                                                      squares=span)


def piece_dot(colour: int) -> tuple[int, int, int]:
    """The dot beside a move in a list: the colour of the piece placed (the 4-seat game's
    seat colour), not the colour of the seat placing it (2 players: each places two
    colours; 3 players: the shared blue)."""
    return CITY_BLOCKS.seats({"players": 4})[colour].colour


def dotted(entries: list[MoveEntry], moves: list[Move]) -> list[MoveEntry]:
    """A list's rows with each move's dot in the colour placed (see :func:`piece_dot`)."""
    return [replace(e, colour=piece_dot(moves[i].colour)) if i < len(moves) else e for i, e in enumerate(entries)]


class CityBlocksReviewBoard(ReviewBoard):
    def list_text(self, spec, moves) -> str:
        return ", ".join(list_text(m) for m in moves)

    def row_colour(self, moves) -> tuple[int, int, int] | None:
        """The colour placed (a seat of two players places two), as the match's list shows it."""
        return piece_dot(moves[0].colour) if moves else None

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
        draw_marks(surface, app, geo, self.marks)
        return True


def draw_marks(surface: pygame.Surface, app, geo: look.BoardGeo, marks) -> None:
    """The analysis: each (move, rank) outlined and numbered (the review's board and the
    replay's)."""
    width = max(2, geo.cell // 6)
    badges: list[tuple[int, int]] = []
    for move, rank in marks:
        if _squares(move):
            look.outline(surface, geo, move.squares, theme.ACCENT if rank == 1 else BETTER_INK, width)
            badges.append(badge_square(move.squares, badges))
            draw_rank(surface, app, geo.square_rect(badges[-1]).center, rank, int(geo.cell * 0.45))


def badge_square(squares, taken: list[tuple[int, int]]) -> tuple[int, int]:
    """The square of a placement for its rank: the one farthest from the badges drawn
    already (placements often overlap), ties to the first."""
    if not taken:
        return squares[0]
    return max(squares, key=lambda sq: min(abs(sq[0] - t[0]) + abs(sq[1] - t[1]) for t in taken))


def _squares(move) -> bool:
    """A placement on the board (not a pass, not nothing)."""
    return move is not None and not move.is_pass and move.on_board()
