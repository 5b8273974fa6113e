"""The review screen speaks the player's language: every string it draws (the progress
panel, the graph, the turn panel, the mistakes, the error) goes through the "review"
catalogue, Slovak and French really come out translated, and the longer texts fit."""

from __future__ import annotations

import pygame
import pytest

import client.review.scene as review_scene
from client.review import words
from client.review.scene import ReviewScene
from shared import i18n
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.gamekit.api import RecordError
from shared.gamekit.review import ReviewSettings

from .conftest import key, show
from .i18n_harness import recording_texts, unmarked
from .test_review import played_out, wait_ready
from .test_score_show import finished


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=3))


def data_of(scene: ReviewScene) -> list[str]:
    """What the screen shows that is not ours to translate: the game's title, its seats'
    labels and the moves' notation."""
    data = [scene.spec.title] + [s.label for s in scene.spec.seats(scene.options)]
    if scene.review is not None:
        data += [t.played for t in scene.review.turns] + [t.best for t in scene.review.turns]
    return data


def draw_every_turn_kind(app, scene: ReviewScene) -> None:
    """The start, a best move, a mistake with the played and the better move shown."""
    scene.select(0)
    app.step(1 / 60, events=[], draw=True)
    for turn in scene.review.turns:
        if turn.was_best:
            scene.select(turn.ply)
            app.step(1 / 60, events=[], draw=True)
            break
    for turn in scene.mistakes[:2] or [t for t in scene.review.turns if not t.was_best][:2]:
        scene.select(turn.ply)
        app.step(1 / 60, events=[], draw=True)
        scene.handle_event(key(pygame.K_b))
        app.step(1 / 60, events=[], draw=True)


@pytest.mark.parametrize("game", ["alien-city", "city-blocks", "sprawl"])
def test_every_review_text_is_marked(app, game):
    state = {"alien-city": lambda: AlienCityPosition(finished(31)),
             "city-blocks": lambda: played_out("city-blocks", {"players": 2}, 2),
             "sprawl": lambda: played_out("sprawl", {"players": 3}, 2)}[game]()
    with recording_texts() as texts:
        scene = ReviewScene(app, state)
        show(app, scene)
        app.step(1 / 60, events=[], draw=True)   # the progress panel (or the result)
        wait_ready(app, scene)
        draw_every_turn_kind(app, scene)
    assert unmarked(texts, allow=data_of(scene)) == []
    assert any(words.TITLE in t for t in texts)  # really drawn, and wrapped in the marks


def test_the_progress_panel_and_the_error_are_marked(app, monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=10**7, seed=5))

    class Unreadable(type(ALIEN_CITY)):
        def read_record(self, text, *, lenient=False):
            raise RecordError("xx")

    class Position(AlienCityPosition):
        spec = Unreadable()

    with recording_texts() as texts:
        running = ReviewScene(app, AlienCityPosition(finished(32)))
        show(app, running)
        app.step(1 / 60, events=[], draw=True)
        running.close()
        app.stack.apply_pending()
        broken = ReviewScene(app, Position(finished(33)))
        show(app, broken)
        app.step(1 / 60, events=[], draw=True)
    running.job.thread.join(120)
    assert unmarked(texts, allow=["Alien City", "Black", "White", "xx"]) == []
    assert any("Analysing move" in t for t in texts if "⟦" in t)


@pytest.mark.parametrize("language", ["sk", "fr"])
def test_slovak_and_french_texts_come_out_translated_and_fit(app, language):
    state = played_out("city-blocks", {"players": 2}, 4)
    with recording_texts(language) as texts:
        scene = ReviewScene(app, state)
        show(app, scene)
        wait_ready(app, scene)
        draw_every_turn_kind(app, scene)
        english = {"GAME REVIEW", "Biggest mistakes", "Played move", "Better move", "Close"}
        shown = {words._(words.TITLE), words.mistakes_heading(), scene.played_button.text,
                 scene.better_button.text, scene.close_button.text}
        assert not shown & english and all(shown)
        for b in (scene.played_button, scene.better_button, scene.close_button):
            w, h = b.rect.size  # the label fits its button whole (not cut with …)
            assert app.text.fit(b.text, max(12, int(h * 0.46)), w - max(14, h // 2), bold=True,
                                display=True)[0] == b.text
        assert any(t.startswith(words.keys_help()[:12]) for t in texts)  # the keys line, translated
    assert i18n.current_language() == "en"


@pytest.mark.parametrize("language", ["sk", "fr"])
@pytest.mark.parametrize("game", ["alien-city", "city-blocks", "sprawl"])
def test_the_replays_review_button_is_translated_and_fits(app, tmp_path, game, language):
    from .test_review import replay_of_record
    with recording_texts(language) as texts:
        _spec, _state, replay = replay_of_record(app, tmp_path, game, True)
        app.step(1 / 60, events=[], draw=True)
        button = replay.controls.review_button
        label = button.text
        assert label == {"sk": "Rozbor (V)", "fr": "Analyse (V)"}[language]
        w, h = button.rect.size
        assert app.text.fit(label, max(12, int(h * 0.46)), w - max(14, h // 2), bold=True,
                            display=True)[0] == label
    assert label in texts
