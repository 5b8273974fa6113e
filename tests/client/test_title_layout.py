"""The title screen says what the app is (a card with a picture per game) and fits small
windows in every language: cards, the three large buttons and the smaller ones never
overlap or run into the key hint; a card chooses the game the Play buttons start. A
saved window size larger than the screen opens shrunk to fit."""

from __future__ import annotations

import pygame
import pytest

import client.scenes.title as title_module
from client.app import fit_desktop
from client.scenes.picker import GamePickerScene
from client.scenes.title import TitleScene, is_continue
from client.view.widgets import Button
from shared import i18n

from .conftest import click, key, show


def saved_games(app) -> list[Button]:
    """What the title's Continue row holds when games wait (continue_list's two buttons)."""
    return [Button("Continue: City Blocks, move 31, Ann vs Bob vs Cy", lambda: None),
            Button("Unfinished games", lambda: None, tr=lambda _k: "Unfinished games (4)")]


@pytest.mark.parametrize("waiting", [False, True])
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (896, 560), (800, 560)])
def test_cards_and_buttons_fit_above_the_key_hint(app, size, lang, waiting, monkeypatch):
    """At every window size and language, with and without saved games to continue: a
    card per game, the Continue row, then the three large buttons, then the smaller ones,
    none overlapping, all inside the window and above the hint."""
    if waiting:
        monkeypatch.setattr(title_module, "continue_buttons", saved_games)
    i18n.set_language(lang)
    try:
        title = TitleScene(app)
        show(app, title)
        title.resize(size)
        rects = [b.rect for b in title.menu.buttons]
        assert len(rects) >= 8
        for i, a in enumerate(rects):
            assert pygame.Rect(0, 0, *size).contains(a)
            assert a.bottom < title.hint_y - 6 < size[1]
            assert all(not a.colliderect(b) for b in rects[i + 1:])
            assert all(not a.colliderect(card) for card in title.cards.rects)
        assert min(r.height for r in rects) >= 18
        offset = sum(1 for b in title.menu.buttons if is_continue(b))  # games other tests left count too
        assert offset == 2 or not waiting
        big = [b.rect for b in title.menu.buttons[offset:][:3]]
        assert all(r.h > rects[-1].h for r in big), "the three ways to play are the larger buttons"
        assert len(title.cards.rects) == len(app.games) >= 3
        assert min(r.h for r in title.cards.rects) >= size[1] * 0.2, "a picture you can see"
        font = app.text.font(int(rects[-1].h * 0.46), True)
        for b in title.menu.buttons[offset:]:
            assert font.size(b.text)[0] <= b.rect.w, (b.text, "its words fit")
        assert min(r.h for r in title.cards.rects) >= size[1] * 0.2
    finally:
        i18n.set_language("en")


