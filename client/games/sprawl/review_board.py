"""Sprawl's board in the game review: the position after the move shown (the one played,
or the better one) with its square framed, the move not shown framed faintly; and a move
in words (:func:`list_text`: "Red builds a 2 on c4", never the record's ``r:+2@c4``), as
the lists of moves, the review and the analysis say it."""

from __future__ import annotations

import pygame

from client import theme
from client.games.base import ReviewBoard, draw_rank
from shared.gamekit.errors import MalformedMove
from shared.sprawl.board import square_name
from shared.sprawl.moves import Branch, Build, Move, Place, parse_move
from shared.sprawl.words import _, colour_name

from . import look

ARROWS = ("\u2191", "\u2192", "\u2193", "\u2190")   # where a branch points: n e s w (short in any language)
PLAYED_INK = (250, 250, 255)
BETTER_INK = theme.ACCENT_2


def list_text(move: Move) -> str:
    """A move in one short line of words, from its colour ("Red places a 3 on c4")."""
    colour, square = colour_name(move.seat), square_name(move.square)
    if isinstance(move, Build):
        # TRANSLATORS: a Sprawl move in the list of moves: a piece of size {size} put on top of
        # the tower on {square} ("Red builds a 2 on c4"); Slovak: the colour is feminine
        return _("{colour} builds a {size} on {square}").format(colour=colour, size=move.size, square=square)
    if isinstance(move, Branch):
        # TRANSLATORS: a Sprawl move in the list of moves: a branch, a piece laid flat on {square},
        # {arrow} the way it points (↑ north, → east, ↓ south, ← west): "Red grows a 2 on c5 ↑"
        return _("{colour} grows a {size} on {square} {arrow}").format(
            colour=colour, size=move.size, square=square, arrow=ARROWS[move.direction])
    if isinstance(move, Place) and move.extra:
        # TRANSLATORS: a Sprawl move: a piece set upright on a vacant square, then builds on it in
        # the same turn (overload), {extra} the sizes ("Red places a 3 on c4, then 2, 1")
        return _("{colour} places a {size} on {square}, then {extra}").format(
            colour=colour, size=move.size, square=square, extra=", ".join(str(k) for k in move.extra))
    # TRANSLATORS: a Sprawl move in the list of moves: a piece set upright on a vacant square
    # (a first tower or a spore: "Red places a 3 on c4")
    return _("{colour} places a {size} on {square}").format(colour=colour, size=move.size, square=square)


def short_text(move: Move) -> str:
    """A move in a few signs, for a list too narrow for its words (the row's dot gives the
    colour): "+2 c4" builds on a tower, "2↑ c5" branches, "3 c4" places (then "+2+1")."""
    square = square_name(move.square)
    if isinstance(move, Build):
        return f"+{move.size} {square}"
    if isinstance(move, Branch):
        return f"{move.size}{ARROWS[move.direction]} {square}"
    extra = "".join(f"+{k}" for k in move.extra) if isinstance(move, Place) else ""
    return f"{move.size}{extra} {square}"


def token_short(token: str) -> str:
    """A record's move token in a few signs ("" when it is no move)."""
    try:
        return short_text(parse_move(token))
    except MalformedMove:
        return ""


def token_text(token: str) -> str:
    """A record's move token in words (the token itself when it is no move)."""
    try:
        return list_text(parse_move(token))
    except MalformedMove:
        return token


class SprawlReviewBoard(ReviewBoard):
    def list_text(self, spec, moves) -> str:
        return ", ".join(list_text(m) for m in moves)

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
