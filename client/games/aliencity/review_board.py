"""Alien City's board in the game review: the position after the move shown (the one
played, or the better one), with the road overlay on, the road-distance wave spreading
from the structure that move built or claimed, the claimed towers' projected scores,
and brackets on the move's lot (the move not shown ringed faintly); for the analysis,
the position before a move with its best moves' lots numbered.

Only pictures: the review screen writes every word. Facts come from the engine through
the board's :class:`~.view.board_insight.BoardInsight`, as on the match screen.
"""

from __future__ import annotations

import pygame

from client import theme
from client.games.base import ReviewBoard, draw_rank
from shared.aliencity import Build, Claim, lot_name
from shared.aliencity.spec import AlienCityPosition
from shared.i18n import domain

from .view.board_insight import BoardInsight
from .view.board_view import BoardGeometry, boards

_, N_, ngettext, pgettext = domain("aliencity")

PLAYED_INK = (250, 250, 255)
BETTER_INK = theme.ACCENT_2
ROAD_ALPHA = 150  # of 255: the road overlay lets the city show through


class AlienCityReviewBoard(ReviewBoard):
    def __init__(self, app) -> None:
        self.app = app
        self.insight = BoardInsight(app)
        self.insight.overlay.on = True
        self.state = None
        self.lot: int | None = None         # the shown move's lot (None: a pass, the start)
        self.other: int | None = None       # the other move's lot
        self.better = False                 # the shown move is the better one
        self.claim = False
        self.marks: list = []               # the analysis: (move, rank 1-3)
        self._layer: pygame.Surface | None = None

    def show(self, before: AlienCityPosition, move, after: AlienCityPosition, other=None,
             better: bool = False) -> None:
        self.marks = []
        self.state = after.state
        self.lot = getattr(move, "lot", None)
        self.other = getattr(other, "lot", None)
        self.claim = isinstance(move, Claim)
        self.better = better
        self.insight.set_state(self.state, animate=False)
        self.insight.pinned = self.lot if self.lot is not None and self.state.piece_at(self.lot) else None
        self.insight.refresh()

    def update(self, dt: float) -> None:
        self.insight.update(dt)

    def move_number(self, after: AlienCityPosition, ply: int) -> int:
        """Moves are builds (a claim or a pass belongs to the build before it), as the match
        screen and the replay count them."""
        return after.state.ply

    def list_text(self, spec, moves) -> str:
        """A build and its claim on one row, as the match's and the replay's lists say it
        (a pass is no claim)."""
        build = next((m for m in moves if isinstance(m, Build)), None)
        claim = next((m for m in moves if isinstance(m, Claim)), None)
        return list_text(build, claim) if build is not None else super().list_text(spec, moves)

    def frame_rate(self) -> float:
        """Full rate while the overlay fades in or the wave spreads, then the road's slow flow."""
        wave = self.insight.pathing.wave
        if self.insight.overlay.alpha < 1.0 or (wave is not None and wave.age < 3.0):
            return 60.0
        return 12.0

    def draw(self, app, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        state = self.state
        if state is None:
            return False
        geo = BoardGeometry.fit(rect)
        cb = app.options.colour_blind
        kit = boards(app)
        surface.blit(kit.board(geo, state.city, state.board, state.caps, cb), (geo.x, geo.y))
        self._draw_road(surface, geo)
        self.insight.draw_paths(surface, geo)
        self.insight.draw_badges(surface, geo, state.caps, frozenset())
        ink = BETTER_INK if self.better else PLAYED_INK
        if self.other is not None:
            faint = PLAYED_INK if self.better else BETTER_INK
            surface.blit(kit.mark("cursor", geo.lot, theme.scale(faint, 0.8)), geo.lot_rect(self.other))
        if self.lot is not None:
            surface.blit(kit.mark("claim" if self.claim else "last", geo.lot, ink), geo.lot_rect(self.lot))
        draw_marks(surface, app, geo, self.marks)
        return True

    def _draw_road(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        """The road overlay, see-through (early on the road is nearly the whole city and
        would hide the tiles the moves are about)."""
        layer = self._layer
        if layer is None or layer.get_size() != surface.get_size():
            layer = self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0), geo.rect)
        self.insight.draw_road(layer, geo)
        layer.set_alpha(ROAD_ALPHA)
        surface.blit(layer, geo.rect.topleft, geo.rect)


def draw_marks(surface: pygame.Surface, app, geo: BoardGeometry, marks) -> None:
    """The analysis: each (move, rank) numbered on its lot (the review's board and the
    replay's); builds of several pieces on one lot side by side."""
    seen: dict[int, int] = {}
    for move, rank in marks:
        lot = getattr(move, "lot", None)
        if lot is not None:
            r = geo.lot_rect(lot)
            k = seen.get(lot, 0)
            seen[lot] = k + 1
            radius = max(8, r.w // 5)
            draw_rank(surface, app, (r.x + radius + k * (2 * radius + 2), r.y + radius), rank, radius)


def list_text(build: Build, claim: Claim | None) -> str:
    """A turn as the list of moves shows it: the build's notation and the claim in words."""
    if claim is None:
        return build.text()
    # TRANSLATORS: a turn in the list of moves: the build (notation, 'Tr@e6'), then the claim
    return _("{build}, claims {lot}").format(build=build.text(), lot=lot_name(claim.lot))
