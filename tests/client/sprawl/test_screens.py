"""Screens of the Sprawl plug-in rendered headless (board, overlays, the hand and its
ghost, the chooser, the end show, the final table, replay, how-to pages) at 1280x800 and
1024x640, in plain and colour-blind looks: none is blank, the board has the pieces'
colours, and the panels stay inside the window for 3 to 8 seats."""

import pygame
import pytest

from client.games.sprawl.game import MatchScene
from client.games.sprawl.howto import PAGES, HowToScene
from client.games.sprawl.look import colour_rgb
from client.games.sprawl.score import ScoreScene

from ..conftest import motion, show
from .helpers import random_game, settle


def distinct_colours(surface: pygame.Surface, step: int = 7) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)})


def has_colour(surface: pygame.Surface, rgb, rect: pygame.Rect, tol: int = 40) -> bool:
    for x in range(rect.x, rect.right, 2):
        for y in range(rect.y, rect.bottom, 2):
            c = surface.get_at((x, y))
            if sum(abs(c[i] - rgb[i]) for i in range(3)) < tol:
                return True
    return False


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_match_screen_with_overlays_is_drawn_inside_the_window(app, size, players):
    app.set_size(size)
    state = random_game(players, 3, stop_at=2 * players)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    window = pygame.Rect((0, 0), size)
    for rect in scene.board.panel_rects + [scene.geo.outer] + scene.hand.rects + [b.rect for b in scene.buttons]:
        assert window.contains(rect), rect
    buttons = [b.rect for b in scene.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    app.step(1 / 60, events=[motion(scene.geo.centre(state.geo.squares[len(state.geo.squares) // 2]))])
    plain = app.window.copy()
    assert distinct_colours(plain) > 40
    tower = state.towers[0]
    assert has_colour(plain, colour_rgb(state.controller(tower)), scene.geo.square_rect(tower), 90)
    scene.shown = {"attacks", "spores", "trees"}
    app.step(1 / 60, events=[])
    assert app.window.copy().get_view("2").raw != plain.get_view("2").raw, "the overlays draw something"


def test_colour_blind_look_and_the_end_show_render(app):
    app.options.colour_blind = True
    state = next(s for s in (random_game(5, seed) for seed in range(1, 60)) if s.dead)
    scene = ScoreScene(app, state)
    show(app, scene)
    frames = []
    for i in range(400):
        app.step(0.05, events=[])
        if i % 40 == 0:
            frames.append(app.window.copy())
        if scene.stage == "final":
            break
    app.step(1 / 60, events=[])
    frames.append(app.window.copy())
    assert all(distinct_colours(f) > 30 for f in frames)
    assert len({f.get_view("2").raw for f in frames}) > 3, "the show moves"


def test_howto_pages_render_with_real_positions(app):
    scene = HowToScene(app)
    show(app, scene)
    shots = []
    for page in range(len(PAGES)):
        scene.page = page
        app.step(1 / 60, events=[])
        shots.append(app.window.get_view("2").raw)
        assert distinct_colours(app.window) > 20
    assert len(set(shots)) == len(PAGES)
    scene.page = next(i for i, (h, _) in enumerate(PAGES) if h == "Quiz")
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                scancode=0)])
    assert scene.answer
    app.step(1 / 60, events=[])
