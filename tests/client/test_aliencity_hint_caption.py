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


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (896, 560)])
def test_the_hint_caption_hides_no_lot_next_to_the_hint(app, size):
    """'Hint: build on h7: green dome' is read against the lots round h7 (their colours,
    the builds they allow): wherever the hint builds, the caption covers none of the eight
    lots touching the hinted one."""
    app.set_size(size)
    state = midgame(4, 16)
    scene = GameScene(app, state)
    show(app, scene)
    scene.timeline.finish_all()
    geo = scene.geo
    for lot in range(80):
        box, _imgs = hint_caption.caption_layout(scene, Build(PIECES[lot % len(PIECES)], lot))
        col, row = lot % 8, lot // 8
        near = [r * 8 + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                if 0 <= r < 10 and 0 <= c < 8]
        hidden = [n for n in near if box.colliderect(geo.lot_rect(n))]
        assert not hidden, f"the hint on lot {lot} hides {hidden} ({size})"
    scene.computers.stop()
