"""The board view of Sprawl's screens, a part each screen holds (``scene.board``): where
the squares are (``geo``), the seat panels (each seat's stash of pyramids, pips on hand,
live and dead trees), the board's picture (cached per content) and the pieces dropping
in. What a panel says comes from ``words`` (the live position's by default; the end
show's tally counts its own); the screen says who sits where and whose turn it is.
``draw_*`` only read.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from client import theme
from client.view.widgets import draw_panel
from shared.sprawl.words import _, ngettext, pips

from . import look


class BoardHost(Protocol):
    """What the board view needs of its screen."""

    app: Any
    state: Any          # the position shown
    hidden: frozenset   # squares whose piece is still dropping in (or gone home)

    def seat_label(self, seat: int) -> str: ...  # the colour with who plays it
    def seat_who(self, seat: int) -> str: ...    # who plays it alone ("" for nobody in particular)
    def seat_active(self, seat: int) -> bool: ...


class PanelWords(Protocol):
    """What a seat's panel shows: its stash (3s, 2s, 1s), its pips and a line of notes."""

    def stash_counts(self, seat: int) -> tuple[int, int, int]: ...
    def panel_total(self, seat: int) -> str: ...
    def panel_note(self, seat: int) -> str: ...


class LiveWords:
    """The panels of the position on show: its stashes and trees."""

    def __init__(self, host: BoardHost) -> None:
        self.host = host

    def stash_counts(self, seat: int) -> tuple[int, int, int]:
        return self.host.state.stash[seat]

    def panel_total(self, seat: int) -> str:
        return pips(self.host.state.stash_pips(seat))

    def panel_note(self, seat: int) -> str:
        s = self.host.state
        if seat in s.left:
            return _("left the game")
        live, dead = len(s.live_trees(seat)), sum(1 for t in s.dead if s.controller(t) == seat)
        if not s.started[seat]:
            return _("no tower yet")
        note = ngettext("{n} live tree", "{n} live trees", live).format(n=live)
        # TRANSLATORS: how many of a player's trees are dead, after "2 live trees · ".
        return note + (" · " + ngettext("{n} dead", "{n} dead", dead).format(n=dead) if dead else "")


