"""The pause menu of every game has How to play: it opens that game's rules pages over
the paused game, and Esc there comes back to the menu."""

import pygame
import pytest

from client.games.aliencity.game import GameScene
from client.games.cityblocks.game import MatchScene as CityMatch
from client.games.sprawl.game import MatchScene as SprawlMatch
from client.scenes.pause import PauseScene
from shared.aliencity import Ruleset, new_game

from .conftest import click, key, show


def aliencity(app):
    return GameScene(app, new_game(Ruleset(2004), 3))


@pytest.mark.parametrize("make", [aliencity, lambda app: CityMatch(app, seed=3), lambda app: SprawlMatch(app, seed=3)])
def test_the_pause_menu_opens_the_games_how_to_play(app, make):
    game = make(app)
    show(app, game)
    app.stack.scenes[:] = [game]
    pause = PauseScene(app, game)
    show(app, pause)
    button = next(b for b in pause.menu_column.buttons if b.label == "How to play")
    assert button.enabled
    pause.handle_event(click(button.rect.center))
    app.stack.apply_pending()
    top = app.stack.top
    plugin = next(p for p in app.games if p.spec is game.spec)
    assert type(top) is type(plugin.howto_scene(app)) and top is not pause
    app.step(1 / 60, events=[key(pygame.K_ESCAPE)])
    app.stack.apply_pending()
    assert app.stack.top is pause


def test_the_sprawl_status_line_mentions_f1(app):
    scene = SprawlMatch(app, seed=3)
    show(app, scene)
    scene.hand.hover = None
    assert "F1" in scene.status_text()[0]
