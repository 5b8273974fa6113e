"""The client conformance suite: what every game's plug-in does through the shell, checked
for every registered plug-in and the template game (Nim) alike, through the shell's public
paths (the scene stack, the title's Continue, the Files screen, the lobby, the chrome).

A local game with computers runs from start to end; a game left from the pause menu
resumes from its autosave; a record replays to its end and its score show; the score
show runs to its end on the engine's numbers; an online match on a loopback server is
played to its end by two clients (three for games of three or more) with a spectator.
Moves a person makes are the contract's legal moves handed to the screen's ``submit``
(each game's own tests drive its board with mouse and keys).
"""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pygame
import pytest

from client import saves
from client.app import App
from client.config import Options
from client.net import NetClient
from client.online import OnlineSession
from client.scenes.base import Scene
from client.scenes.files import FilesScene
from client.scenes.lobby import LobbyScene
from client.scenes.pause import ConfirmScene, PauseScene
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.title import TitleScene
from server.app import start_server
from server.connection import Limits
from tests.template_game import games_with_template
from tests.template_game.nim_plugin import plugins_with_template

from .conftest import click, key, show
from .test_online import spin

GAMES = plugins_with_template().ids()   # the shipped games and Nim
FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000)
DT = 0.05


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    """Saves and records of each test in a folder of its own."""
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def games(app):
    """The app shows the template game too (registered by the test suite alone)."""
    app.games = plugins_with_template()
    return app.games


def seat_count(spec) -> int:
    return min(spec.seat_counts)


def start(app, game_id: str, seats, seed: int = 7):
    """A new game on screen, as the picker's Start makes it."""
    plugin = app.games.get(game_id)
    state = plugin.new_state(app, plugin.options_for(app, len(seats)), seed)
    scene = plugin.make_board(app, state, seats, seed=seed)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.step(1 / 60, events=[])
    return scene


def person_moves(app, scene, rng: random.Random, limit: int = 1) -> int:
    """Up to ``limit`` random legal moves by the people at the table; how many were made."""
    made = 0
    while made < limit and scene.human_turn and not scene.timeline.busy:
        scene.submit(scene.position().legal_moves().random(rng))
        scene.timeline.finish_all()
        app.step(DT, events=[], draw=False)
        made += 1
    return made


def frames_until(app, until, what: str, limit: int = 4000, draw_every: int = 25) -> None:
    """Frames (drawn now and then) until ``until()``; fails naming ``what`` otherwise."""
    for frame in range(limit):
        if until():
            return
        app.step(DT, events=[], draw=frame % draw_every == 0)
    raise AssertionError(f"no {what} after {limit} frames")


def finished(spec, seed: int):
    """A finished game of random legal moves and the position before its last move."""
    options = spec.options({"players": seat_count(spec)} if any(
        f.name == "players" for f in spec.option_schema()) else {})
    state, rng, before = spec.new_state(options, seed), random.Random(seed), None
    while not state.is_over():
        before, move = state, state.legal_moves().random(rng)
        state, _ = state.play(move)
    return before, move, state


def on_score_show(app) -> bool:
    """The top screen is a score screen (it holds the shell's score show)."""
    top = app.stack.top
    return top is not None and top.scoring is not None


def run_show(app, show: Scene) -> list:
    """The score show frame by frame to its final board; the counters as the last beat ends."""
    seq, counted = show.sequence, None
    for _ in range(4000):
        if show.stage != "show":
            break
        if seq.index == len(seq.beats) - 1 and seq.done:
            counted = show.shown_points()
        app.step(DT, events=[], draw=False)
    assert show.stage == "final" and counted is not None, "the show ran every beat to the final board"
    app.step(DT, events=[])  # the final board draws
    return counted


# -- a local game ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_local_game_with_computers_runs_from_start_to_end(app, games, game_id):
    """A person and computers of the quickest level play a whole game; the end opens the
    score show on the final position, and the record written reads back to it."""
    spec = games.get(game_id).spec
    level = spec.computer_levels[0]   # "random" for every game: the quickest
    seats = [HumanSeat(name="Ann")] + [ComputerSeat(level=level) for _ in range(seat_count(spec) - 1)]
    scene = start(app, game_id, seats)
    rng = random.Random(3)
    movers: set[int] = set()

    def over() -> bool:
        position = scene.position()
        if not position.is_over():
            movers.add(position.to_move)
        person_moves(app, scene, rng)
        return on_score_show(app)

    frames_until(app, over, "score show at the end", limit=20000, draw_every=40)
    final = scene.position()
    assert final.is_over() and movers == set(range(len(seats))), "every seat had a turn"
    assert app.stack.top.final_position().key() == final.key()
    record = spec.read_record(scene.records.keep().read_text(encoding="utf-8"))
    assert record.state.key() == final.key()
    score = app.stack.top
    score.skip()
    next(b for b in score.final_buttons if b.label == "New game").on_click()
    app.stack.apply_pending()
    again = app.stack.top
    assert type(again) is type(scene) and again is not scene and not again.position().is_over()
    assert [type(s) for s in again.seats] == [type(s) for s in seats] and not again.undo_positions()
    again.exit()


