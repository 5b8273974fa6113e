"""Replaying .spr records through the shell: the file opener finds the Sprawl plug-in by
the record's header; the pieces dropping in, overlays, a leaver, the rules a lenient
record breaks in the engine's words (what every game's replay does is checked in
tests/client/test_conformance.py)."""

import pygame

from client.games.registry import builtin_plugins
from client.games.sprawl.replay import ReplayScene
from client.scenes.files import open_record
from shared.sprawl import SPRAWL

from ..conftest import key, show
from .helpers import random_game, settle


def test_sprawl_is_registered_last():
    plugins = builtin_plugins()
    assert list(plugins)[-1].spec.id == "sprawl"
    assert plugins.for_record("Game: Sprawl\nPlayers: 3\n\n").spec.id == "sprawl"


def test_a_saved_record_replays_with_drops_and_overlays(app, tmp_path):
    """Stepping forward drops the piece in; the overlays (A, O) work in a replay. (Playing
    to the end, the bar and the end show: tests/client/test_conformance.py.)"""
    state = random_game(4, 8)
    path = tmp_path / "game.spr"
    path.write_text(SPRAWL.write_record(state, {"Seats": "Ann, Bob, Cy, Di"}), encoding="utf-8")
    scene = open_record(app, path)
    assert isinstance(scene, ReplayScene)
    show(app, scene)
    assert scene.controls.count == len(state.history) and scene.state.ply == 0
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    assert scene.controls.index == 1 and scene.drops, "stepping forward drops the piece in"
    said = scene.status_text()[0]
    assert said.startswith("Move 1 of") and scene.moves[0] not in said, "words, not the record's token"
    settle(app, scene)
    assert scene.state.key() == scene.positions[1].key() and not scene.hidden
    app.step(1 / 60, events=[key(pygame.K_a), key(pygame.K_o)])
    assert scene.shown == {"attacks", "trees"}
    app.step(1 / 60, events=[key(pygame.K_END)])
    assert scene.state.key() == state.key()


def test_a_record_with_a_leaver_replays(app):
    state = random_game(4, 6, stop_at=6)
    state = state.resign(state.to_move)[0]
    scene = ReplayScene.from_text(app, SPRAWL.write_record(state), "leaver")
    show(app, scene)
    app.step(1 / 60, events=[key(pygame.K_END)])
    assert scene.state.key() == state.key()
    assert "left the game" in scene.status_text()[0]


def test_a_lenient_record_shows_the_broken_rule(app):
    text = "Game: Sprawl\nPlayers: 3\nFirst: red\n\nr:3@c3 y:2n@a1 y:2@a1 g:1@e6\n"
    scene = ReplayScene.from_text(app, text, "broken")
    show(app, scene)
    assert scene.controls.count == 3
    words, colour = scene.status_text()
    assert "breaks the rules 1 time:" in words and "first move must be a tower" in words


def test_a_local_game_saves_a_record_that_replays_with_its_seat_names(app, tmp_path, monkeypatch):
    from client.games.sprawl import match_view  # where the match screen writes its record
    from client.games.sprawl.game import MatchScene
    from client.scenes.seats import ComputerSeat, HumanSeat
    state = random_game(3, 4, stop_at=7)
    scene = MatchScene(app, state, seats=[HumanSeat("Ann"), ComputerSeat(level="easy"), HumanSeat("Cy")])
    show(app, scene)
    saved = {}
    monkeypatch.setattr(match_view, "save_record", lambda text: saved.setdefault("text", text) and tmp_path)
    app.step(1 / 60, events=[key(pygame.K_s, pygame.KMOD_CTRL)])
    assert "Seats: Ann, Computer (Easy), Cy" in saved["text"] and "Levels: human, easy, human" in saved["text"]
    replay = ReplayScene.from_text(app, saved["text"], "saved")
    assert replay.seat_label(0) == "Red (Ann)" and replay.positions[-1].key() == state.key()
    scene.computers.stop()


def test_the_replay_says_a_move_as_its_row_and_titles_the_turn_in_sentence_case(app):
    from client.games.sprawl.review_board import list_text
    from shared.sprawl import parse_move
    from shared.sprawl.words import colour_name

    state = random_game(3, 8)
    scene = ReplayScene.from_text(app, SPRAWL.write_record(state), "This game")
    show(app, scene)
    assert scene.turn_text()[0] == f"This game: {colour_name(scene.state.to_move)} places a first tower"
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    move = parse_move(scene.moves[0])
    assert scene.status_text()[0] == f"Move 1 of {len(scene.moves)}: {list_text(move)}."
    assert scene.listing.move_texts()[0] == list_text(move), "one wording in the list and the status line"
    assert scene.turn_text()[0] == f"This game: {colour_name(scene.state.to_move)} places a first tower"

