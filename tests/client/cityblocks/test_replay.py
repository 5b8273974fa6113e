"""Replaying .cbr records through the shell: the file browser's opener finds the City
Blocks plug-in by the record's header; the seat names, the pieces dropping in, the rules
a lenient record breaks in the engine's words (what every game's replay does is checked in
tests/client/test_conformance.py)."""

import pygame

from client.games.cityblocks.replay import ReplayScene
from client.scenes.files import open_record
from shared.cityblocks import CITY_BLOCKS

from ..conftest import click, key, show
from .helpers import random_game, settle


def test_a_saved_record_replays_with_its_seat_names_and_drops_each_piece_in(app, tmp_path):
    """The record's seat names show; stepping forward drops the piece in. (Playing to the
    end, the bar and the final count: tests/client/test_conformance.py.)"""
    state = random_game(3, 12)
    path = tmp_path / "game.cbr"
    path.write_text(CITY_BLOCKS.write_record(state, {"Seats": "Ann, Bob, Cy"}), encoding="utf-8")
    scene = open_record(app, path)
    assert isinstance(scene, ReplayScene)
    show(app, scene)
    assert scene.controls.count == len(state.history) and scene.state.ply == 0
    assert scene.seat_names() == {0: "Ann", 1: "Bob", 2: "Cy"}
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    assert scene.controls.index == 1 and scene.drops, "stepping forward drops the piece in"
    settle(app, scene)
    assert scene.state == scene.positions[1] and not scene.hidden
    app.step(1 / 60, events=[])
    app.step(1 / 60, events=[key(pygame.K_END)])
    assert scene.state == state


def test_a_lenient_record_shows_the_broken_rule_at_its_move(app):
    text = "Game: City Blocks\nPlayers: 4\nFirst: blue\n\nb:V3:c3,c4,d3 g:pass\n"
    scene = ReplayScene.from_text(app, text, "broken")
    show(app, scene)
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    words, colour = scene.status_text()
    assert "Against the rules: The first blue piece must cover a1." in words
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    assert "passed" in scene.status_text()[0]
    app.step(1 / 60, events=[])


def test_the_rest_of_a_double_click_that_opened_a_record_is_not_a_jump(app, tmp_path, monkeypatch):
    """Double-clicking a record (or Open) opens it with the first press; the second press
    lands on the replay, where the ply bar may be: it is ignored for a moment."""
    from client.scenes import files as files_module
    from client.scenes import replay_controls
    from client.scenes.files import DOUBLE_CLICK_S, FilesScene

    state = random_game(2, 5)
    (tmp_path / "game.cbr").write_text(CITY_BLOCKS.write_record(state), encoding="utf-8")
    files = FilesScene(app, [tmp_path])
    show(app, files)
    now = replay_controls.time.monotonic()  # the clock stands still: a busy machine's
    monkeypatch.setattr(replay_controls.time, "monotonic", lambda: now)  # steps are not slow clicks
    monkeypatch.setattr(files_module.time, "monotonic", lambda: now)
    app.step(1 / 60, events=[click(files.row_rect(0).center), click(files.row_rect(0).center)])
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    app.step(1 / 60, events=[key(pygame.K_END)])
    app.step(1 / 60, events=[click(replay.controls.bar.midleft)])  # the double click's second press
    assert replay.controls.index == replay.controls.count
    later = now + DOUBLE_CLICK_S + 0.1
    monkeypatch.setattr(replay_controls.time, "monotonic", lambda: later)
    app.step(1 / 60, events=[click(replay.controls.bar.midleft)])  # a real click on the bar, later
    assert replay.controls.index == 0
