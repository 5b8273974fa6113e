"""What the match screen draws over the board: the ghost of the piece in hand (green
where the engine allows it, red with the engine's sentence where not), where the chosen
piece fits, the last move, a computer's choice, the online pending move, a caption
beside a group of squares, the tooltip on a dimmed tray piece. Reads the scene; changes
nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.view.widgets import draw_panel, tooltip

from . import look

if TYPE_CHECKING:
    from .game import MatchScene


def draw_squares(surface: pygame.Surface, scene, squares, colour: int, cb: bool, alpha: int,
                 edge: tuple[int, int, int] | None) -> None:
    geo = scene.geo
    img = look.tile(colour, geo.cell, cb, alpha)
    for sq in squares:
        if 0 <= sq[0] < 20 and 0 <= sq[1] < 20:
            surface.blit(img, geo.square_rect(sq))
    if edge is not None:
        look.outline(surface, geo, squares, edge, max(2, geo.cell // 9))


def draw_fit(surface: pygame.Surface, scene: "MatchScene") -> None:
    """Squares some placement of the chosen piece would cover (S turns it on): a neutral
    hatch and ring, told from the ghost (a filled piece in its colour) by shape and
    brightness rather than by hue, so it reads in every colour-blind mode."""
    squares = scene.control.fit_squares()
    if not squares:
        return
    geo = scene.geo
    layer = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
    pulse = 0.75 + 0.25 * abs(((scene.app.clock_time * 0.8) % 2) - 1)
    hatch = (*look.FIT, int(150 * pulse))
    ring = max(3, geo.cell // 5)
    step = max(4, geo.cell // 4)
    for sq in squares:
        r = geo.square_rect(sq).move(-geo.x, -geo.y).inflate(-4, -4)
        for k in range(step, r.w + r.h, step):  # diagonal lines, clipped to the square
            a = (r.x + min(k, r.w), r.y + max(0, k - r.w))
            b = (r.x + max(0, k - r.h), r.y + min(k, r.h))
            pygame.draw.line(layer, hatch, a, b, 1)
        pygame.draw.circle(layer, (*look.FIT, 230), r.center, ring, max(1, geo.cell // 14))
    surface.blit(layer, geo.rect.topleft)


def draw_slot_tip(surface: pygame.Surface, scene: "MatchScene") -> None:
    """The pointer on a dimmed tray piece: the engine's reason it fits nowhere."""
    reason = scene.control.dimmed_reason()
    if reason is not None:
        tooltip(surface, scene.app.text, reason, scene.control.tip_pos, 340, theme.TEXT)


def draw_last(surface: pygame.Surface, scene) -> None:
    move = scene.last_move()
    if move is None or move.is_pass or any(sq in scene.hidden for sq in move.squares):
        return
    look.outline(surface, scene.geo, move.squares, (250, 250, 255), max(2, scene.geo.cell // 10))


def ghost_objects(scene) -> bool:
    """Whether the ghost shows the engine's objection (its sentence then stands alone)."""
    control = getattr(scene, "control", None)
    ghost = control.ghost() if control is not None else None
    return ghost is not None and ghost[1] is not None


def draw_ghost(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    """The piece in hand under the pointer, and the reason it cannot go there."""
    ghost = scene.control.ghost()
    if ghost is None:
        return
    move, reason = ghost
    colour = move.colour
    legal = reason is None
    draw_squares(surface, scene, move.squares, colour, cb, 200 if legal else 120,
                 look.LEGAL if legal else look.ILLEGAL)
    if not legal:
        geo = scene.geo
        for sq in move.squares:
            r = geo.square_rect(sq).inflate(-geo.cell // 2, -geo.cell // 2)
            pygame.draw.line(surface, look.ILLEGAL, r.topleft, r.bottomright, 2)
            pygame.draw.line(surface, look.ILLEGAL, r.bottomleft, r.topright, 2)
        label(surface, scene, reason, move.squares, theme.BAD)


def label_layout(scene, text: str, squares) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """Where a sentence about a group of squares goes (just above them, else just below),
    and its lines: the box stays on the board's squares, so it never covers the
    coordinates, a seat panel or the bars, however long the sentence is in a language."""
    geo, t = scene.geo, scene.app.text
    size = max(13, int(geo.cell * 0.55))
    imgs = [t.render(line, size, theme.TEXT) for line in t.wrap(text, size, int(geo.rect.w * 0.6))]
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() for i in imgs) + 10
    rects = [geo.square_rect(sq) for sq in squares]
    top = min(r.top for r in rects)
    bottom = max(r.bottom for r in rects)
    cx = sum(r.centerx for r in rects) // len(rects)
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (cx, top - 6)
    if box.top < geo.rect.top:
        box.midtop = (cx, bottom + 6)
    return box.clamp(geo.rect), imgs


def label(surface: pygame.Surface, scene, text: str, squares, edge) -> None:
    """A short sentence just above (or below) a group of squares, kept on the board."""
    box, imgs = label_layout(scene, text, squares)
    draw_panel(surface, box, edge=edge, alpha=235)
    y = box.y + 5
    for img in imgs:
        surface.blit(img, (box.x + 8, y))
        y += img.get_height()


def draw_computer(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    move = scene.turns.choice
    if move is not None and not move.is_pass:
        draw_squares(surface, scene, move.squares, move.colour, cb, 170, theme.ACCENT_2)


def draw_online(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    chrome = scene.chrome
    if chrome is None:
        return
    pending = chrome.pending
    if pending is not None and not pending.is_pass:
        draw_squares(surface, scene, pending.squares, pending.colour, cb, 150, theme.ACCENT_2)
    refused = chrome.refused
    if refused is not None and not getattr(refused, "is_pass", True):
        draw_squares(surface, scene, refused.squares, refused.colour, cb, 90, theme.BAD)
