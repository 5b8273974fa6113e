"""Alien City's hint caption keeps off the built lots where the lots leave it room: in
seeded midgame positions, wherever the hint builds, the caption covers no pyramid or
token (and stays on the lots, off the hinted lot: ``test_hint_play``)."""

from __future__ import annotations

import pytest

from client.games.aliencity import hint_caption
from client.games.aliencity.game import GameScene
from shared.aliencity import PIECES, Build
from tests.games.aliencity.test_bots import midgame

from .conftest import show


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("seed,plies", [(4, 16), (6, 24)])
def test_the_hint_caption_covers_no_built_lot(app, size, seed, plies):
    app.set_size(size)
    state = midgame(seed, plies)
    scene = GameScene(app, state)
    show(app, scene)
    scene.timeline.finish_all()
    built = [lot for lot, code in enumerate(state.board) if code]
    assert len(built) >= plies // 2
    for lot in range(80):
        if lot in built:
            continue
        box, _imgs = hint_caption.caption_layout(scene, Build(PIECES[lot % len(PIECES)], lot))
        covered = [b for b in built if box.colliderect(scene.geo.lot_rect(b))]
        assert not covered, f"the hint on lot {lot} covers built lots {covered}"
    scene.computers.stop()
