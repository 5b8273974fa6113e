"""A game open in one client is locked (its slot's lock file holds the client's process
id): a second client on the same config folder marks it "open in another window" and
never resumes it twice; a lock whose process is gone is ignored."""

import os
import random
import subprocess
import sys

import pytest

from client import save_locks, saves
from client.scenes.continue_list import ContinueScene, continue_buttons, local_entries
from client.scenes.seats import HumanSeat

from .conftest import show
from .test_autosave import play_some, start


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


@pytest.fixture
def other_client():
    """A live process that is not this one (another client's process id)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc.pid
    proc.kill()
    proc.wait()


def saved_game(app) -> str:
    game = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    play_some(app, game, 2, random.Random(1))
    [saved] = saves.all_saves()
    return saved.slot


def test_the_game_on_screen_is_locked_by_this_client_and_let_go_when_left(app):
    slot = saved_game(app)
    assert save_locks.holder(slot) == os.getpid() and not save_locks.open_elsewhere(slot)
    app.go_home()
    app.stack.apply_pending()
    app.step(1 / 60, events=[])
    assert save_locks.holder(slot) is None


def test_a_game_open_in_another_client_is_not_resumed_twice(app, other_client):
    slot = saved_game(app)
    app.go_home()
    app.stack.apply_pending()
    app.step(1 / 60, events=[])
    save_locks.lock_path(slot).write_text(str(other_client), encoding="utf-8")
    assert save_locks.open_elsewhere(slot)
    assert [b.label for b in continue_buttons(app)] == ["Unfinished games"]   # no Continue: <it>
    [entry] = local_entries(app)
    assert "open in another window" in entry.facts()
    listing = ContinueScene(app)
    show(app, listing)
    entry.open()
    app.stack.apply_pending()
    assert app.stack.top is listing and "another window" in listing.error


def test_a_stale_lock_is_ignored(app):
    slot = saved_game(app)
    app.go_home()
    app.stack.apply_pending()
    app.step(1 / 60, events=[])
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    save_locks.lock_path(slot).write_text(str(gone.pid), encoding="utf-8")
    assert not save_locks.open_elsewhere(slot)
    assert continue_buttons(app)[0].label.startswith("Continue:")
