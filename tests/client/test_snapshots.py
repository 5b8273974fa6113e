"""Screenshots at fixed moments compared with saved snapshots, with a tolerance: the road
overlay, the pathing wave and three steps of the score show, rendered at 640x400.

Regenerate after a deliberate change of look with ``ALIEN_CITY_UPDATE_SNAPSHOTS=1``. On a
mismatch the actual frame and a diff image (differing pixels in red) are saved next to
the test's temporary directory, or into ``ALIEN_CITY_SNAPSHOT_OUT`` when it is set.
"""

import os
import random
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.aliencity.game import GameScene
from client.games.aliencity.score import ScoreScene
from shared.aliencity import Claim, Pass, Phase, Ruleset, new_game

from .conftest import motion, show

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
SIZE = (640, 400)
CHANNEL_TOLERANCE = 48  # a pixel differs when a channel is off by more than this
AREA_TOLERANCE = 0.006  # and the frame differs when more than this share of pixels does


@pytest.fixture
def small_app():
    application = App(Options(), SIZE, persist=False)
    yield application
    application.stack.scenes.clear()
    application.set_size((1280, 800))


def play(seed: int, builds: int | None = None):
    """Seeded play with eager claims: to ``builds`` builds (build step), or to the end."""
    rng = random.Random(seed)
    state = new_game(Ruleset(2004), seed)
    while state.phase is not Phase.OVER and (builds is None or state.ply < builds or state.phase is not Phase.BUILD):
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            state = state.apply(Claim(rng.choice(claims)) if claims and rng.random() < 0.8 else Pass())
        else:
            legal = state.legal_builds()
            state = state.apply(legal[rng.randrange(len(legal))])
    return state


def frames(app, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60, events=[])


def compare(app, name: str, tmp_path: Path) -> None:
    """The window against ``snapshots/NAME.png`` (or write it when regenerating)."""
    app.stack.draw(app.window)
    actual = app.window.copy()
    path = SNAPSHOTS / f"{name}.png"
    if os.environ.get("ALIEN_CITY_UPDATE_SNAPSHOTS") or not path.exists():
        if not os.environ.get("ALIEN_CITY_UPDATE_SNAPSHOTS"):
            pytest.fail(f"no snapshot {path.name}: run with ALIEN_CITY_UPDATE_SNAPSHOTS=1 to create it")
        SNAPSHOTS.mkdir(exist_ok=True)
        pygame.image.save(actual, str(path))
        return
    expected = pygame.image.load(str(path)).convert()
    assert expected.get_size() == actual.get_size(), f"{name}: snapshot size {expected.get_size()}"
    diff = pygame.Surface(actual.get_size())
    diff.blit(actual, (0, 0))
    diff.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)  # black, then red where they differ
    tol = (CHANNEL_TOLERANCE,) * 3 + (255,)
    same = pygame.transform.threshold(diff, actual, None, tol, (255, 40, 40), 1, expected, False)
    total = actual.get_width() * actual.get_height()
    share = (total - same) / total
    if share > AREA_TOLERANCE:
        out = Path(os.environ.get("ALIEN_CITY_SNAPSHOT_OUT") or tmp_path)
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(actual, str(out / f"{name}-actual.png"))
        pygame.image.save(diff, str(out / f"{name}-diff.png"))
        pytest.fail(f"{name}: {share:.2%} of pixels differ from the snapshot (allowed {AREA_TOLERANCE:.2%}); "
                    f"see {out / (name + '-diff.png')}")


def test_snapshot_road_overlay(small_app, tmp_path):
    """The R overlay over a late position: road, flow dashes, split and cut-off marks."""
    game = GameScene(small_app, play(21, 30))
    show(small_app, game)
    game.timeline.finish_all()
    game.board.toggle_road()
    game.toast = ""
    frames(small_app, 30)
    compare(small_app, "road-overlay", tmp_path)


def test_snapshot_pathing_wave(small_app, tmp_path):
    """A claimed tower hovered: distances, customers lit, the path to its competitor."""
    state = play(22, 30)
    game = GameScene(small_app, state)
    show(small_app, game)
    game.timeline.finish_all()
    tower = next(t.lot for t in state.score().towers if t.competitor is not None)
    game.handle_event(motion(game.geo.lot_center(tower)))
    frames(small_app, 90)
    compare(small_app, "pathing-wave", tmp_path)


def show_at(app, beat: int, seconds: float) -> ScoreScene:
    """The score show of a seeded game, ``seconds`` into beat ``beat``."""
    state = play(23)
    scene = ScoreScene(app, state)
    show(app, scene)
    while scene.view.index < beat:
        scene.step()
    frames(app, round(seconds * 60))
    return scene


def test_snapshot_show_customers(small_app, tmp_path):
    """Step 1 of the show: the first tower in focus, customers lighting with the counter."""
    scene = show_at(small_app, 0, 1.35)
    assert scene.view.lit >= 1
    compare(small_app, "show-customers", tmp_path)


def test_snapshot_show_distance(small_app, tmp_path):
    """The road to the nearest competitor traced, its length counted, the equation up."""
    scene = show_at(small_app, 1, 3.0)
    assert scene.view.trace >= 1.0 or scene.view.equation > 0
    compare(small_app, "show-distance", tmp_path)


def test_snapshot_show_points_fly(small_app, tmp_path):
    """The points flying to the owner's total, earlier towers already in the table."""
    scene = show_at(small_app, 2, 0.0)
    for _ in range(60 * 10):
        small_app.step(1 / 60, events=[], draw=False)
        if scene.view.flying and scene.view.fly >= 0.5:
            break
    assert scene.view.flying
    compare(small_app, "show-points-fly", tmp_path)
