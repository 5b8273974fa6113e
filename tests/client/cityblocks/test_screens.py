"""Screens of City Blocks rendered for real (SDL's dummy driver): the board at both
window sizes and in colour-blind mode, a ghost where it may go and where it may not, the
score show mid-count and its table, the how-to pages. Each must not be blank; set
CITY_BLOCKS_SHOTS=DIR to keep the PNGs to look at."""

import os
from pathlib import Path

import pygame
import pytest

from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.howto import PAGES, HowToScene
from client.games.cityblocks.pieces import Hand
from client.games.cityblocks.score import ScoreScene
from shared.cityblocks.geometry import shape_of

from ..conftest import motion, show
from .helpers import aim_for, random_game, settle


def snap(app, name: str, tmp_path: Path) -> pygame.Surface:
    if app.stack.top is not None and not getattr(app.stack.top, "sequence", None):
        app.stack.top.timeline.finish_all()  # banners gone (the score show keeps its place)
    app.stack.draw(app.window)
    folder = Path(os.environ.get("CITY_BLOCKS_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(folder / f"{name}.png"))
    pixels = pygame.image.tobytes(app.window, "RGB")
    colours = set(pixels[i:i + 3] for i in range(0, len(pixels), 3 * 499))
    assert len(colours) > 40, f"{name} looks blank"
    return app.window


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_and_a_ghost_legal_and_not(app, tmp_path, size, players):
    app.set_size(size)
    state = random_game(players, 40 + players, stop_at=18)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    assert scene.geo.cell >= (30 if size[0] == 1280 else 24), "400 squares big enough to read"
    for tray in scene.board.trays():
        assert scene.geo.outer.clipline(tray.rect.topleft, tray.rect.bottomright) == ()
    legal = state.placements_for(state.colour, scene.hand.piece)[0]
    scene.hand = Hand.take(legal.colour, legal.piece)
    scene.hand.orient = shape_of(legal.squares)
    app.step(1 / 60, events=[motion(scene.geo.centre(aim_for(legal)))])
    assert scene.control.ghost()[1] is None
    snap(app, f"board-{players}p-{size[0]}-ghost-legal", tmp_path)
    covered = next((x, y) for y in range(20) for x in range(20) if state.owner(x, y) is not None)
    app.step(1 / 60, events=[motion(scene.geo.centre(covered))])
    assert scene.control.ghost()[1] is not None
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)])
    snap(app, f"board-{players}p-{size[0]}-ghost-illegal", tmp_path)
    app.set_size((1280, 800))


def test_colour_blind_board_and_the_score_show(app, tmp_path):
    app.options.colour_blind = True
    state = random_game(4, 61)
    show(app, MatchScene(app, random_game(4, 61, stop_at=30)))
    snap(app, "board-colour-blind", tmp_path)
    app.options.colour_blind = False
    scene = ScoreScene(app, state)
    show(app, scene)
    for _ in range(150):
        app.step(1 / 30, events=[], draw=False)
    snap(app, "show-area", tmp_path)
    for _ in range(90):
        app.step(1 / 30, events=[], draw=False)
    snap(app, "show-edges", tmp_path)
    scene.skip()
    for _ in range(30):
        app.step(1 / 30, events=[], draw=False)
    snap(app, "show-final", tmp_path)


def test_how_to_pages(app, tmp_path):
    scene = HowToScene(app)
    show(app, scene)
    for page in range(len(PAGES)):
        scene.page = page
        snap(app, f"howto-{page}", tmp_path)


@pytest.mark.parametrize("side", [180, 240, 300, 560])
def test_rank_labels_are_not_cut_at_the_left_edge(app, side):
    """A small board (the title card's picture) keeps its two-digit ranks whole: the label
    strip's first pixel column stays empty, where a cut "20" would show its "2"."""
    from client.games.cityblocks import look
    geo = look.BoardGeo.fit(pygame.Rect(0, 0, side, side))
    surf = look.render_board(app.text, geo, (0, 0, 0, 0), False)
    edge = [surf.get_at((x, y)).a for x in range(2) for y in range(surf.get_height())]
    assert max(edge) == 0


@pytest.mark.parametrize("w,h", [(120, 130), (150, 140), (179, 200), (180, 180), (230, 160), (400, 300)])
def test_a_board_stays_inside_its_area_however_small(w, h):
    """The title card's picture in a small window with saved games and a hosted server
    above and below: the board (with its coordinates while they can be read) fits its
    area, and below readable squares the coordinates go rather than the top rows."""
    from client.games.cityblocks import look
    area = pygame.Rect(10, 20, w, h)
    geo = look.BoardGeo.fit(area)
    assert area.contains(geo.outer), (geo.outer, area)
    assert geo.label == 0 or geo.cell >= look.MIN_LABELLED_CELL
