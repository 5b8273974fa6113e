"""Every label fits its widget in every language at both window sizes: 1280x800 and
896x560 (what a 1280x800 window becomes on a 1024x640 desktop). The shell's screens
(title, options with each game's rows, pickers, records, play online, games on your
network, hosting) and,
for every game, the match screen (people, and a person against computers, with the pointer
swept over it and its pause menu), the end show played to its final table, the replay with
its Play from here chooser and the how-to pages are drawn in English, Slovak and French;
``TextCache.fit`` is the one place a text too wide for its box is cut, so any cut it makes
is a label that does not fit.

Lists of numbers (a colour's group sizes in City Blocks) are data that may give way."""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest

from client.assets import TextCache
from client.scenes.files import FilesScene
from client.scenes.host import HostScene
from client.scenes.lan_games import LanGamesScene
from client.scenes.online import OnlineScene
from client.scenes.options import OptionsScene
from client.scenes.picker import GamePickerScene
from client.scenes.play_here import PlayHereScene
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.title import TitleScene
from shared import i18n
from shared.gamekit.registry import builtin_games

from .conftest import key, motion, show
from .test_i18n_online import Browser, heard

SIZES = [(1280, 800), (896, 560)]
DATA = re.compile(r"^[\d, …]+$")  # a list of numbers cut with an ellipsis


@pytest.fixture
def cuts(monkeypatch):
    """(screen, text, width) of every text ``fit`` had to cut while the test ran."""
    found: list[tuple[str, str, int]] = []
    where = [""]
    original = TextCache.fit

    def fit(self, text, size, width, bold=False, display=False):
        out = original(self, text, size, width, bold, display)
        if out[0] != text and not DATA.match(out[0]):
            found.append((where[0], text, width))
        return out

    monkeypatch.setattr(TextCache, "fit", fit)
    yield found, where
    i18n.set_language("en")


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60, events=[])


def sweep(app, size: tuple[int, int]) -> None:
    """The pointer over the whole window (hover texts, tooltips), drawn now and then."""
    for x in range(8, size[0], 64):
        for y in range(8, size[1], 64):
            app.step(1 / 60, events=[motion((x, y))], draw=(x + y) % 192 < 64)


def finished(plugin, app, seats: int, seed: int):
    state = plugin.new_state(app, plugin.options_for(app, seats), seed)
    rng = random.Random(seed)
    while not state.is_over():
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def midgame(plugin, app, seats: int, seed: int, plies: int = 10):
    state = plugin.new_state(app, plugin.options_for(app, seats), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def engine_state(plugin, state):
    """What a game's own scenes take: Alien City's screens want its game state."""
    return getattr(state, "state", state) if plugin.spec.id == "alien-city" else state


def shell(app, where) -> None:
    where[0] = "title"
    show(app, TitleScene(app))
    frames(app)
    for mode in ("local", "computer"):
        where[0] = f"picker {mode}"
        picker = GamePickerScene(app, mode)
        show(app, picker)
        for plugin in app.games:
            picker.choose_game(plugin.spec.id)
            frames(app, 1)
            if mode == "local":  # a seat's name being typed
                picker.edit_name(0)
                frames(app, 1)
                picker.end_edit(keep=False)
    where[0] = "records"
    show(app, FilesScene(app, []))
    frames(app)
    where[0] = "play online"
    show(app, OnlineScene(app))
    frames(app)
    where[0] = "games on your network"   # listening, then two servers heard (and its Host button)
    for browser in (Browser(), Browser(heard())):
        show(app, LanGamesScene(app, browser))
        frames(app)
    where[0] = "host a game"
    host = HostScene(app)
    host.enter = lambda: None  # no server process: the screen's own words only
    show(app, host)
    frames(app)
    app.stack.scenes.clear()


def moves_list(app, scene) -> None:
    """The list of moves opened (L), a move looked back at (its card), and back."""
    app.step(1 / 60, events=[key(pygame.K_l)])
    frames(app)
    ml = scene.listing.move_list
    row = ml.rect.y + ml.head_h() + ml.row_h() // 2 + ml.row_h()
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(ml.rect.centerx, row), button=1)])
    frames(app)
    app.step(1 / 60, events=[key(pygame.K_ESCAPE), key(pygame.K_l)])


