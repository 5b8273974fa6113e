"""The client's online screens on real servers on 127.0.0.1: no server says so at once,
Create never waits forever, wss:// checks certificates, the away clock and the away
rule's result, join links pasted and copied, the title's Continue, and "Games on your
network" joining a server heard on loopback."""

from __future__ import annotations

import dataclasses
import json
import socket
import time

import pygame
import pytest

from client import theme
from client.clipboard import copy_text, paste_text
from client.connect import open_lobby
from client.net import NetClient, tls_context
from client.online import OnlineSession
from client.scenes.lan_games import LanGamesScene
from client.scenes.lobby import LobbyScene
from client.scenes.online import OnlineScene
from client.scenes.title import TitleScene
from server.app import LanSettings
from server.connection import Limits
from server.host import HostedServer, spawn_server, stop_spawned
from tests.server.conftest import certificate  # noqa: F401 - the fixture: a certificate made on the fly

from ..conftest import click, key, show

FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Tokens go to this test's folder, never into the other client tests' title menus."""
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path / "config"))


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_until(app, done, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60, [])
        time.sleep(0.01)


def test_nothing_listening_says_so_at_once(app):
    url = f"ws://127.0.0.1:{closed_port()}"
    show(app, TitleScene(app))
    lobby = open_lobby(app, url, "Ann", replace=False)
    app.stack.apply_pending()
    run_until(app, lambda: lobby.session.net_state == "closed", 5)
    assert lobby.session.net.attempt == 0  # "at once": no retry was scheduled, no backoff waited
    expected = f"No server at {url}: start one with Host a game, or check the address"
    assert lobby.session.net_note == expected and lobby.message == expected
    lobby.create()
    assert lobby.message == expected  # Create says so too, and waits for nothing


class Silent:
    """A server that never answers."""

    url, name, key = "", "", None  # a transport's address and the hello's name and key

    def send(self, message: dict) -> None:
        pass

    def poll(self) -> list[dict]:
        return []


def test_create_match_never_waits_forever(app):
    session = OnlineSession(Silent(), "Ann", app.games.specs())
    lobby = LobbyScene(app, session)
    show(app, lobby)
    lobby.create()
    assert lobby.message == "Creating a match…"
    for _ in range(25):
        app.step(0.5, [])
    assert lobby.message.startswith("The server did not answer in 10 s")


def test_wss_checks_the_certificate(certificate, tmp_path):  # noqa: F811
    certfile, keyfile = certificate
    proc, url = spawn_server(str(tmp_path / "m.sqlite3"), host="127.0.0.1", port=0,
                             extra=["--certfile", certfile, "--keyfile", keyfile])
    try:
        assert url.startswith("wss://")

        def first(net: NetClient, kinds: tuple[str, ...]) -> dict:
            end = time.monotonic() + 10
            while time.monotonic() < end:
                for m in net.poll():
                    if m.get("type") in kinds and (m["type"] != "_net" or m["state"] == "closed"):
                        return m
                time.sleep(0.02)
            raise AssertionError("nothing")

        plain = NetClient(url, "Ann", ssl_context=tls_context(insecure=False)).start()
        refused = first(plain, ("_net", "welcome"))
        plain.close()
        assert refused["type"] == "_net" and "is self-signed" in refused["reason"]
        assert "ALIEN_CITY_CAFILE" in refused["reason"] and "\n" not in refused["reason"]
        trusted = NetClient(url, "Ann", ssl_context=tls_context(cafile=certfile)).start()
        assert first(trusted, ("_net", "welcome"))["type"] == "welcome"
        trusted.close()
    finally:
        stop_spawned(proc)


def test_the_other_player_sees_the_away_clock_then_the_result(app, tmp_path):
    server = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1",
                                limits=dataclasses.replace(FAST, abandon_after=3.0))
    try:
        alice_net = NetClient(server.url, "Alice").start()
        alice = OnlineSession(alice_net, "Alice", app.games.specs())
        alice.create("alien-city", {}, "black", True)
        end = time.monotonic() + 10
        while not alice.matches and time.monotonic() < end:
            alice.pump()
            time.sleep(0.02)
        [code] = alice.matches
        show(app, TitleScene(app))
        lobby = open_lobby(app, server.url, "Bob", code=code, replace=False)
        app.stack.apply_pending()
        run_until(app, lambda: getattr(app.stack.top, "chrome", None) is not None)
        chrome = app.stack.top.chrome
        run_until(app, lambda: chrome.view.status == "playing")
        chrome.copy_invite()
        assert paste_text() == f"alien-city://127.0.0.1:{server.port}/{code}"
        alice_net.close()  # Alice's client is gone
        run_until(app, lambda: chrome.view.away_text() is not None)
        text, _ = chrome.status_text()
        assert text.startswith("Alice left: waiting for them to come back (0:0")
        run_until(app, lambda: chrome.view.ended is not None, 15)
        assert chrome.view.ended["reason"] == "resigned" and chrome.view.ended["winner"] == "white"
        run_until(app, lambda: type(app.stack.top).__name__ == "ScoreScene", 10)  # the result shows
        assert lobby.session.tokens.seats() == []  # ended: nothing to continue
        # closed, the score screen leaves the board saying the result, not a turn that runs on
        assert chrome.turn_text("BLACK TO BUILD", (0, 0, 0))[0] == chrome.headline() != "BLACK TO BUILD"
        assert "RESIGNATION" in chrome.headline()
        assert chrome.status_text() == ("The match is over.", theme.TEXT)
    finally:
        server.stop()


def test_a_pasted_link_fills_the_address_and_room(app):
    scene = OnlineScene(app)
    show(app, scene)
    copy_text("alien-city://127.0.0.1:9999/k7qxad")
    scene.handle_event(key(pygame.K_v, pygame.KMOD_CTRL))
    assert (scene.address.value, scene.code.value) == ("ws://127.0.0.1:9999", "K7QXAD")
    copy_text("wss://games.example.org/#K7QXAD")
    scene.handle_event(key(pygame.K_v, pygame.KMOD_CTRL))
    assert (scene.address.value, scene.code.value) == ("wss://games.example.org:443", "K7QXAD")
    copy_text("ftp://nope/#K7")
    scene.handle_event(key(pygame.K_v, pygame.KMOD_CTRL))
    assert scene.message.startswith("Not a join link")


def test_title_offers_continue_for_a_saved_match(app, tmp_path):
    from client.connect import token_store
    store = token_store()
    store.remember_seat("ws://127.0.0.1:1", "K7QXAD", "black", "tok", opponents=("Bob",))
    store.touch("ws://127.0.0.1:1", "K7QXAD", turn="your turn")
    title = TitleScene(app)
    show(app, title)
    first = title.menu.buttons[0]
    assert first.label == "Continue: Alien City: match K7QXAD vs Bob (your turn)"
    assert json.loads(store.path.read_text())["ws://127.0.0.1:1"]["matches"]["K7QXAD"]["seat_token"] == "tok"
    store.forget_match("ws://127.0.0.1:1", "K7QXAD")
    title.resume()
    assert not title.menu.buttons[0].label.startswith("Continue")


def test_games_on_your_network_lists_and_joins(app, tmp_path):
    from client.lan import LanBrowser
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", name="Ann's game",
                                lan=LanSettings(target="127.0.0.1", port=port, bind="127.0.0.1", interval=0.2))
    browser = LanBrowser("127.0.0.1", port)
    try:
        show(app, TitleScene(app))
        scene = LanGamesScene(app, browser.start())
        show(app, scene)
        run_until(app, lambda: scene.rows and scene.rows[0][0].ping_ms is not None)
        heard = scene.rows[0][0]
        assert heard.beacon.name == "Ann's game" and heard.url == server.url
        scene.handle_event(click(scene.rows[0][1].center))
        app.stack.apply_pending()
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.net.url == server.url
        run_until(app, lambda: lobby.session.welcomed)
        app.stack.pop()
        app.stack.apply_pending()
    finally:
        server.stop()


def test_the_lobby_offers_our_running_match_back(app, tmp_path):
    """Play online, Connect (not Continue): the lobby fills in our unfinished match's
    code, and Join takes the seat back, as the same session."""
    server = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", limits=FAST)
    try:
        show(app, TitleScene(app))
        first = open_lobby(app, server.url, "Ann", replace=False)
        app.stack.apply_pending()
        run_until(app, lambda: first.session.welcomed)
        first.create()
        run_until(app, lambda: getattr(app.stack.top, "chrome", None) is not None)
        code = app.stack.top.chrome.code
        app.stack.pop()   # the match screen
        app.stack.pop()   # the lobby: its connection closes
        app.stack.apply_pending()
        again = open_lobby(app, server.url, "Ann", replace=False)
        app.stack.apply_pending()
        run_until(app, lambda: again.session.welcomed)
        assert again.code.value == code and "still on" in again.message
        again.join(False)
        run_until(app, lambda: getattr(app.stack.top, "chrome", None) is not None)
        view = app.stack.top.chrome.view
        assert (view.code, view.role, view.status) == (code, "player", "waiting")
    finally:
        server.stop()


def test_the_lobby_starts_on_the_game_chosen_on_the_title(app):
    """City Blocks chosen on the title: the lobby's Game button starts on it, and Game
    still goes round every game from there."""
    title = TitleScene(app)
    show(app, title)
    title.cards.choose("city-blocks")
    app.step(1 / 60, [])
    app._kits.clear()  # as each return to the title lets the kits go (How to play, back)
    app.step(1 / 60, [])
    lobby = LobbyScene(app, OnlineSession(Silent(), "Ann", app.games.specs()))
    assert lobby.spec.id == "city-blocks" and lobby.game_button.label == "Game: City Blocks"
    seen = set()
    for _ in app.games.specs():
        seen.add(lobby.spec.id)
        lobby.cycle_game()
    assert lobby.spec.id == "city-blocks" and seen == {spec.id for spec in app.games.specs()}
