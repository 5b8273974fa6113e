"""Resigning a game on this computer (the pause menu's Resign, asked first): the game's own
rule decides what follows. A two-seat game ends: kept in the records folder with who
resigned, rated as a loss, its final count under "... WINS BY RESIGNATION". A game of
more seats plays on without the seat. Online the chrome's own Resign is used instead."""

import os
import random
import time
from pathlib import Path

from client.scenes.pause import ConfirmScene, PauseScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.aliencity.spec import AlienCityPosition

from .conftest import show
from .test_autosave import own_config, start  # noqa: F401 - a fixture (every test's own config folder)


def resign_from_the_pause_menu(app, scene) -> ConfirmScene:
    """Esc's menu, its Resign button, the question; returns the question (confirmed)."""
    pause = PauseScene(app, scene)
    show(app, pause)
    button = next(b for b in pause.menu_column.buttons if b.label == "Resign")
    assert button.enabled
    button.on_click()
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Resign this game?"
    detail = ask.detail
    ask.confirm()
    app.stack.apply_pending()
    return detail


def run_frames(app, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 30, events=[], draw=False)


def records():
    """The records folder's files (the test's own config folder: ``own_config``)."""
    folder = Path(os.environ["ALIEN_CITY_CONFIG_DIR"]) / "records"
    return sorted(folder.glob("*")) if folder.exists() else []


def test_resigning_against_the_computer_ends_the_game_and_keeps_it(app):
    scene = start(app, "alien-city", [HumanSeat(), ComputerSeat(level="easy")])
    assert scene.resigning_seat() == 0 and scene.human_turn
    detail = resign_from_the_pause_menu(app, scene)
    assert detail.startswith("Black gives up and White wins."), detail
    assert scene.match.over and not scene.human_turn and scene.resigning_seat() is None
    assert scene.position().ranking() == (2, 1)
    assert not scene.match.can_undo
    [kept] = records()   # written at once, before any show
    text = kept.read_text(encoding="utf-8")
    assert "Termination" in text and "Black resigned" in text, text
    assert "1. Computer" in text, text
    run_frames(app, 1.0)            # the banner, then the final count
    count = app.stack.top
    assert count is not scene and count.headline == "WHITE WINS BY RESIGNATION"
    assert scene.turn_text()[0] == "WHITE WINS BY RESIGNATION"
    assert scene.status_text()[0].startswith("The game ended by resignation"), "nobody is thinking"
    assert records() == [kept], "kept once"


def test_after_a_resignation_no_panel_says_whose_turn_it_is(app, monkeypatch):
    from shared.aliencity import Player
    scene = start(app, "alien-city", [HumanSeat(), ComputerSeat(level="easy")])
    labels = []
    panel = scene.board.panels[Player.BLACK]
    monkeypatch.setattr(panel, "surface", lambda *a, **k: labels.append(k["label"]))
    scene.painter.panel_surface(Player.BLACK, False)
    resign_from_the_pause_menu(app, scene)
    scene.painter.panel_surface(Player.BLACK, False)
    assert labels == ["TO BUILD", ""]


def test_a_computer_never_moves_after_the_person_resigned(app):
    scene = start(app, "alien-city", [ComputerSeat(level="easy"), HumanSeat()])
    assert scene.resigning_seat() == 1   # not to move, but the only person at the table
    before = scene.match.state
    resign_from_the_pause_menu(app, scene)
    run_frames(app, 1.5)
    assert scene.match.state is before and scene.match.ended.ranking() == (1, 2)


def test_in_hot_seat_the_seat_to_move_resigns(app):
    scene = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    seat = scene.position().to_move
    assert scene.resigning_seat() == seat
    resign_from_the_pause_menu(app, scene)
    assert scene.match.over and scene.position().ranking()[seat] == 2 and not scene.undo_allowed
    [kept] = records()
    assert "resigned" in kept.read_text(encoding="utf-8")


def test_a_sprawl_seat_resigns_and_the_computers_play_on(app):
    scene = start(app, "sprawl", [HumanSeat(), ComputerSeat(level="easy"), ComputerSeat(level="easy"),
                                  ComputerSeat(level="easy")])
    scene.play(scene.match.state.legal_moves().random(random.Random(1)))   # a move undo could take back
    assert scene.undo_allowed and scene.resigning_seat() == 0
    detail = resign_from_the_pause_menu(app, scene)
    assert "the others play on" in detail
    assert not scene.match.over and scene.match.resigned == (0,)
    assert "resigned: the others play on" in scene.toast
    assert scene.resigning_seat() is None and not scene.human_turn
    assert not scene.undo_allowed, "no undo takes a resignation back"
    assert records() == [], "the game is not over yet"
    saved = scene.records.write()
    assert "Termination: Red resigned" in saved.read_text(encoding="utf-8")
    saved.unlink()
    plies = scene.position().ply
    run_frames(app, 3.0)
    assert scene.position().ply > plies, "the computers go on"
    scene.computers.stop()


def test_resign_is_off_once_the_game_is_over(app):
    scene = start(app, "alien-city", [HumanSeat(), HumanSeat()])
    state, rng = scene.match.state, random.Random(3)
    while not state.is_over():   # both people play to the end
        scene.play(AlienCityPosition(state).legal_moves().random(rng))
        state = scene.match.state
    assert scene.resigning_seat() is None
    pause = PauseScene(app, scene)
    assert not next(b for b in pause.menu_column.buttons if b.label == "Resign").enabled


def test_a_city_blocks_seat_that_resigned_says_so_under_its_header(app, monkeypatch):
    scene = start(app, "city-blocks", [HumanSeat(), ComputerSeat(level="easy"), ComputerSeat(level="easy"),
                                       ComputerSeat(level="easy")])
    resign_from_the_pause_menu(app, scene)
    assert not scene.match.over and scene.match.resigned == (0,)
    drawn = []
    render = app.text.render
    monkeypatch.setattr(app.text, "render", lambda line, *a, **k: (drawn.append(line), render(line, *a, **k))[1])
    app.step(1 / 60, events=[], draw=True)
    assert any(line.endswith("left the game") for line in drawn), drawn
    scene.computers.stop()
