"""Where things go on a match screen, for any number of seats (2..8) and any window.

A match screen is a top bar, a bottom bar with the status line and buttons, the board in
the middle and one panel per seat beside it: the first half of the seats down the left
(seat 0 at the top), the rest down the right, each column sharing the board's height. With
two seats that is one tall panel either side (Alien City's look). The list of moves, when
open, is a column of its own right beside the board (between it and the right-hand
seats), as tall as the board: the board and the panels share what is left, so nothing
covers a panel. The review puts the same column in the same place. The final table of a
game (place, seat, score per row) is a centred box with one row per seat.

Pure functions of sizes: the plug-ins call them in ``resize`` and the tests check every
seat count at 1280x800 and 1024x640 (inside the window, nothing overlapping).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

MIN_SEATS, MAX_SEATS = 2, 8
PANEL_FLOOR = 186   # a seat panel's narrowest, beside the list of moves (its labels whole in every language)


@dataclass(frozen=True)
class Frame:
    """The bars and the area the board may fill."""

    top: pygame.Rect
    bottom: pygame.Rect
    area: pygame.Rect   # the board fits in here (its own aspect decides the rest)
    margin: int


def moves_width(size: tuple[int, int]) -> int:
    """The list of moves' column: a fifth of the window's width (every screen's list)."""
    return int(size[0] * 0.2)


def margin_of(size: tuple[int, int]) -> int:
    return max(8, int(size[0] * 0.012))


def frame(size: tuple[int, int], bottom_scale: float = 0.08, moves_w: int = 0) -> Frame:
    """Bars and board area for a window: panels get at least a fifth of the width each side
    (of the width the list of moves leaves, ``moves_w`` wide; 0: no list), and never under
    ``PANEL_FLOOR`` pixels (their words need it) where the window gives that without a list."""
    w, h = size
    top_h = int(max(44, h * 0.066))
    bottom_h = int(max(52, h * bottom_scale))
    m = margin_of(size)
    room = w - (moves_w + m if moves_w else 0)
    panel_min = max(int(room * 0.21), min(int(w * 0.21), PANEL_FLOOR))   # beside a list, the board gives up more
    area = pygame.Rect(panel_min + 2 * m, top_h + m // 2, room - 2 * panel_min - 4 * m, h - top_h - bottom_h - m)
    return Frame(pygame.Rect(0, 0, w, top_h), pygame.Rect(0, h - bottom_h, w, bottom_h), area, m)


def moves_rect(board: pygame.Rect, margin: int, moves_w: int) -> pygame.Rect:
    """The list of moves' column: right beside ``board``, as tall (empty: no list)."""
    return pygame.Rect(board.right + margin, board.y, moves_w, board.h if moves_w else 0)


def seat_rects(size: tuple[int, int], board: pygame.Rect, count: int, margin: int,
               moves_w: int = 0, foot: int = 0) -> list[pygame.Rect]:
    """One panel per seat beside ``board``: ceil(n/2) down the left, the rest down the right
    (right of the list of moves' column when ``moves_w``), stacked with ``margin`` between
    them inside the board's height; the first is ``foot`` pixels shorter (an online
    match's chat bar goes under it)."""
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"a match has {MIN_SEATS} to {MAX_SEATS} seats, not {count}")
    w, h = size
    m = margin
    pw = max(1, min(board.x - 2 * m, int(h * 0.5)))
    left_n = (count + 1) // 2
    columns = ((board.x - m - pw, left_n), (board.right + m + (moves_w + m if moves_w else 0), count - left_n))
    rects = []
    for x, k in columns:
        ph = (board.h - (k - 1) * m) // k
        for i in range(k):
            rects.append(pygame.Rect(x, board.y + i * (ph + m), pw, ph))
    if foot:
        rects[0].h = max(1, rects[0].h - foot)
    return rects


def match_layout(size: tuple[int, int], count: int, fit: Callable[[pygame.Rect], pygame.Rect],
                 bottom_scale: float = 0.08, moves_w: int = 0,
                 foot: int = 0) -> tuple[Frame, pygame.Rect, list[pygame.Rect]]:
    """Bars, the board (``fit`` places it in the area by its own aspect, centred) and seat
    panels; ``moves_w``: the list of moves' column (:func:`moves_rect`) is kept free;
    ``foot``: room kept under the first panel (:func:`seat_rects`)."""
    f = frame(size, bottom_scale, moves_w)
    board = fit(f.area)
    return f, board, seat_rects(size, board, count, f.margin, moves_w, foot)


def banner_room(size: tuple[int, int]) -> int:
    """The height a final table leaves free under the top bar for the winner's banner."""
    return int(size[1] * 0.13)


def table_rects(size: tuple[int, int], count: int, keep_top: int = 0
                ) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect]]:
    """The final table: its box, the header row and one row per seat, centred in the window
    between the bars, rows no taller than a fourteenth of the window; ``keep_top`` pixels
    under the top bar stay free (the winner's banner goes there, never over a row)."""
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ValueError(f"a match has {MIN_SEATS} to {MAX_SEATS} seats, not {count}")
    w, h = size
    f = frame(size)
    avail = f.bottom.top - f.top.bottom - 2 * f.margin - max(0, keep_top - f.margin)
    gap = max(4, h // 160)
    row_h = min(int(h / 14), (avail - 2 * gap) // (count + 1) - gap)
    width = min(int(w * 0.62), 760)
    height = (count + 1) * (row_h + gap) + gap
    box = pygame.Rect(0, 0, width, height)
    box.center = (w // 2, (f.top.bottom + f.bottom.top) // 2)
    box.y = max(box.y, f.top.bottom + keep_top)
    inner = box.inflate(-2 * gap, 0)
    header = pygame.Rect(inner.x, box.y + gap, inner.w, row_h)
    rows = [pygame.Rect(inner.x, header.bottom + gap + i * (row_h + gap), inner.w, row_h) for i in range(count)]
    return box, header, rows
