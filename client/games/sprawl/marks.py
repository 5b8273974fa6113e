"""What the match screen draws over the board: the glow of legal squares, the ghost of
the hand's move (green, or red with the engine's reason), the last move, a computer's
chosen move, the square chooser, the hand readout and a dead tree's reason under the
pointer. Reads the scene; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.view.widgets import draw_panel, tooltip
from shared.sprawl import Branch, Build
from shared.sprawl.words import _, direction_word, sentence

from . import look
from .captions import draw_caption
from .hand import chooser_head, describe
from .overlays import dead_reasons

if TYPE_CHECKING:
    from .game import MatchScene


def draw_glow(surface: pygame.Surface, scene: "MatchScene") -> None:
    some, best = scene.hand.glow()
    if not some:
        return
    cell = scene.geo.cell
    pulse = 0.5 + 0.5 * abs(((scene.app.clock_time * 0.8) % 2) - 1)
    for sq in some:
        r = scene.geo.square_rect(sq).inflate(-3, -3)
        strong = sq in best
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        layer.fill((*look.LEGAL, int((35 + 35 * pulse) if strong else 22 + 18 * pulse)))
        surface.blit(layer, r)
        pygame.draw.rect(surface, look.LEGAL if strong else theme.scale(look.LEGAL, 0.75), r, max(2, cell // 30),
                         border_radius=4)


def ghost_move(surface: pygame.Surface, scene, move, ok: bool, cb: bool, warn: bool = False) -> None:
    """The move's piece, translucent, on its square, framed green or red (amber with a
    warning sign when the move ends the game or leaves a seat without a move)."""
    geo = scene.geo
    r = geo.square_rect(move.square)
    layer = pygame.Surface((r.w, r.h), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, r.w, r.h)
    state = scene.match.state
    if isinstance(move, Branch):
        look.draw_branch(layer, inner, move.seat, move.size, move.direction, cb)
    elif isinstance(move, Build):
        look.draw_tower(layer, inner, (state.tw[move.square] or ()) + ((move.size, move.seat),), cb)
    else:
        pieces = ((move.size, move.seat),) + tuple((k, move.seat) for k in move.extra)
        look.draw_tower(layer, inner, pieces, cb)
    layer.set_alpha(200 if ok else 120)
    surface.blit(layer, r)
    colour = theme.ACCENT if ok and warn else look.LEGAL if ok else look.ILLEGAL
    pygame.draw.rect(surface, colour, r.inflate(-2, -2), max(2, geo.cell // 22), border_radius=5)
    if ok and warn:  # a small "!" in a triangle, readable without colour
        s = max(10, geo.cell // 4)
        tip = (r.x + 4 + s // 2, r.y + 4)
        pygame.draw.polygon(surface, theme.ACCENT, (tip, (r.x + 4, r.y + 4 + s), (r.x + 4 + s, r.y + 4 + s)))
        pygame.draw.line(surface, (20, 20, 30), (tip[0], tip[1] + s // 3), (tip[0], tip[1] + s * 2 // 3), 2)
        pygame.draw.circle(surface, (20, 20, 30), (tip[0], tip[1] + s * 5 // 6), 1)
    if isinstance(move, Branch) and ok:
        target = state.geo.reach[move.square][move.direction][move.size]
        if target >= 0:
            tr = geo.square_rect(target).inflate(-geo.cell // 3, -geo.cell // 3)
            pygame.draw.ellipse(surface, look.colour_rgb(move.seat, cb), tr, max(2, geo.cell // 26))


def draw_ghost(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    ghost = scene.hand.ghost()
    if ghost is None:
        return
    move, reason = ghost
    ghost_move(surface, scene, move, reason is None, cb, reason is None and scene.hand.warning(move) is not None)


def ghost_words(scene: "MatchScene") -> tuple[str, tuple[int, int, int]] | None:
    """The caption beside the ghost under the pointer and its frame's colour: what the move
    will do (a branch names the piece it grows from), the warning of a move that ends the
    game or strands a seat (and that it needs a second click), or the engine's reason."""
    ghost = scene.hand.ghost()
    if ghost is None:
        return None
    move, reason = ghost
    if reason is not None:
        return reason, look.ILLEGAL
    warning = scene.hand.warning(move)
    if warning is None:
        return scene.hand.ghost_caption(move), look.LEGAL
    if scene.hand.armed == move:  # one short line by the square: the warning itself is in the status line
        # TRANSLATORS: beside a square; the warning is written in the status line at the bottom.
        return _("Click again to play it anyway (warning below)."), theme.ACCENT
    # TRANSLATORS: beside a square; the warning is written in the status line at the bottom.
    return _("Click twice to play it (warning below)."), theme.ACCENT


def draw_ghost_caption(surface: pygame.Surface, scene: "MatchScene", avoid: tuple = ()) -> None:
    said = ghost_words(scene)
    if said is not None:
        target = scene.geo.square_rect(scene.hand.ghost()[0].square)
        draw_caption(surface, scene, target, said[0], edge=said[1], avoid=avoid)


