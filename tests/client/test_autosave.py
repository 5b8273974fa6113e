"""No local game is ever lost: saved after each move, resumed by the title's Continue
(also after SIGKILL of a real client); leaving a game from the pause menu asks first;
a brand-new game left or closed by SIGTERM/SIGHUP is kept too. (Every game leaving from
the pause menu and continuing: tests/client/test_conformance.py.)"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from client import saves
from client.scenes.pause import ConfirmScene, PauseScene
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.title import TitleScene
from shared.aliencity.spec import AlienCityPosition

from .conftest import click, show

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def start(app, game_id: str, seats, seed: int = 11):
    plugin = app.games.get(game_id)
    opts = plugin.options_for(app, len(seats) if game_id != "alien-city" else None)
    state = plugin.new_state(app, opts, seed)
    scene = plugin.make_board(app, state, seats, seed=seed)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.step(1 / 60, events=[])
    return scene


def play_some(app, scene, n: int, rng: random.Random) -> None:
    for _ in range(n):
        state = scene.match.state
        if state.is_over():
            return
        if hasattr(state, "legal_builds"):  # Alien City: the engine state under the screen
            scene.play(AlienCityPosition(state).legal_moves().random(rng))
        else:
            scene.match.play(state.legal_moves().random(rng))
        app.step(1 / 60, events=[])


def continue_button(app):
    title = TitleScene(app)
    show(app, title)
    return title, [b for b in title.menu.buttons if getattr(b, "autosave", None) is not None]


def test_vs_computer_resumes_with_the_computer_at_its_level(app):
    scene = start(app, "alien-city", [HumanSeat(), ComputerSeat(level="hard")])
    scene.play(scene.match.state.legal_builds()[0])
    app.step(1 / 60, events=[])
    [saved] = saves.all_saves()
    assert saved.seats[1] == {"kind": "computer", "level": "hard"}
    assert "Computer (Hard)" in saves.describe(app, saved.data)
    resumed = saves.resume_scene(app, saved)
    assert isinstance(resumed.seats[1], ComputerSeat) and resumed.seats[1].level == "hard"
    resumed.computers.stop()
    scene.computers.stop()


def test_the_continue_label_counts_computers_of_one_level(app):
    """Four seats of Sprawl, three computers: the label stays short enough to read."""
    data = {"game": "sprawl", "seats": [{"kind": "human", "name": ""}]
            + [{"kind": "computer", "level": "easy"}] * 3}
    assert saves.describe(app, data) == "Sprawl, you vs 3 computers (Easy)"
    data["seats"][3] = {"kind": "computer", "level": "hard"}
    assert saves.describe(app, data) == "Sprawl, you vs 2 computers (Easy), Computer (Hard)"


def test_pause_main_menu_and_quit_ask_first(app):
    scene = start(app, "alien-city", [HumanSeat(), HumanSeat()])
    pause = PauseScene(app, scene)
    show(app, pause)
    pause.menu()
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "saved" in ask.detail
    ask.close()  # Stay
    app.stack.apply_pending()
    assert app.stack.top is pause
    pause.quit()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmScene) and app.running
    app.stack.top.confirm()
    assert not app.running


def test_the_window_close_button_asks_over_a_game_and_a_second_close_quits(app):
    import pygame
    scene = start(app, "city-blocks", [HumanSeat(), HumanSeat()])
    app.process_event(pygame.event.Event(pygame.QUIT))
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and app.running and "saved" in ask.detail
    ask.close()  # Stay: the game goes on
    app.stack.apply_pending()
    assert app.stack.top is scene and app.running
    app.process_event(pygame.event.Event(pygame.QUIT))
    app.stack.apply_pending()
    app.process_event(pygame.event.Event(pygame.QUIT))  # closed again while asking
    assert not app.running


def test_the_window_close_button_quits_at_once_on_the_title_or_a_finished_game(app):
    import pygame
    show(app, TitleScene(app))
    app.process_event(pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.running = True
    scene = start(app, "sprawl", [HumanSeat(), HumanSeat(), HumanSeat()])
    while not scene.match.state.is_over():
        scene.match.play(scene.match.state.legal_moves().random(random.Random(3)))
    app.process_event(pygame.event.Event(pygame.QUIT))
    assert not app.running


CHILD = """
import sys, time, random
sys.path.insert(0, {root!r})
from client.app import App
from shared.aliencity.spec import AlienCityPosition
from client.config import Options
from client.scenes.seats import HumanSeat
app = App(Options(), (1280, 800), persist=False)
plugin = app.games.get("alien-city")
scene = plugin.make_board(app, plugin.new_state(app, plugin.options(app), 23),
                          [HumanSeat(name="Ann"), HumanSeat(name="Bo")], seed=23)
app.stack.push(scene)
app.stack.apply_pending()
rng = random.Random(1)
for _ in range(5):
    s = scene.match.state
    scene.play(AlienCityPosition(s).legal_moves().random(rng))
    for _ in range(90):
        app.step(1 / 60, events=[])
data = scene.match.state.to_dict()
print("ply", scene.match.state.ply, data["board"] if "board" in data else "", flush=True)
while True:
    app.step(1 / 60, events=[])
    time.sleep(0.01)