def test_a_card_chooses_the_game_the_play_buttons_start(app):
    """A click on City Blocks' card, then Local game: the picker has City Blocks; the
    choice is kept when the title opens again, and the keys 1-3 choose too."""
    title = TitleScene(app)
    show(app, title)
    ids = [p.spec.id for p in app.games]
    title.handle_event(click(title.cards.rects[ids.index("city-blocks")].center))
    assert title.cards.chosen == "city-blocks"
    local = next(b for b in title.menu.buttons if b.label == "Local game")
    title.handle_event(click(local.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, GamePickerScene) and app.stack.top.game == "city-blocks"
    app.stack.scenes.clear()
    again = TitleScene(app)
    show(app, again)
    assert again.cards.chosen == "city-blocks"
    again.handle_event(key(pygame.K_3))
    assert again.cards.chosen == ids[2]
    again.handle_event(key(pygame.K_LEFT))
    assert again.cards.chosen == ids[1]
    vs = next(b for b in again.menu.buttons if b.label == "Play vs computer")
    again.handle_event(click(vs.rect.center))
    app.stack.apply_pending()
    assert app.stack.top.mode == "computer" and app.stack.top.game == ids[1]


def test_a_saved_size_too_big_for_the_screen_is_shrunk():
    """1280x800 saved, a 1024x640 screen: the window keeps its shape and fits; a big
    screen, no screen, or a headless driver keep the saved size."""
    w, h = fit_desktop((1280, 800), [(1024, 640)])
    assert w <= 1024 and h <= 640 - 80 and abs(w / h - 1.6) < 0.01
    assert fit_desktop((1280, 800), [(2560, 1440)]) == (1280, 800)
    assert fit_desktop((1280, 800), [(0, 0)]) == (1280, 800)
    assert fit_desktop((1280, 800)) == (1280, 800)  # the tests' dummy driver


@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_continue_buttons_read_as_large_as_the_smaller_ones(app, size, lang, monkeypatch):
    """Continue and Unfinished games are not the smallest text on the title."""
    monkeypatch.setattr(title_module, "continue_buttons", saved_games)
    i18n.set_language(lang)
    try:
        title = TitleScene(app)
        show(app, title)
        title.resize(size)
        smaller = title.menu.buttons[-1].rect.h
        for b in title.menu.buttons[:2]:
            h = b.rect.h
            _label, px = app.text.fit(b.text, max(12, int(h * 0.46)), b.rect.w - max(14, h // 2), bold=True,
                                      display=True)
            assert px >= int(smaller * 0.46), (b.text, px)
    finally:
        i18n.set_language("en")


def test_the_title_shows_the_game_last_started_from_the_picker(app):
    """A game chosen in the picker's own game row and started: back at the title, that
    game's card is the chosen one (not the first game again)."""
    picker = GamePickerScene(app, "computer")
    show(app, picker)
    picker.choose_game("sprawl")
    picker.start()
    app.stack.scenes.clear()
    title = TitleScene(app)
    show(app, title)
    assert title.cards.chosen == "sprawl"


@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_few_buttons_whose_words_read_large_at_896x560(app, lang):
    """At 896x560 the title holds nine buttons (three ways to play, six under them in
    the same three columns), and every label is drawn at 15 px or more, whole."""
    i18n.set_language(lang)
    try:
        title = TitleScene(app)
        show(app, title)
        title.resize((896, 560))
        buttons = [b for b in title.menu.buttons if not is_continue(b)]
        assert len(buttons) == 9
        columns = sorted({b.rect.x for b in buttons})
        assert len(columns) == 3 and all(b.rect.w == buttons[0].rect.w for b in buttons)
        for b in buttons:
            h = b.rect.h
            label, px = app.text.fit(b.text, max(12, int(h * 0.46)), b.rect.w - max(14, h // 2), bold=True,
                                     display=True)
            assert label == b.text and px >= 15, (b.text, px)
    finally:
        i18n.set_language("en")


def test_hosting_starts_from_games_on_your_network(app, monkeypatch):
    """The title's one door to the network: Games on your network, whose Host button
    puts the hosting screen in its place (leaving that lobby comes back to the title)."""
    from client.scenes.host import HostScene
    from client.scenes.lan_games import LanGamesScene

    monkeypatch.setenv("ALIEN_CITY_LAN_ADDRESS", "127.0.0.1")  # the list listens on loopback only
    monkeypatch.setenv("ALIEN_CITY_LAN_PORT", "0")
    started: list[object] = []
    monkeypatch.setattr(HostScene, "enter", lambda self: started.append(self))  # where it goes, no server
    title = TitleScene(app)
    show(app, title)
    lan = next(b for b in title.menu.buttons if b.label == "Games on your network")
    title.handle_event(click(lan.rect.center))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, LanGamesScene)
    host = scene.host_button
    assert app.window.get_rect().contains(host.rect) and not host.rect.colliderect(scene.back.rect)
    scene.handle_event(click(host.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, HostScene) and started == [app.stack.top]
    assert [type(s) for s in app.stack.scenes] == [TitleScene, HostScene]


def test_games_on_your_network_hosts_from_the_keyboard(app, monkeypatch):
    """Down to Games on your network, Enter, then H: the hosting screen, no mouse."""
    from client.scenes.host import HostScene
    from client.scenes.lan_games import LanGamesScene

    monkeypatch.setenv("ALIEN_CITY_LAN_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("ALIEN_CITY_LAN_PORT", "0")
    monkeypatch.setattr(HostScene, "enter", lambda self: None)
    title = TitleScene(app)
    show(app, title)
    labels = [b.label for b in title.menu.buttons]
    for _ in range(labels.index("Games on your network") - title.menu.focus):
        title.handle_event(key(pygame.K_DOWN))
    title.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, LanGamesScene) and scene.host_button.text.endswith("(H)")
    scene.handle_event(key(pygame.K_h))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, HostScene)
