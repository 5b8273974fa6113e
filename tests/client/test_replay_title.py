"""A replay opened from a record file is titled by its game, players and date (as the
replay list names it), the same at its start and at its end; never by the file name."""

import datetime as _dt

import pygame
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


def replay_of_a_finished_game(app, game_id: str, names):
    """A hot-seat game played to its end (recorded by itself), then its record's replay."""
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    play_to_the_count(app, game)
    [path] = list(records_dir().iterdir())
    app.stack.scenes.clear()
    replay = open_record(app, path)
    show(app, replay)
    return game, path, replay


@pytest.mark.parametrize("game_id,names", GAMES)
def test_a_replay_is_titled_by_its_game_and_players(app, game_id, names):
    game, path, replay = replay_of_a_finished_game(app, game_id, names)
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


def unmarked(replay, monkeypatch) -> None:
    """The same replay drawn with no move marked as the last."""
    if hasattr(replay, "last_lots"):   # Alien City marks the lots of the last build (and claim)
        monkeypatch.setattr(replay, "last_lots", ())
    else:
        monkeypatch.setattr(replay, "last_move", lambda: None)


def differ(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where two drawings differ."""
    same = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b)
    same.invert()
    return same


def drawn(replay, size) -> pygame.Surface:
    surface = pygame.Surface(size)
    replay.draw(surface)
    return surface


@pytest.mark.parametrize("game_id,names", GAMES)
def test_the_replay_marks_the_last_move_and_the_mark_follows(app, game_id, names, monkeypatch):
    """On the board, the move that made the position shown is marked: drawing the same
    position unmarked differs on the board, and one move later the mark is elsewhere."""
    game, path, replay = replay_of_a_finished_game(app, game_id, names)
    marks = []
    for index in (4, 5):
        replay.controls.go(index)
        replay.timeline.finish_all()
        app.step(1 / 60, events=[], draw=False)
        marked = drawn(replay, app.size)
        assert not differ(marked, drawn(replay, app.size)).count(), "the same drawing twice"
        with monkeypatch.context() as m:
            unmarked(replay, m)
            plain = drawn(replay, app.size)
        diff = differ(marked, plain)
        assert diff.count() > 0, f"move {index} is not marked"
        rects = diff.get_bounding_rects()
        marks.append(rects[0].unionall(rects[1:]))
    assert marks[0] != marks[1], "the mark moves with the replay"
