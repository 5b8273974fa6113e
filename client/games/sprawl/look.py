"""How Sprawl looks: the eight Icehouse colours (and the colour-blind marks: a pattern per
colour and the pips), the board's geometry on screen, and pyramids drawn as pyramids:
an upright piece seen from above at a slight angle (four shaded faces meeting at the tip,
a tower's 3-2-1 stacked with each smaller piece on top), a branch lying on its side as a
long triangle whose tip points where it attacks.

Pure drawing, no rules. Squares are the engine's ints ``file + 8 * rank``; rank 1 is at
the bottom of the screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from client import theme
from shared.sprawl.board import LETTERS, RGB, STRIDE
from shared.sprawl.words import colour_name

name = colour_name   # a seat's colour as people read it, in the language in use ("Red")
LETTERS_UP = tuple(x.upper() for x in LETTERS)
PLAIN = RGB
# the colour-blind palette keeps the hues apart by lightness too; each colour also gets a pattern
SAFE = ((213, 94, 0), (240, 228, 66), (0, 158, 115), (0, 114, 178),
        (30, 30, 34), (245, 245, 240), (204, 121, 167), (230, 159, 0))
PATTERN = ("hstripe", "dots", "slash", "vstripe", "ring", "grid", "backslash", "cross")
LIGHT_SQ = (118, 124, 158)
DARK_SQ = (100, 106, 140)
GRID = (48, 52, 80)
GREY = (128, 128, 136)
LEGAL = (120, 255, 170)
ILLEGAL = (255, 96, 110)
DIR_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))   # screen (dx, dy) per direction n e s w
TOWER_W = {3: 0.84, 2: 0.62, 1: 0.42}           # upright piece width / cell
BRANCH_LEN = {3: 0.94, 2: 0.74, 1: 0.54}         # lying piece length / cell


def colour_rgb(seat: int, cb: bool = False) -> tuple[int, int, int]:
    return (SAFE if cb else PLAIN)[seat]


def text_rgb(seat: int, cb: bool = False) -> tuple[int, int, int]:
    """The seat's colour for words and frames on the dark screen (black reads as silver)."""
    r, g, b = colour_rgb(seat, cb)
    return (190, 190, 206) if r + g + b < 150 else (r, g, b)


def ink_on(seat: int, cb: bool = False) -> tuple[int, int, int]:
    """Dark or light marks on a piece of this colour."""
    r, g, b = colour_rgb(seat, cb)
    return (20, 20, 28) if r * 0.3 + g * 0.59 + b * 0.11 > 140 else (240, 240, 246)


def edge_of(seat: int, cb: bool = False) -> tuple[int, int, int]:
    """The outline of a piece: dark, except for black pieces (light so they read on the board)."""
    r, g, b = colour_rgb(seat, cb)
    return (200, 200, 214) if r + g + b < 150 else (16, 16, 26)


@dataclass(frozen=True)
class BoardGeo:
    """Where the squares are: ``cell`` pixels each, a label strip left and below."""

    x: int
    y: int
    files: int
    ranks: int
    cell: int
    label: int

    @classmethod
    def fit(cls, area: pygame.Rect, files: int, ranks: int) -> "BoardGeo":
        cell = max(10, int(min(area.w / (files + 0.55), area.h / (ranks + 0.55))))
        label = max(12, int(cell * 0.45))
        w, h = cell * files + label, cell * ranks + label
        return cls(area.x + (area.w - w) // 2 + label, area.y + (area.h - h) // 2, files, ranks, cell, label)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.cell * self.files, self.cell * self.ranks)

    @property
    def outer(self) -> pygame.Rect:
        return pygame.Rect(self.x - self.label, self.y, self.cell * self.files + self.label,
                           self.cell * self.ranks + self.label)

    def square_rect(self, sq: int) -> pygame.Rect:
        f, r = sq % STRIDE, sq // STRIDE
        return pygame.Rect(self.x + f * self.cell, self.y + (self.ranks - 1 - r) * self.cell, self.cell, self.cell)

    def centre(self, sq: int) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos) -> int | None:
        px, py = pos
        if not self.rect.collidepoint(px, py):
            return None
        f = (px - self.x) // self.cell
        r = self.ranks - 1 - (py - self.y) // self.cell
        return int(f + STRIDE * r)

    def squares(self):
        return [f + STRIDE * r for r in range(self.ranks) for f in range(self.files)]