def game(app, plugin, size, where) -> None:
    name = plugin.spec.id
    for count in sorted({plugin.spec.seat_counts[0], plugin.spec.seat_counts[-1]}):
        where[0] = f"{name} match ({count} seats)"
        state = midgame(plugin, app, count, 3)
        scene = plugin.make_board(app, state, [HumanSeat(f"P{i + 1}") for i in range(count)], seed=3)
        show(app, scene)
        frames(app, 40)
        sweep(app, size)
        where[0] = f"{name} list of moves"
        moves_list(app, scene)
        where[0] = f"{name} pause menu"
        app.step(1 / 60, events=[key(pygame.K_ESCAPE)])
        frames(app)
        app.stack.scenes.clear()
    where[0] = f"{name} against the computer"
    count = plugin.spec.seat_counts[-1]
    seats = [HumanSeat("Ann")] + [ComputerSeat(level="easy") for _ in range(count - 1)]
    scene = plugin.make_board(app, plugin.new_state(app, plugin.options_for(app, count), 5), seats, seed=5)
    show(app, scene)
    frames(app, 30)
    scene.computers.stop()
    app.stack.scenes.clear()
    state = finished(plugin, app, count, 7)
    board = plugin.make_board(app, state, [HumanSeat(f"P{i + 1}") for i in range(count)], seed=7)
    show(app, board)
    where[0] = f"{name} end show"
    show(app, board.score_scene(engine_state(plugin, state)))
    for i in range(1500):
        app.step(0.05, events=[], draw=i % 8 == 0)
    frames(app)
    where[0] = f"{name} replay"
    board.replay(engine_state(plugin, state))()
    app.stack.apply_pending()
    for _ in range(12):
        app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    where[0] = f"{name} play from here"   # the chooser, then its refusal at the end
    for keys in ([key(pygame.K_p)], [key(pygame.K_END), key(pygame.K_p)]):
        app.step(1 / 60, events=keys)
        app.stack.apply_pending()
        assert isinstance(app.stack.top, PlayHereScene)
        frames(app)
        app.stack.pop()
        app.stack.apply_pending()
    app.stack.scenes.clear()
    where[0] = f"{name} how to play"
    pages = plugin.howto_scene(app)
    if pages is not None:
        show(app, pages)
        for _ in range(16):
            app.step(1 / 60, events=[key(pygame.K_RIGHT)])
        app.stack.scenes.clear()


def options_screen(app, where) -> None:
    """Every row, each game's title over its rows and each row's help."""
    where[0] = "options"
    options = OptionsScene(app)
    show(app, options)
    assert options.sections  # the games' rows, under their titles
    for i in range(len(options.rows)):
        options.menu.focus = i
        frames(app, 1)
    app.stack.scenes.clear()


