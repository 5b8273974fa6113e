"""Rated games against the computer: the picker's Rated game chooses the level from the
player's rating, the game refuses undo and hints (buttons, keys, pause menu), its end
changes the local rating and says so, a saved rated game resumes rated, deleting it
unfinished counts as a loss, and Your ratings shows the rating and its plot."""

import random
import time

import pygame
import pytest

from client import rated, saves
from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.score import ScoreScene
from client.scenes.continue_list import local_entries
from client.scenes.local_ratings import LocalRatingsScene
from client.scenes.pause import PauseScene
from client.scenes.picker import GamePickerScene
from client.scenes.seats import HumanSeat
from shared.cityblocks import CITY_BLOCKS
from shared.online.local_ratings import START

from .conftest import click, from_title, key, show


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    """Each test its own ratings file and saves."""
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))


def random_bots(level: str, seed: int):
    """Fast computers (the rating still counts against the level the game names)."""
    return CITY_BLOCKS.make_bot("random", seed)


def rated_picker(app) -> GamePickerScene:
    picker = from_title(app, "Play vs computer")
    assert isinstance(picker, GamePickerScene)
    picker.choose_game("city-blocks")
    picker.set_count(2)
    picker.bot_factory, picker.seed = random_bots, 3
    row = next(r for r in picker.menu.rows if r.label == "Rated game")
    assert row.enabled
    row.set(True)
    return picker


def start_rated(app) -> MatchScene:
    picker = rated_picker(app)
    computer = next(r for r in picker.menu.rows if r.label == "Computer")
    assert computer.get() == "easy" and not computer.enabled  # chosen for the player: 1500 is nearest Easy
    words = " ".join(picker.describe())
    assert "Rated: you (1500?) against Easy (at least 1500); no undo, no hints." in words
    picker.handle_event(click(picker.start_button.rect.center))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, MatchScene) and scene.rated is not None
    assert [s.level for s in scene.seats if not isinstance(s, HumanSeat)] == ["easy"]
    return scene


def assert_refuses(app, scene: MatchScene) -> None:
    """Undo and hints say no, however asked."""
    trail = list(scene.match.history)
    for way in (lambda: scene.handle_event(key(pygame.K_u)),
                lambda: scene.handle_event(key(pygame.K_z, pygame.KMOD_CTRL)),
                lambda: next(b for b in scene.buttons if b.label == "Undo").handle_event(
                    click(next(b for b in scene.buttons if b.label == "Undo").rect.center))):
        scene.toasts.show("", 0)
        scene.timeline.finish_all()
        way()
        assert scene.toasts.text == "No undo in a rated game."
        assert scene.match.history == trail
    scene.computers.ask_hint(random_bots("hard", 0), scene.match.state, scene.match.state)
    assert not scene.computers.hinting and scene.toasts.text == "No hints in a rated game."
    pause = PauseScene(app, scene)
    assert not next(b for b in pause.menu_column.buttons if b.label == "Undo last turn").enabled


def play_out(app, scene: MatchScene) -> None:
    """The person places a few pieces, then passes; the computer finishes the game."""
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while not scene.match.state.over:
        assert time.monotonic() < deadline, "the game did not end"
        app.step(0.05, events=[], draw=False)
        if scene.human_turn and not scene.timeline.busy:
            s = scene.match.state
            if s.ply < 8 and s.legal_count():
                scene.submit(s.legal_moves().random_placement(rng))
            else:
                scene.passing.confirm()


def test_a_rated_game_refuses_undo_and_hints_and_its_end_changes_the_rating(app):
    scene = start_rated(app)
    app.step(1 / 60, events=[])  # draws, the greyed Undo too
    play_out(app, scene)
    assert_refuses(app, scene)
    store = rated.ratings(app).store
    history = store.game("city-blocks").history
    assert len(history) == 1 and history[0]["level"] == "easy" and history[0]["seats"] == 2
    after = store.rating("city-blocks")
    assert after.games == 1 and after.display() != START.display()
    place = scene.match.state.ranking()[scene.rated.seat]
    assert (after.display() > 1500) == (place == 1 and list(scene.match.state.ranking()).count(1) == 1)
    for _ in range(100):
        app.step(0.05, events=[], draw=False)
    shown = app.stack.top
    assert isinstance(shown, ScoreScene)
    assert shown.headline == f"Your rating: {after.label()} ({after.display() - 1500:+d})"
    assert rated.settle(scene) is None and store.rating("city-blocks") == after  # counted once
    shown.skip()
    next(b for b in shown.final_buttons if b.label == "New game").on_click()
    app.stack.apply_pending()
    again = app.stack.top
    assert isinstance(again, MatchScene) and again is not scene and again.rated.id != scene.rated.id
    assert store.is_pending("city-blocks", again.rated.id)  # rated again, the level chosen anew
    assert again.rated.level == rated.level_for(app, again.spec).level
    again.computers.stop()
    ratings = LocalRatingsScene(app, "city-blocks")
    show(app, ratings)
    app.step(1 / 60, events=[])
    assert ratings.summary(scene.spec) == f"{after.label()} after 1 rated game"


