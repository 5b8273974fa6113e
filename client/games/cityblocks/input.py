"""The match screen's keys (a person's turn): choosing, turning and flipping the piece,
the keyboard cursor, placing, passing, where a piece fits (S), a hint (H, as in every
game). The hand's part (:class:`.hand.HandControl`) passes them here; the pointer stays
with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shared.cityblocks.geometry import PIECE_INDEX, PIECE_SIZE, PIECES, SIZE

from .pieces import by_letter

if TYPE_CHECKING:
    from .hand import HandControl, HandHost

# letters that name pieces and are not taken by a command (F flips, P passes, R turns)
LETTER_KEYS = {getattr(pygame, f"K_{c.lower()}"): c for c in "ILNOTUVWXYZ"}
SHIFT_LETTER_KEYS = {pygame.K_f: "F", pygame.K_p: "P"}   # F5 and P5: their letter with Shift
SIZE_KEYS = {pygame.K_2: 2, pygame.K_3: 3, pygame.K_4: 4, pygame.K_5: 5}
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}


def handle_key(scene: "HandHost", hand: "HandControl", event: pygame.event.Event) -> bool:
    key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
    if key == pygame.K_u:
        scene.undo()
        return True
    if not scene.human_turn:
        return False
    if shift and key in SHIFT_LETTER_KEYS:
        hand.cycle(1, by_letter(SHIFT_LETTER_KEYS[key]))
    elif key == pygame.K_r:
        hand.turn_hand(not shift)
    elif key == pygame.K_e:
        hand.turn_hand(False)
    elif key == pygame.K_f:
        hand.flip_hand()
    elif key == pygame.K_p:
        scene.passing.ask()
    elif key == pygame.K_s:
        hand.toggle_fit()
    elif key == pygame.K_h:
        scene.hinter.ask_hint()
    elif key == pygame.K_c:
        hand.switch_colour()
    elif key == pygame.K_TAB:
        hand.cycle(-1 if shift else 1)
    elif key in LETTER_KEYS:
        hand.cycle(1, by_letter(LETTER_KEYS[key]))
    elif key in SIZE_KEYS:
        hand.cycle(1, [p for p in PIECES if PIECE_SIZE[PIECE_INDEX[p]] == SIZE_KEYS[key]])
    elif key in ARROWS:
        dx, dy = ARROWS[key]
        x, y = hand.aim() or (SIZE // 2, SIZE // 2)
        hand.cursor = (min(SIZE - 1, max(0, x + dx)), min(SIZE - 1, max(0, y + dy)))
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        if hand.cursor is not None or not scene.hinter.play_hint():  # the hint shown, unless the arrows aim
            hand.place()
    else:
        return False
    return True
