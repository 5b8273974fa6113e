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


def test_the_replay_says_a_move_and_its_seats_as_the_list_and_the_game_do(app):
    """The status line words the move as its row in the list ("Blue: F5 on c2–e3"), never
    the record's b:F5:c2,d1,...; computers keep the match screen's labels, unnumbered."""
    from client.games.cityblocks.review_board import list_text
    from shared.gamekit.computer_seats import levels_header

    state = random_game(4, 12)
    headers = {"Seats": "Ann, Computer (Medium) 1, Computer (Medium) 2, Computer (Medium) 3",
               **levels_header([None, "medium", "medium", "medium"])}
    scene = ReplayScene.from_text(app, CITY_BLOCKS.write_record(state, headers), "saved")
    show(app, scene)
    assert scene.seat_names() == {0: "Ann", 1: "Computer (Medium)", 2: "Computer (Medium)",
                                  3: "Computer (Medium)"}
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    first = state.history[0]
    assert scene.status_text()[0] == f"Move 1 of {len(state.history)}: {list_text(first)}."
    assert first.text() not in scene.status_text()[0]


def test_every_list_of_moves_dots_a_move_with_the_colour_placed(app):
    """Two players each place two colours: the dot beside "Red: U5 on r19–t20" is red in the
    replay's list and in the review's, not the seat's first colour (blue)."""
    from client.review.scene import ReviewScene

    state = random_game(2, 29)
    replay = ReplayScene.from_text(app, CITY_BLOCKS.write_record(state))
    by_colour = [seat.colour for seat in CITY_BLOCKS.seats({"players": 4})]  # blue, green, red, yellow
    dots = [by_colour[m.colour] for m in state.history]
    assert len(set(dots[:4])) == 4, "the first four moves place four colours"
    assert [e.colour for e in replay.listing.move_entries()] == dots
    review = ReviewScene(app, state)
    show(app, review)
    app.step(1 / 60, events=[])
    entries = review.listing.move_entries()
    assert entries and [e.colour for e in entries] == dots[:len(entries)]
