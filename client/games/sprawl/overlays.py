"""The board's overlays, each toggled on the match screen: attack arrows and attacked
squares, every seat's spore targets (the "dots" of the rules' picture), tree outlines
(which branches belong to which tower, its height = its reach), and the dead trees'
reasons. Everything is read from the engine's queries; nothing here decides a rule."""

from __future__ import annotations

import pygame

from client import theme
from shared.sprawl.board import STRIDE
from shared.sprawl.explain import dead_text
from shared.sprawl.words import N_, _

from . import look

OVERLAYS = ("attacks", "spores", "trees")
# TRANSLATORS: buttons that show or hide a layer over the board (keys A, S, O).
LABELS = {"attacks": N_("Attacks"), "spores": N_("Spores"), "trees": N_("Trees")}
KEYS = {"attacks": pygame.K_a, "spores": pygame.K_s, "trees": pygame.K_o}


def draw_attacks(surface: pygame.Surface, geo: look.BoardGeo, state, cb: bool) -> None:
    """Attacked squares tinted, an arrow from each attacking branch to its square."""
    cell = geo.cell
    amap = state.attack_map()
    m = max(6, cell // 6)
    for sq in amap:
        r = geo.square_rect(sq).inflate(-4, -4)
        pygame.draw.rect(surface, (255, 90, 110), r, max(2, cell // 30))
        for (x, y), (dx, dy) in (((r.x, r.y), (1, 1)), ((r.right, r.y), (-1, 1)), ((r.x, r.bottom), (1, -1)),
                                 ((r.right, r.bottom), (-1, -1))):
            pygame.draw.polygon(surface, (255, 90, 110), ((x, y), (x + dx * m, y), (x, y + dy * m)))
    width = max(2, cell // 22)
    for sq, attackers in amap.items():
        for a in attackers:
            rgb = look.colour_rgb(a["seat"], cb)
            ca, cs = geo.centre(a["square"]), geo.centre(sq)
            start = (ca[0] + (cs[0] - ca[0]) * 0.35, ca[1] + (cs[1] - ca[1]) * 0.35)
            end = (ca[0] + (cs[0] - ca[0]) * 0.78, ca[1] + (cs[1] - ca[1]) * 0.78)
            look.arrow(surface, start, end, (10, 10, 20), width + 2)
            look.arrow(surface, start, end, theme.mixc(rgb, (255, 255, 255), 0.25), width)


def spore_marks(state) -> dict[int, list[tuple[int, int]]]:
    """Square -> [(seat, branches targeting it)] for every seat still in the game."""
    out: dict[int, list[tuple[int, int]]] = {}
    for seat in range(state.n):
        for sq, count in state.targets(seat).items():
            out.setdefault(sq, []).append((seat, count))
    return out


def draw_spores(surface: pygame.Surface, geo: look.BoardGeo, state, cb: bool) -> None:
    """One dot per seat targeting a vacant square, in the seat's colour (a number when
    several of its branches target it)."""
    cell = geo.cell
    r = max(4, cell // 11)
    text = pygame.font.Font(None, max(12, int(r * 2.4)))
    for sq, marks in spore_marks(state).items():
        rect = geo.square_rect(sq)
        n = len(marks)
        for i, (seat, count) in enumerate(marks):
            cols = min(n, 3)
            x = rect.centerx + int((i % cols - (cols - 1) / 2) * r * 2.6)
            y = rect.centery + int((i // cols - (n - 1) // 3 / 2) * r * 2.6)
            pygame.draw.circle(surface, (10, 10, 20), (x, y), r + 2)
            pygame.draw.circle(surface, look.colour_rgb(seat, cb), (x, y), r)
            if cb:
                img = text.render(look.LETTERS_UP[seat], True, look.ink_on(seat, cb))
                surface.blit(img, img.get_rect(center=(x, y)))
            elif count > 1:
                img = text.render(str(count), True, look.ink_on(seat, cb))
                surface.blit(img, img.get_rect(center=(x, y)))


def tree_edges(squares: set[int]) -> list[tuple[int, int]]:
    """(square, side n/e/s/w as 0..3) of the outline of a set of squares."""
    out = []
    for sq in squares:
        f, r = sq % STRIDE, sq // STRIDE
        for d, (df, dr) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
            nf, nr = f + df, r + dr
            if not (0 <= nf < STRIDE and 0 <= nr < STRIDE) or (nf + STRIDE * nr) not in squares:
                out.append((sq, d))
    return out


def outline(surface: pygame.Surface, geo: look.BoardGeo, squares: set[int], colour, width: int,
            backing: bool = True) -> None:
    """The outline of a set of squares, drawn just inside them."""
    for sq, d in tree_edges(squares):
        r = geo.square_rect(sq).inflate(-2 * width, -2 * width)
        a, b = ((r.topleft, r.topright), (r.topright, r.bottomright), (r.bottomleft, r.bottomright),
                (r.topleft, r.bottomleft))[d]
        if backing:
            pygame.draw.line(surface, (10, 10, 20), a, b, width + 2)
        pygame.draw.line(surface, colour, a, b, width)


def draw_trees(surface: pygame.Surface, text, geo: look.BoardGeo, state, cb: bool) -> None:
    """Each tree outlined in its controller's colour (dashed when dead), its tower's height
    (how deep its branches may grow) in the tower's corner."""
    cell = geo.cell
    width = max(2, cell // 18)
    for t, info in state.trees().items():
        squares = {t, *info["branches"]}
        rgb = look.colour_rgb(info["owner"], cb)
        colour = theme.mixc(rgb, (255, 255, 255), 0.35) if info["live"] else look.GREY
        inset = width
        outline(surface, geo, squares, colour, width)
        tr = geo.square_rect(t)
        # TRANSLATORS: a tower's height in the corner of its square (keep it short: h2).
        img = text.render(_("h{height}").format(height=info["height"]), max(11, cell // 5), colour, bold=True)
        box = img.get_rect(topright=(tr.right - inset - 2, tr.y + inset + 1)).inflate(6, 2)
        pygame.draw.rect(surface, (10, 10, 20), box, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))


def dead_reasons(state) -> dict[int, str]:
    """Dead tower square -> the engine's sentence for it."""
    return {t: dead_text(state, t, named=True) for t in sorted(state.dead)}


def draw(surface: pygame.Surface, text, geo: look.BoardGeo, state, shown: set[str], cb: bool) -> None:
    if "trees" in shown:
        draw_trees(surface, text, geo, state, cb)
    if "attacks" in shown:
        draw_attacks(surface, geo, state, cb)
    if "spores" in shown:
        draw_spores(surface, geo, state, cb)