@pytest.mark.parametrize("screens", ["options", "the others"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_no_label_is_cut_on_any_screen(app, cuts, lang, size, screens):
    found, where = cuts
    app.set_size(size)
    i18n.set_language(lang)
    if screens == "options":
        options_screen(app, where)
    else:
        shell(app, where)
        for plugin in app.games:
            game(app, plugin, size, where)
    app.set_size((1280, 800))
    said = sorted({f"{w}: {text!r} in {width}px" for w, text, width in found})
    assert said == [], f"labels cut in {lang} at {size[0]}x{size[1]}:\n" + "\n".join(said)


def online_screens(app, where) -> None:
    """The lobby with its rated and clock choices, Your name, the leaderboard, a profile,
    the archive (all, mine, a player's), and a timed match's clocks, as a session with
    the server's answers sees them."""
    from client.scenes.chrome import open_match
    from client.scenes.lobby import CLOCKS, LobbyScene
    from client.scenes.names import NamesScene
    from client.scenes.ratings import LeaderboardScene, ProfileScene

    from .test_i18n_online import lobby_session, seated_session

    session = lobby_session()
    where[0] = "lobby (rated, clocks)"
    lobby = LobbyScene(app, session)
    show(app, lobby)
    lobby.toggle_rated()
    for _ in CLOCKS:
        lobby.cycle_clock()
        frames(app, 1)
    where[0] = "your name"
    names = NamesScene(app, session)
    show(app, names)
    names.take()  # a name that is not one: the longest sentences
    frames(app, 1)
    session.handle({"type": "registered", "name": "Annabelle-Marguerite", "key": "k"})
    session.handle({"type": "transfer", "code": "K7QX-ADM3-PZ", "expires_in": 900})
    frames(app)
    names.get_code()
    session.handle({"type": "error", "code": "transfer_refused"})
    names.message = session.last_error
    frames(app)
    where[0] = "leaderboard"
    rows = [{"rank": i + 1, "name": f"Player-number-{i:02d}xx", "rating": 1800 - i, "label": f"{1800 - i}?",
             "provisional": True, "games": 3} for i in range(30)]
    session.handle({"type": "leaderboard", "game": "alien-city", "seats": 2, "page": 0, "rows": rows, "more": True})
    show(app, LeaderboardScene(app, session, "alien-city"))
    frames(app)
    where[0] = "profile"
    history = [{"match": f"M{i}", "rating": 1500 + (i * 37) % 120, "place": 1, "at": 0} for i in range(12)]
    recent = [{"match": f"M{i}", "game": "alien-city", "rated": True, "ended": 1_800_000_000, "reason": "finished",
               "ranking": [1, 2], "resigned": [], "players": [{"name": "Annabelle-Marguerite", "registered": True},
                                                              {"name": "Bartholomew-Xavier", "registered": True}]}
              for i in range(10)]
    ratings = [{"game": spec.id, "seats": spec.seat_counts[-1], "rating": 1612, "label": "1612?",
                "provisional": True, "games": 12, "sigma": 118, "history": history}
               for spec in builtin_games()]
    session.handle({"type": "profile", "name": "Annabelle-Marguerite", "since": 0, "ratings": ratings,
                    "recent": recent})
    profile = ProfileScene(app, session, "Annabelle-Marguerite")
    show(app, profile)
    frames(app)
    profile.message = profile.download.ask("K7QXAD")
    frames(app)
    where[0] = "archive"
    from client.scenes.archive import ArchiveScene
    archive = ArchiveScene(app, session)
    rows = [dict(game, match=f"A{i}", clock=("10+5", None, "corr:14")[i % 3], reason=("time", "resigned")[i % 2],
                 players=game["players"] + [{"name": "Wilhelmina-Josephine", "registered": False}] * (i % 3),
                 ranking=[1, 2, 3, 4][:2 + i % 3]) for i, game in enumerate(recent)]
    session.handle({"type": "archive", "page": 0, "player": None, "game": None, "matches": rows, "more": True})
    show(app, archive)
    frames(app)
    for said in (archive.download.ask("K7QXAD"), archive.download.update([], 99.0),
                 archive.download.open({"record": "x", "game": "chess"})):
        archive.message = said or ""
        frames(app, 1)
    session.signed_in = True
    archive.toggle_mine()
    session.handle({"type": "archive", "page": 0, "player": session.name, "game": None, "matches": rows[:3],
                    "more": False})
    frames(app)
    show(app, ArchiveScene(app, session, "Annabelle-Marguerite"))
    frames(app)
    # The match screen's own labels are the match screen's tests: here only the clocks count.
    from client.scenes.clock_pane import ClockPane
    draw = ClockPane.draw

    def clocks_only(pane, *args) -> None:
        where[0] = "match clocks"
        draw(pane, *args)
        where[0] = "match screen"

    ClockPane.draw = clocks_only
    try:
        where[0] = "match screen"
        seated, _spec = seated_session()
        view = seated.matches["K7QXAD"]
        view.info["clock"] = "corr:3"
        view.clock.update({"control": "corr:3", "left_ms": [(2 * 24 + 23) * 3600_000, None], "running": "black",
                           "out": []}, time.monotonic())
        show(app, open_match(app, seated, "K7QXAD"))
        frames(app)
        view.clock.update({"control": "10+5", "left_ms": [5_400_000, 9_000], "running": "white", "out": []},
                          time.monotonic())
        frames(app)
    finally:
        ClockPane.draw = draw
    app.stack.scenes.clear()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_no_label_is_cut_on_the_online_name_rating_and_clock_screens(app, cuts, lang, size):
    found, where = cuts
    app.set_size(size)
    i18n.set_language(lang)
    online_screens(app, where)
    app.set_size((1280, 800))
    said = sorted({f"{w}: {text!r} in {width}px" for w, text, width in found})
    assert said == [], f"labels cut in {lang} at {size[0]}x{size[1]}:\n" + "\n".join(said)


def rated_screens(app, where) -> list[str]:
    """A rated game against the computer: the picker (its line must fit the box it is
    drawn in), the match with Undo refused, the score headline, Your ratings with a
    history, the Continue list's delete question; the picker lines that do not fit."""
    from client import rated
    from client.scenes.continue_list import ContinueScene
    from client.scenes.local_ratings import LocalRatingsScene
    from shared.gamekit.levels import level_ratings

    where[0] = "rated picker"
    picker = GamePickerScene(app, "computer")
    show(app, picker)
    lost = []
    for plugin in app.games:
        picker.choose_game(plugin.spec.id)
        for count in plugin.spec.seat_counts[:2]:
            picker.set_count(count)
            next(r for r in picker.menu.rows if r.label == "Rated game").set(plugin.spec.id != "alien-city")
            frames(app, 1)
            size = max(14, int(app.size[1] * 0.025))
            lines = sum(len(app.text.wrap(line, size, picker.desc_rect.w)) for line in picker.describe())
            if picker.desc_rect.y + lines * (size + 6) - 6 > picker.box.bottom:
                lost.append(f"{plugin.spec.id} ({count} seats): {picker.describe()}")
    where[0] = "rated match"
    picker.choose_game("city-blocks")
    picker.set_count(2)
    next(r for r in picker.menu.rows if r.label == "Rated game").set(True)
    picker.bot_factory = lambda level, seed: ComputerSeat  # never asked: the computers are stopped at once
    picker.start()
    app.stack.apply_pending()
    scene = app.stack.top
    scene.computers.stop()
    frames(app)
    scene.undo()
    frames(app)
    store = rated.ratings(app).store
    easy = level_ratings(scene.spec)["easy"]
    for i in range(30):
        store.begin("city-blocks", f"g{i}", easy, 4, "2026-11-27T10:00:00")
        ranking = [1, 2, 3, 4][i % 4:] + [1, 2, 3, 4][:i % 4]
        store.finish("city-blocks", f"g{i}", ranking, 0, f"2026-11-27T10:{i:02d}:00")
    store.begin("sprawl", "a", easy, 8, "2026-11-27T10:00:00")
    store.abandon("sprawl", "a", "2026-11-27T10:00:00")
    scene.rated.outcome = store.finish("city-blocks", scene.rated.id, [2, 1], 0, "2026-11-27T11:00:00")
    where[0] = "rated score headline"
    show(app, scene.score_scene(finished(app.games.get("city-blocks"), app, 2, 7)))
    app.stack.top.headline = rated.headline(scene.rated)
    app.stack.top.skip()
    frames(app, 40)
    app.stack.scenes.clear()
    where[0] = "your ratings"
    for spec in (p.spec for p in app.games):
        show(app, LocalRatingsScene(app, spec.id))
        frames(app, 1)
    where[0] = "continue list (rated)"
    show(app, ContinueScene(app))
    frames(app)
    app.stack.scenes.clear()
    return lost


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_no_label_is_cut_on_the_rated_game_screens(app, cuts, lang, size, tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    found, where = cuts
    app.set_size(size)
    i18n.set_language(lang)
    lost = rated_screens(app, where)
    app.set_size((1280, 800))
    said = sorted({f"{w}: {text!r} in {width}px" for w, text, width in found})
    assert said == [] and lost == [], f"labels cut in {lang} at {size[0]}x{size[1]}:\n" + "\n".join(said + lost)