class SprawlBoard:
    def __init__(self, host: BoardHost) -> None:
        self.host = host
        self.geo: look.BoardGeo  # laid out by ``fit``
        self.panel_rects: list[pygame.Rect] = []
        self.header_h = 24
        self.name_line = False   # the online chrome writes a name under each header
        self.names_below = False  # a label too long for its header: names on a line of their own
        self.words: PanelWords = LiveWords(host)
        self._cache: tuple | None = None
        self._below_key: tuple | None = None   # what names_below was last decided from

    # -- layout -----------------------------------------------------------------------------
    def fit(self, area: pygame.Rect) -> pygame.Rect:
        """The board as large as ``area`` allows; its rect with the coordinates."""
        geo = self.host.state.geo
        self.geo = look.BoardGeo.fit(area, geo.files, geo.ranks)
        return self.geo.outer

    def place_panels(self, rects: list[pygame.Rect], height: int) -> None:
        self.panel_rects = rects
        self.header_h = max(24, min(34, int(height * 0.036)))

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return [(r, self.header_h, 8) for r in self.panel_rects]

    # -- drawing ----------------------------------------------------------------------------
    def surface(self, cb: bool) -> pygame.Surface:
        """The board's picture: the squares, the coordinates and the pieces not hidden."""
        host = self.host
        key = (self.geo, host.state.key(), host.hidden, cb)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, look.render_board(host.app.text, self.geo, host.state, cb, host.hidden))
        return self._cache[1]

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        self.decide_names_below()
        for seat, rect in enumerate(self.panel_rects):
            self.draw_panel(surface, seat, rect, cb)

    def decide_names_below(self) -> None:
        """Whether every panel writes who plays it on a line of its own (any label too long
        for its header, even shrunk). Measuring every label is a tenth of a millisecond, so
        it is done again only when a label, a total or the panels change."""
        host, seats = self.host, range(len(self.panel_rects))
        key = (self.name_line, self.header_h, tuple(map(tuple, self.panel_rects)),
               tuple(host.seat_label(seat) for seat in seats), tuple(self.words.panel_total(seat) for seat in seats))
        if key != self._below_key:
            t = host.app.text
            self._below_key = key
            self.names_below = not self.name_line and any(  # then every panel alike
                not t.fits(host.seat_label(seat), self._label_size(), self._label_room(seat, rect), bold=True)
                for seat, rect in enumerate(self.panel_rects))

    def name_size(self) -> int:
        """The size of a name on its own line under the header."""
        return max(13, int(self.header_h * 0.5))

    def _label_size(self) -> int:
        return max(12, int(self.header_h * 0.56))

    def _total(self, seat: int, active: bool) -> pygame.Surface:
        return self.host.app.text.render(self.words.panel_total(seat), self._label_size(),
                                         theme.ACCENT if active else theme.TEXT, bold=True)

    def _label_room(self, seat: int, rect: pygame.Rect) -> int:
        """The header's width left for the seat's label, beside its chip and its pips."""
        return rect.w - 3 * 8 - (self.header_h - 6) - self._total(seat, False).get_width() - 8

    def draw_drops(self, surface: pygame.Surface, drops: list, cb: bool) -> None:
        state = self.host.state
        for drop in drops:
            for sq in drop.squares:
                r = self.geo.square_rect(sq)
                rise = int(self.geo.cell * 0.7 * (1 - drop.p))
                layer = pygame.Surface(r.size, pygame.SRCALPHA)
                if state.tw[sq] is not None:
                    look.draw_tower(layer, pygame.Rect(0, 0, r.w, r.h), state.tw[sq], cb)
                elif state.br[sq] is not None:
                    placer, k, d, _, _ = state.br[sq]
                    look.draw_branch(layer, pygame.Rect(0, 0, r.w, r.h), placer, k, d, cb)
                layer.set_alpha(int(120 + 135 * min(1.0, drop.p * 1.3)))
                surface.blit(layer, (r.x, r.y - rise))

    def draw_panel(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, cb: bool) -> None:
        """A seat's panel: header (pyramid chip, colour, pips), the stash (3s, 2s, 1s; played
        ones hollow) and a line about its trees."""
        host, words = self.host, self.words
        t = host.app.text
        rgb = look.text_rgb(seat, cb)
        active = host.seat_active(seat)
        draw_panel(surface, rect, edge=rgb if active else theme.PANEL_EDGE, glow=rgb if active else None)
        h, pad = self.header_h, 8
        chip = h - 6
        surface.blit(look.upright(seat, 3, chip, cb), (rect.x + pad, rect.y + 4))
        total = self._total(seat, active)
        who = host.seat_who(seat) if self.names_below else ""
        # a long label shrinks, then ends in "…"; past that the names go under the colours
        label = t.fitted(look.name(seat) if who else host.seat_label(seat), self._label_size(),
                         theme.TEXT if active else theme.TEXT_DIM, self._label_room(seat, rect), bold=True)
        surface.blit(label, (rect.x + pad + chip + 6, rect.y + (h - label.get_height()) // 2 + 2))
        surface.blit(total, (rect.right - pad - total.get_width(), rect.y + (h - total.get_height()) // 2 + 2))
        counts = words.stash_counts(seat)
        top = h + 2 + (max(14, h // 2) if self.name_line else 0)
        if self.names_below:
            line = t.font(self.name_size(), False).get_height()
            top = h + 2 + line
            if who:
                name = t.fitted(who[:1].upper() + who[1:], self.name_size(), theme.TEXT, rect.w - 2 * pad)
                surface.blit(name, (rect.x + pad, rect.y + h + 1))
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
        note = words.panel_note(seat)
        if note and y + 3 * icon + note_size + 2 <= rect.bottom - 2:
            img = t.fitted(note, note_size, theme.TEXT_DIM, body.w)
            surface.blit(img, (body.x, y + 3 * icon + 2))
