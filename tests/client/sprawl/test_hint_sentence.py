"""The hint's sentence (a toast between the seat panels) hangs where it covers the fewest
pieces on the board (none where there is room), and never the hinted move."""

import pygame
import pytest

from client.games.sprawl.captions import pieces
from client.games.sprawl.game import MatchScene
from client.view import banners
from shared.gamekit.advice import Advice

from ..conftest import show
from .helpers import random_game, settle


@pytest.fixture
def boxes(monkeypatch):
    """The boxes of the panels the toasts draw (window coordinates)."""
    drawn: list[pygame.Rect] = []
    original = banners.draw_panel

    def draw_panel(surface, rect, **kw):
        drawn.append(pygame.Rect(rect).move(surface.get_abs_offset()))
        return original(surface, rect, **kw)

    monkeypatch.setattr(banners, "draw_panel", draw_panel)
    return drawn


def fewest(scene, box: pygame.Rect, target: pygame.Rect) -> int:
    """The fewest pieces a box as wide and high as ``box`` covers at the same x, anywhere
    between the board's top and the hand, off the ``target``."""
    counts = [len(moved.collidelistall(pieces(scene)))
              for y in range(scene.geo.rect.top + 6, scene.hand.rects[0].y - 10 - box.h + 1)
              if not (moved := box.move(0, y - box.y)).colliderect(target)]
    return min(counts)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_hint_sentence_covers_the_fewest_pieces_any_band_does_and_not_the_move(app, boxes, size):
    app.set_size(size)
    checked = 0
    for seed, stop in ((3, 20), (5, 20), (8, 20), (8, 12), (5, 15)):
        state = random_game(4, seed, stop_at=stop)
        if state.is_over():
            continue
        scene = MatchScene(app, state)
        show(app, scene)
        settle(app, scene)
        for move in state.legal_moves():
            advice = Advice(move, state.to_move, (0.1,) * 4)
            scene.computers.hint, scene.computers.hint_token = advice, state
            scene.show_toast(scene.hint_words(advice), 6)
            boxes.clear()
            scene.draw(app.window)
            box = boxes[-1]
            target = scene.geo.square_rect(move.square)
            assert not box.colliderect(target), move.text()
            covered = len(box.collidelistall(pieces(scene)))
            assert covered <= fewest(scene, box, target), f"{move.text()} at seed {seed}: {box} covers {covered}"
            checked += 1
        app.stack.scenes.clear()
    assert checked >= 20
