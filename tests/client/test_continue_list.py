"""Every unfinished game is kept: starting a Sprawl game leaves an unfinished 4-player
City Blocks game in the title's list of unfinished games, beside the online matches;
each row says who plays, whose turn and when; deleting asks first; the old single
autosave file is moved into the list, not lost."""

import json
import random

import pygame
import pytest

from client import saves
from client.connect import token_store
from client.scenes.continue_list import ContinueScene
from client.scenes.pause import ConfirmScene
from client.scenes.seats import HumanSeat
from client.scenes.title import TitleScene

from .conftest import click, key, show
from .test_autosave import play_some, start

SERVER = "ws://127.0.0.1:1"


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def people(*names: str) -> list[HumanSeat]:
    return [HumanSeat(name=n) for n in names]


def two_games(app) -> None:
    """A 4-player City Blocks game (played two days ago), then a Sprawl game."""
    blocks = start(app, "city-blocks", people("Ann", "Bo", "Cy", "Di"))
    play_some(app, blocks, 2, random.Random(1))
    [kept] = saves.all_saves()
    kept.data["saved"] = "2026-01-24T18:30:00"
    saves.write(kept.slot, kept.data)
    sprawl = start(app, "sprawl", people("Eve", "Fay", "Gus"))
    play_some(app, sprawl, 1, random.Random(2))
    app.stack.scenes.clear()


def open_list(app) -> tuple[TitleScene, ContinueScene]:
    title = TitleScene(app)
    show(app, title)
    every = next(b for b in title.menu.buttons if b.label == "Unfinished games")
    title.handle_event(click(every.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ContinueScene)
    return title, app.stack.top


def test_a_new_game_keeps_the_unfinished_one_and_the_list_resumes_either(app):
    two_games(app)
    title = TitleScene(app)
    show(app, title)
    labels = [b.text for b in title.menu.buttons]
    assert labels[0] == "Continue: Sprawl, 3 players"  # the last played
    assert labels[1] == "Unfinished games (2)"
    app.stack.scenes.clear()
    _, scene = open_list(app)
    app.step(1 / 60, events=[])  # drawn: each row's facts read
    assert [e.title() for e in scene.entries] == ["Sprawl, 3 players", "City Blocks, 4 players"]
    facts = scene.entries[1].facts()
    assert facts.startswith("Ann, Bo, Cy, Di · ") and " to move · " in facts
    assert facts.endswith("2026-01-24 18:30")
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()
    resumed = app.stack.top
    assert resumed.spec.id == "city-blocks" and [s.name for s in resumed.seats] == ["Ann", "Bo", "Cy", "Di"]
    assert resumed.match.state.ply == 2


def test_deleting_a_saved_game_asks_first(app):
    two_games(app)
    _, scene = open_list(app)
    app.step(1 / 60, events=[])
    scene.handle_event(click(scene.cross_rect(1).center))  # City Blocks' ✕
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.tr(ask.detail) == "City Blocks, 4 players"
    ask.handle_event(click(ask.menu_column.buttons[0].rect.center))  # Stay
    app.stack.apply_pending()
    assert app.stack.top is scene and len(saves.all_saves()) == 2
    scene.handle_event(click(scene.cross_rect(1).center))
    app.stack.apply_pending()
    app.stack.top.handle_event(click(app.stack.top.menu_column.buttons[1].rect.center))  # Delete
    app.stack.apply_pending()
    assert [s.game for s in saves.all_saves()] == ["sprawl"]
    assert [e.title() for e in scene.entries] == ["Sprawl, 3 players"]


def test_online_matches_share_the_list_and_can_be_forgotten(app):
    two_games(app)
    store = token_store()
    store.remember_seat(SERVER, "K7QXAD", "black", "tok", game="sprawl", opponents=("Bob",))
    store.touch(SERVER, "K7QXAD", turn="your turn")
    title = TitleScene(app)
    show(app, title)
    assert title.menu.buttons[0].label == "Continue: Sprawl: match K7QXAD vs Bob (your turn)"  # the newest
    app.stack.scenes.clear()
    _, scene = open_list(app)
    assert scene.entries[0].title() == "Sprawl: match K7QXAD vs Bob (your turn)"  # which game, too
    assert len(scene.entries) == 3 and scene.entries[0].facts().startswith(f"online · {SERVER} · 20")
    scene.handle_event(key(pygame.K_DELETE))
    app.stack.apply_pending()
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Forget this online match?"
    ask.confirm()
    app.stack.apply_pending()
    assert token_store().seats() == [] and len(scene.entries) == 2


def test_the_old_single_autosave_is_moved_into_the_list(app, own_config):
    plugin = app.games.get("sprawl")
    state = plugin.new_state(app, plugin.options_for(app, 4), 9)
    old = {"format": 1, "game": "sprawl", "state": state.to_dict(), "undo": [], "seed": 9,
           "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "computer", "level": "easy"}] * 3,
           "saved": "2026-01-20T09:15:00"}
    (own_config / "autosave.json").write_text(json.dumps(old), encoding="utf-8")
    [saved] = saves.all_saves()
    assert not (own_config / "autosave.json").exists()
    assert saved.data["state"] == state.to_dict()
    assert saves.seat_names(app, saved) == ["Ann", "Yellow (computer, easy)", "Green (computer, easy)",
                                            "Blue (computer, easy)"]   # as the match says
    _, scene = open_list(app)
    assert scene.entries[0].title() == "Sprawl, you vs 3 computers (Easy)"
    assert scene.entries[0].facts().endswith("2026-01-20 09:15")


def test_an_empty_list_says_so_and_the_title_offers_none(app):
    title = TitleScene(app)
    show(app, title)
    assert not [b for b in title.menu.buttons if b.label in ("Unfinished games",) or b.label.startswith("Continue")]
    scene = ContinueScene(app)
    show(app, scene)
    app.step(1 / 60, events=[])
    assert scene.entries == [] and not scene.open_button.enabled


def test_the_list_speaks_the_language_in_use(app):
    from .i18n_harness import recording_texts, unmarked
    from .test_i18n_shell import pseudo_words
    two_games(app)
    token_store().remember_seat(SERVER, "K7QXAD", "black", "tok", opponents=("Bob",))
    allow = pseudo_words(app) + ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "K7QXAD", "Bob", SERVER,
                                 "·"]
    with recording_texts() as texts:
        scene = ContinueScene(app)
        show(app, scene)
        app.step(1 / 60, events=[])
        scene.ask_delete()
        app.step(1 / 60, events=[])
    assert unmarked(texts, allow=allow) == []
    app.stack.scenes.clear()
    with recording_texts("sk") as texts:
        title = TitleScene(app)
        show(app, title)
        app.step(1 / 60, events=[])
    assert "Nedohrané hry (3)" in texts
