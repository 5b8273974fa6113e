"""Nothing is lost on a crash: a finished game's record is written by the move that ends
it (before the final count, which may fail), its save is dropped only once the record is
written, and an error no screen catches saves the game in play, logs the traceback in the
data folder and shows an error screen with a way back to the title."""

import random

import pygame
import pytest

from client import saves
from client.config import records_dir
from client.scenes.base import Scene
from client.scenes.crash import CrashScene, logs_dir
from client.scenes.seats import HumanSeat
from client.scenes.title import TitleScene

from .test_autosave import play_some, start
from .test_finished_records import last_move as moves_to_the_end


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def records() -> list:
    folder = records_dir()
    return list(folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("game_id,names", [("alien-city", ("Ann", "Bo")), ("city-blocks", ("Ann", "Bo")),
                                           ("sprawl", ("Ann", "Bo", "Cy"))])
def test_the_record_is_written_by_the_last_move_before_a_failing_count(app, game_id, names, monkeypatch):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    move = moves_to_the_end(app, game, frames=True)
    assert len(saves.all_saves()) == 1 and records() == []

    def broken(*args, **kwargs):
        raise RuntimeError("the count broke")
    monkeypatch.setattr(game, "score_scene", broken)
    game.play(move)
    [path] = records()  # at once, before any frame or show
    assert all(n in path.read_text(encoding="utf-8") for n in names)
    with pytest.raises(RuntimeError):
        for _ in range(200):
            app.step(1 / 30, events=[], draw=False)
    assert saves.all_saves() == [] and records() == [path]


def test_a_record_that_cannot_be_written_leaves_the_save(app, monkeypatch):
    game = start(app, "alien-city", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    move = moves_to_the_end(app, game, frames=True)

    def full_disk():
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(game.records, "write", full_disk)
    game.play(move)
    for _ in range(5):
        app.step(1 / 30, events=[], draw=False)
    assert records() == [] and len(saves.all_saves()) == 1  # Continue still has the game
    assert "No space left" in (app.autosave.error or "")


class Broken(Scene):
    """A screen whose next frame raises (and asks the window to close after)."""

    opaque = False

    def update(self, dt: float) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        raise ZeroDivisionError("a bug in a screen")


def test_an_uncaught_error_saves_the_game_logs_it_and_shows_a_way_back(app, monkeypatch):
    game = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    play_some(app, game, 3, random.Random(2))
    before = game.match.state
    saves.delete(saves.all_saves()[0].slot)  # the last position only in memory
    app.autosave._slot = None
    app.autosave._saved = None
    shown = []
    monkeypatch.setattr(app, "quit", lambda: (shown.append(app.stack.top), setattr(app, "running", False)))
    app.push(Broken(app))
    app.run()
    [crash] = shown
    assert isinstance(crash, CrashScene) and app.stack.scenes == [crash]
    [log] = list(logs_dir().iterdir())
    assert "ZeroDivisionError: a bug in a screen" in log.read_text(encoding="utf-8")
    [saved] = saves.all_saves()
    assert saved.data["state"] == before.to_dict()
    words = " ".join(crash.lines())
    assert "ZeroDivisionError" in words and str(log) in words
    app.step(1 / 60, events=[], draw=True)  # it draws
    crash.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TitleScene)
