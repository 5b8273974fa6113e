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
from shared.aliencity import Build, Claim, Player, lot_name
from shared.aliencity.spec import AlienCityPosition
from shared.i18n import domain

from . import terms
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
        """A build and its claim on one row in words, without who built (a pass is no
        claim); the review's list says who (:meth:`row_texts`)."""
        build, claim = turn_of(moves)
        return list_text(build, claim) if build is not None else ", ".join(move_words(m) for m in moves)

    def row_texts(self, spec, moves, before) -> tuple[str, str]:
        """The turn as the match's and the replay's lists say it ("Black builds …"), and
        its short form."""
        build, claim = turn_of(moves)
        if build is None:
            return self.list_text(spec, moves), ""
        return list_text(build, claim, before.to_move), short_text(build, claim)

    def move_words(self, spec, move) -> str:
        return move_words(move)

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


# A turn as a whole sentence per player (indexed like Player): word order differs between languages.
# TRANSLATORS: a turn in the list of moves: "Black builds a red tower on e6" ({piece} with its
# article as the rules say it; Slovak puts it after a colon: "Čierny postaví na e6: červená veža")
BUILDS = (N_("Black builds {piece} on {lot}"), N_("White builds {piece} on {lot}"))


def turn_of(moves) -> tuple[Build | None, Claim | None]:
    """The build and the claim among one turn's plies."""
    return (next((m for m in moves if isinstance(m, Build)), None),
            next((m for m in moves if isinstance(m, Claim)), None))


def build_words(build: Build) -> str:
    """A build in words without who built it ("red tower on e6"): the online "Move sent
    (…)" line, the review's moves."""
    # TRANSLATORS: a build in words, e.g. after "Move sent": "red tower on e6"
    return _("{piece} on {lot}").format(piece=terms.piece(build.piece), lot=lot_name(build.lot))


def with_claim(words: str, claim: Claim | None, built_on: int | None = None) -> str:
    """A build's words and the claim made after it, if any; a claim of the tower just
    built (on ``built_on``) says "claims it" rather than its lot again."""
    if claim is None:
        return words
    if claim.lot == built_on:
        # TRANSLATORS: a turn in the list of moves: the build in words ("Black builds a red
        # tower on e6"), then the claim of that same tower
        return _("{build}, claims it").format(build=words)
    # TRANSLATORS: a turn in the list of moves: the build in words ("Black builds a red tower
    # on e6", "red tower on e6"), then the tower claimed after it
    return _("{build}, claims {lot}").format(build=words, lot=lot_name(claim.lot))


def list_text(build: Build, claim: Claim | None, player: Player | None = None) -> str:
    """A turn as the list of moves words it: "Black builds a red tower on e6, claims e5";
    without ``player`` (the review's played and better move), "red tower on e6, claims e5"."""
    if player is None:
        return with_claim(build_words(build), claim, build.lot)
    built = _(BUILDS[int(player)]).format(piece=terms.a_piece(build.piece), lot=lot_name(build.lot))
    return with_claim(built, claim, build.lot)


def short_text(build: Build, claim: Claim | None) -> str:
    """A turn in a few words, for a list too narrow for the sentence (the row's dot gives
    the seat): "red tower e6 → e5"."""
    # TRANSLATORS: a build in a narrow list of moves: the piece and its lot ("red tower e6");
    # keep it short, the list's column is narrow
    built = _("{piece} {lot}").format(piece=terms.piece(build.piece), lot=lot_name(build.lot))
    if claim is None:
        return built
    # TRANSLATORS: a turn in a narrow list of moves: the build ("red tower e6"), → and the
    # tower claimed after it ("red tower e6 → e5"); keep it short
    return _("{build} → {lot}").format(build=built, lot=lot_name(claim.lot))


def move_words(move: object) -> str:
    """One ply in words (the online "Sent …" line, the review's moves): a build, a claim,
    or no claim."""
    if isinstance(move, Build):
        return build_words(move)
    if isinstance(move, Claim):
        # TRANSLATORS: a claim in words, after "Sent": "the claim on e5"
        return _("the claim on {lot}").format(lot=lot_name(move.lot))
    # TRANSLATORS: a skipped claim in words, after "Sent"
    return _("no claim")
