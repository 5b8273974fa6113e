"""Seat panels and their trays: per seat a header (label, projected total) and per colour
a tray of its twenty pieces: played ones gone, ones that fit nowhere dimmed, the chosen
one lit, with the colour's projected score (largest area + free edges) above it.

The layout is per seat count: 2 players show two trays per seat, 4 one, 3 one each and
the shared blue tray under the last seat. Surfaces are cached per content.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client import theme
from client.view.widgets import draw_panel
from shared.cityblocks.geometry import BLUE, ORIENTS, PIECES
from shared.cityblocks.layout import SEAT_COLOURS

from . import look
from .pieces import tray_orient
from .words import _

SLOTS = len(PIECES)


def seat_colours(players: int) -> list[list[int]]:
    """Per seat panel, the colours whose trays it shows (3 players: blue under the last)."""
    out = [list(cs) for cs in SEAT_COLOURS[players]]
    if players == 3:
        out[-1].append(BLUE)
    return out


@dataclass
class TrayView:
    colour: int
    rect: pygame.Rect
    title_h: int = 18
    cols: int = 5
    cell: int = 8
    slots: list[pygame.Rect] = field(default_factory=list)
    shared: bool = False   # 3 players' blue: its title and its tally on rows of their own

    def layout(self, rect: pygame.Rect, text=None) -> None:
        """Slots for the twenty pieces under the title row(s): the columns that give the
        largest pieces, each drawn beside or under its name, clear of it (``text``
        measures the names; without it, the pieces' own room only)."""
        self.rect = rect
        row = max(16, min(26, rect.h // 9))
        self.title_h = 2 * row - 4 if self.shared else row
        grid = pygame.Rect(rect.x + 4, rect.y + self.title_h + 2, rect.w - 8, rect.h - self.title_h - 6)
        best = None
        for cols in range(3, 11):
            rows = -(-SLOTS // cols)
            sw, sh = grid.w / cols, grid.h / rows
            cell = int(min(sw / 5.5, sh / 3.5))
            if text is not None:
                cell = clear_cell(text, int(sw), int(sh))
            if best is None or cell > best[0]:
                best = (cell, cols, rows, sw, sh)
        cell, cols, rows, sw, sh = best
        self.cell, self.cols = max(2, cell), cols
        self.slots = [pygame.Rect(int(grid.x + (i % cols) * sw), int(grid.y + (i // cols) * sh), int(sw), int(sh))
                      for i in range(SLOTS)]

    def slot_at(self, pos: tuple[int, int]) -> str | None:
        for i, r in enumerate(self.slots):
            if r.collidepoint(pos):
                return PIECES[i]
        return None

    def surface(self, text, *, played: set[str], fits: set[str] | None, chosen: str | None,
                hover: str | None, active: bool, score: tuple[int, int], cb: bool, shared: bool = False
                ) -> pygame.Surface:
        """The tray drawn in its own coordinates. ``fits``: pieces that fit (None: no dimming)."""
        s = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = self.rect.topleft
        rgb = look.colour_rgb(self.colour, cb)
        back = pygame.Rect(0, 0, self.rect.w, self.rect.h)
        pygame.draw.rect(s, (*theme.mixc(theme.PANEL, rgb, 0.10 if active else 0.04), 255), back, border_radius=8)
        if active or shared:  # the shared tray always framed: a box of its own in the seat's panel
            pygame.draw.rect(s, rgb if active else theme.mixc(theme.PANEL, rgb, 0.55), back, 2, border_radius=8)
        size = max(11, int(self.title_h * 0.78))
        area, edges = score
        # TRANSLATORS: a colour's live score over its tray (largest area, free edges).
        words = _("area {area} · edges {edges}").format(area=area, edges=edges)
        small = max(10, int(size * 0.9))
        colour = look.name(self.colour).upper()
        if self.shared:  # the title on its row, the tally on the next, right-aligned
            row = self.title_h // 2 + 2
            size = max(11, int(row * 0.78))
            # TRANSLATORS: the shared blue tray's title with 3 players: BLUE (shared).
            name = text.fitted(_("{colour} (shared)").format(colour=colour), size, rgb, self.rect.w - 16, bold=True)
            tally = text.fitted(words, max(10, int(size * 0.9)), theme.TEXT, self.rect.w - 16)
            s.blit(name, (8, (row - name.get_height()) // 2 + 2))
            s.blit(tally, (self.rect.w - tally.get_width() - 8, row - 2 + (row - tally.get_height()) // 2))
        else:
            name = text.render(colour, size, rgb, bold=True)
            tally = text.fitted(words, small, theme.TEXT, self.rect.w - name.get_width() - 20)
            s.blit(name, (8, (self.title_h - name.get_height()) // 2 + 2))
            s.blit(tally, (self.rect.w - tally.get_width() - 8, (self.title_h - tally.get_height()) // 2 + 2))
        for i, piece in enumerate(PIECES):
            r = self.slots[i].move(-ox, -oy)
            if piece in played:
                pygame.draw.circle(s, (60, 64, 100), r.center, 2)
                continue
            if piece == chosen:
                pygame.draw.rect(s, (*theme.ACCENT, 255), r.inflate(-2, -2), 2, border_radius=6)
            elif piece == hover and active:
                pygame.draw.rect(s, (*theme.ACCENT_2, 160), r.inflate(-2, -2), 1, border_radius=6)
            dim = fits is not None and piece not in fits
            cells = ORIENTS[tray_orient(piece)].cells
            cw, ch = look.cells_size(cells, self.cell)
            # the piece's name (its letter is its key, its number its size), in the slot's corner
            name = text.render(piece, label_size(r.h), theme.TEXT_DIM if dim else theme.TEXT)
            name.set_alpha(150 if dim else 210)
            s.blit(name, (r.x + 2, r.y + 1))
            spot = piece_spot(r, (cw, ch), name.get_size())
            look.draw_cells(s, cells, spot or (r.centerx - cw // 2, r.centery - ch // 2), self.cell, self.colour,
                            cb, 70 if dim else 255)
        return s


def label_size(slot_h: int) -> int:
    """The text size of a piece's name in a slot this tall."""
    return max(9, min(13, slot_h // 3))


def piece_spot(slot: pygame.Rect, piece: tuple[int, int], label: tuple[int, int]) -> tuple[int, int] | None:
    """Where a tray piece of size ``piece`` goes in its slot, clear of the name in the
    slot's top-left corner (``label``): centred in the slot, else right of the name or
    below it, where there is room (None: nowhere clear)."""
    (cw, ch), (lw, lh) = piece, label
    right = pygame.Rect(slot.x + lw + 4, slot.y, slot.right - slot.x - lw - 4, slot.h)
    below = pygame.Rect(slot.x, slot.y + lh + 2, slot.w, slot.bottom - slot.y - lh - 2)
    name = pygame.Rect(slot.x + 2, slot.y + 1, lw + 1, lh + 1)
    for area in (pygame.Rect(slot), right, below):
        box = pygame.Rect(area.centerx - cw // 2, area.centery - ch // 2, cw, ch)
        if area.contains(box) and not box.colliderect(name):
            return box.topleft
    return None


def clear_cell(text, slot_w: int, slot_h: int) -> int:
    """The largest square size at which every piece fits a ``slot_w`` x ``slot_h`` slot
    clear of its name (at least 2)."""
    size = label_size(slot_h)
    slot = pygame.Rect(0, 0, slot_w, slot_h)
    shapes = [(look.cells_size(ORIENTS[tray_orient(p)].cells, 1), text.font(size).size(p)) for p in PIECES]
    for cell in range(max(2, min(slot_w, slot_h) // 3), 2, -1):
        if all(piece_spot(slot, (w * cell, h * cell), label) is not None for (w, h), label in shapes):
            return cell
    return 2


@dataclass
class SeatPanel:
    seat: int
    rect: pygame.Rect
    header_h: int = 30
    pad: int = 8
    trays: list[TrayView] = field(default_factory=list)


def layout_panels(rects: list[pygame.Rect], players: int, height: int, text=None) -> list[SeatPanel]:
    """Seat panels in the layout's rects, their trays stacked under a header (and the line
    the online chrome writes the player's name on); ``text`` measures the pieces' names."""
    panels = []
    for seat, (rect, colours) in enumerate(zip(rects, seat_colours(players))):
        header = max(26, int(height * 0.04))
        pad = max(6, rect.w // 40)
        top = rect.y + header + max(14, int(height * 0.022))
        avail = rect.bottom - pad - top
        gap = pad // 2
        each = (avail - gap * (len(colours) - 1)) // len(colours)
        trays = []
        for k, colour in enumerate(colours):
            tray = TrayView(colour, pygame.Rect(0, 0, 1, 1), shared=players == 3 and colour == BLUE)
            tray.layout(pygame.Rect(rect.x + pad, top + k * (each + gap), rect.w - 2 * pad, each), text)
            trays.append(tray)
        panels.append(SeatPanel(seat, rect, header, pad, trays))
    return panels


def draw_header(surface: pygame.Surface, text, panel: SeatPanel, label: str, colours: list[int], total: int | None,
                active: bool, cb: bool, total_label: str = "") -> None:
    """The seat's panel frame and header: colour chips, label, total (projected or final)."""
    r = panel.rect
    rgb = look.colour_rgb(colours[0], cb)
    draw_panel(surface, r, edge=rgb if active else theme.PANEL_EDGE, glow=rgb if active else None)
    h, pad = panel.header_h, panel.pad
    chip = max(10, int(h * 0.5))
    x = r.x + pad
    for c in colours:
        cr = pygame.Rect(x, r.y + (h - chip) // 2 + 3, chip, chip)
        surface.blit(look.tile(c, chip, cb), cr)
        x += chip + 3
    size = max(12, int(h * 0.58))
    img = text.render(label, size, theme.TEXT if active else theme.TEXT_DIM, bold=True)
    surface.blit(img, (x + 4, r.y + (h - img.get_height()) // 2 + 3))
    if total is not None:
        num = text.render(f"{total_label}{total}", size, theme.ACCENT if active else theme.TEXT, bold=True)
        surface.blit(num, (r.right - pad - num.get_width(), r.y + (h - num.get_height()) // 2 + 3))
