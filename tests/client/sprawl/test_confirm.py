"""A move that ends the game (or strands a seat) asks for a second click: a hint that
arrives in between (H) does not cancel it, and the line beside the square covers no
piece and not the words beside the hand."""

import pygame
import pytest

from client.games.sprawl.captions import draw_caption, pieces
from client.games.sprawl.game import MatchScene
from client.games.sprawl.marks import ghost_words
from shared.gamekit.advice import Advice
from shared.sprawl import Branch
from shared.sprawl.foresight import move_warning

from ..conftest import show
from .helpers import random_game, settle, tap


def warned_positions(limit: int = 12):
    """Seeded positions with a legal non-branch move that warns (and another legal move)."""
    found = []
    for seed in range(60):
        state = random_game(4, seed)
        for back in range(1, 4):
            s = random_game(4, seed, stop_at=state.ply - back)
            if s.is_over():
                continue
            moves = [m for m in s.legal_moves() if not isinstance(m, Branch) and not getattr(m, "extra", ())]
            warned = [m for m in moves if move_warning(s, m)]
            others = [m for m in s.legal_moves() if m not in warned and not getattr(m, "extra", ())]
            if warned and others:
                found.append((s, warned[0], others[0]))
                break
        if len(found) >= limit:
            return found
    return found


def test_a_hint_between_the_two_clicks_keeps_the_move_armed(app):
    state, move, other = warned_positions(1)[0]
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    scene.hand.hand_for(move)
    tap(app, scene.geo.centre(move.square))
    assert scene.hand.armed == move
    advice = Advice(other, state.to_move, (0.2,) * 4)

    def arrives() -> None:   # the hint's search answers (as after H)
        scene.computers.hint, scene.computers.hint_token = advice, state
    scene.hinter.poll_hint = arrives  # type: ignore[method-assign]
    app.step(0.016, events=[], draw=False)
    assert scene.hand.armed == move, "the hint cancelled the pending confirmation"
    tap(app, scene.geo.centre(move.square))
    assert scene.match.state.ply == state.ply + 1 and scene.match.state.history[-1] == move.text()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_warning_beside_the_square_covers_no_piece_and_not_the_hand_words(app, size):
    app.set_size(size)
    checked = 0
    for state, move, _other in warned_positions():
        scene = MatchScene(app, state)
        show(app, scene)
        settle(app, scene)
        scene.hand.hand_for(move)
        scene.hand.hover = move.square
        words, edge = ghost_words(scene)
        surface = pygame.Surface(scene.size)
        target = scene.geo.square_rect(move.square)
        box = draw_caption(surface, scene, target, words, edge=edge)
        hand = scene.hand.rects
        row = pygame.Rect(hand[0].x, hand[0].y, scene.geo.outer.right - hand[0].x, hand[0].h)
        assert not box.colliderect(row), f"{move.text()} covers the hand's words"
        assert not any(box.colliderect(r) for r in pieces(scene)), f"{move.text()} covers a piece"
        checked += 1
        app.stack.scenes.clear()
    assert checked >= 10
