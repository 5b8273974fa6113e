"""How City Blocks looks: the four colours (and their colour-blind palette and marks), the
board's geometry on screen and the drawing of squares, pieces and the board itself.

Pure drawing: nothing here decides a rule. Squares are (x, y) with x = file 0..19 (a..t)
and y = rank 0..19 (1..20); rank 1 is at the bottom of the screen, as on the spec's board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from client import theme
from shared.cityblocks.geometry import CENTRES, CORNERS, FILES, ORIENTS, SIZE, W, bits
from shared.cityblocks.words import colour_name, colour_word

# A colour's name for people ("Blue", in the player's language) and its word inside a
# sentence ("blue"); the engine's codes (COLOURS) stay English.
name, word = colour_name, colour_word
# Plain palette and the colour-blind one (Okabe-Ito hues: told apart by every common
# kind of colour blindness), each square then also carries its colour's mark.
PLAIN = ((52, 110, 228), (44, 170, 84), (222, 60, 60), (242, 196, 40))
SAFE = ((0, 114, 178), (0, 158, 115), (213, 94, 0), (240, 228, 66))
MARK_NAME = ("dot", "stripe", "cross", "ring")
EMPTY = (34, 38, 66)
EMPTY_ALT = (38, 43, 74)
GRID = (16, 18, 36)
MIN_LABELLED_CELL = 8   # pixels a square needs for the coordinates beside the board to be read
LEGAL = (110, 240, 140)
ILLEGAL = (255, 96, 110)
FIT = (235, 235, 245)   # the fit hint: neutral, unlike any seat colour or the ghost's frame


def colour_rgb(colour: int, cb: bool = False) -> tuple[int, int, int]:
    return (SAFE if cb else PLAIN)[colour]


def text_on(colour: int, cb: bool = False) -> tuple[int, int, int]:
    """Dark or light text on a square of this colour."""
    r, g, b = colour_rgb(colour, cb)
    return (20, 20, 30) if r * 0.3 + g * 0.59 + b * 0.11 > 150 else (245, 245, 250)


def xy(index: int) -> tuple[int, int]:
    """Board bit index -> (file, rank)."""
    return index % W, index // W


def square_xy(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def squares_of(mask: int) -> list[tuple[int, int]]:
    return [xy(i) for i in bits(mask)]


@dataclass(frozen=True)
class BoardGeo:
    """Where the 20 x 20 squares are: ``cell`` pixels each, a label strip left and below."""

    x: int
    y: int
    cell: int
    label: int

    @classmethod
    def fit(cls, area: pygame.Rect) -> "BoardGeo":
        """As large as the area allows, whole pixels per square (crisp), centred. An area
        too small for readable coordinates (a title card in a small window) gets the
        squares alone: labels there would overlap each other and not fit the area."""
        side = min(area.w, area.h)
        if side < MIN_LABELLED_CELL * SIZE + 20:
            cell = max(3, side // SIZE)
            return cls(area.x + (area.w - cell * SIZE) // 2, area.y + (area.h - cell * SIZE) // 2, cell, 0)
        cell = max(6, int(side / (SIZE + 1.0)))
        label = max(20, int(cell * 0.95))  # "20" whole in the smallest label font, not cut
        if cell * SIZE + label > side:
            cell = max(6, (side - label) // SIZE)
        total = cell * SIZE + label
        x = area.x + (area.w - total) // 2 + label
        y = area.y + (area.h - total) // 2
        return cls(x, y, cell, label)

    @property
    def rect(self) -> pygame.Rect:
        """The squares only."""
        return pygame.Rect(self.x, self.y, self.cell * SIZE, self.cell * SIZE)

    @property
    def outer(self) -> pygame.Rect:
        """The squares and the coordinate labels."""
        return pygame.Rect(self.x - self.label, self.y, self.cell * SIZE + self.label,
                           self.cell * SIZE + self.label)

    def square_rect(self, sq: tuple[int, int]) -> pygame.Rect:
        x, y = sq
        return pygame.Rect(self.x + x * self.cell, self.y + (SIZE - 1 - y) * self.cell, self.cell, self.cell)

    def centre(self, sq: tuple[int, int]) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        px, py = pos
        x = (px - self.x) // self.cell
        row = (py - self.y) // self.cell
        if 0 <= x < SIZE and 0 <= row < SIZE:
            return int(x), int(SIZE - 1 - row)
        return None

    def nearest(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The square under ``pos``, or the nearest one on the board."""
        px, py = pos
        x = min(SIZE - 1, max(0, (px - self.x) // self.cell))
        row = min(SIZE - 1, max(0, (py - self.y) // self.cell))
        return int(x), int(SIZE - 1 - row)


# -- squares -----------------------------------------------------------------------------
@lru_cache(maxsize=256)
def tile(colour: int | None, size: int, cb: bool, alpha: int = 255) -> pygame.Surface:
    """One square: bevelled colour (a placed square) or the empty board square."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    if colour is None:
        s.fill((*EMPTY, alpha))
        return s
    base = colour_rgb(colour, cb)
    gap = 1 if size >= 10 else 0
    body = pygame.Rect(gap, gap, size - 2 * gap, size - 2 * gap)
    pygame.draw.rect(s, (*base, alpha), body, border_radius=max(1, size // 9))
    edge = max(1, size // 10)
    light = (*theme.mixc(base, (255, 255, 255), 0.45), alpha)
    dark = (*theme.scale(base, 0.6), alpha)
    pygame.draw.line(s, light, (body.x + 1, body.y), (body.right - 2, body.y), edge)
    pygame.draw.line(s, light, (body.x, body.y + 1), (body.x, body.bottom - 2), edge)
    pygame.draw.line(s, dark, (body.x + 1, body.bottom - 1), (body.right - 1, body.bottom - 1), edge)
    pygame.draw.line(s, dark, (body.right - 1, body.y + 1), (body.right - 1, body.bottom - 1), edge)
    if cb:
        draw_mark(s, body, colour, alpha)
    return s


def draw_mark(surface: pygame.Surface, r: pygame.Rect, colour: int, alpha: int = 255) -> None:
    """The colour's mark (colour-blind mode): blue a dot, green a stripe, red a cross,
    yellow a ring, in a dark ink that shows on the square."""
    ink = (*theme.scale(colour_rgb(colour, True), 0.35), alpha)
    w = max(1, r.w // 8)
    c = r.center
    q = max(2, r.w // 4)
    if colour == 0:
        pygame.draw.circle(surface, ink, c, max(2, r.w // 6))
    elif colour == 1:
        pygame.draw.line(surface, ink, (r.x + q // 2, r.bottom - q // 2 - 1),
                         (r.right - q // 2 - 1, r.y + q // 2), w + 1)
    elif colour == 2:
        pygame.draw.line(surface, ink, (c[0] - q, c[1] - q), (c[0] + q, c[1] + q), w)
        pygame.draw.line(surface, ink, (c[0] - q, c[1] + q), (c[0] + q, c[1] - q), w)
    else:
        pygame.draw.circle(surface, ink, c, max(3, r.w // 4), w)


def draw_cells(surface: pygame.Surface, cells, origin: tuple[int, int], cell: int, colour: int,
               cb: bool, alpha: int = 255) -> None:
    """Cells (dx, dy) with dy up, drawn from ``origin`` = the top-left of their box."""
    if not cells:
        return
    top = max(dy for _, dy in cells)
    img = tile(colour, cell, cb, alpha)
    for dx, dy in cells:
        surface.blit(img, (origin[0] + dx * cell, origin[1] + (top - dy) * cell))


def cells_size(cells, cell: int) -> tuple[int, int]:
    return (1 + max(x for x, _ in cells)) * cell, (1 + max(y for _, y in cells)) * cell


def piece_cells(orient: int) -> tuple[tuple[int, int], ...]:
    return ORIENTS[orient].cells


# -- the board ---------------------------------------------------------------------------
def corner_marks() -> list[tuple[int, tuple[int, int]]]:
    """(colour, square) of each colour's corner."""
    return [(c, xy(sq)) for c, sq in enumerate(CORNERS)]


def centre_squares() -> list[tuple[int, tuple[int, int]]]:
    return [(c, xy(sq)) for c, sq in enumerate(CENTRES)]


def render_board(text, geo: BoardGeo, boards: tuple[int, ...], cb: bool,
                 hidden: frozenset = frozenset()) -> pygame.Surface:
    """The whole board with labels: empty squares, corner marks, placed squares (except
    ``hidden`` ones, still on their way), the centre block outlined."""
    outer = geo.outer
    surf = pygame.Surface(outer.size, pygame.SRCALPHA)
    ox, oy = outer.x, outer.y
    board = geo.rect.move(-ox, -oy)
    pygame.draw.rect(surf, theme.BOARD_EDGE, board.inflate(8, 8), border_radius=6)
    pygame.draw.rect(surf, (60, 68, 130), board.inflate(8, 8), 2, border_radius=6)
    cell = geo.cell
    owner: dict[tuple[int, int], int] = {}
    for c, mask in enumerate(boards):
        for sq in squares_of(mask):
            owner[sq] = c
    for y in range(SIZE):
        for x in range(SIZE):
            r = geo.square_rect((x, y)).move(-ox, -oy)
            c = owner.get((x, y))
            if c is None or (x, y) in hidden:
                shade = EMPTY if (x // 5 + y // 5) % 2 == 0 else EMPTY_ALT
                pygame.draw.rect(surf, shade, r.inflate(-1, -1))
            else:
                surf.blit(tile(c, cell, cb), r)
    for c, sq in corner_marks():  # each colour's corner: a coloured frame and a corner flag
        if sq in owner and sq not in hidden:
            continue
        r = geo.square_rect(sq).move(-ox, -oy).inflate(-2, -2)
        col = colour_rgb(c, cb)
        pygame.draw.rect(surf, col, r, max(2, cell // 8), border_radius=3)
        x, y = sq
        tip = (r.left if x == 0 else r.right, r.bottom if y == 0 else r.top)
        dx = 1 if x == 0 else -1
        dy = -1 if y == 0 else 1
        k = int(cell * 0.55)
        pygame.draw.polygon(surf, col, [tip, (tip[0] + dx * k, tip[1]), (tip[0], tip[1] + dy * k)])
        if cb:
            draw_mark(surf, r.inflate(-cell // 3, -cell // 3), c)
    centre = pygame.Rect(0, 0, 0, 0)
    for _, sq in centre_squares():
        r = geo.square_rect(sq).move(-ox, -oy)
        centre = r if not centre.w else centre.union(r)
    pygame.draw.rect(surf, (250, 250, 255), centre.inflate(4, 4), 2, border_radius=4)
    for c, sq in centre_squares():
        dot = geo.square_rect(sq).move(-ox, -oy).center
        pygame.draw.circle(surf, (250, 250, 255), dot, max(2, cell // 9))
    for i in range(1, 4):  # light guides every five squares
        gx = board.x + i * 5 * cell
        gy = board.y + i * 5 * cell
        pygame.draw.line(surf, GRID, (gx, board.y), (gx, board.bottom - 1), 1)
        pygame.draw.line(surf, GRID, (board.x, gy), (board.right - 1, gy), 1)
    if not geo.label:
        return surf
    size = max(9, int(geo.label * 0.62))
    for x in range(SIZE):
        img = text.render(FILES[x], size, theme.TEXT_DIM)
        r = geo.square_rect((x, 0)).move(-ox, -oy)
        surf.blit(img, img.get_rect(center=(r.centerx, board.bottom + geo.label // 2 + 2)))
    for y in range(SIZE):
        img = text.render(str(y + 1), size, theme.TEXT_DIM)
        r = geo.square_rect((0, y)).move(-ox, -oy)
        surf.blit(img, img.get_rect(midright=(board.x - 5, r.centery)))
    return surf


def outline(surface: pygame.Surface, geo: BoardGeo, squares, colour, width: int = 2) -> None:
    """The outer outline of a set of squares (edges not shared with another of them)."""
    cells = set(squares)
    for sq in cells:
        r = geo.square_rect(sq)
        x, y = sq
        if (x, y + 1) not in cells:
            pygame.draw.line(surface, colour, r.topleft, (r.right - 1, r.top), width)
        if (x, y - 1) not in cells:
            pygame.draw.line(surface, colour, (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1), width)
        if (x - 1, y) not in cells:
            pygame.draw.line(surface, colour, r.topleft, (r.left, r.bottom - 1), width)
        if (x + 1, y) not in cells:
            pygame.draw.line(surface, colour, (r.right - 1, r.top), (r.right - 1, r.bottom - 1), width)


def edge_line(geo: BoardGeo, sq: tuple[int, int], side: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The ends of one side (n e s w) of a square on screen."""
    r = geo.square_rect(sq)
    return {"n": (r.topleft, (r.right - 1, r.top)), "s": ((r.left, r.bottom - 1), (r.right - 1, r.bottom - 1)),
            "w": (r.topleft, (r.left, r.bottom - 1)), "e": ((r.right - 1, r.top), (r.right - 1, r.bottom - 1))}[side]
