"""The client shell speaks the chosen language: every string the title, options, picker,
pause and its questions, replay list, how-to frame, final table, score buttons and the
title's Continue draw goes through the catalogue (checked under the pseudo language), the
Slovak and French texts really come out, long labels fit their boxes at 1280x800 and
1024x640, and the Options screen's Language row switches every screen at once and is saved.

A game's own words (titles, seat names, option labels, level descriptions) come from its
spec and plug-in, translated by the game: they are allowed here as the game says them."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pygame
import pytest

from client import saves
from client.app import App
from client.config import Options, load_options
from client.scenes.files import FilesScene
from client.scenes.options import OptionsScene
from client.scenes.pages import PagesScene
from client.scenes.pause import ConfirmScene, PauseScene
from client.scenes.picker import GamePickerScene
from client.scenes.replay_controls import ReplayControls
from client.scenes.score_show import ScoreShow
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.standings import StandingsScene
from client.scenes.title import TitleScene
from shared import i18n

from .conftest import key, show
from .i18n_harness import recording_texts, unmarked

LANGUAGE_NAMES = tuple(i18n.LANGUAGES.values())  # each language named in itself: never translated
BRAND = ("ALIEN CITY",)  # the logo


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def frame(app: App) -> None:
    app.step(1 / 60, events=[])


def game_words(app: App) -> list[str]:
    """What the games themselves say on shell screens, in the language in use (their
    catalogues translate it; not the shell's to mark)."""
    words: list[str] = []
    for plugin in app.games:
        spec = plugin.spec
        words += [spec.title, plugin.tagline, plugin.credit]
        for count in spec.seat_counts:
            options = plugin.options_for(app, count)
            seats = spec.seats(options)
            words += [s.label for s in seats]
            words.append(plugin.describe_options(options))
            for chosen in (["person"] * count, ["person"] + ["easy"] * (count - 1)):
                words.append(plugin.describe_seats(options, seats, chosen))
        for level in spec.computer_levels:
            words.append(plugin.describe_level(level))
        for f in spec.option_schema():
            words += [f.label, f.help, *(str(c) for c in f.choices)]
        for row in plugin.option_rows(app):
            words += [row.text(), row.help_text(), *row.value_names()]
    return [w for w in words if w]


def allowed(app: App, *extra: str) -> list[str]:
    return [*game_words(app), *LANGUAGE_NAMES, *BRAND, *extra]


def pseudo_words(app: App, *extra: str) -> list[str]:
    with recording_texts():
        return allowed(app, *extra)


# -- every shell screen under the pseudo language ------------------------------------------------
def test_title_and_its_menu_are_marked(app):
    allow = pseudo_words(app)
    with recording_texts() as texts:
        show(app, TitleScene(app))
        for _ in range(3):
            frame(app)
    assert any("Play vs computer" in t for t in texts)
    assert unmarked(texts, allow) == []


def test_every_options_row_and_its_help_are_marked(app):
    allow = pseudo_words(app)
    with recording_texts() as texts:
        scene = OptionsScene(app)
        show(app, scene)
        for i, row in enumerate(scene.rows):
            scene.menu.focus = i
            frame(app)
            if row.label != "Display":  # (full screen is not for the dummy driver)
                for _ in row.values:
                    scene.menu.handle_event(key(pygame.K_RIGHT))
                    i18n.set_language(i18n.PSEUDO)  # (the Language row switches: back to the marks)
                    frame(app)
    assert any("Language" in t for t in texts) and any("Colour-blind-safe mode" in t for t in texts)
    assert unmarked(texts, allow) == []


@pytest.mark.parametrize("mode", ["local", "computer"])
def test_picker_for_every_game_and_seat_count_is_marked(app, mode):
    allow = pseudo_words(app)
    with recording_texts() as texts:
        picker = GamePickerScene(app, mode, seed=3)
        show(app, picker)

        def look() -> None:
            # who starts: the game's words for the seats chosen now
            allow.append(picker.plugin.describe_seats(picker.options(), picker.seat_infos(), picker.chosen()))
            frame(app)

        for plugin in app.games:
            picker.choose_game(plugin.spec.id)
            for count in plugin.spec.seat_counts:
                picker.set_count(count)
                for i in range(len(picker.menu.rows)):
                    picker.menu.focus = i
                    look()
                if mode == "computer":
                    picker.you = "random"
                else:
                    picker.players[-1] = picker.levels()[-1]
                look()
    assert any("PLAY VS COMPUTER" in t or "LOCAL GAME" in t for t in texts)
    assert unmarked(texts, allow) == []


def test_pause_and_its_questions_are_marked(app):
    game = types.SimpleNamespace(undo_allowed=True, save=lambda: None, undo=lambda: None, rated=None, chrome=None,
                                 spec=None, resigning_seat=lambda: 0, resign=lambda: None, position=lambda: None,
                                 match=types.SimpleNamespace(state=types.SimpleNamespace(is_over=lambda: False),
                                                             over=False))
    with recording_texts() as texts:
        show(app, TitleScene(app))
        pause = PauseScene(app, game)
        show(app, pause)
        frame(app)
        pause.menu()
        app.stack.apply_pending()
        assert isinstance(app.stack.top, ConfirmScene)
        frame(app)
        app.stack.top.close()
        app.stack.apply_pending()
        pause.quit()
        app.stack.apply_pending()
        frame(app)
        game.match.state.is_over, game.match.over = (lambda: True), True
        app.stack.top.close()
        pause.quit()
        app.stack.apply_pending()
        frame(app)
    assert any("PAUSED" in t for t in texts) and any("Quit Alien City?" in t for t in texts)
    assert unmarked(texts, pseudo_words(app)) == []


def write_records(app, folder: Path) -> list[Path]:
    """A record of each game (two plies when it can) and a file no game reads."""
    paths = []
    for plugin in app.games:
        spec = plugin.spec
        state = plugin.new_state(app, plugin.options_for(app, spec.seat_counts[0]), 5)
        path = folder / f"{spec.id}{spec.record_suffix or '.txt'}"
        path.write_text(spec.write_record(state), encoding="utf-8")
        paths.append(path)
    bad = folder / "broken.ppn"
    bad.write_text("Game: nothing we know\n", encoding="utf-8")
    return paths + [bad]


def test_replay_list_empty_full_and_its_errors_are_marked(app, tmp_path):
    empty, full = tmp_path / "empty", tmp_path / "full"
    empty.mkdir()
    full.mkdir()
    paths = write_records(app, full)
    data = [str(p) for p in paths] + [p.name for p in paths] + [str(empty), str(full)]
    with recording_texts() as texts:
        show(app, FilesScene(app, [empty]))
        frame(app)
        scene = FilesScene(app, [full])
        show(app, scene)
        frame(app)
        scene.open(paths[-1])   # no game reads it
        frame(app)
        scene.open(full / "missing.ppn")
        frame(app)
    assert any("REPLAY A RECORD" in t for t in texts)
    assert unmarked(texts, pseudo_words(app, *data, "missing.ppn", "nothing we know")) == []


def test_how_to_frame_standings_and_score_buttons_are_marked(app):
    def mark(s: str) -> str:  # a game's words, translated by it
        return i18n.PSEUDO_OPEN + s + i18n.PSEUDO_CLOSE

    with recording_texts() as texts:
        pages = PagesScene(app, [(mark("Board"), [mark("One.")]), (mark("End"), [mark("Two.")])])
        show(app, pages)
        frame(app)
        pages.turn(1)
        frame(app)
        plugin = app.games.get("sprawl")
        seats = plugin.spec.seats(plugin.options_for(app, 4))
        table = StandingsScene(app, seats, [2, 1, 3, 4], scores=["3", "5", "1", "0"],
                               on_new_game=lambda: None)
        show(app, table)
        frame(app)
        show_ = _score_buttons(app)
        surface = app.window
        for b in show_.final_buttons + [show_.next_button, show_.fast_button, show_.skip_button]:
            b.rect = pygame.Rect(0, 0, 300, 40)
            b.draw(surface, app.text)
        show_.toggle_fast()
        show_.fast_button.draw(surface, app.text)
        for words in (show_.turn_text()[0],):
            app.text.render(words, 20, (255, 255, 255))
        controls = ReplayControls(3, lambda i, a: None)
        controls.bar = pygame.Rect(10, 10, 300, 10)
        controls.hover = 2
        controls.draw_bar(surface, app.text)
        for b in controls.buttons:
            b.rect = pygame.Rect(0, 0, 80, 40)
            b.draw(surface, app.text)
    assert any("HOW TO PLAY" in t for t in texts) and any("FINAL STANDINGS" in t for t in texts)
    assert unmarked(texts, pseudo_words(app, "3", "5")) == []


def _score_buttons(app):
    class Screen:  # the score screen the show asks (ScoreScreen), its final board up
        show_title = ScoreShow.show_title

        def __init__(self):
            self.app, self.state, self.buttons = app, None, []
            self.sequence = types.SimpleNamespace(stage="final")

        def skip(self):
            pass

        def start_show(self):
            pass

        def winner_words(self):
            return (i18n.PSEUDO_OPEN + "RED WINS" + i18n.PSEUDO_CLOSE,)

        def final_position(self):
            return self.state

    show_ = ScoreShow(Screen(), "")
    show_.make_buttons(i18n.PSEUDO_OPEN + "Replay the show" + i18n.PSEUDO_CLOSE, on_replay=lambda: None,
                       on_save=lambda: None, on_new_game=lambda: None,
                       new_game_label=i18n.PSEUDO_OPEN + "New game" + i18n.PSEUDO_CLOSE)
    return show_


def save_local_game(app, game_id: str, seats) -> None:
    plugin = app.games.get(game_id)
    state = plugin.new_state(app, plugin.options_for(app, len(seats) if game_id != "alien-city" else None), 4)
    data = {"format": 1, "game": game_id, "state": state.to_dict(),  # an older client's one autosave
            "seats": [saves.seat_data(s) for s in seats], "seed": 4, "saved": "2026-01-01T00:00:00"}
    saves.old_autosave_path().parent.mkdir(parents=True, exist_ok=True)
    saves.old_autosave_path().write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("seats", [[HumanSeat(), ComputerSeat(level="hard")],
                                   [HumanSeat(), HumanSeat(), HumanSeat()]])
def test_the_titles_continue_is_marked(app, seats, tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    game = "alien-city" if len(seats) == 2 else "sprawl"
    save_local_game(app, game, seats)
    with recording_texts() as texts:
        title = TitleScene(app)
        show(app, title)
        frame(app)
        shown = [b.text for b in title.menu.buttons if getattr(b, "autosave", None) is not None]
    assert len(shown) == 1 and shown[0].startswith(i18n.PSEUDO_OPEN + "Continue: ")
    assert unmarked(texts, pseudo_words(app)) == []


# -- the real languages ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,words", [
    ("sk", ["Hrať proti počítaču", "Nastavenia", "Koniec"]),
    ("fr", ["Jouer contre l’ordinateur", "Options", "Quitter"]),
])
def test_title_menu_in_slovak_and_french(app, lang, words):
    with recording_texts(lang) as texts:
        show(app, TitleScene(app))
        frame(app)
    for word in words:
        assert word in texts
    assert "Play vs computer" not in texts