# -- pieces -----------------------------------------------------------------------------------
def _pattern(size: tuple[int, int], kind: str, ink) -> pygame.Surface:
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    col = (*ink, 150)
    step = max(4, min(w, h) // 5)
    if kind in ("hstripe", "grid", "cross"):
        for y in range(step // 2, h, step):
            pygame.draw.line(s, col, (0, y), (w, y), max(1, step // 3))
    if kind in ("vstripe", "grid", "cross"):
        for x in range(step // 2, w, step):
            pygame.draw.line(s, col, (x, 0), (x, h), max(1, step // 3))
    if kind == "slash":
        for x in range(-h, w, step):
            pygame.draw.line(s, col, (x, h), (x + h, 0), max(1, step // 3))
    if kind == "backslash":
        for x in range(-h, w, step):
            pygame.draw.line(s, col, (x, 0), (x + h, h), max(1, step // 3))
    if kind == "dots":
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(s, col, (x, y), max(1, step // 4))
    if kind == "ring":
        c = (w // 2, h // 2)
        for r in range(step, max(w, h), step):
            pygame.draw.circle(s, col, c, r, max(1, step // 4))
    return s


def _masked(pattern: pygame.Surface, polys: list[list[tuple[float, float]]]) -> pygame.Surface:
    mask = pygame.Surface(pattern.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    for poly in polys:
        pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    out = pattern.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _shade(rgb, f: float) -> tuple[int, int, int]:
    if f >= 1:
        return theme.mixc(rgb, (255, 255, 255), min(1.0, f - 1))
    return theme.scale(rgb, f)


def _grey(rgb) -> tuple[int, int, int]:
    v = int(rgb[0] * 0.3 + rgb[1] * 0.59 + rgb[2] * 0.11)
    return theme.mixc((v, v, v), GREY, 0.5)


@lru_cache(maxsize=512)
def upright(seat: int, size: int, cell: int, cb: bool = False, dead: bool = False) -> pygame.Surface:
    """An upright pyramid seen from above at an angle: a square base, four faces lit from
    the upper left, the tip nudged up. The image is one cell square."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    rgb = colour_rgb(seat, cb)
    if dead:
        rgb = _grey(rgb)
    half = cell * TOWER_W[size] / 2
    cx, cy = cell / 2, cell / 2 + cell * 0.03
    tl, tr = (cx - half, cy - half), (cx + half, cy - half)
    br, bl = (cx + half, cy + half), (cx - half, cy + half)
    apex = (cx, cy - half * 0.28)
    faces = [((tl, tr, apex), 1.25), ((tr, br, apex), 0.82), ((br, bl, apex), 0.62), ((bl, tl, apex), 1.08)]
    for poly, f in faces:
        pygame.draw.polygon(s, _shade(rgb, f), poly)
    if cb and not dead:
        polys = [list(p) for p, _ in faces]
        s.blit(_masked(_pattern((cell, cell), PATTERN[seat], ink_on(seat, cb)), polys), (0, 0))
    edge = edge_of(seat, cb) if not dead else (60, 60, 70)
    width = max(1, cell // 40)
    pygame.draw.polygon(s, edge, (tl, tr, br, bl), width)
    for corner in (tl, tr, br, bl):
        pygame.draw.line(s, edge, corner, apex, width)
    return s


@lru_cache(maxsize=512)
def lying(seat: int, size: int, direction: int, cell: int, cb: bool = False, dead: bool = False,
          pips: bool = True) -> pygame.Surface:
    """A pyramid on its side: base at the back, tip pointing ``direction`` (n e s w), the
    ridge down the middle, the pips on the base. The image is one cell square."""
    s = pygame.Surface((cell, cell), pygame.SRCALPHA)
    rgb = colour_rgb(seat, cb)
    if dead:
        rgb = _grey(rgb)
    length = cell * BRANCH_LEN[size]
    half = cell * TOWER_W[size] / 2 * 0.92
    dx, dy = DIR_STEP[direction]
    px, py = -dy, dx
    c = (cell / 2, cell / 2)
    tip = (c[0] + dx * length / 2, c[1] + dy * length / 2)
    back = (c[0] - dx * length / 2, c[1] - dy * length / 2)
    b1 = (back[0] + px * half, back[1] + py * half)
    b2 = (back[0] - px * half, back[1] - py * half)
    ridge = (back[0] + dx * length * 0.12, back[1] + dy * length * 0.12)
    lit = 1.2 if (px, py) in ((0, -1), (-1, 0)) else 0.7
    pygame.draw.polygon(s, _shade(rgb, lit), (b1, tip, ridge))
    pygame.draw.polygon(s, _shade(rgb, 1.9 - lit), (b2, tip, ridge))
    pygame.draw.polygon(s, _shade(rgb, 0.5), (b1, ridge, b2))
    if cb and not dead:
        s.blit(_masked(_pattern((cell, cell), PATTERN[seat], ink_on(seat, cb)), [[b1, tip, b2]]), (0, 0))
    edge = edge_of(seat, cb) if not dead else (60, 60, 70)
    width = max(1, cell // 40)
    pygame.draw.polygon(s, edge, (b1, tip, b2), width)
    pygame.draw.line(s, edge, ridge, tip, width)
    if pips:
        ink = ink_on(seat, cb) if not dead else (40, 40, 48)
        r = max(1, cell // 30)
        for i in range(size):
            t = (i + 1) / (size + 1) - 0.5
            at = (back[0] + dx * length * 0.1 + px * half * 1.5 * t, back[1] + dy * length * 0.1 + py * half * 1.5 * t)
            pygame.draw.circle(s, ink, (int(at[0]), int(at[1])), r)
    return s


def draw_tower(surface: pygame.Surface, rect: pygame.Rect, pieces, cb: bool, dead: bool = False,
               lift: float = 0.0) -> None:
    """A stack bottom first, each smaller piece a little higher (the angle of view)."""
    cell = rect.w
    for i, (size, seat) in enumerate(pieces):
        img = upright(seat, size, cell, cb, dead)
        surface.blit(img, (rect.x, rect.y - int(cell * (0.06 * i + lift))))
    if cb and pieces:
        size, seat = pieces[-1]
        t = _letter_font(max(8, cell // 6))
        img = t.render(LETTERS[seat].upper(), True, ink_on(seat, cb))
        top = rect.y - int(cell * 0.06 * (len(pieces) - 1))
        surface.blit(img, img.get_rect(center=(rect.centerx, top + int(cell * 0.5))))


@lru_cache(maxsize=16)
def _letter_font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, int(size * 1.4))


def draw_branch(surface: pygame.Surface, rect: pygame.Rect, seat: int, size: int, direction: int,
                cb: bool, dead: bool = False) -> None:
    surface.blit(lying(seat, size, direction, rect.w, cb, dead), rect.topleft)


def stash_icon(seat: int, size: int, px: int, cb: bool, used: bool = False) -> pygame.Surface:
    """A stash piece for the seat panels (a hollow outline once played)."""
    if not used:
        return upright(seat, size, px, cb)
    return _hollow(size, px)


@lru_cache(maxsize=64)
def _hollow(size: int, px: int) -> pygame.Surface:
    s = pygame.Surface((px, px), pygame.SRCALPHA)
    half = px * TOWER_W[size] / 2
    r = pygame.Rect(0, 0, int(2 * half), int(2 * half))
    r.center = (px // 2, px // 2)
    pygame.draw.rect(s, (80, 86, 120), r, 1)
    return s


# -- the board ---------------------------------------------------------------------------------
def render_board(text, geo: BoardGeo, state, cb: bool, hidden: frozenset = frozenset(),
                 grey_dead: bool = True) -> pygame.Surface:
    """The board with coordinates and every piece (``hidden`` squares left empty), drawn in
    its own surface the size of ``geo.outer``."""
    out = geo.outer
    s = pygame.Surface((out.w, out.h + geo.cell // 6), pygame.SRCALPHA)
    ox, oy = out.topleft
    cell = geo.cell
    for sq in geo.squares():
        r = geo.square_rect(sq).move(-ox, -oy)
        f, rk = sq % STRIDE, sq // STRIDE
        pygame.draw.rect(s, LIGHT_SQ if (f + rk) % 2 else DARK_SQ, r)
        pygame.draw.rect(s, GRID, r, 1)
    size = max(11, int(geo.label * 0.62))
    for f in range(geo.files):
        img = text.render("abcdefgh"[f], size, theme.TEXT_DIM, bold=True)
        s.blit(img, img.get_rect(center=(geo.label + f * cell + cell // 2, geo.ranks * cell + geo.label // 2)))
    for rk in range(geo.ranks):
        img = text.render(str(rk + 1), size, theme.TEXT_DIM, bold=True)
        s.blit(img, img.get_rect(center=(geo.label // 2, (geo.ranks - 1 - rk) * cell + cell // 2)))
    dead = state.dead if grey_dead else frozenset()
    for sq in geo.squares():
        if sq in hidden:
            continue
        r = geo.square_rect(sq).move(-ox, -oy)
        branch = state.br[sq]
        if branch is not None:
            placer, k, d, tree, _ = branch
            draw_branch(s, r, placer, k, d, cb, tree in dead)
    for sq in geo.squares():
        if sq in hidden or state.tw[sq] is None:
            continue
        r = geo.square_rect(sq).move(-ox, -oy)
        draw_tower(s, r, state.tw[sq], cb, sq in dead)
        if sq in dead:
            m = cell // 5
            pygame.draw.line(s, ILLEGAL, (r.x + m, r.y + m), (r.right - m, r.bottom - m), max(2, cell // 22))
            pygame.draw.line(s, ILLEGAL, (r.right - m, r.y + m), (r.x + m, r.bottom - m), max(2, cell // 22))
    return s


def arrow(surface: pygame.Surface, a, b, colour, width: int) -> None:
    """A line from a to b with a head at b."""
    ax, ay = a
    bx, by = b
    ang = math.atan2(by - ay, bx - ax)
    head = width * 3.2
    end = (bx - math.cos(ang) * head * 0.6, by - math.sin(ang) * head * 0.6)
    pygame.draw.line(surface, colour, a, end, width)
    left = (bx - head * math.cos(ang - 0.45), by - head * math.sin(ang - 0.45))
    right = (bx - head * math.cos(ang + 0.45), by - head * math.sin(ang + 0.45))
    pygame.draw.polygon(surface, colour, (b, left, right))