# -- pause and resume ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_left_from_the_pause_menu_continues_from_its_autosave(app, games, game_id):
    """Esc, Main menu, confirm: the title's Continue resumes the position, the names and
    the undo trail, and the game goes on in the same save slot."""
    names = [f"P{i}" for i in range(seat_count(games.get(game_id).spec))]
    scene = start(app, game_id, [HumanSeat(name=n) for n in names])
    assert person_moves(app, scene, random.Random(5), limit=3) == 3
    played, trail = scene.position().to_dict(), [s.to_dict() for s in scene.undo_positions()]
    [saved] = saves.all_saves()
    assert saved.game == game_id and trail

    app.step(DT, events=[key(pygame.K_ESCAPE)])
    app.stack.apply_pending()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.menu()
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ConfirmScene)
    app.stack.top.confirm()
    app.stack.apply_pending()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    [button] = [b for b in title.menu.buttons if getattr(b, "autosave", None) is not None]
    assert button.label.startswith("Continue: ")
    title.handle_event(click(button.rect.center))
    app.stack.apply_pending()

    resumed = app.stack.top
    assert type(resumed) is type(scene) and resumed is not scene
    assert resumed.position().to_dict() == played
    assert [s.name for s in resumed.seats] == names
    assert [s.to_dict() for s in resumed.undo_positions()] == trail and resumed.undo_allowed
    resumed.undo()   # as far back as before it was left
    assert resumed.position().to_dict() == trail[-1]
    assert person_moves(app, resumed, random.Random(6)) == 1
    app.step(DT, events=[])
    assert [s.slot for s in saves.all_saves()] == [saved.slot]


# -- a record's replay -----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_replays_to_its_end_and_its_score_show(app, games, game_id, tmp_path):
    """A record opened from the Files screen plays (Space) to the final position and the
    score show follows on the engine's numbers; Left, a click on the ply bar, End and C
    (the score again) step through it as in every game."""
    spec = games.get(game_id).spec
    _, _, final = finished(spec, 11)
    path = tmp_path / f"game{spec.record_suffix}"
    path.write_text(spec.write_record(final, {"Seats": ", ".join(f"P{i}" for i in range(len(final.ranking())))}),
                    encoding="utf-8")
    files = FilesScene(app, [tmp_path])
    show(app, files)
    files.open(Path(path))
    app.stack.apply_pending()
    replay = app.stack.top
    steps = replay.controls.count   # a ply each, or a turn (a game whose turn takes several plies)
    assert replay is not files and replay.controls.index == 0
    assert 0 < steps <= len(spec.read_record(path.read_text(encoding="utf-8")).moves)
    app.step(DT, events=[key(pygame.K_SPACE)])
    assert replay.controls.playing
    frames_until(app, lambda: on_score_show(app), "score show after the last ply", limit=8000)
    assert replay.controls.index == steps and not replay.controls.playing
    score = app.stack.top
    assert score.final_position().key() == final.key()
    assert run_show(app, score) == score.final_points()
    app.step(DT, events=[key(pygame.K_ESCAPE)])   # the final board closes: the replay again
    app.stack.apply_pending()
    assert app.stack.top is replay and replay.score_button.enabled
    app.step(DT, events=[key(pygame.K_LEFT)])
    assert replay.controls.index == steps - 1 and not replay.score_button.enabled
    app.step(DT, events=[click(replay.controls.bar.midleft)])
    assert replay.controls.index == 0
    app.step(DT, events=[key(pygame.K_END), key(pygame.K_c)])
    app.stack.apply_pending()
    assert on_score_show(app) and app.stack.top.final_position().key() == final.key()


