"""The end show's banners by geometry, drawn headless in English, Slovak and French at
1280x800 and 896x560 (a 1280x800 window on a 1024x640 desktop): every line of a banner
stays inside the window and inside its band (a long reason for the end wraps, a long
headline shrinks), and the winner's banner never covers the final table (Sprawl's 3-8
rows, City Blocks' 2-4 rows and the shared blue's note under them)."""

from __future__ import annotations

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.cityblocks.score import ScoreScene as CityScore
from client.games.sprawl.score import ScoreScene as SprawlScore
from client.view.banners import Banners
from shared import i18n

from .cityblocks.helpers import random_game as city_game
from .conftest import show
from .sprawl.helpers import random_game as sprawl_game
from .test_score_names import drawn_words

SIZES = [(1280, 800), (896, 560)]
LANGS = ["en", "sk", "fr"]


@pytest.fixture
def language():
    """Sets the language (after the app is made: it sets the options' own), English after."""
    yield i18n.set_language
    i18n.set_language("en")


def until_banner(app, scene, text: str, limit: int = 400) -> None:
    """Frames until the banner saying ``text`` is fully in, then one drawn frame."""
    for _ in range(limit):
        app.step(0.05, events=[], draw=False)
        b = scene.banners.current
        if b is not None and b.text == text and b.alpha >= 1.0:
            app.step(0.0, events=[])
            return
    raise AssertionError(f"no banner {text!r}")


def check_banner(app, scene, covers: tuple[pygame.Rect, ...]) -> None:
    band, window = scene.banners.rect, pygame.Rect((0, 0), app.size)
    assert band is not None and window.contains(band)
    assert scene.banners.lines, "the banner's lines were drawn"
    for line in scene.banners.lines:
        assert window.contains(line) and band.contains(line), f"a banner line runs out: {line} in {band}"
    for rect in covers:
        assert not band.colliderect(rect), f"the banner {band} covers the final table {rect}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_sprawl_banners_fit_and_keep_off_the_table(language, lang, size):
    for players, seed in ((3, 4), (8, 4), (6, 9)):
        app = App(Options(), size, persist=False)
        language(lang)   # after the app, which sets the options' language
        state = sprawl_game(players, seed)
        names = [f"Player number {i + 1}" for i in range(players)]
        scene = SprawlScore(app, state, names=names)
        show(app, scene)
        until_banner(app, scene, i18n.domain("sprawl")[0]("THE END"))   # why it ended, wrapped
        check_banner(app, scene, ())
        app.stack.scenes.clear()
        scene = SprawlScore(app, state, names=names, show=False)   # the final board: table and winner
        show(app, scene)
        until_banner(app, scene, scene.winner_words()[0])
        covers = scene.banner_avoids()
        assert covers, "the final table shows with the winner's banner"
        check_banner(app, scene, covers)
        app.stack.scenes.clear()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_city_blocks_winner_banner_keeps_off_the_table(language, lang, size):
    for players in (2, 3, 4):
        app = App(Options(), size, persist=False)
        language(lang)
        scene = CityScore(app, city_game(players, 5))
        show(app, scene)
        scene.skip()
        until_banner(app, scene, scene.winner_words()[0])
        covers = scene.banner_avoids()
        assert covers and (players != 3 or len(covers) == 2), "the table (and the shared blue's note)"
        check_banner(app, scene, covers)
        app.stack.scenes.clear()


def test_a_banner_with_no_room_beside_what_it_avoids_shrinks_into_the_largest_gap(app):
    """Placing is a pure matter of rectangles: the band moves into the tallest free stretch
    and gets smaller until it fits there."""
    from client.anim import Timeline

    banners = Banners(Timeline())
    banners.announce("A SHARED WIN: RED, YELLOW, GREEN, BLUE, WHITE", "Red 3   Yellow 3   Green 3   Blue 3   …")
    banners.timeline.update(1.0)
    table = pygame.Rect(100, 140, 600, 360)
    band, unit = banners.place(app.text, 800, 300, 60, (table,), pygame.Rect(0, 40, 800, 520))
    assert not band.colliderect(table) and 40 <= band.y and band.bottom <= table.top
    assert unit < 60, "smaller, to fit the 100 pixels above the table"


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_status_line_is_whole_beside_every_final_button(language, monkeypatch, lang):
    """At 896x560 the final board's buttons (replay the show, analysis, the game's replay,
    save, new game, close, menu) leave a narrow status column: why the game ended and the
    keys take a third line there instead of losing their end."""
    app = App(Options(), (896, 560), persist=False)
    language(lang)
    for make in (lambda: SprawlScore(app, sprawl_game(3, 4), on_new_game=lambda: None, on_save=lambda: None,
                                     on_replay=lambda: None, show=False),
                 lambda: CityScore(app, city_game(3, 5), on_new_game=lambda: None, on_save=lambda: None,
                                   on_replay=lambda: None, show=False)):
        scene = make()
        show(app, scene)
        for _ in range(80):
            app.step(0.05, events=[], draw=False)
        drawn = drawn_words(app, monkeypatch)
        app.step(0.0, events=[])
        monkeypatch.undo()
        words, _colour = scene.status_text()
        assert " ".join(words.split()) in " ".join(" ".join(drawn).split()), f"the status line is cut: {words!r}"
        app.stack.scenes.clear()
