"""The caption of Alien City's hint on the board: what the hint plays and the key that
plays it, in a box beside the hinted lot. The box stays on the lots (inside the board's
border, where the letters and numbers are) and off the hinted lot, so it hides neither
the coordinates nor the move it speaks of; of those places, it takes one on the fewest
built lots, nearest the hint. Reads the screen; changes nothing."""

from __future__ import annotations

from typing import Sequence

import pygame

from client.scenes.hints import play_key_words
from client.view.widgets import draw_panel
from shared.aliencity import Build, Claim

from . import words
from .marks import HINT_COLOUR
from .view.board_view import BoardGeometry

GAP = 6


def lots_area(geo: BoardGeometry) -> pygame.Rect:
    """The board's lots, without the border that holds the coordinates."""
    return geo.rect.inflate(-2 * geo.pad, -2 * geo.pad)


def caption_box(geo: BoardGeometry, target: pygame.Rect | None, size: tuple[int, int],
                occupied: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a caption of ``size`` goes: always on the lots and off the ``target`` lot, on
    the fewest ``occupied`` lots (those with a piece), and as near the target as that
    allows: above it, else below, right or left of it first (None: over the board's middle)."""
    area = lots_area(geo)
    box = pygame.Rect((0, 0), size)
    if target is None:
        box.center = area.center
        return box.clamp(area)
    beside = [(target.centerx - box.w // 2, target.top - GAP - box.h),
              (target.centerx - box.w // 2, target.bottom + GAP),
              (target.right + GAP, target.centery - box.h // 2),
              (target.left - GAP - box.w, target.centery - box.h // 2)]
    step = max(4, geo.lot // 4)
    farther = [(x, y) for y in range(area.top, area.bottom - box.h + 1, step)
               for x in range(area.left, area.right - box.w + 1, step)]
    best: tuple[int, int, int, pygame.Rect] | None = None
    for order, (x, y) in enumerate(beside + farther):
        spot = pygame.Rect(x, y, box.w, box.h).clamp(area)
        if spot.colliderect(target):
            continue
        far = abs(spot.centerx - target.centerx) + abs(spot.centery - target.centery)
        score = (len(spot.collidelistall(occupied)), far if order >= len(beside) else 0, order)
        if best is None or score < best[:3]:
            best = (*score, spot)
    return best[3] if best is not None else box.clamp(area)


def caption_lines(scene, move) -> list[str]:
    """The hint in words, then the key that plays it."""
    return [words.hint_words(scene, move), play_key_words()]


def caption_layout(scene, move) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """The caption's box and its lines for the hint ``move`` on the screen's board."""
    geo, t = scene.geo, scene.app.text
    size = max(12, geo.lot // 4)
    room = lots_area(geo).w - 16
    imgs = [t.render(line, size, HINT_COLOUR if i else (240, 240, 250), bold=not i)
            for i, text in enumerate(caption_lines(scene, move)) for line in t.wrap(text, size, room, bold=not i)]
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() for i in imgs) + 10
    target = geo.lot_rect(move.lot).inflate(geo.lot // 5, geo.lot // 5) if isinstance(move, (Build, Claim)) else None
    board = scene.match.state.board
    occupied = [geo.lot_rect(lot) for lot, code in enumerate(board) if code]
    return caption_box(geo, target, (w, h), occupied), imgs


def draw_hint_caption(scene, surface: pygame.Surface) -> None:
    """The hint's caption, while the hint is about the position on the board."""
    move = scene.hint
    if move is None or scene.state is not scene.match.state or scene.timeline.busy:
        return
    box, imgs = caption_layout(scene, move)
    draw_panel(surface, box, edge=HINT_COLOUR, alpha=235)
    y = box.y + 5
    for img in imgs:
        surface.blit(img, (box.x + 8, y))
        y += img.get_height()