@pytest.mark.parametrize("lang,expected", [
    ("sk", ["NASTAVENIA", "Jazyk", "Zvuk", "Režim pre farboslepých", "Systém (English)"]),
    ("fr", ["OPTIONS", "Langue", "Son", "Mode daltonien", "Système (English)"]),
])
def test_options_pause_and_picker_in_slovak_and_french(app, monkeypatch, lang, expected):
    monkeypatch.setenv("LANGUAGE", "en")
    with recording_texts(lang) as texts:
        show(app, OptionsScene(app))
        frame(app)
        show(app, PauseScene(app, paused_game(undo_allowed=False)))
        frame(app)
        show(app, GamePickerScene(app, "computer"))
        frame(app)
    drawn = " | ".join(texts)
    for word in expected:
        assert word in drawn
    assert {"sk": "PAUZA", "fr": "PAUSE"}[lang] in drawn
    assert {"sk": "HRA PROTI POČÍTAČU", "fr": "JOUER CONTRE L’ORDINATEUR"}[lang] in drawn
    assert "Sound" not in texts and "Animation speed" not in texts


def paused_game(undo_allowed: bool) -> types.SimpleNamespace:
    """A stand-in for the match screen under the pause menu (a local game just started)."""
    return types.SimpleNamespace(undo_allowed=undo_allowed, save=None, undo=None, rated=None, chrome=None, spec=None,
                                 resigning_seat=lambda: 0, resign=None, position=None,
                                 match=types.SimpleNamespace(state=None, over=False))


