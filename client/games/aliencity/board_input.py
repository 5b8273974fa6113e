"""The Alien City match screen's input: mouse and keys to moves, menus and road tools.

Functions of the screen (``scene``): they call its actions (select, click_lot, skip,
undo, save, pause) and never decide a rule (the engine's ``why_not`` does)."""

from __future__ import annotations

import pygame

from shared.aliencity import PIECES, Phase
from shared.aliencity.types import COLUMNS, ROWS


def handle_event(scene, event: pygame.event.Event) -> bool:
    """Mouse and keys on the match screen: chrome first (chat), then the board's."""
    if scene.chrome is not None and scene.chrome.handle_event(event):
        return True
    if event.type == pygame.MOUSEMOTION:
        scene.mouse = event.pos
        scene.track_pointer(event.pos)
        scene.hover_lot = scene.geo.lot_at(event.pos) if scene.human_turn else scene.hover_lot
        panel = scene.panels.get(scene.match.state.to_move)
        scene.hover_slot = panel.slot_at(event.pos) if panel else None
        scene.buttons_event(event)
        return True
    if scene.board.road_keys(event):
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pin_click(scene, event.pos):
        return True
    if (event.type == pygame.KEYDOWN and event.key == pygame.K_c and scene.over_shown
            and scene.match.state.phase is Phase.OVER):
        scene.show_final_count()
        return True
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            scene.pause_menu()
            return True
        if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            scene.save()
            return True
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            scene.undo()
            return True
    if scene.timeline.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            scene.timeline.finish_all()  # impatient: skip the animation
        return True  # input waits while a move animates
    if scene.buttons_event(event):
        return True
    if not scene.human_turn:
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        panel = scene.panels[scene.match.state.to_move]
        piece = panel.slot_at(event.pos)
        if piece is not None:
            scene.select(piece)
            return True
        lot = scene.geo.lot_at(event.pos)
        if lot is not None:
            scene.cursor = None
            scene.click_lot(lot)
            return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        scene.cycle(1)
        return True
    if event.type == pygame.KEYDOWN:
        return key(scene, event)
    return False


def key(scene, event: pygame.event.Event) -> bool:
    """1-7 choose a piece, Tab cycles, arrows move the lot cursor, Enter builds there."""
    key = event.key
    if pygame.K_1 <= key <= pygame.K_7:
        scene.select(PIECES[key - pygame.K_1])
        return True
    if key == pygame.K_TAB:
        scene.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        return True
    moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
    if key in moves:
        dc, dr = moves[key]
        lot = scene.cursor if scene.cursor is not None else (scene.last_lots[0] if scene.last_lots else 36)
        col = min(COLUMNS - 1, max(0, lot % COLUMNS + dc))
        row = min(ROWS - 1, max(0, lot // COLUMNS + dr))
        scene.cursor = row * COLUMNS + col
        scene.hover_lot = scene.cursor
        scene.pointer_pos = scene.geo.lot_center(scene.cursor)
        scene.insight.point(scene.cursor)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and scene.cursor is not None:
        scene.click_lot(scene.cursor)
        return True
    return False


def pin_click(scene, pos: tuple[int, int]) -> bool:
    """A click on a structure pins its road wave (unless it is a tower to claim now)."""
    lot = scene.geo.lot_at(pos)
    s = scene.match.state
    if lot is None or not s.board[lot]:
        return False
    if scene.human_turn and s.phase is Phase.CLAIM and lot in s.legal_claims():
        return False
    return scene.insight.click(lot)
