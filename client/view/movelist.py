"""The list of moves beside the board, the same for every game and screen (match, replay,
review): a row per move, "Move N" numbered as the screens' status lines count them, a dot
in the mover's colour, the move's record text and any comment the record keeps under it.
The shown position is lit and kept in view; a click on a row (or the start row) picks
that position, the wheel scrolls. The widget holds no game knowledge: the screen gives
the rows and says what a pick does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from shared.i18n import domain

from .. import theme
from ..assets import TextCache
from .form import draw_focus
from .widgets import draw_panel

_, N_, ngettext, pgettext = domain("client")


@dataclass(frozen=True)
class MoveEntry:
    """One move of the list: its number, the mover's colour, the move's text and a note
    (the record's comment, "" for none)."""

    number: int
    text: str
    colour: tuple[int, int, int] | None = None
    note: str = ""
    short: str = ""   # the move in fewer characters, for a list too narrow for ``text``


class MoveList:
    """Rows of moves in ``rect``; row 0 is the start, row k the position after move k."""

    def __init__(self, on_pick: Callable[[int], None]) -> None:
        self.on_pick = on_pick
        self.entries: list[MoveEntry] = []
        self.current = 0         # the position shown (0: the start)
        self.present: int | None = None  # a live match's last position (marked "now")
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.top = 0             # the first row drawn
        self.follow = True       # keep the current row in view (off while the wheel scrolls)
        self.hover: int | None = None
        self._short_memo: tuple[object, bool] = (None, False)  # draw's one memo: whether rows go short

    # -- geometry ---------------------------------------------------------------------------
    def row_h(self) -> int:
        return max(18, min(30, self.rect.h // 14))

    def head_h(self) -> int:
        return int(self.row_h() * 1.3)

    def rows_shown(self) -> int:
        return max(1, (self.rect.h - self.head_h() - 6) // self.row_h())

    def set(self, entries: Sequence[MoveEntry], current: int, present: int | None = None) -> None:
        if len(entries) != len(self.entries) or current != self.current:
            self.follow = True
        entries = list(entries)
        if entries != self.entries:
            self._short_memo = (None, False)  # other moves: measured again at the next draw
        self.entries, self.current, self.present = entries, current, present
        if self.follow:
            self.scroll_to(current)

    def scroll_to(self, row: int) -> None:
        n = self.rows_shown()
        if row < self.top:
            self.top = row
        elif row >= self.top + n:
            self.top = row - n + 1
        self.top = max(0, min(self.top, len(self.entries) + 1 - n))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        y = pos[1] - self.rect.y - self.head_h()
        if y < 0:
            return None
        row = self.top + y // self.row_h()
        return row if row <= len(self.entries) else None

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.follow = False
            self.top = max(0, min(self.top - event.y, len(self.entries) + 1 - self.rows_shown()))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            row = self.row_at(event.pos)
            if row is not None:
                self.on_pick(row)
            return True
        return False

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, text: TextCache, title: str | None = None) -> None:
        r = self.rect
        if r.w < 40 or r.h < 60:
            return
        draw_panel(surface, r, alpha=255)  # opaque: the seat panels under it do not show through
        rh, pad = self.row_h(), 8
        size = max(12, int(rh * 0.56))
        # TRANSLATORS: the heading of the list of moves beside the board
        head = text.fitted(title or _("Moves"), max(13, int(rh * 0.7)), theme.ACCENT_2, r.w - 2 * pad, bold=True)
        surface.blit(head, (r.x + pad, r.y + (self.head_h() - head.get_height()) // 2 + 2))
        y = r.y + self.head_h()
        short = self._needs_short(text, pygame.Rect(r.x + 4, y, r.w - 8, rh), size)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(r.x, y, r.w, r.bottom - y - 4))
        # whole rows only: a part row would run over the panel's rounded foot (the bar says more follow)
        for row in range(self.top, min(len(self.entries) + 1, self.top + self.rows_shown())):
            band = pygame.Rect(r.x + 4, y, r.w - 8, rh)
            if row == self.current:
                draw_focus(surface, band, radius=6)
            elif row == self.hover:
                pygame.draw.rect(surface, (36, 40, 84), band, border_radius=6)
            self._draw_row(surface, text, row, band, size, short)
            y += rh
        surface.set_clip(clip)
        if self.top > 0 or self.top + self.rows_shown() < len(self.entries) + 1:
            self._draw_scroll(surface)

    def _text_room(self, text: TextCache, band: pygame.Rect, size: int, dot: bool) -> int:
        """The width a row's move text gets: after its number and the mover's dot."""
        room = band.w - 6 - self._number_width(text, size) - 6 - 4
        return room - (2 * max(4, band.h // 5) + 6 if dot else 0)

    def _number_width(self, text: TextCache, size: int) -> int:
        """The move numbers' column: as wide as the longest number (two digits at least),
        so a narrow list gives its words the room a third digit would take."""
        last = self.entries[-1].number if self.entries else 0  # numbers grow down the list
        return text.font(size, True).size("0" * max(2, len(str(last))) + ".")[0]

    def _needs_short(self, text: TextCache, band: pygame.Rect, size: int) -> bool:
        """Whether some move's words do not fit even small: then every move that has a
        short form shows it, so the list reads one way from top to bottom."""
        key = (band.w, band.h, size)
        if self._short_memo[0] != key:  # measured once per list and width, not every frame
            self._short_memo = (key, any(
                e.short and text.font(11).size(e.text)[0] > self._text_room(text, band, size, e.colour is not None)
                for e in self.entries))
        return self._short_memo[1]

    def _draw_row(self, surface: pygame.Surface, text: TextCache, row: int, band: pygame.Rect, size: int,
                  short: bool = False) -> None:
        ink = theme.TEXT if row == self.current else theme.TEXT_DIM
        x = band.x + 6
        if row == 0:
            # TRANSLATORS: the first row of the list of moves: the position before any move
            words = text.fitted(pgettext("moves", "Start"), size, ink, band.w - 12, bold=row == self.current)
            surface.blit(words, (x, band.centery - words.get_height() // 2))
            return
        entry = self.entries[row - 1]
        number = text.render(f"{entry.number}.", size, ink, bold=True)
        num_w = self._number_width(text, size)
        surface.blit(number, (x + num_w - number.get_width(), band.centery - number.get_height() // 2))
        x += num_w + 6
        if entry.colour is not None:
            radius = max(4, band.h // 5)
            pygame.draw.circle(surface, entry.colour, (x + radius, band.centery), radius)
            pygame.draw.circle(surface, theme.PANEL_EDGE, (x + radius, band.centery), radius, 1)
            x += 2 * radius + 6
        if row == self.present and self.present != self.current:  # a live game's last move: a lit edge
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(band.x, band.y + 3, 3, band.h - 6), border_radius=2)
        room = self._text_room(text, band, size, entry.colour is not None)
        said = entry.short if entry.short and short else entry.text
        words = said + (f"  {{{entry.note}}}" if entry.note else "")
        while size > 11 and text.font(size).size(said)[0] > room:  # a long move: smaller before cut
            size -= 1
        img = text.fitted(words, size, theme.ACCENT if entry.note and row == self.current else ink, room)
        surface.blit(img, (x, band.centery - img.get_height() // 2))

    def _draw_scroll(self, surface: pygame.Surface) -> None:
        r = self.rect
        track = pygame.Rect(r.right - 6, r.y + self.head_h(), 3, r.h - self.head_h() - 8)
        total = len(self.entries) + 1
        knob_h = max(12, track.h * self.rows_shown() // total)
        knob_y = track.y + (track.h - knob_h) * self.top // max(1, total - self.rows_shown())
        pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(track.x, knob_y, 3, knob_h), border_radius=2)
