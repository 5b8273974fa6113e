"""Leaving a game for the title gives its memory back: the thinking process, where the
hint and the review searched, has ended; no match screen, score screen or review stays
alive (nothing in the shell keeps them), and the games' art kits are dropped (the title
and the next game draw theirs again)."""

import gc
import os
import random
import time
import weakref

import pytest

from client import thinking
from client.review.scene import open_review
from client.scenes.pause import PauseScene
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.title import TitleScene

from .conftest import click, show
from .test_autosave import start
from .test_finished_records import play_to_the_count
from .test_thinking import gone as ended


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def test_leaving_a_game_with_a_hint_for_the_title_frees_its_screens_and_art(app):
    show(app, TitleScene(app))
    game = start(app, "alien-city", [HumanSeat(), ComputerSeat(level="hard")])
    app.step(1 / 60, events=[])  # drawn: the board's art is made
    art = weakref.ref(app._kits["alien-city"])  # the board and pieces, per size drawn
    game.ask_hint()
    for _ in range(600):
        app.step(1 / 60, events=[], draw=False)
        if not game.computers.hinting:
            break
        time.sleep(0.01)
    assert game.hint is not None
    searched = thinking.pid()  # Hard's search ran there, not in the client
    assert searched is not None and searched != os.getpid()
    pause = PauseScene(app, game)
    show(app, pause)
    pause.menu()
    app.stack.apply_pending()
    ask = app.stack.top
    ask.handle_event(click(ask.menu_column.buttons[1].rect.center))  # Main menu
    gone = weakref.ref(game)
    del game, pause, ask
    app.step(1 / 60, events=[])
    app.step(1 / 60, events=[])
    assert isinstance(app.stack.top, TitleScene)
    gc.collect()
    assert gone() is None and art() is None  # the title draws its own, small, again
    assert thinking.pid() is None and ended(searched)


def test_a_finished_game_its_count_and_its_review_are_let_go(app):
    from client.review import scene as review_scene
    from shared.gamekit.review import ReviewSettings
    game = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    score = play_to_the_count(app, game, seed=random.Random(2).randrange(100))
    old, review_scene.SETTINGS = review_scene.SETTINGS, ReviewSettings(iterations=8)
    try:
        open_review(app, score.final_position())
        app.stack.apply_pending()
        review = app.stack.top
        for _ in range(2000):
            app.step(1 / 30, events=[], draw=False)
            if review.job is None or review.job.finished:
                break
            time.sleep(0.01)
        refs = [weakref.ref(s) for s in (game, score, review)]
        searched = thinking.pid()
        assert searched is not None
        del game, score, review
        app.go_home()
        app.step(1 / 60, events=[])
        app.step(1 / 60, events=[])
        gc.collect()
        assert [r() for r in refs] == [None, None, None]
        assert thinking.pid() is None and ended(searched)
    finally:
        review_scene.SETTINGS = old


def test_the_board_keeps_a_few_board_sized_pictures_not_one_per_position(app):
    from client.games.aliencity.view.board_view import BOARDS_KEPT, SPOTLIGHTS_KEPT, boards
    show(app, TitleScene(app))
    game = start(app, "alien-city", [HumanSeat(), HumanSeat()])
    app.step(1 / 60, events=[])
    renderer, geo, s = boards(app), game.geo, game.match.state
    shades = [weakref.ref(renderer.spotlight(geo, (lot,))) for lot in range(40)]
    assert sum(ref() is not None for ref in shades) == SPOTLIGHTS_KEPT  # each as big as the board
    assert renderer.spotlight(geo, (39,)) is shades[-1]()  # the latest found again
    drawn = [weakref.ref(renderer.board(geo, s.city, s.board, s.caps, False, frozenset({lot})))
             for lot in range(40)]
    assert sum(ref() is not None for ref in drawn) == BOARDS_KEPT
