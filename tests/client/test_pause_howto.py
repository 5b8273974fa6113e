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


def test_how_to_play_on_the_title_opens_the_chosen_games_pages_and_offers_the_others(app):
    """City Blocks chosen on the title: How to play opens its pages at once (no "which
    game?" again); Other games there offers the choice of every game's pages."""
    from client.scenes.choose import ChooseGameScene
    from client.scenes.title import TitleScene
    title = TitleScene(app)
    show(app, title)
    title.cards.choose("city-blocks")
    title.handle_event(click(next(b for b in title.menu.buttons if b.label == "How to play").rect.center))
    app.stack.apply_pending()
    pages = app.stack.top
    assert type(pages) is type(app.games.get("city-blocks").howto_scene(app))
    app.step(1 / 60, [])
    pages.handle_event(click(pages.other.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ChooseGameScene) and app.stack.scenes[-2] is title
