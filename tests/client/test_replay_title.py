"""A replay opened from a record file is titled by its game, players and date (as the
replay list names it), the same at its start and at its end; never by the file name."""

import datetime as _dt

import pytest

from client.config import records_dir
from client.scenes.files import open_record
from client.scenes.seats import HumanSeat

from .conftest import show
from .test_autosave import start
from .test_finished_records import GAMES, play_to_the_count


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


@pytest.mark.parametrize("game_id,names", GAMES)
def test_a_replay_is_titled_by_its_game_and_players(app, game_id, names):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    play_to_the_count(app, game)
    [path] = list(records_dir().iterdir())
    app.stack.scenes.clear()
    replay = open_record(app, path)
    show(app, replay)
    first = replay.turn_text()[0]
    replay.controls.last()
    replay.timeline.finish_all()
    end = replay.turn_text()[0]
    title = replay.record_title
    today = _dt.date.today().isoformat()
    assert game.spec.title in title and all(n in title for n in names) and today in title
    for line in (first, end):
        assert path.stem not in line.lower()
    assert title in first
    assert game_id == "alien-city" or title in end  # Alien City's end line says who won
