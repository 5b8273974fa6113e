"""What the Sprawl match screen, the replay and the end show share: the layout (board in
the middle, one panel per seat from the shell's layout), the seat panels (each seat's
stash of pyramids, pips on hand, live and dead trees), the shown position with the new
piece dropping in, the bars, banners and toasts.

``show_state`` swaps the model and starts the drop tween; ``draw`` only reads.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from client.scenes.board_frame import BoardFrame
from client.view.bars import row_right
from client.view.widgets import draw_panel
from shared.sprawl.words import _, ngettext, pips

from . import look

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


class SprawlScreen(BoardFrame):
    bottom_scale = 0.09
    turn_scale, fit_turn = 0.46, True
    status_scale, status_gap = (0.28, 0.024), 3

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

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        self.panel_rects = rects
        self.header_h = max(24, min(34, int(size[1] * 0.036)))

    def _fit_board(self, area: pygame.Rect) -> pygame.Rect:
        self.geo = look.BoardGeo.fit(area, self.state.geo.files, self.state.geo.ranks)
        return self.geo.outer

    def layout_buttons(self) -> None:
        bh = int(min(self.bottom_h * 0.62, self.size[1] * 0.05))
        y = self.bottom_rect.y + (self.bottom_h - bh) // 2
        row_right(self.buttons, self.app.text, self.size[0] - self.margin, y, bh, int(bh * 1.6), int(bh * 0.8), 6)

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return [(r, self.header_h, 8) for r in self.panel_rects]

    # -- showing states ---------------------------------------------------------------------
    def show_state(self, new, animate: bool = True) -> None:
        old = self.state
        self.state = new
        squares = changed_squares(old, new) if animate else ()
        if not squares or len(squares) > 3:
            self.no_drops()
            return
        self.drop_in(Drop(squares), squares, DROP_TIME)

    # -- words ------------------------------------------------------------------------------
    names: list[str] = []   # who played each seat (replays and the end show), "" for nobody named

    def seat_label(self, seat: int) -> str:
        """The seat's colour in the language in use, with the player's name when known."""
        name = self.names[seat] if seat < len(self.names) else ""
        return f"{look.name(seat)} ({name})" if name else look.name(seat)

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        if s.is_over():
            return _("GAME OVER"), theme.ACCENT
        seat = s.to_move
        # TRANSLATORS: the top bar ({colour}: the player's colour, in capitals).
        words = _("{colour} PLACES A FIRST TOWER") if not s.started[seat] else _("{colour} TO MOVE")
        return words.format(colour=look.name(seat).upper()), look.text_rgb(seat, self.app.options.colour_blind)

    # -- drawing ----------------------------------------------------------------------------
    def board_surface(self, cb: bool) -> pygame.Surface:
        key = (self.geo, self.state.key(), self.hidden, cb)
        if self._board_cache is None or self._board_cache[0] != key:
            self._board_cache = (key, look.render_board(self.app.text, self.geo, self.state, cb, self.hidden))
        return self._board_cache[1]

    def stash_counts(self, seat: int) -> tuple[int, int, int]:
        return self.state.stash[seat]

    def panel_total(self, seat: int) -> str:
        return pips(self.state.stash_pips(seat))

    def panel_note(self, seat: int) -> str:
        s = self.state
        if seat in s.left:
            return _("left the game")
        live, dead = len(s.live_trees(seat)), sum(1 for t in s.dead if s.controller(t) == seat)
        if not s.started[seat]:
            return _("no tower yet")
        note = ngettext("{n} live tree", "{n} live trees", live).format(n=live)
        # TRANSLATORS: how many of a player's trees are dead, after "2 live trees · ".
        return note + (" · " + ngettext("{n} dead", "{n} dead", dead).format(n=dead) if dead else "")

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        for seat, rect in enumerate(self.panel_rects):
            draw_seat_panel(self, surface, seat, rect, cb)

    def draw_drops(self, surface: pygame.Surface, cb: bool) -> None:
        for drop in self.drops:
            for sq in drop.squares:
                r = self.geo.square_rect(sq)
                rise = int(self.geo.cell * 0.7 * (1 - drop.p))
                layer = pygame.Surface(r.size, pygame.SRCALPHA)
                if self.state.tw[sq] is not None:
                    look.draw_tower(layer, pygame.Rect(0, 0, r.w, r.h), self.state.tw[sq], cb)
                elif self.state.br[sq] is not None:
                    placer, k, d, _, _ = self.state.br[sq]
                    look.draw_branch(layer, pygame.Rect(0, 0, r.w, r.h), placer, k, d, cb)
                layer.set_alpha(int(120 + 135 * min(1.0, drop.p * 1.3)))
                surface.blit(layer, (r.x, r.y - rise))

    def draw_overlays(self, surface: pygame.Surface) -> None:
        text = self.app.text
        self.banners.draw(surface, text, self.geo.rect.centery, int(min(self.geo.cell * 1.1, self.size[1] * 0.09)))
        self.toasts.draw(surface, text, self.bottom_rect.y, max(14, self.bottom_h // 3))


def draw_seat_panel(scene: SprawlScreen, surface: pygame.Surface, seat: int, rect: pygame.Rect, cb: bool,
                    highlight: bool | None = None) -> None:
    """A seat's panel: header (pyramid chip, colour, pips), the stash (3s, 2s, 1s; played
    ones hollow) and a line about its trees."""
    t = scene.app.text
    rgb = look.text_rgb(seat, cb)
    active = scene.seat_active(seat) if highlight is None else highlight
    draw_panel(surface, rect, edge=rgb if active else theme.PANEL_EDGE, glow=rgb if active else None)
    h, pad = scene.header_h, 8
    chip = h - 6
    surface.blit(look.upright(seat, 3, chip, cb), (rect.x + pad, rect.y + 4))
    size = max(12, int(h * 0.56))
    label = t.render(scene.seat_label(seat), size, theme.TEXT if active else theme.TEXT_DIM, bold=True)
    total = t.render(scene.panel_total(seat), size, theme.ACCENT if active else theme.TEXT, bold=True)
    room = rect.w - 3 * pad - chip - total.get_width() - 8
    if label.get_width() > room:
        label = t.fitted(look.name(seat), size, theme.TEXT if active else theme.TEXT_DIM, room, bold=True)
    surface.blit(label, (rect.x + pad + chip + 6, rect.y + (h - label.get_height()) // 2 + 2))
    surface.blit(total, (rect.right - pad - total.get_width(), rect.y + (h - total.get_height()) // 2 + 2))
    counts = scene.stash_counts(seat)
    top = h + 2 + (max(14, h // 2) if getattr(scene, "chrome", None) is not None else 0)  # the chrome's name line
    body = pygame.Rect(rect.x + pad, rect.y + top, rect.w - 2 * pad, rect.h - top - 4)
    note_size = max(11, min(16, body.h // 7))
    icon = max(8, min(body.w // 7, (body.h - note_size - 6) // 3))
    y = body.y + 2
    for row, size_k in enumerate((3, 2, 1)):
        for j in range(5):
            img = look.stash_icon(seat, size_k, icon, cb, used=j >= counts[size_k - 1])
            surface.blit(img, (body.x + j * (icon + 2), y + row * icon))
        left = t.render(f"{counts[size_k - 1]}×{size_k}", max(11, min(note_size, icon // 2)), theme.TEXT_DIM)
        surface.blit(left, (body.x + 5 * (icon + 2) + 4, y + row * icon + (icon - left.get_height()) // 2))
    note = scene.panel_note(seat)
    if note and y + 3 * icon + note_size + 2 <= rect.bottom - 2:
        img = t.fitted(note, note_size, theme.TEXT_DIM, body.w)
        surface.blit(img, (body.x, y + 3 * icon + 2))