def test_a_saved_rated_game_resumes_rated_and_deleting_it_is_a_loss(app):
    scene = start_rated(app)
    rng = random.Random(5)
    while not scene.human_turn:
        app.step(0.05, events=[], draw=False)
    scene.submit(scene.match.state.legal_moves().random_placement(rng))
    app.step(0.05, events=[], draw=False)  # the autosave writes the slot
    scene.computers.stop()
    app.go_home()
    app.stack.apply_pending()
    (saved,) = saves.all_saves()
    assert saved.data["rated"]["level"] == "easy" and "rated" in saves.describe(app, saved.data)
    resumed = saves.resume_scene(app, saved)
    show(app, resumed)
    assert resumed.rated is not None and resumed.rated.id == scene.rated.id
    assert_refuses(app, resumed)
    resumed.computers.stop()
    app.go_home()
    app.stack.apply_pending()
    (entry,) = local_entries(app)
    entry.forget()
    store = rated.ratings(app).store
    (lost,) = store.game("city-blocks").history
    assert lost["abandoned"] and lost["change"] < 0 and store.rating("city-blocks").display() < 1500
    assert saves.all_saves() == []


def test_a_rated_alien_city_game_plays_its_measured_level(app):
    """Alien City ships measured levels: the picker offers a rated game, names the level
    nearest the newcomer's 1500 with its rating, and the game plays that level."""
    from client.games.aliencity.game import GameScene as AlienScene
    from shared.aliencity.spec import ALIEN_CITY
    from shared.gamekit.levels import level_ratings

    measured = level_ratings(ALIEN_CITY)
    assert {"random", "easy", "medium"} <= set(measured)
    nearest = min((lv for name, lv in measured.items() if name != "random"),
                  key=lambda lv: (abs(lv.rating - 1500), lv.rating))
    picker = from_title(app, "Play vs computer")
    picker.choose_game("alien-city")
    picker.bot_factory = lambda level, seed: ALIEN_CITY.make_bot("random", seed)
    row = next(r for r in picker.menu.rows if r.label == "Rated game")
    assert row.enabled and row.values == [False, True]
    row.set(True)
    words = " ".join(picker.describe())
    assert (f"Rated: you (1500?) against {nearest.level.capitalize()} (about {nearest.about()}); "
            "no undo, no hints.") in words
    picker.start()
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, AlienScene) and scene.rated is not None and scene.rated.level == nearest.level
    assert [s.level for s in scene.seats if not isinstance(s, HumanSeat)] == [nearest.level]
    scene.computers.stop()
    from client.games.aliencity.words import game_status
    scene.hover_lot = None
    assert scene.selected is not None and "undo" not in game_status(scene)[0]  # U says no here
    scene.handle_event(key(pygame.K_u))
    assert scene.toasts.text == "No undo in a rated game."
    assert rated.ratings(app).store.is_pending("alien-city", scene.rated.id)
    from shared import i18n
    i18n.set_language("fr")  # a language switch mid-game relabels the refusing buttons too
    try:
        app.step(1 / 60, events=[])
        shown = {b.label for b in scene.buttons}
        assert {"Annuler", "Conseil", "Enregistrer"} <= shown and not shown & {"Undo", "Hint", "Save"}
    finally:
        i18n.set_language("en")


