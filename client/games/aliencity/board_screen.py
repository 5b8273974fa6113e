"""The board part every Alien City screen holds (the match, the replay, the final count):
the screen layout, the position shown, and the animations that carry the shown position
to a new engine state.

The model is an engine ``GameState``; the part keeps its own ``shown_board`` and
``shown_caps``. A new state is diffed against what is shown and tweens are queued on
the screen's timeline (pieces drop in, caps drop onto towers); their callbacks update
the shown values, and drawing only reads them. The screens hold it through
:class:`~.board_scene.BoardScene`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from client import theme
from client.anim import Callback, Parallel, Sequence, Timeline, Tween
from client.scenes.layout import match_layout
from client.view.banners import Banner, Banners, Toast
from client.view.bars import row_right
from client.view.fading import FadingMarks
from client.view.widgets import Button
from shared.aliencity import PIECES, Build, Claim, GameState, Phase, Piece, Player
from shared.aliencity.types import LOT_COUNT
from shared.i18n import current_language, domain

from . import look, terms
from .labels import fit_size
from .view.board_insight import BoardInsight
from .view.board_view import BoardGeometry, boards
from .view.panel import PanelView

_, N_, ngettext, pgettext = domain("aliencity")

DROP_TIME = 0.42
CAP_TIME = 0.36
RIPPLE_TIME = 0.45  # the ring that spreads and fades round a lot just built on or claimed

Colour = tuple[int, int, int]


@dataclass
class Flyer:
    """A piece or cap on its way to a lot; ``p`` goes 0 -> 1 (written by a tween)."""

    lot: int
    piece: Piece | None  # None: a cap
    owner: Player | None
    p: float = 0.0


class BoardView:
    """The board with both players' panels, the two bars, banners and toasts: laid out
    by ``resize``, animated by ``show_state`` on the screen's ``timeline``, drawn in
    layers the screen calls in its own order (``draw_board``, its marks, ``draw_pieces``,
    its bottom bar, ``draw_news``)."""

    def __init__(self, app, timeline: Timeline, state: GameState, bottom_scale: float = 0.08) -> None:
        self.app = app
        self.timeline = timeline
        self.bottom_scale = bottom_scale  # bottom bar height as a share of the window height
        self.state = state
        self.shown_board = state.board
        self.shown_caps = state.caps
        self.hidden: frozenset[int] = frozenset()
        self.flyers: list[Flyer] = []
        self.ripples = FadingMarks()  # where: a lot; colour: an RGB
        self.banners = Banners(timeline)
        self.toasts = Toast()
        self._static: tuple | None = None
        self._bars: dict[tuple, pygame.Surface] = {}
        self.last_lots: tuple[int, ...] = _last_lots(state)
        self.panels = {p: PanelView(p, app.text, boards(app).sprites) for p in Player}
        self.insight = BoardInsight(app)
        self.insight.set_state(state, animate=False)
        self.pointer_pos: tuple[int, int] = (0, 0)
        self.top_rects: dict[str, pygame.Rect] = {}
        self.resize(app.size)

    # -- layout ---------------------------------------------------------------------
    def resize(self, size: tuple[int, int], moves_w: int = 0) -> None:
        """``moves_w``: the list of moves' column right of the board (0: none)."""
        self.size = size
        frame, board, seats = match_layout(size, len(Player), self._fit, self.bottom_scale, moves_w)
        self.margin = frame.margin
        self.top_rect, self.bottom_rect = frame.top, frame.bottom
        self.top_h, self.bottom_h = frame.top.h, frame.bottom.h
        for player, rect in zip(Player, seats):
            self.panels[player].layout(rect)

    def _fit(self, area: pygame.Rect) -> pygame.Rect:
        """The city's 8 x 10 lots, as large as the area allows."""
        self.geo = BoardGeometry.fit(area)
        return self.geo.rect

    def layout_buttons(self, buttons: list[Button]) -> None:
        """Place ``buttons`` right-aligned in the bottom bar."""
        bh = int(min(self.bottom_h * 0.7, self.size[1] * 0.056))
        y = self.bottom_rect.y + (self.bottom_h - bh) // 2
        # sized by the label shown (in the language in use), as the other games' bars are
        row_right(buttons, self.app.text, self.size[0] - self.margin, y, bh, bh * 2, bh, self.margin // 2 + 4)

    # -- showing states ---------------------------------------------------------------
    def show_state(self, new: GameState, animate: bool = True) -> None:
        """Make ``new`` the model and animate the shown board towards it."""
        old_board, old_caps = self.shown_board, self.shown_caps
        self.state = new
        self.last_lots = _last_lots(new)
        builds = [lot for lot in range(LOT_COUNT) if new.board[lot] and new.board[lot] != old_board[lot]]
        claims = [lot for lot in range(LOT_COUNT) if new.caps[lot] and new.caps[lot] != old_caps[lot]]
        removed = any(old_board[lot] and not new.board[lot] for lot in range(LOT_COUNT))
        self.insight.set_state(new, animate=animate and not removed, delay=DROP_TIME * 0.8 if builds else 0.0)
        if not animate or removed or (not builds and not claims):
            self._settle(new)
            return
        self.shown_board = new.board
        self.hidden = self.hidden | frozenset(builds)
        self.shown_caps = tuple(old_caps[lot] if lot in claims else new.caps[lot] for lot in range(LOT_COUNT))
        steps = []
        if builds:
            steps.append(Parallel(*(self._drop(lot, PIECES[new.board[lot] - 1]) for lot in builds)))
        for lot in claims:
            steps.append(self._cap(lot, Player(new.caps[lot] - 1)))
        steps.append(Callback(lambda: self._settle(new) if self.state is new else None))
        self.timeline.sequence(*steps)

    def _settle(self, state: GameState) -> None:
        self.shown_board, self.shown_caps = state.board, state.caps
        self.hidden = frozenset()
        self.flyers = []

    def _drop(self, lot: int, piece: Piece) -> Sequence:
        flyer = Flyer(lot, piece, None)

        def land() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            self.hidden = self.hidden - {lot}
            self.app.sounds.play("place")
            self._ripple(lot, theme.ACCENT)

        return Sequence(Callback(lambda: self.flyers.append(flyer)),
                        Tween(DROP_TIME, lambda p: setattr(flyer, "p", p), "out_bounce"),
                        Callback(land))

    def _cap(self, lot: int, owner: Player) -> Sequence:
        flyer = Flyer(lot, None, owner)

        def land() -> None:
            if flyer in self.flyers:
                self.flyers.remove(flyer)
            caps = list(self.shown_caps)
            caps[lot] = owner + 1
            self.shown_caps = tuple(caps)
            self.app.sounds.play("claim")
            self._ripple(lot, look.PLAYER_COLOUR[owner] if owner is Player.WHITE else (150, 150, 170))

        return Sequence(Callback(lambda: self.flyers.append(flyer)),
                        Tween(CAP_TIME, lambda p: setattr(flyer, "p", p), "out_back"),
                        Callback(land))

    def _ripple(self, lot: int, colour) -> None:
        self.ripples.start(self.timeline, lot, colour, RIPPLE_TIME)

    def announce(self, text: str, sub: str = "", colour=theme.ACCENT, hold: float = 1.2,
                 blocking: bool = True) -> None:
        """A banner across the board; banners queue one after another."""
        self.banners.announce(text, sub, colour, hold, blocking)

    @property
    def banner(self) -> Banner | None:
        return self.banners.current

    @banner.setter
    def banner(self, value: Banner | None) -> None:
        self.banners.current = value

    @property
    def toast(self) -> str:
        return self.toasts.text

    @toast.setter
    def toast(self, text: str) -> None:
        self.toasts.show(text, self.toasts.left if text else 0.0)

    def show_toast(self, text: str, seconds: float = 3.0) -> None:
        self.toasts.show(text, seconds)

    def update(self, dt: float) -> None:
        """The road tools' and the toast's clocks (the screen runs the timeline)."""
        self.insight.update(dt * self.app.anim_speed)
        self.toasts.update(dt)

    def frame_rate(self) -> float:
        """Full rate while pieces fly, the road narrows or flashes, or a wave spreads;
        a low rate for the slow pulses (the road's flow, a pointed structure's ring);
        0 on a still board (the app then draws on input and a slow heartbeat)."""
        overlay, pathing = self.insight.overlay, self.insight.pathing
        if len(self.timeline) or self.flyers or self.ripples or overlay.changes or overlay.flash > 0:
            return 60.0
        if overlay.alpha != (1.0 if overlay.on else 0.0):
            return 60.0  # fading in or out
        wave = pathing.wave
        if pathing.old is not None or pathing.pair is not None and pathing.pair.progress() < 1.0:
            return 60.0
        if wave is not None and wave.age < 3.0:
            return 60.0
        if overlay.on or wave is not None:
            return 15.0
        return 0.0

    # -- the road tools' input -------------------------------------------------------
    def track_pointer(self, pos: tuple[int, int]) -> int | None:
        """The mouse moved: remember where, and let the pathing follow it. Returns the lot."""
        self.pointer_pos = pos
        lot = self.geo.lot_at(pos)
        self.insight.point(lot)
        return lot

    def toggle_road(self) -> None:
        """R: the road-network overlay on or off."""
        on = self.insight.toggle_overlay()
        self.app.sounds.play("select")
        self.show_toast(_("Road overlay on: R hides it.") if on else _("Road overlay off: R shows it."), 2.0)

    def road_keys(self, event: pygame.event.Event) -> bool:
        """Keys every board screen shares: R (road overlay), Esc (unpin a structure)."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_r and not event.mod & pygame.KMOD_CTRL:
            self.toggle_road()
            return True
        if event.key == pygame.K_ESCAPE and self.insight.unpin():
            return True
        return False

    # -- drawing --------------------------------------------------------------------
    def static_layer(self, cb: bool, panels: tuple[pygame.Surface, ...], spot: tuple[int, ...],
                     turn: tuple[str, Colour], room: int) -> pygame.Surface:
        """Background, board, spotlight (``spot``: the lots left bright), the seats'
        ``panels``, and the bars with the ``turn`` line (``room`` kept free at the top
        bar's right end) composed into one opaque surface, rebuilt only when one of them
        changes: a frame then starts with a single blit."""
        app, geo = self.app, self.geo
        board = boards(app).board(geo, self.state.city, self.shown_board, self.shown_caps, cb, self.hidden)
        rules = self.state.ruleset
        key = (self.size, board, panels, spot, turn, rules, self.state.ply, current_language())
        if self._static is not None and self._static[0] == key:
            return self._static[1]
        layer = self._static[1] if self._static is not None and self._static[1].get_size() == self.size \
            else pygame.Surface(self.size)
        layer.blit(app.background(self.size), (0, 0))
        layer.blit(board, (geo.x, geo.y))
        if spot:
            layer.blit(boards(app).spotlight(geo, spot), (geo.x, geo.y))
        for player, panel in self.panels.items():
            layer.blit(panels[player], panel.rect)
        self.draw_top(layer, turn, room)
        layer.blit(self._bar(self.bottom_rect.size), self.bottom_rect)
        pygame.draw.line(layer, theme.PANEL_EDGE, self.bottom_rect.topleft, self.bottom_rect.topright, 2)
        self._static = (key, layer)
        return layer

    def forget_layer(self) -> None:
        """The next frame composes the static layer afresh."""
        self._static = None

    def draw_board(self, surface: pygame.Surface, cb: bool, panels: tuple[pygame.Surface, ...],
                   spot: tuple[int, ...], turn: tuple[str, Colour], room: int) -> None:
        """The static layer, the road overlay and the last move's marks."""
        surface.blit(self.static_layer(cb, panels, spot, turn, room), (0, 0))
        self.insight.draw_road(surface, self.geo)
        self.draw_last(surface)

    def draw_pieces(self, surface: pygame.Surface, cb: bool, after, room: int) -> None:
        """Over the screen's marks: the road paths, ripples, flying pieces, the towers'
        badges (``after``: claimed towers after a previewed build, or None) and the
        road legend in the top bar (``room`` kept free at its right end)."""
        geo = self.geo
        self.insight.draw_paths(surface, geo)
        for ripple in self.ripples:
            r = geo.lot_rect(ripple.where)
            radius = int(geo.lot * (0.35 + 0.5 * ripple.p))
            ring = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*ripple.colour, ripple.alpha(220)), (radius + 2, radius + 2),
                               radius, max(2, geo.lot // 16))
            surface.blit(ring, ring.get_rect(center=r.center))
        for flyer in self.flyers:
            self._draw_flyer(surface, flyer, cb)
        self.insight.draw_badges(surface, geo, self.shown_caps, self.hidden, after)
        bar = self.top_rect.copy()
        bar.w -= room
        self.insight.draw_legend(surface, bar, self.margin)

    def draw_news(self, surface: pygame.Surface, centre_y: int | None = None, toast_size: int | None = None) -> None:
        """The banner (across the board's middle, or at ``centre_y``) and the toast."""
        app = self.app
        self.banners.draw(surface, app.text, self.geo.rect.centery if centre_y is None else centre_y, self.geo.lot)
        self.toasts.draw(surface, app.text, self.bottom_rect.y, toast_size or max(14, self.bottom_h // 3))

    def draw_card(self, surface: pygame.Surface) -> None:
        """The pointed structure's breakdown card."""
        self.insight.draw_card(surface, self.pointer_pos, avoid=self.geo.rect)

    def _draw_flyer(self, surface: pygame.Surface, flyer: Flyer, cb: bool) -> None:
        geo = self.geo
        r = geo.lot_rect(flyer.lot)
        height = geo.lot * (2.2 if flyer.piece is not None else 1.4)
        y = r.y - (1 - flyer.p) * height
        if flyer.piece is not None:
            owner = None
            sprite = boards(self.app).sprites.get(flyer.piece, owner, geo.lot, cb)
            shadow_a = int(110 * flyer.p)
            sh = pygame.Surface((geo.lot, geo.lot // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(sh, (0, 0, 0, shadow_a), sh.get_rect())
            surface.blit(sh, (r.x, r.bottom - geo.lot // 4))
        else:
            sprite = boards(self.app).sprites.cap(flyer.owner, geo.lot)
        surface.blit(sprite, (r.x, int(y)))

    def panel_surfaces(self, cb: bool) -> tuple[pygame.Surface, ...]:
        """Both seats' panels with no piece chosen (a replay's)."""
        state = self.state
        return tuple(self.panels[p].surface(state, selected=None, hover=None, can_place=(True,) * len(PIECES),
                                            cb=cb, label=phase_label(state)) for p in Player)

    def draw_top(self, surface: pygame.Surface, turn: tuple[str, Colour], room: int) -> None:
        t = self.app.text
        r = self.top_rect
        surface.blit(self._bar(r.size), r)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.bottomleft, r.bottomright, 2)
        # TRANSLATORS: the game's name in the top bar; it is a name, usually kept as it is.
        logo = t.shadowed(_("ALIEN CITY"), int(r.h * 0.55), theme.ACCENT, (120, 30, 80), 3, bold=True)
        drawn = {"logo": surface.blit(logo, (self.margin, (r.h - logo.get_height()) // 2))}
        rules = self.state.ruleset
        if rules.location_bonus:
            info = _("{edition} rules · location bonus · move {n}")
        else:
            info = _("{edition} rules · move {n}")
        # the move being played (a claim belongs to the build before it), as the replay and review count
        n = self.state.ply + (1 if self.state.phase is Phase.BUILD else 0)
        small = t.render(info.format(edition=rules.edition, n=n), int(r.h * 0.34), theme.TEXT_DIM)
        right = r.right - room
        drawn["info"] = surface.blit(small, (right - small.get_width() - self.margin, (r.h - small.get_height()) // 2))
        # the turn between the logo and the rules line, never over them: centred, shrunk when
        # long; a longer one (a replay's title) takes the whole gap between them, cut at its end
        centre, colour = turn
        lo, hi = drawn["logo"].right + self.margin, drawn["info"].left - self.margin
        base, x = int(r.h * 0.5), r.centerx
        size = fit_size(t, centre, base, 2 * min(x - lo, hi - x) - 2, True, floor=int(r.h * 0.34), display=True)
        if size is None:
            centre, size = t.fit(centre, base, hi - lo - 2, True, display=True)
            x = (lo + hi) // 2
        img = t.shadowed(centre, size, colour, (0, 0, 0), 2, bold=True)
        drawn["turn"] = surface.blit(img, img.get_rect(center=(x, r.centery)))
        self.top_rects = drawn  # where the top bar's texts went (tests)

    def draw_status(self, surface: pygame.Surface, status: tuple[str, Colour], area: pygame.Rect,
                    buttons: list[Button]) -> None:
        """The status line in ``area`` (left of the buttons), then the buttons."""
        r = self.bottom_rect
        text, colour = status
        if text:
            right = min((b.rect.x for b in buttons), default=r.right) - self.margin
            size = max(13, min(int(self.bottom_h * 0.3), int(area.h * 0.45)))
            lines = self.app.text.wrap(text, size, right - 3 * self.margin)[:2]
            y = area.centery - len(lines) * size // 2 - 1
            for line in lines:
                img = self.app.text.render(line, size, colour)
                surface.blit(img, (self.margin * 2, y))
                y += size
        for b in buttons:
            b.draw(surface, self.app.text)

    def _bar(self, size: tuple[int, int]) -> pygame.Surface:
        bar = self._bars.get(size)
        if bar is None:
            bar = self._bars[size] = pygame.Surface(size, pygame.SRCALPHA)
            bar.fill((8, 8, 22, 170))
        return bar

    def turn_text(self, label: Callable[[Player], str] = terms.player) -> tuple[str, Colour]:
        """Whose turn it is and what they do, or who won (``label`` names a seat)."""
        s = self.state
        if s.phase is Phase.OVER:
            w = s.score().winner
            return (_("GAME OVER: A DRAW") if w is None
                    else _("GAME OVER: {player} WINS").format(player=label(w).upper()), theme.ACCENT)
        who = label(s.to_move).upper()
        text = _("{player} TO CLAIM OR SKIP") if s.phase is Phase.CLAIM else _("{player} TO BUILD")
        return text.format(player=who), theme.TEXT

    def draw_last(self, surface: pygame.Surface) -> None:
        """The last move's lots, marked."""
        geo = self.geo
        for lot in self.last_lots:
            if lot not in self.hidden:
                surface.blit(boards(self.app).mark("last", geo.lot, theme.ACCENT), geo.lot_rect(lot))


def phase_label(state: GameState) -> str:
    if state.phase is Phase.CLAIM:
        # TRANSLATORS: a tag in the panel of the player whose turn it is (keep it short).
        return _("MAY CLAIM")
    # TRANSLATORS: a tag in the panel of the player whose turn it is (keep it short).
    return _("TO BUILD") if state.phase is Phase.BUILD else ""


def _last_lots(state: GameState) -> tuple[int, ...]:
    """The lot of the last build (and of a claim made after it)."""
    lots: list[int] = []
    for _, move in reversed(state.history):
        if isinstance(move, Claim):
            lots.append(move.lot)
        elif isinstance(move, Build):
            lots.append(move.lot)
            break
    return tuple(dict.fromkeys(reversed(lots)))
