"""A game's options come from its plug-in: the shell's Options hold none of them, the
Options screen shows them under the game's title, and they are saved under the game's id
in the config; an older config's top-level keys (Alien City's edition, location variant
and road flash) are moved there, never lost."""

from __future__ import annotations

import json
from dataclasses import fields

import pygame
import pytest

from client.app import App
from client.config import Options, load_options
from client.games.aliencity.settings import ruleset, setting
from client.scenes.options import OptionsScene
from client.scenes.picker import GamePickerScene
from shared.aliencity import Ruleset

from .conftest import key, show

OLD_FILE = {"sound": False, "edition": 2002, "location_bonus": True, "road_flash": False}


@pytest.fixture
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    return tmp_path


def saved(folder) -> dict:
    return json.loads((folder / "options.json").read_text(encoding="utf-8"))


def test_the_shells_options_hold_no_games_option(app):
    shell = {f.name for f in fields(Options)}
    for plugin in app.games:
        assert not shell & {o.name for o in plugin.offered_options()}, plugin.spec.id


def test_an_old_configs_alien_city_keys_move_under_the_game(own_config):
    (own_config / "options.json").write_text(json.dumps(OLD_FILE), encoding="utf-8")
    app = App(None, (1280, 800), persist=True)
    try:
        app.save_options()  # before any game read its options: the old keys stay in the file
        assert {k: saved(own_config)[k] for k in OLD_FILE} == OLD_FILE
        assert ruleset(app) == Ruleset(2002, location_bonus=True) and setting(app, "road_flash") is False
        assert app.games.get("alien-city").options(app) == {"edition": 2002, "location_bonus": True}
        app.save_options()
        data = saved(own_config)
        assert data["games"]["alien-city"] == {"edition": 2002, "location_bonus": True, "road_flash": False}
        assert not {"edition", "location_bonus", "road_flash"} & set(data) and data["sound"] is False
        assert setting(App(None, (1280, 800), persist=False), "road_flash") is False  # read back
    finally:
        app.stack.scenes.clear()


def test_a_wrong_saved_value_gives_the_default(own_config):
    (own_config / "options.json").write_text(json.dumps(
        {"road_flash": 1, "games": {"alien-city": {"edition": 1999}, "sprawl": {"overload": "yes"}}}))
    app = App(load_options(), (1280, 800), persist=False)
    assert ruleset(app) == Ruleset(2004) and setting(app, "road_flash") is True
    assert app.games.get("sprawl").options(app)["overload"] is False


def test_options_screen_shows_each_games_rows_under_its_title(app):
    scene = OptionsScene(app)
    show(app, scene)
    app.step(1 / 60, events=[])
    starts = sorted(scene.sections)
    shown = [plugin.spec.id for plugin in scene.sections.values()]
    assert shown == [p.spec.id for p in app.games if p.offered_options()]  # City Blocks offers none
    assert "alien-city" in shown and "sprawl" in shown
    for start, end in zip(starts, [*starts[1:], len(scene.rows)]):
        plugin = scene.sections[start]
        assert [r.label for r in scene.rows[start:end]] == [r.label for r in plugin.option_rows(app)]
        assert scene.headings[start].bottom <= scene.rows[start].rect.top  # the title above its rows
    assert [r.label for r in scene.rows[:starts[0]]] == ["Language", "Sound", "Music", "Animation speed",
                                                         "Colour-blind-safe mode", "Display"]


def test_a_games_option_changed_in_options_is_saved_and_starts_the_next_game(app):
    scene = OptionsScene(app)
    show(app, scene)
    row = next(r for r in scene.rows if r.label == "Overload")
    scene.menu.focus = scene.rows.index(row)
    scene.menu.handle_event(key(pygame.K_RIGHT))
    assert app.options.games["sprawl"] == {"overload": True}
    picker = GamePickerScene(app, "local")
    picker.choose_game("sprawl")
    assert picker.options()["overload"] is True
    assert next(r for r in picker.menu.rows if r.label == "Overload").shown() == "On"
