"""A finished game never vanishes: it goes into the records folder by itself (the
game's own record, with names and places), the replay list opens it, Space held
through the final count never starts a new game, and Save says where the record is
(once: a second press says it is already saved)."""

import random

import pygame
import pytest

from client import saves
from client.config import records_dir
from client.scenes.base import Scene
from client.scenes.files import FilesScene, record_summary
from client.scenes.seats import HumanSeat
from shared.aliencity.spec import AlienCityPosition

from .conftest import click, show
from .test_autosave import start

GAMES = [("alien-city", ("Ann", "Bo")), ("city-blocks", ("Ann", "Bo", "Cy", "Di")), ("sprawl", ("Ann", "Bo", "Cy"))]


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def contract(scene, state):
    return AlienCityPosition(state) if scene.spec.id == "alien-city" else state


def last_move(app, scene, seed: int = 4, frames: bool = False):
    """Random moves up to the one that ends the game, which is returned unplayed
    (``frames``: a frame after each move, so the autosave writes it)."""
    rng = random.Random(seed)
    while True:
        position = contract(scene, scene.match.state)
        move = position.legal_moves().random(rng)
        if position.play(move)[0].is_over():
            scene.timeline.finish_all()
            return move
        scene.match.play(move)
        if frames:
            app.step(1 / 60, events=[], draw=False)


def play_to_the_count(app, scene, seed: int = 4) -> Scene:
    """Random moves; the last through the screen (as a click would), then the frames
    until the final count is up."""
    scene.play(last_move(app, scene, seed))
    for _ in range(600):
        app.step(1 / 30, events=[], draw=False)
        if app.stack.top is not None and app.stack.top.scoring is not None:
            return app.stack.top
    raise AssertionError("no final count")


def space(kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)


@pytest.mark.parametrize("game_id,names", GAMES)
def test_space_held_through_the_count_never_starts_a_new_game(app, game_id, names):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    score = play_to_the_count(app, game)
    for _ in range(400):  # pressed once, then held: the key's repeats step the count
        app.step(1 / 30, events=[space()], draw=False)
        if score.stage == "final":
            break
    assert score.stage == "final"
    for _ in range(20):  # still held on the final board
        app.step(1 / 30, events=[space()], draw=False)
    assert app.stack.top is score and app.stack.scenes[0] is game
    app.step(1 / 30, events=[space(pygame.KEYUP), space()], draw=False)  # tapped again: says how to choose
    assert app.stack.top is score and app.stack.scenes[0] is game and score.stage == "final"
    assert "choose a button" in score.toast
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=79)
    app.step(1 / 30, events=[space(pygame.KEYUP), right, space()], draw=False)  # a button chosen: it acts
    assert app.stack.top is not score or score.stage == "show"


@pytest.mark.parametrize("game_id,names", GAMES)
def test_a_finished_game_is_recorded_by_itself_and_replays(app, game_id, names):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    play_to_the_count(app, game)
    assert saves.all_saves() == []  # nothing left to continue
    [path] = list(records_dir().iterdir())
    spec = game.spec
    assert path.suffix == spec.record_suffix and path.name.startswith(spec.id)
    text = path.read_text(encoding="utf-8")
    record = spec.read_record(text)
    assert record.state.is_over() and record.state.to_dict() == game.position().to_dict()
    assert all(n in text for n in names)
    app.stack.scenes.clear()
    files = FilesScene(app)
    show(app, files)
    assert files.files == [path.resolve()]
    title, facts = record_summary(app, path)
    assert all(n in title for n in names)
    assert facts.startswith("1. ") or " won" in facts or "shared first place" in facts  # the result
    files.handle_event(click(files.row_rect(0).center))
    app.stack.apply_pending()
    assert app.stack.top is files and files.focus == 0   # a click selects
    files.handle_event(click(files.row_rect(0).center))   # a double click opens
    app.stack.apply_pending()
    assert app.stack.top is not files and files.error == ""  # the game's replay


@pytest.mark.parametrize("game_id,names", GAMES)
def test_save_on_the_final_board_says_where_and_saves_once(app, game_id, names):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    score = play_to_the_count(app, game)
    score.skip()
    save = next(b for b in score.final_buttons if b.label == "Save")
    score.layout_buttons()
    app.step(1 / 60, events=[], draw=True)
    score.handle_event(click(save.rect.center))
    [path] = list(records_dir().iterdir())
    assert score.toasts.text == f"Record saved: {path}"
    score.handle_event(click(save.rect.center))
    assert score.toasts.text == f"Already saved: {path}"
    assert list(records_dir().iterdir()) == [path]


@pytest.mark.parametrize("game_id,names", GAMES)
def test_a_game_undone_from_its_end_and_finished_again_is_kept_twice(app, game_id, names):
    """Back on the board after the count, Undo, and another last move: the second ending
    is a record of its own beside the first, and no save is left to continue."""
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    play_to_the_count(app, game)
    [first] = list(records_dir().iterdir())
    while app.stack.top is not game:   # the count left: the board again
        app.stack.pop()
        app.stack.apply_pending()
    game.timeline.finish_all()
    game.undo()
    assert not game.match.state.is_over()
    app.step(1 / 60, events=[], draw=False)
    assert len(saves.all_saves()) == 1   # the game goes on: kept for Continue again
    play_to_the_count(app, game, seed=9)
    records = sorted(records_dir().iterdir())
    assert len(records) == 2 and first in records
    [second] = [p for p in records if p != first]
    final = game.spec.read_record(second.read_text(encoding="utf-8")).state
    assert final.is_over() and final.to_dict() == game.position().to_dict()
    assert saves.all_saves() == []