def draw_last(surface: pygame.Surface, scene, move) -> None:
    if move is None or scene.drops or not hasattr(move, "square"):
        return
    r = scene.geo.square_rect(move.square)
    pygame.draw.rect(surface, (250, 250, 255), r.inflate(-1, -1), max(2, scene.geo.cell // 30), border_radius=3)


def draw_computer(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    if scene.turns.choice is not None:
        ghost_move(surface, scene, scene.turns.choice, True, cb)


def draw_chooser(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    if not scene.hand.chooser:
        return
    t = scene.app.text
    rects = scene.hand.chooser_rects()
    box = rects[0].unionall(rects).inflate(12, 36)
    box.y -= 24
    draw_panel(surface, box, glow=theme.ACCENT_2, alpha=245)
    size = max(13, int(scene.hand.size_px() * 0.5))
    head = t.fitted(chooser_head(), max(12, size - 2), theme.TEXT_DIM, box.w - 20, bold=True)
    surface.blit(head, (box.x + 10, box.y + 6))
    first = not scene.match.state.started[scene.hand.seat]
    for i, (move, r) in enumerate(zip(scene.hand.chooser, rects)):
        hover = i == scene.hand.chooser_hover
        pygame.draw.rect(surface, (60, 70, 150) if hover else (30, 34, 70), r, border_radius=6)
        pygame.draw.rect(surface, look.colour_rgb(move.seat, cb), r, 1, border_radius=6)
        img = t.render(describe(move, first), size, theme.TEXT)
        surface.blit(img, (r.x + 10, r.centery - img.get_height() // 2))
    if 0 <= scene.hand.chooser_hover < len(scene.hand.chooser):
        move = scene.hand.chooser[scene.hand.chooser_hover]
        ghost_move(surface, scene, move, True, cb, scene.hand.warning(move) is not None)


def hand_words(scene: "MatchScene", aim: int | None = None) -> str:
    """What the piece in hand does, beside it: the same kind as the lit squares and the ghost."""
    hand = scene.hand
    if hand.action == "branch":
        aim = hand.direction if aim is None else aim
        return _("branch pointing {direction}").format(direction=direction_word(aim))
    if hand.action == "build":
        # TRANSLATORS: beside the piece in hand when a hint is a build (a piece on a tower).
        return _("build on a tower")
    return _("first tower") if not scene.match.state.started[hand.seat] else _("tower / spore")


def draw_hand(surface: pygame.Surface, scene: "MatchScene", cb: bool, hint: str | None = None) -> None:
    """Under the board: the size in hand, the action and the branch direction (and the
    ``hint``'s chance of first place, off the board's squares)."""
    if not scene.human_turn:
        return
    t = scene.app.text
    seat = scene.hand.seat
    rects = scene.hand.rects
    px = rects[0].h
    size = max(12, int(px * 0.42))
    stash = scene.match.state.stash[seat]
    hand = scene.hand
    aim = hand.aim_direction(hand.hover) if hand.hover is not None else hand.direction  # as the ghost points
    for k, r in zip((3, 2, 1), rects):
        chosen = k == scene.hand.hand_size
        pygame.draw.rect(surface, (50, 56, 116) if chosen else (24, 27, 56), r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, r, 2, border_radius=6)
        img = look.lying(seat, k, aim, px, cb) if scene.hand.action == "branch" else look.upright(seat, k, px, cb)
        if not stash[k - 1]:
            img = img.copy()
            img.set_alpha(70)
        surface.blit(img, r)
    what = hand_words(scene, aim)
    x = rects[-1].right + 8
    row = pygame.Rect(x, rects[0].y, scene.size[0], px)
    room = min([r.x for r in scene.board.panel_rects if r.colliderect(row)] + [scene.size[0]]) - scene.margin - x
    # TRANSLATORS: the keys that change the piece in hand, beside it (short: it shares a line).
    keys = _("1-3 size · Tab: tower/branch · R or wheel: turn the branch")
    # TRANSLATORS: beside the piece in hand: its size and action, then the keys that change them.
    img = t.render(_("{size}: {what}  ·  {keys}").format(size=scene.hand.hand_size, what=what, keys=keys), size,
                   theme.TEXT_DIM)
    if hint is None and img.get_width() <= room:
        surface.blit(img, (x, rects[0].centery - img.get_height() // 2))
        return
    top = t.fitted(f"{scene.hand.hand_size}: {what}", size, theme.TEXT, room)  # two lines: the keys below
    low = t.fitted(keys, max(11, size - 2), theme.TEXT_DIM, room) if hint is None else \
        t.fitted(hint, max(11, size - 2), theme.ACCENT, room, bold=True)  # a hint's chance, off the board
    surface.blit(top, (x, rects[0].y))
    surface.blit(low, (x, rects[0].bottom - low.get_height()))


def draw_dead_tip(surface: pygame.Surface, scene, sq: int | None) -> None:
    """The pointer on a dead tree (``sq``): the engine's reason it is dead."""
    state = scene.state
    if sq is None:
        return
    tree = state.tree_of(sq)
    if tree is None or tree not in state.dead:
        return
    reason = dead_reasons(state)[tree]
    rect = scene.geo.square_rect(sq)
    tooltip(surface, scene.app.text, sentence(reason), rect.bottomright, 380, theme.TEXT)
