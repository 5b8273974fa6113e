"""What the Alien City match screen draws over the board each frame: lit legal lots, the
hovered lot, the keyboard cursor, the hint, the online move awaiting the server, and the
card previewing a build. Functions of the screen (``scene``): they read it, never change it.
"""

from __future__ import annotations

import pygame

from client import theme
from client.view.widgets import tooltip
from shared.aliencity import Build, Claim, Phase, lot_name
from shared.i18n import domain

from .view.board_view import boards
from .view.projections import draw_card, preview_rows

_, N_, ngettext, pgettext = domain("aliencity")

HINT_COLOUR = (255, 150, 240)


def draw_marks(scene, surface: pygame.Surface) -> None:
    """Lit legal lots, the hovered lot (a ghost of the piece, or a bobbing cap), the keyboard
    cursor, the hint and, online, the move sent."""
    if scene.flyers or (scene.timeline.busy and not scene.bots):
        return
    geo, kit, s = scene.geo, boards(scene.app), scene.state
    pulse = 0.65 + 0.35 * abs(((scene.app.clock_time * 1.4) % 2) - 1)
    kind = "claim" if s.phase is Phase.CLAIM else "legal"
    colour = theme.ACCENT if kind == "claim" else theme.LEGAL
    mark = kit.mark(kind, geo.lot, colour)
    mark.set_alpha(int(255 * pulse))
    legal = scene.legal_lots() if (scene.human_turn or (scene.bots and scene.hover_lot is not None)) else []
    for lot in legal:
        surface.blit(mark, geo.lot_rect(lot))
    mark.set_alpha(255)
    hover = scene.hover_lot
    if hover is not None and s.phase is not Phase.OVER:
        if hover in legal:  # a tower to claim keeps its colour (the claim is of a red tower, say)
            surface.blit(kit.mark("frame" if s.phase is Phase.CLAIM else "hover", geo.lot, colour), geo.lot_rect(hover))
            if s.phase is Phase.BUILD and scene.selected is not None and s.to_move is not None:
                ghost = kit.sprites.get(scene.selected, None, geo.lot, scene.app.options.colour_blind,
                                           ghost=True)
                surface.blit(ghost, geo.lot_rect(hover))
            elif s.phase is Phase.CLAIM:
                cap = kit.sprites.cap(s.to_move, geo.lot)
                bob = int(geo.lot * 0.12 * abs(((scene.app.clock_time * 2) % 2) - 1))
                surface.blit(cap, geo.lot_rect(hover).move(0, -bob - geo.lot // 8))
        elif scene.human_turn and not s.board[hover]:
            surface.blit(kit.mark("bad", geo.lot, theme.BAD), geo.lot_rect(hover))
    if scene.cursor is not None:
        surface.blit(kit.mark("cursor", geo.lot, theme.ACCENT_2), geo.lot_rect(scene.cursor))
    draw_hint(scene, surface)
    if scene.chrome is not None:
        draw_sent(scene, surface)

def draw_sent(scene, surface: pygame.Surface) -> None:
    """Online: the move sent and not yet answered as a ghost; a refused one flashes red."""
    geo, kit, chrome = scene.geo, boards(scene.app), scene.chrome
    pending = chrome.pending
    if isinstance(pending, Build):
        ghost = kit.sprites.get(pending.piece, None, geo.lot, scene.app.options.colour_blind, ghost=True)
        surface.blit(ghost, geo.lot_rect(pending.lot))
    refused = chrome.refused
    if isinstance(refused, (Build, Claim)):
        surface.blit(kit.mark("bad", geo.lot, theme.BAD), geo.lot_rect(refused.lot))

def draw_hint(scene, surface: pygame.Surface) -> None:
    """The hinted move: a pulsing frame on its lot with the piece (or cap) as a ghost (its
    caption, over the pieces: :mod:`.hint_caption`)."""
    move, s = scene.hint, scene.state
    if move is None or s is not scene.match.state or not isinstance(move, (Build, Claim)):
        return
    geo, kit = scene.geo, boards(scene.app)
    rect = geo.lot_rect(move.lot)
    pulse = abs(((scene.app.clock_time * 1.6) % 2) - 1)
    grow = int(geo.lot * 0.08 * pulse)
    frame = kit.mark("hover", geo.lot, HINT_COLOUR)
    surface.blit(frame, rect)
    pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(grow * 2, grow * 2), max(2, geo.lot // 20),
                     border_radius=geo.lot // 6)
    if isinstance(move, Build):
        ghost = kit.sprites.get(move.piece, None, geo.lot, scene.app.options.colour_blind, ghost=True)
        surface.blit(ghost, rect)
    else:
        cap = kit.sprites.cap(s.to_move, geo.lot).copy()
        cap.set_alpha(170)
        surface.blit(cap, rect.move(0, -int(geo.lot * (0.12 + 0.1 * pulse))))

def preview_build(scene) -> Build | None:
    """The build under the pointer whose effect on the projected scores is previewed."""
    s = scene.state
    lot = scene.hover_lot
    if (lot is None or scene.selected is None or not scene.human_turn or s.phase is not Phase.BUILD
            or scene.flyers or scene.timeline.busy):
        return None
    if not (s.build_masks(s.to_move)[scene.selected.index] >> lot) & 1:
        return None
    return Build(scene.selected, lot)

def draw_board_extra(scene, surface: pygame.Surface) -> None:
    """The preview card of the build under the pointer, or why the pointed lot is refused."""
    build = preview_build(scene)
    if build is not None:
        after = scene.insight.engine.preview(scene.state, build)
        if after is not None:
            size = max(13, int(scene.size[1] * 0.02))
            draw_card(surface, scene.app.text, _("IF YOU BUILD ON {lot}").format(lot=lot_name(build.lot)),
                      preview_rows(scene.state.score(), after), scene.pointer_pos, size, edge=theme.LEGAL,
                      avoid=scene.geo.rect)
        return
    reason = scene.hover_reason()
    if reason and scene.cursor is None and not scene.timeline.busy:
        tooltip(surface, scene.app.text, reason, scene.mouse, width=380, colour=theme.BAD)
