"""Captions on the Sprawl board (a hint's chance, what the ghost in hand will do, a
warning before a move that ends the game): beside their square, at a spot that covers
no piece, no seat panel and not the hand, so the player reads them where she looks.
Reads the scene; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.view.widgets import draw_panel

if TYPE_CHECKING:
    from .game import MatchScene

GAP = 4


def pieces(scene: "MatchScene") -> list[pygame.Rect]:
    """The squares holding a piece."""
    state, geo = scene.state, scene.geo
    return [geo.square_rect(sq) for sq in state.geo.squares if state.tw[sq] is not None or state.br[sq] is not None]


def panels(scene: "MatchScene", target: pygame.Rect) -> list[pygame.Rect]:
    """What a caption covers last of all: the target square, the seat panels, the hand."""
    hand = list(scene.hand.rects)
    if hand:  # the sizes and the words beside them, to the board's right edge
        hand.append(pygame.Rect(hand[0].x, hand[0].y, max(scene.geo.outer.right, hand[-1].right) - hand[0].x,
                                hand[0].h))
    return [target] + list(scene.board.panel_rects) + hand


def obstacles(scene: "MatchScene", target: pygame.Rect) -> list[pygame.Rect]:
    """What a caption must not cover: every piece on the board, the target square, the
    seat panels and the hand under the board."""
    return pieces(scene) + panels(scene, target)


def candidates(target: pygame.Rect, size: tuple[int, int], board: pygame.Rect, cell: int) -> list[pygame.Rect]:
    """Spots around ``target``, nearest first: above, below, right, left (each also
    shifted half a square or a square sideways), then just under and over the board (on
    its coordinates), then a square or two further out."""
    w, h = size
    out = []
    for far in (0, -1, cell, 2 * cell):
        if far < 0:  # the board's edges: a packed board still has its coordinates free
            for x in (target.centerx - w // 2, board.right - w, board.left):
                out.append(pygame.Rect(x, board.bottom + 2, w, h))
                out.append(pygame.Rect(x, board.top - 2 - h, w, h))
            continue
        g = GAP + far
        for shift in (0, -cell // 2, cell // 2, -cell, cell):
            out.append(pygame.Rect(target.centerx - w // 2 + shift, target.top - g - h, w, h))
            out.append(pygame.Rect(target.centerx - w // 2 + shift, target.bottom + g, w, h))
            out.append(pygame.Rect(target.right + g, target.centery - h // 2 + shift, w, h))
            out.append(pygame.Rect(target.left - g - w, target.centery - h // 2 + shift, w, h))
    return out


def spot(scene: "MatchScene", target: pygame.Rect, size: tuple[int, int],
         avoid: tuple[pygame.Rect, ...] = ()) -> tuple[int, pygame.Rect]:
    """The nearest spot for a caption of ``size`` beside ``target`` that covers nothing in
    :func:`obstacles` (on a packed board, the one covering least, pieces before panels),
    inside the space between the top bar and the bottom bar; with how much it covers."""
    area = pygame.Rect(0, scene.top_h, scene.size[0], scene.bottom_rect.y - scene.top_h)
    soft, hard = pieces(scene), panels(scene, target) + list(avoid)
    best: tuple[int, int] | None = None
    found = target
    for i, box in enumerate(candidates(target, size, scene.geo.rect, scene.geo.cell)):
        box = box.clamp(area)
        covered = sum(c.w * c.h for c in (box.clip(r) for r in soft))
        covered += 50 * sum(c.w * c.h for c in (box.clip(r) for r in hard))  # a piece rather than a panel
        if best is None or (covered, i) < best:
            best, found = (covered, i), box
        if covered == 0:
            break
    return (best[0] if best else 0), found


def draw_caption(surface: pygame.Surface, scene: "MatchScene", target: pygame.Rect, words: str,
                 ink=theme.TEXT, edge=theme.ACCENT, size: int | None = None,
                 avoid: tuple[pygame.Rect, ...] = ()) -> pygame.Rect:
    """``words`` in a small panel beside ``target`` (wrapped when long, never cut);
    returns where it went."""
    t, geo = scene.app.text, scene.geo
    size = size or max(13, int(geo.cell * 0.22))
    best: tuple[int, pygame.Rect, list[pygame.Surface]] | None = None
    for width in (geo.outer.w, geo.outer.w * 3 // 4, geo.outer.w // 2):  # narrower when wide ones cover
        images = [t.render(line, size, ink) for line in t.wrap(words, size, max(geo.cell * 3, width))]
        w = max(img.get_width() for img in images) + 16
        h = sum(img.get_height() for img in images) + 8
        covered, box = spot(scene, target, (w, h), avoid)
        if best is None or covered < best[0]:
            best = (covered, box, images)
        if covered == 0:
            break
    assert best is not None
    _, box, images = best
    draw_panel(surface, box, edge=edge, alpha=240)
    y = box.y + 4
    for img in images:
        surface.blit(img, (box.x + 8, y))
        y += img.get_height()
    return box
