"""A player's side panel: name and turn, stock with counts (clickable slots), claims
left, and the live projected score from the engine's breakdown. Rendered to a cached
surface per content; slot rectangles are known from the layout for hit-testing."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client import theme
from client.assets import TextCache
from shared.aliencity import PIECES, GameState, Phase, Piece, Player, lot_name
from shared.i18n import current_language, domain

from .. import terms
from ..labels import fit_size
from .pieces import PieceSprites

_, N_, ngettext, pgettext = domain("aliencity")


class PanelView:
    def __init__(self, player: Player, text: TextCache, sprites: PieceSprites) -> None:
        self.player = player
        self.text = text
        self.sprites = sprites
        self.rect = pygame.Rect(0, 0, 100, 100)
        self.slots: dict[Piece, pygame.Rect] = {}
        self._cache: tuple | None = None
        # who plays the seat, under the colour ("Computer (Hard)", "Ann", "You"): asked at each
        # draw, so a language switch mid-game shows at once
        self.who: Callable[[], str] = str
        self.header_rects: dict[str, pygame.Rect] = {}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        w, h = rect.size
        pad = max(8, w // 18)
        gap = max(4, w // 40)
        cell = int(min((w - 2 * pad - 3 * gap) / 4, h * 0.13))
        self.header_h = int(max(40, h * 0.1))
        top = self.header_h + int(h * 0.085)  # room for a name line and the TOWERS label
        self.cell, self.pad, self.gap = cell, pad, gap
        self.slots = {}
        for i, piece in enumerate(PIECES):
            row, col = (0, i) if i < 3 else (1, i - 3)
            x = rect.x + pad + col * (cell + gap)
            y = rect.y + top + row * (cell + gap + int(h * 0.035))
            self.slots[piece] = pygame.Rect(x, y, cell, cell)
        self.stock_bottom = top + 2 * (cell + gap + int(h * 0.035))

    def slot_at(self, pos: tuple[int, int]) -> Piece | None:
        for piece, r in self.slots.items():
            if r.collidepoint(pos):
                return piece
        return None

    def surface(self, state: GameState, *, selected: Piece | None, hover: Piece | None,
                can_place: tuple[bool, ...], cb: bool, label: str) -> pygame.Surface:
        key = (self.rect.size, state.board, state.caps, state.stocks, state.to_move, state.phase,
               selected, hover, can_place, cb, label, self.who(), current_language())
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        surf = self._draw(state, selected, hover, can_place, cb, label)
        self._cache = (key, surf)
        return surf

    def _draw(self, state: GameState, selected, hover, can_place, cb: bool, label: str) -> pygame.Surface:
        w, h = self.rect.size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        active = state.to_move is self.player and state.phase is not Phase.OVER
        rad = max(8, w // 16)
        pygame.draw.rect(surf, (*theme.PANEL, 235), surf.get_rect(), border_radius=rad)
        edge = theme.ACCENT if active else theme.PANEL_EDGE
        pygame.draw.rect(surf, edge, surf.get_rect(), 4 if active else 2, border_radius=rad)
        # header: a cap in the player's colour and the name
        hh = self.header_h
        band = pygame.Rect(0, 0, w, hh)
        band_col = (60, 62, 84) if self.player is Player.BLACK else (210, 212, 226)
        pygame.draw.rect(surf, band_col, band, border_top_left_radius=rad, border_top_right_radius=rad)
        cap = self.sprites.cap(self.player, int(hh * 1.5))
        surf.blit(cap, (self.pad - hh * 0.2, -hh * 0.02))
        name_col = theme.TEXT if self.player is Player.BLACK else (20, 20, 30)
        x = int(self.pad + hh * 1.1)
        name = self.text.fitted(terms.player(self.player).upper(), int(hh * 0.55), name_col, w - x - self.pad,
                                bold=True)
        drawn = {"name": surf.blit(name, (x, (hh - name.get_height()) // 2))}
        under = 0  # the width the tag takes on the seat's name line, when it goes under the header
        if active:  # the turn's tag beside the name, or under the header when a long one has no room
            room = w - x - name.get_width() - 2 * self.pad
            size = fit_size(self.text, label, int(hh * 0.34), room, True, floor=max(11, int(hh * 0.26)))
            if size is not None:
                tag = self.text.render(label, size, (20, 20, 30) if self.player is Player.WHITE
                                       else theme.ACCENT, bold=True)
                drawn["tag"] = surf.blit(tag, (w - tag.get_width() - self.pad, (hh - tag.get_height()) // 2))
            else:
                tag = self.text.fitted(label, int(hh * 0.34), theme.ACCENT, w - 2 * self.pad, bold=True)
                drawn["tag"] = surf.blit(tag, (w - tag.get_width() - self.pad, hh + max(3, hh // 10)))
                under = tag.get_width() + self.pad
        if self.who():  # "Computer (Easy)": fitted to what the tag leaves on its line
            who = self.text.fitted(self.who(), max(13, int(hh * 0.34)), theme.ACCENT_2,
                                   w - 2 * self.pad - under, bold=True)
            drawn["who"] = surf.blit(who, (self.pad, hh + max(3, hh // 10)))
        self.header_rects = drawn  # where the header's texts went (panel coordinates)
        # stock
        small = max(11, int(self.cell * 0.24))
        t = self.text.fitted(_("TOWERS"), small, theme.TEXT_DIM, w - 2 * self.pad, bold=True)
        first = self.slots[PIECES[0]]
        surf.blit(t, (self.pad, first.y - self.rect.y - t.get_height() - 2))
        d = self.text.fitted(_("DOMES"), small, theme.TEXT_DIM, w - 2 * self.pad, bold=True)
        surf.blit(d, (self.pad, self.slots[PIECES[3]].y - self.rect.y - d.get_height() - 2))
        stock = state.stocks[self.player]
        for i, piece in enumerate(PIECES):
            r = self.slots[piece].move(-self.rect.x, -self.rect.y)
            count = stock[i]
            is_sel = active and selected == piece
            fill = (40, 44, 90) if count else (26, 28, 50)
            if is_sel:
                fill = (70, 70, 40)
            elif active and hover == piece and count:
                fill = (56, 62, 120)
            pygame.draw.rect(surf, fill, r, border_radius=max(4, r.w // 6))
            if is_sel:
                pygame.draw.rect(surf, theme.ACCENT, r, 3, border_radius=max(4, r.w // 6))
            sprite = self.sprites.get(piece, None, int(r.w * 0.86), cb, ghost=not count)
            surf.blit(sprite, sprite.get_rect(center=(r.centerx, r.centery - r.h * 0.04)))
            col = theme.TEXT if count else theme.TEXT_DIM
            num = self.text.render(f"×{count}", max(11, int(r.w * 0.3)), col, bold=True)
            surf.blit(num, (r.right - num.get_width() - 3, r.bottom - num.get_height()))
            if active:
                key = self.text.render(str(i + 1), max(10, int(r.w * 0.22)), theme.TEXT_DIM)
                surf.blit(key, (r.x + 4, r.y + 2))
                if count and not can_place[i] and state.phase is Phase.BUILD:
                    pygame.draw.line(surf, theme.BAD, (r.x + 6, r.bottom - 6), (r.right - 6, r.y + 6), 2)
        # claims left
        y = self.stock_bottom
        left = state.claims_left(self.player)
        cs = int(self.cell * 0.62)
        words = _("CLAIMS LEFT")
        need = self.text.font(small, True).size(words)[0]
        while True:   # a narrow panel (beside the list of moves) draws the caps smaller before it cuts the label
            cap_w = self.sprites.cap(self.player, cs * 2).get_width()
            # the label gets what the three caps leave (a long translation shrinks, never pushes them out)
            room = w - 2 * self.pad - 10 - int(2 * cs * 0.9) - cap_w
            if room >= need or cs <= self.cell * 0.4:
                break
            cs -= 1
        lbl = self.text.fitted(words, small, theme.TEXT_DIM, room, bold=True)
        surf.blit(lbl, (self.pad, y))
        for k in range(3):
            cap = self.sprites.cap(self.player, cs * 2)
            if k >= left:
                cap = cap.copy()
                cap.set_alpha(50)
            surf.blit(cap, (self.pad + lbl.get_width() + 10 + k * cs * 0.9, y - cs * 0.15))
        # projected score
        score = state.score()
        y += int(cs * 1.2) + 6
        title = _("FINAL SCORE") if score.final else _("SCORE IF IT ENDED NOW")
        big = self.text.shadowed(str(score.totals[self.player]), int(self.cell * 0.9), theme.ACCENT,
                                 (0, 0, 0), 3, bold=True)
        room = w - 3 * self.pad - big.get_width()
        lines = self.text.wrap(title, small, room, bold=True)[:2]
        for k, line in enumerate(lines):
            surf.blit(self.text.fitted(line, small, theme.TEXT_DIM, room, bold=True),
                      (self.pad, y + k * (small + 2)))
        surf.blit(big, (w - big.get_width() - self.pad, y - 4))
        y += big.get_height() + 2
        line_size = max(11, int(self.cell * 0.26))
        for ts in score.towers_of(self.player):
            if y > h - line_size * 1.4:
                break
            extra = f" + {ts.location}" if ts.location else ""
            text = f"{lot_name(ts.lot):>3}  {len(ts.customers)} × {ts.competition} = {ts.points}{extra}"
            sprite = self.sprites.get(PIECES[ts.colour], self.player, int(line_size * 1.5), cb)
            surf.blit(sprite, (self.pad, y - line_size * 0.3))
            surf.blit(self.text.render(text, line_size, theme.TEXT), (self.pad + line_size * 1.7, y))
            y += int(line_size * 1.45)
        for b in score.bonuses_of(self.player):
            if y > h - line_size * 1.4:
                break
            text = _("green {lot} pays {colour}  +{points}").format(lot=lot_name(b.green),
                                                                     colour=terms.colour(b.colour), points=b.points)
            surf.blit(self.text.fitted(text, line_size, theme.GOOD, int(w - self.pad * 2 - line_size * 1.7)),
                      (self.pad + line_size * 1.7, y))
            y += int(line_size * 1.45)
        return surf
