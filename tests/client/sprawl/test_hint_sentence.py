"""The hint's sentence (a toast between the seat panels) hangs where it covers the fewest
pieces on the board (none where there is room), and never the hinted move."""

import pygame
import pytest

from client.games.sprawl.captions import pieces
from client.games.sprawl.game import MatchScene

from ..conftest import show
from ..test_hint_play import hint_toast, toasts  # noqa: F401 (``toasts``: the fixture)
from .helpers import random_game, settle


def fewest(scene, box: pygame.Rect, target: pygame.Rect) -> int:
    """The fewest pieces a box as wide and high as ``box`` covers at the same x, anywhere
    between the board's top and the hand, off the ``target``."""
    counts = [len(moved.collidelistall(pieces(scene)))
              for y in range(scene.geo.rect.top + 6, scene.hand.rects[0].y - 10 - box.h + 1)
              if not (moved := box.move(0, y - box.y)).colliderect(target)]
    return min(counts)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_hint_sentence_covers_the_fewest_pieces_any_band_does_and_not_the_move(app, toasts, size):  # noqa: F811
    app.set_size(size)
    checked = 0
    for seed, stop in ((3, 20), (5, 20), (8, 20), (8, 12), (5, 15)):
        state = random_game(4, seed, stop_at=stop)
        scene = MatchScene(app, state)
        show(app, scene)
        settle(app, scene)
        for move in state.legal_moves():
            box = hint_toast(app, scene, toasts, move)
            target = scene.geo.square_rect(move.square)
            assert not box.colliderect(target), move.text()
            covered = len(box.collidelistall(pieces(scene)))
            assert covered <= fewest(scene, box, target), f"{move.text()} at seed {seed}: {box} covers {covered}"
            checked += 1
        app.stack.scenes.clear()
    assert checked >= 20