# -- the score show --------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_score_show_runs_to_its_end_on_the_engines_numbers(app, games, game_id):
    """The last move played on the match screen opens the show; run frame by frame, its
    counters reach the engine's numbers before the final board settles them."""
    spec = games.get(game_id).spec
    before, move, final = finished(spec, 4)
    scene = games.get(game_id).make_board(app, before, [HumanSeat() for _ in final.ranking()], seed=4)
    app.stack.clear_to(scene)
    app.stack.apply_pending()
    app.step(DT, events=[])
    scene.submit(move)
    frames_until(app, lambda: on_score_show(app), "score show")
    show_ = app.stack.top
    assert show_.final_position().key() == final.key()
    points = show_.final_points()
    assert len(points) == len(final.ranking())
    assert run_show(app, show_) == points
    assert show_.shown_points() == points


# -- online ---------------------------------------------------------------------------------------
@pytest.fixture
def server():
    """A real match server on 127.0.0.1 that plays Nim too, on its own event-loop thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = asyncio.run_coroutine_threadsafe(
        start_server("127.0.0.1", 0, ":memory:", FAST, games_with_template()), loop).result(10)
    yield running
    asyncio.run_coroutine_threadsafe(running.close(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def headless_client(url: str, name: str):
    """A client app with Nim registered, in the lobby of the server at ``url``."""
    app = App(Options(), (1280, 800), persist=False)
    app.games = plugins_with_template()
    net = NetClient(url, name, backoff=(0.05, 0.1, 0.2)).start()
    lobby = LobbyScene(app, OnlineSession(net, name, app.games.specs()), net=net)
    show(app, lobby)
    return app, net, lobby


@pytest.mark.parametrize("game_id", GAMES)
def test_an_online_match_on_a_loopback_server_with_a_spectator(server, game_id):
    """Players join from the lobby and a spectator watches; every move reaches everyone;
    everyone ends on the engine's final position and a score show of its numbers."""
    seats = seat_count(plugins_with_template().get(game_id).spec)
    clients = [headless_client(server.url, name) for name in ("Ann", "Bob", "Cy", "Di")[:seats] + ("Wes",)]
    nets = [c[1] for c in clients]
    try:
        players, lobby_w = clients[:-1], clients[-1][2]
        app_a, _, lobby_a = clients[0]
        apps = [c[0] for c in clients]
        spin(apps, lambda: all(c[2].session.welcomed for c in clients), what="welcome")
        while lobby_a.spec.id != game_id:
            lobby_a.handle_event(click(lobby_a.game_button.rect.center))
        lobby_a.handle_event(click(lobby_a.create_button.rect.center))
        spin(apps, lambda: getattr(app_a.stack.top, "chrome", None) is not None, what="match created")
        code = app_a.stack.top.chrome.code
        for _, _, lobby in players[1:]:
            lobby.code.value = code
            lobby.handle_event(click(lobby.join_button.rect.center))
        lobby_w.code.value = code
        lobby_w.handle_event(click(lobby_w.watch_button.rect.center))
        screens = lambda: [a.stack.top for a in apps]  # noqa: E731
        spin(apps, lambda: all(getattr(s, "chrome", None) is not None for s in screens())
             and app_a.stack.top.chrome.view.status == "playing", what="join and watch")
        views = screens()
        watcher = views[-1]
        assert watcher.chrome.view.role == "spectator" and not watcher.human_turn
        by_seat = {v.chrome.view.seat: v for v in views[:-1]}
        assert sorted(by_seat) == list(range(seats))
        for a in apps:  # every screen draws, the watcher's too
            a.step(1 / 60, events=[])
            pixels = pygame.image.tobytes(a.window, "RGB")
            assert len(set(pixels[::997])) > 10, f"{type(a.stack.top).__name__} looks blank"

        reference, rng = views[0].chrome.view.state, random.Random(2)
        while not reference.is_over():
            mover = by_seat[reference.to_move]
            spin(apps, lambda: mover.human_turn and not mover.timeline.busy, what="the mover's turn")
            version, move = mover.chrome.view.version, reference.legal_moves().random(rng)
            mover.submit(move)
            reference = reference.play(move)[0]
            spin(apps, lambda: all(v.chrome.view.version == version + 1 for v in views),
                 what=f"move {version + 1} everywhere")
        assert all(v.chrome.view.state.key() == reference.key() for v in views)
        spin(apps, lambda: all(on_score_show(a) for a in apps), what="the score show")
        for a in apps:
            a.stack.top.skip()
            assert a.stack.top.final_position().key() == reference.key()
            assert a.stack.top.shown_points() == a.stack.top.final_points()
            a.step(1 / 60, events=[])
    finally:
        for net in nets:
            net.close()