# -- fit ----------------------------------------------------------------------------------------------
def cut(texts) -> list[str]:
    """Drawn strings cut to fit (TextCache.fit ends them with an ellipsis)."""
    return sorted({t for t in texts if t.endswith("…")})


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("lang", ["sk", "fr"])
def test_long_labels_fit_their_boxes(app, lang, size):
    """Buttons, option rows, the picker and the pause menu: nothing cut with an ellipsis,
    and every title-menu label drawn no wider than its button."""
    app.set_size(size)
    game = paused_game(undo_allowed=True)
    with recording_texts(lang) as texts:
        title = TitleScene(app)
        show(app, title)
        frame(app)
        for b in title.menu.buttons:
            h = b.rect.h
            fitted, px = app.text.fit(b.text, max(12, int(h * 0.46)), b.rect.w - max(14, h // 2),
                                      bold=True, display=True)
            assert fitted == b.text, f"{b.text!r} is cut in a {b.rect.w}px button"
            assert app.text.font(px, True, True).size(fitted)[0] <= b.rect.w
        options = OptionsScene(app)
        show(app, options)
        for i in range(len(options.rows)):
            options.menu.focus = i
            frame(app)
            assert options.help_end <= options.back.rect.top, f"{options.rows[i].label}'s help runs into Back"
        show(app, PauseScene(app, game))
        frame(app)
        for mode in ("local", "computer"):
            picker = GamePickerScene(app, mode)
            show(app, picker)
            for plugin in app.games:
                picker.choose_game(plugin.spec.id)
                frame(app)
        show(app, FilesScene(app, []))
        frame(app)
    app.set_size((1280, 800))
    assert cut(texts) == []


# -- the Language row ----------------------------------------------------------------------------------
def test_language_row_switches_every_screen_at_once_and_is_saved(own_config, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    app = App(Options(), (1280, 800), persist=True)
    try:
        assert i18n.current_language() == "fr"  # 'system': the environment's
        title = TitleScene(app)
        show(app, title)
        options = OptionsScene(app)
        show(app, options)
        row = next(r for r in options.rows if r.label == "Language")
        assert row.shown() == "Système (Français)"
        assert row.value_names()[1:] == ["English", "Slovenčina", "Français"]
        options.menu.focus = options.rows.index(row)
        options.menu.handle_event(key(pygame.K_RIGHT))  # system -> English
        assert i18n.current_language() == "en" and row.shown() == "English"
        options.menu.handle_event(key(pygame.K_RIGHT))  # -> Slovenčina
        assert i18n.current_language() == "sk" and app.options.language == "sk"
        assert row.text() == "Jazyk" and title.menu.buttons[-1].text == "Koniec"
        with recording_texts("sk") as texts:
            app.stack.pop()
            app.stack.apply_pending()
            frame(app)  # the title below shows Slovak on the next frame
        assert "Hrať proti počítaču" in texts
        assert load_options().language == "sk"
    finally:
        i18n.set_language("en")
        app.stack.scenes.clear()


def test_every_options_row_speaks_the_new_language_at_once(app):
    """After the Language row changes, every row (the games' rows too) shows its label,
    value and help as a freshly opened Options screen does, without leaving the screen."""
    options = OptionsScene(app)
    show(app, options)
    before = [(r.text(), r.shown(), r.help_text()) for r in options.rows]
    i18n.set_language("fr")
    now = [(r.text(), r.shown(), r.help_text()) for r in options.rows]
    fresh = [(r.text(), r.shown(), r.help_text()) for r in OptionsScene(app).rows]
    assert now == fresh
    changed = [a != b for a, b in zip(before, now)]
    assert all(changed), [row.label for row, c in zip(options.rows, changed) if not c]


def test_saved_language_is_used_at_start(own_config):
    (own_config / "options.json").write_text(json.dumps({"language": "fr"}), encoding="utf-8")
    app = App(None, (1280, 800), persist=False)
    try:
        assert i18n.current_language() == "fr"
        assert TitleScene(app).menu.buttons[0].text == "Jouer contre l’ordinateur"
    finally:
        i18n.set_language("en")
        app.stack.scenes.clear()


def test_a_language_switch_in_options_lays_the_buttons_out_for_the_new_words(app):
    """Options -> French over a match: the match's buttons are measured again at once, as
    wide as a match opened in French (not shrunk words in English-sized buttons)."""
    from client.games.sprawl.game import MatchScene
    from shared.sprawl import SPRAWL

    def widths(scene) -> dict[str, int]:
        return {b.label: b.rect.w for b in scene.buttons}

    match = MatchScene(app, SPRAWL.new_state({"players": 3}, 4), seats=[HumanSeat()] * 3, seed=4)
    show(app, match)
    english = widths(match)
    options = OptionsScene(app)
    show(app, options)
    row = next(r for r in options.rows if r.label == "Language")
    try:
        options.menu.focus = options.rows.index(row)
        while i18n.current_language() != "fr":
            options.menu.handle_event(key(pygame.K_RIGHT))
        fresh = MatchScene(app, SPRAWL.new_state({"players": 3}, 4), seats=[HumanSeat()] * 3, seed=4)
        fresh.resize(app.size)
        assert widths(match) == widths(fresh) != english
    finally:
        i18n.set_language("en")
        app.stack.scenes.clear()
