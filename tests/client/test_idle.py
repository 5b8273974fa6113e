"""An idle game draws only when something changes or moves: scenes say how many frames a
second they need (``App.frame_rate``), the loop sleeps on the event queue otherwise."""

import os
import subprocess
import sys
from pathlib import Path

from client.app import App
from client.games.aliencity.game import GameScene
from client.scenes.title import TitleScene
from shared.aliencity import Ruleset, new_game

from .conftest import motion, show

ROOT = Path(__file__).resolve().parents[2]


def run_frames(app: App, seconds: float) -> None:
    for _ in range(int(seconds * 60)):
        app.step(1 / 60, events=[])


def test_title_runs_full_rate_for_its_intro_then_slowly(app):
    show(app, TitleScene(app))
    assert app.frame_rate() == 60
    run_frames(app, 1.5)
    assert 0 < app.frame_rate() <= 12


def test_a_still_board_needs_no_frames_and_a_build_animates(app):
    game = GameScene(app, new_game(Ruleset(2004), 7))
    show(app, game)
    run_frames(app, 4)  # the opening banner
    assert app.frame_rate() == 0
    build = game.state.legal_builds()[0]
    game.play(build)
    assert app.frame_rate() == 60  # the piece drops, the road narrows
    run_frames(app, 6)
    assert app.frame_rate() == 0
    game.handle_event(motion(game.geo.lot_center(build.lot)))
    app.step(1 / 60, events=[])
    assert app.frame_rate() == 60  # a pathing wave spreads from the pointed structure
    run_frames(app, 4)
    assert 0 < app.frame_rate() <= 15  # its ring pulses slowly


def test_the_real_loop_sleeps_when_idle(tmp_path):
    """``App.run`` for 3 s on the title: far under a core (it used to spin at 120 Hz)."""
    env = dict(os.environ, ALIEN_CITY_CONFIG_DIR=str(tmp_path))
    code = (
        "import sys, time, pygame\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from client.app import App\nfrom client.config import Options\n"
        "from client.scenes.title import TitleScene\n"
        "app = App(Options(), (1280, 800), persist=False)\n"
        "app.stack.push(TitleScene(app)); app.stack.apply_pending()\n"
        "pygame.time.set_timer(pygame.QUIT, 3000, loops=1)\n"
        "cpu, wall = time.process_time(), time.perf_counter()\n"
        "app.run()\n"
        "print(100 * (time.process_time() - cpu) / (time.perf_counter() - wall))\n"
        "app.close()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.strip().splitlines()[-1]) < 25
