"""After a person places a piece, the next colour's piece in hand is not drawn (and not
refused) over the piece just placed while the pointer rests there: its ghost comes back
when the pointer moves."""

from __future__ import annotations

import pytest

from client import theme
from client.app import App
from client.config import Options
from client.games.cityblocks.game import MatchScene
from client.scenes.seats import HumanSeat
from shared import i18n

from ..conftest import motion, show
from .helpers import place_by_events, settle


@pytest.fixture
def app():
    yield App(Options(), (1280, 800), persist=False)
    i18n.set_language("en")


def test_no_refused_ghost_over_the_piece_just_placed(app):
    scene = MatchScene(app, seats=[HumanSeat(name="Ann"), HumanSeat(name="Bo")], seed=3, players=2)
    show(app, scene)
    settle(app, scene)
    first = next(m for m in scene.match.state.legal_moves() if not m.is_pass)
    place_by_events(app, scene, first)
    settle(app, scene)
    assert scene.match.state.history, "the click placed the piece"
    control = scene.control
    assert control.hand is not None and control.hover in first.squares, "the next piece is in hand, aimed there"
    assert control.ghost() is None, "no ghost while the pointer rests where it clicked"
    assert control.status(True)[1] != theme.BAD, "and no refusal under the board"
    away = next((x, y) for x in range(20) for y in range(20) if (x, y) not in first.squares)
    app.step(0.016, events=[motion(scene.geo.centre(away))], draw=False)
    assert control.ghost() is not None, "the pointer moved: the ghost is back"