def test_a_game_without_measured_levels_offers_no_rated_game(app, monkeypatch):
    """Every shipped game has measured levels now; one whose ratings data is empty (as a
    new game's would be) offers no rated game and says why."""
    monkeypatch.setattr(rated, "level_ratings", lambda spec: {})
    picker = from_title(app, "Play vs computer")
    picker.choose_game("alien-city")
    row = next(r for r in picker.menu.rows if r.label == "Rated game")
    assert not row.enabled and row.values == [False] and row.shown() == "Off: no measured levels"
    assert rated.why_not(app, picker.plugin.spec) == (
        "No rated games of Alien City yet: its computer levels have no measured rating.")


def test_rated_screens_say_every_word_through_the_catalogue(app):
    """Under the pseudo language: the rated picker, the refusals, the headline, Your
    ratings with a history and the Continue list's delete question."""
    from client.scenes.continue_list import ContinueScene

    from .i18n_harness import recording_texts, unmarked
    from .test_i18n_shell import pseudo_words

    allow = pseudo_words(app)
    with recording_texts() as texts:
        picker = rated_picker(app)
        allow.append(picker.plugin.describe_seats(picker.options(), picker.seat_infos(), picker.chosen()))
        app.step(1 / 60, events=[])
        picker.start()
        app.stack.apply_pending()
        scene = app.stack.top
        scene.computers.stop()
        scene.undo()
        app.step(1 / 60, events=[])
        scene.computers.ask_hint(None, None, None)
        app.step(1 / 60, events=[])
        store = rated.ratings(app).store
        scene.rated.outcome = store.finish("city-blocks", scene.rated.id, [2, 1], 0, "2026-11-27T11:00:00")
        scene.toasts.show(rated.headline(scene.rated), 3)
        app.step(1 / 60, events=[])
        app.go_home()
        app.stack.apply_pending()
        store.begin("city-blocks", "draw", rated.levels(scene.spec)["easy"], 2, "t")
        store.finish("city-blocks", "draw", [1, 1], 0, "2026-11-27T12:00:00")
        show(app, LocalRatingsScene(app, "city-blocks"))
        for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN):
            app.step(1 / 60, events=[key(k)])
        show(app, ContinueScene(app))
        app.step(1 / 60, events=[])
    assert any("No undo in a rated game." in t for t in texts)
    assert any("YOUR RATINGS" in t for t in texts)
    assert unmarked(texts, allow) == []


def test_a_rated_sprawl_game_plays_the_closest_level_and_refuses_undo(app):
    from client.games.sprawl.game import MatchScene as SprawlScene
    from shared.sprawl import SPRAWL

    picker = from_title(app, "Play vs computer")
    picker.choose_game("sprawl")
    picker.set_count(3)
    picker.bot_factory = lambda level, seed: SPRAWL.make_bot("random", seed)
    next(r for r in picker.menu.rows if r.label == "Rated game").set(True)
    picker.start()
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SprawlScene) and scene.rated is not None
    assert scene.rated.level == "medium"  # 1500 is nearest Medium (about 1528) of the measured levels
    assert sorted(s.level for s in scene.seats if not isinstance(s, HumanSeat)) == ["medium", "medium"]
    scene.computers.stop()
    scene.handle_event(key(pygame.K_u))
    assert scene.toasts.text == "No undo in a rated game."
    assert rated.ratings(app).store.is_pending("sprawl", scene.rated.id)


def test_the_key_help_leaves_out_the_hint_key_in_a_rated_game(app):
    """City Blocks' G and Sprawl's H only say no in a rated game: the line of keys under
    the board does not offer them there, and does in a casual game."""
    from client.games.sprawl.game import MatchScene as SprawlScene
    from tests.client.sprawl.helpers import random_game as sprawl_game
    from tests.client.sprawl.helpers import settle

    blocks = start_rated(app)
    assert "S shows where it fits" in blocks.status_text()[0] and "H: a hint" not in blocks.status_text()[0]
    blocks.rated = None
    assert "H: a hint" in blocks.status_text()[0]
    app.stack.scenes.clear()
    sprawl = SprawlScene(app, sprawl_game(3, 1, stop_at=6))
    show(app, sprawl)
    settle(app, sprawl)
    sprawl.hover = None
    assert sprawl.status_text()[0].endswith("A/S/O overlays · H: a hint · F1: how to play")
    sprawl.rated = object()
    assert sprawl.status_text()[0].endswith("A/S/O overlays · F1: how to play")
    app.stack.scenes.clear()
