"""The Sprawl match screen's input: the pointer on the board (hover, click, drag a branch
out of its square, right-click for the moves ending there), the size buttons under the
board, the square chooser, and the keys. Every move still goes through the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shared.sprawl.words import _

from .overlays import KEYS

if TYPE_CHECKING:
    from .game import MatchScene

ARROWS = {pygame.K_UP: 0, pygame.K_RIGHT: 1, pygame.K_DOWN: 2, pygame.K_LEFT: 3}
SIZE_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}
CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def handle_event(scene: "MatchScene", event: pygame.event.Event) -> bool:
    if scene.hand.chooser:
        return _chooser_event(scene, event)
    if event.type == pygame.MOUSEMOTION:
        sq = scene.geo.square_at(event.pos)
        if sq != scene.hand.hover:
            scene.hand.armed = None  # a second click must land on the same square
        scene.hand.hover = sq
        if scene.hand.press is not None:
            scene.hand.drag_dir = scene.hand.drag_direction(scene.hand.press[1], event.pos)
            scene.hand.hover = scene.hand.press[0] if scene.hand.drag_dir is not None else scene.hand.hover
        scene.buttons_event(event)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN:
        if scene.buttons_event(event):
            return True
        sq = scene.geo.square_at(event.pos)
        if event.button == 1:
            for k, r in zip((3, 2, 1), scene.hand.rects):
                if r.collidepoint(event.pos):
                    scene.hand.set_size(k)
                    return True
            if sq is not None:
                scene.hand.press, scene.hand.drag_dir = (sq, event.pos), None
                scene.hand.hover = sq
            return True
        if event.button == 3 and sq is not None and scene.human_turn:
            if not scene.hand.open_chooser(sq):
                move = scene.hand.move_at(sq)
                reason = scene.match.state.why_not(move)
                scene.app.sounds.play("error")
                scene.show_toast(_("No move ends on this square. {reason}").format(reason=reason.text) if reason
                                 else _("No move ends on this square."), 4)
            return True
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        press, direction = scene.hand.press, scene.hand.drag_dir
        scene.hand.press, scene.hand.drag_dir = None, None
        if press is None:
            return True
        sq = press[0]
        if direction is None:
            if scene.geo.square_at(event.pos) == sq:
                scene.hand.click_square(sq)
        else:
            scene.hand.click_square(sq, direction)
        return True
    if event.type == pygame.MOUSEWHEEL:
        if scene.human_turn and scene.hand.action == "branch" and scene.hand.hover is not None:
            scene.hand.turn_branch(-1 if event.y > 0 else 1)  # over the board: the branch turns
        elif scene.human_turn:
            scene.hand.set_size((scene.hand.hand_size - 1 + (1 if event.y > 0 else -1)) % 3 + 1)
        return True
    if event.type == pygame.KEYDOWN:
        return _key(scene, event)
    return False


def _chooser_event(scene: "MatchScene", event: pygame.event.Event) -> bool:
    rects = scene.hand.chooser_rects()
    if event.type == pygame.MOUSEMOTION:
        scene.hand.chooser_hover = next((i for i, r in enumerate(rects) if r.collidepoint(event.pos)), -1)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN:
        hit = next((i for i, r in enumerate(rects) if r.collidepoint(event.pos)), -1)
        if hit >= 0 and event.button == 1:
            scene.hand.choose(hit)
        else:
            scene.hand.chooser, scene.hand.chooser_hover = None, -1
        return True
    if event.type == pygame.KEYDOWN:
        # The list has its own keys (arrows to pick a row, Enter to play it): a number keeps
        # its meaning everywhere (the size in hand), so it closes the list and sets the size.
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
            start = scene.hand.chooser_hover if scene.hand.chooser_hover >= 0 else (-1 if step > 0 else 0)
            scene.hand.chooser_hover = (start + step) % len(scene.hand.chooser)
        elif event.key in CONFIRM:
            if scene.hand.chooser_hover >= 0:
                scene.hand.choose(scene.hand.chooser_hover)
        else:
            scene.hand.chooser, scene.hand.chooser_hover = None, -1
            if event.key != pygame.K_ESCAPE:
                return _key(scene, event)
        return True
    return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


def _key(scene: "MatchScene", event: pygame.event.Event) -> bool:
    key, mod = event.key, event.mod
    ctrl = bool(mod & pygame.KMOD_CTRL)
    if key == pygame.K_ESCAPE:
        scene.actions.pause()
    elif ctrl and key == pygame.K_s:
        scene.save()
    elif key in (pygame.K_u,) or (ctrl and key == pygame.K_z):
        scene.undo()
    elif key == pygame.K_F1:
        from .howto import HowToScene
        scene.app.push(HowToScene(scene.app))
    elif key in KEYS.values():
        scene.bar.toggle(next(n for n, k in KEYS.items() if k == key))
    elif key == pygame.K_c and scene.match.state.is_over():
        scene.actions.final_count()
    elif not scene.human_turn:
        return scene.buttons_event(event)
    elif key in SIZE_KEYS:
        scene.hand.set_size(SIZE_KEYS[key])
    elif key == pygame.K_TAB:
        scene.hand.set_action("branch" if scene.hand.action == "place" else "place")
    elif key == pygame.K_h:
        scene.hinter.ask_hint()
    elif key == pygame.K_b:
        scene.hand.set_action("branch")
    elif key == pygame.K_p:
        scene.hand.set_action("place")
    elif key == pygame.K_r:
        scene.hand.turn_branch(-1 if mod & pygame.KMOD_SHIFT else 1)
    elif key in ARROWS:
        scene.hand.set_direction(ARROWS[key])
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        if not scene.hand.play_hint(scene.hinter) and scene.hand.hover is not None:  # the hint shown first
            scene.hand.click_square(scene.hand.hover)
    else:
        return scene.buttons_event(event)
    return True