"""


def client_process(script: str, config) -> subprocess.Popen:
    """A real client running ``script`` headless with the test's config folder."""
    env = dict(os.environ, ALIEN_CITY_CONFIG_DIR=str(config), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-c", script.format(root=str(ROOT))], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def test_a_killed_client_continues_where_it_was(app, own_config):
    proc = client_process(CHILD, own_config)
    try:
        line = proc.stdout.readline()
        assert line.startswith("ply"), proc.stderr.read()
        time.sleep(0.3)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    ply = int(line.split()[1])
    title, buttons = continue_button(app)
    assert len(buttons) == 1
    title.handle_event(click(buttons[0].rect.center))
    app.stack.apply_pending()
    resumed = app.stack.top
    assert resumed.match.state.ply == ply and [s.name for s in resumed.seats] == ["Ann", "Bo"]
    assert str(resumed.match.state.to_dict().get("board", "")) == line.split(" ", 2)[2].strip()


def test_a_finished_game_leaves_no_continue(app):
    scene = start(app, "alien-city", [HumanSeat(), HumanSeat()])
    play_some(app, scene, 2, random.Random(2))
    assert saves.all_saves()
    rng = random.Random(3)
    while not scene.match.state.is_over():
        s = scene.match.state
        scene.match.play(AlienCityPosition(s).legal_moves().random(rng))
    app.step(1 / 60, events=[])
    assert saves.all_saves() == []
    _, buttons = continue_button(app)
    assert buttons == []


def test_a_damaged_undo_trail_resumes_the_game_without_undo(app):
    scene = start(app, "city-blocks", [HumanSeat(), HumanSeat()])
    play_some(app, scene, 4, random.Random(2))
    [saved] = saves.all_saves()
    saved.data["undo"][0] = {"nonsense": True}
    resumed = saves.resume_scene(app, saved)
    assert resumed.match.state.to_dict() == scene.match.state.to_dict()
    assert not resumed.match.can_undo


def test_a_new_game_left_before_its_first_move_is_kept(app):
    """Pause → Main menu says "Your game is saved: Continue ... resumes it": it is."""
    scene = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo"), HumanSeat(name="Cy"),
                                       HumanSeat(name="Di")])
    assert saves.all_saves() == []  # nothing written while it is on screen unplayed
    pause = PauseScene(app, scene)
    show(app, pause)
    pause.menu()
    app.stack.apply_pending()
    ask = app.stack.top
    assert "saved" in ask.detail
    ask.handle_event(click(ask.menu_column.buttons[1].rect.center))  # Main menu
    app.step(1 / 60, events=[])
    [saved] = saves.all_saves()
    assert saved.game == "city-blocks" and saved.data["state"] == scene.match.state.to_dict()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    [button] = [b for b in title.menu.buttons if getattr(b, "autosave", None) is not None]
    title.handle_event(click(button.rect.center))
    app.stack.apply_pending()
    assert [s.name for s in app.stack.top.seats] == ["Ann", "Bo", "Cy", "Di"]
    assert app.stack.top.match.state.ply == 0


SIGNALLED = """
import sys
sys.path.insert(0, {root!r})
from client import app as client_app
from client.scenes.seats import HumanSeat

def then(app):
    plugin = app.games.get("sprawl")
    state = plugin.new_state(app, plugin.options_for(app, 3), 5)
    app.stack.push(plugin.make_board(app, state, [HumanSeat(name=n) for n in ("Ann", "Bo", "Cy")], seed=5))
    app.stack.apply_pending()
    print("ready", flush=True)

sys.exit(client_app.main(then=then))
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_save_the_game_and_close(own_config, signum):
    """No "Quit?" question nobody can answer: the client saves (a game without a move
    yet, too) and exits by itself."""
    proc = client_process(SIGNALLED, own_config)
    try:
        line = proc.stdout.readline()
        assert line.startswith("ready"), proc.stderr.read()
        proc.send_signal(signum)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == 0, proc.stderr.read()
    [saved] = saves.all_saves()
    assert saved.game == "sprawl" and [s["name"] for s in saved.seats] == ["Ann", "Bo", "Cy"]


class Ending:
    """A finished screen as the autosave sees it, counting the records it keeps."""

    def __init__(self, online: bool) -> None:
        self.chrome = object() if online else None
        self.match = type("Holder", (), {"state": object(), "over": True})()
        self.kept = 0
        self.records = self

    def keep(self) -> None:
        self.kept += 1

    def keeps_game(self) -> bool:
        return self.chrome is None


@pytest.mark.parametrize("online,records", [(False, 2), (True, 1)])
def test_an_ending_is_recorded_once_whatever_object_holds_it(online, records):
    """A local game's second ending (undone, finished again) is a second record; an
    online screen whose final position the server sent again as a new object is not."""
    from client.autosave import AutoSave
    keeper, scene = AutoSave(), Ending(online)
    keeper.ended(scene)
    keeper.ended(scene)
    assert scene.kept == 1
    scene.match.state = object()
    keeper.ended(scene)
    assert scene.kept == records
