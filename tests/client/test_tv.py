"""TV in the client: from the lobby's TV button it shows the server's best live match,
plays that match's end show through before it moves on to the next, and says plainly
when no match is live until one starts (a real server on 127.0.0.1, in-process)."""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.aliencity.game import GameScene
from client.net import NetClient
from client.online import OnlineSession
from client.scenes import tv
from client.scenes.lobby import LobbyScene
from client.scenes.tv import TvChrome, TvScene
from server.app import start_server
from server.connection import Limits
from shared import i18n
from shared.aliencity import GameState, Player, parse_move

from .conftest import click, show
from .test_i18n_fit import SIZES, cuts, frames  # noqa: F401 - cuts is a fixture
from .test_i18n_online import Wire, lobby_session


class Feed(Wire):
    """A transport whose ``inbox`` the session reads at its next pump."""

    def __init__(self) -> None:
        super().__init__()
        self.inbox: list[dict] = []

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out


FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000)


@pytest.fixture
def server():
    """A real match server on an ephemeral port on its own loop thread: (server, run),
    ``run(coroutine)`` running a raw protocol client's step on that loop."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coro):
        return asyncio.run_coroutine_threadsafe(coro, loop).result(20)
    running = run(start_server("127.0.0.1", 0, ":memory:", FAST))
    yield running, run
    run(running.close())
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def spin(app, until, what: str, timeout: float = 20.0, seen=None) -> None:
    """Frames (no drawing) until ``until()``; ``seen(app)`` looks at every frame."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        app.step(1 / 30, events=[], draw=False)
        if seen is not None:
            seen(app)
        time.sleep(0.002)


async def play_out(black, white, code: str, seed: int = 7) -> None:
    """The two raw clients play the match to its end with random legal moves."""
    from tests.server.helpers import pick
    start = next(m for m in black.seen if m.get("type") == "sync" and m.get("match") == code)
    state, rng = GameState.from_dict(start["state"]), random.Random(seed)
    clients = {Player.BLACK: black, Player.WHITE: white}
    while not state.is_over():
        text = pick(state, rng)
        version = len(state.history)
        await clients[state.to_move].send({"type": "move", "match": code, "version": version,
                                           "mid": f"m{version}", "move": text})
        state = state.play(parse_move(text), state.to_move).state
        await black.expect("moved", match=code, version=version + 1)


def on_tv(app) -> str | None:
    """The room code of the TV match on screen (None: no TV match screen on top)."""
    top = app.stack.top
    chrome = getattr(top, "chrome", None)
    return chrome.code if isinstance(top, GameScene) and isinstance(chrome, TvChrome) else None


def test_tv_shows_the_best_match_plays_its_end_show_then_moves_to_the_next(server, monkeypatch):
    from tests.server.helpers import pair, watch
    running, run = server
    monkeypatch.setattr(tv, "TV_LINGER", 0.5)
    quiet = run(pair(running.url))            # nobody watches it
    watched = run(pair(running.url))          # one spectator: TV's first choice
    fan, _joined = run(watch(running.url, watched[2], "Fan"))
    app = App(Options(), (1280, 800), persist=False)
    net = NetClient(running.url, "Viewer", backoff=(0.05, 0.1)).start()
    session = OnlineSession(net, "Viewer")
    lobby = LobbyScene(app, session, net=net)
    show(app, lobby)
    try:
        spin(app, lambda: session.welcomed, "welcome")
        lobby.handle_event(click(lobby.tv_button.rect.center))
        spin(app, lambda: on_tv(app) == watched[2], "the watched match on TV")
        chrome = app.stack.top.chrome
        assert chrome.lineup == "Ada vs Bob" and chrome.view.role == "spectator"
        assert "Ada vs Bob" in chrome.status_text()[0]

        run(play_out(*watched))  # to the end: a finished game has a score show
        shows: list[str] = []

        def look(app) -> None:  # the end show, beat by beat, while TV still shows that match
            stage = getattr(app.stack.top, "stage", None)
            if stage is not None:
                assert getattr(app.stack.scenes[-2], "chrome", None) is chrome
                if not shows or shows[-1] != stage:
                    shows.append(stage)
        spin(app, lambda: on_tv(app) == quiet[2], "the next match on TV", seen=look)
        assert shows == ["show", "final"]  # played through to the final board, then on
        assert watched[2] not in session.matches  # the ended match was left behind

        run(quiet[0].request({"type": "resign", "match": quiet[2]}, "ok"))
        spin(app, lambda: isinstance(app.stack.top, TvScene) and app.stack.top.state == "waiting",
             "no live match")
        words = " ".join(text for text, _colour in app.stack.top.words())
        assert "No Alien City match is being played right now." in words
        later = run(pair(running.url))  # a match starts: TV tunes in by itself
        spin(app, lambda: on_tv(app) == later[2], "the new match on TV")
        app.stack.top.chrome.leave()  # Leave: back to the lobby, TV off
        spin(app, lambda: app.stack.top is lobby, "back in the lobby")
    finally:
        net.close()
        for client in (*quiet[:2], *watched[:2], fan):
            run(client.close())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_tv_words_fit(app, cuts, lang, size):  # noqa: F811 - the fixture
    """The TV screen waiting and tuning in, and a TV match's lines, in every language."""
    found, where = cuts
    app.set_size(size)
    i18n.set_language(lang)
    session = lobby_session()
    session.net = feed = Feed()
    lobby = LobbyScene(app, session)
    show(app, lobby)
    where[0] = "lobby"
    frames(app)
    scene = TvScene(app, session, "city-blocks")
    show(app, scene)
    assert feed.sent[-1] == {"type": "tv", "game": "city-blocks", "on": True, "rid": 1}
    where[0] = "tv waiting"
    feed.inbox.append({"type": "tv", "rid": 1, "game": "city-blocks", "on": True, "match": None,
                       "players": None, "rated": False, "rating": None, "after": None})
    frames(app)
    assert scene.state == "waiting"
    where[0] = "tv tuning"
    players = [{"seat": "blue", "name": "Annabelle-Marguerite", "computer": None, "rating": 1612,
                "label": "1612?"},
               {"seat": "green", "name": None, "computer": "expert", "rating": 2100, "label": "2100"}]
    feed.inbox.append({"type": "tv", "rid": 2, "game": "city-blocks", "on": True, "match": "K7QXAD",
                       "players": players, "rated": True, "rating": 1856, "after": None})
    frames(app)
    assert scene.state == "tuning"
    assert "Annabelle-Marguerite (1612?)" in " ".join(text for text, _c in scene.words())
    where[0] = "tv match"
    spec = session.games.get("city-blocks")
    options = spec.options({"players": 2})
    info = {"code": "K7QXAD", "game": "city-blocks", "options": options, "status": "playing",
            "public": True, "rated": True,
            "players": [dict(p, online=True) for p in players]}
    feed.inbox += [{"type": "joined", "match": "K7QXAD", "role": "spectator", "seat": None,
                    "game": "city-blocks"},
                   {"type": "sync", "match": "K7QXAD", "version": 0, "mode": "snapshot", "info": info,
                    "state": spec.new_state(options, 7).to_dict()}]
    frames(app, 4)
    chrome = app.stack.top.chrome
    assert isinstance(chrome, TvChrome) and "Annabelle-Marguerite (1612?)" in chrome.status_text()[0]
    app.set_size((1280, 800))
    app.stack.scenes.clear()
    said = sorted({f"{w}: {text!r} in {width}px" for w, text, width in found})
    assert said == [], f"labels cut in {lang} at {size[0]}x{size[1]}:\n" + "\n".join(said)


def test_a_tv_push_while_waiting_tunes_in_and_leaving_tv_says_so():
    """A push (no rid) only informs: the waiting TV asks again; Back stops following."""
    app = App(Options(), (1280, 800), persist=False)
    feed = Feed()
    session = OnlineSession(feed, "Ann")
    session.handle({"type": "_net", "state": "connected"})
    session.handle({"type": "welcome", "protocol": 2, "session": "s" * 32, "name": "Ann"})
    scene = TvScene(app, session, "alien-city")
    show(app, scene)
    feed.inbox.append({"type": "tv", "rid": 1, "game": "alien-city", "on": True, "match": None})
    frames(app, 1)
    assert scene.state == "waiting"
    feed.sent.clear()
    feed.inbox.append({"type": "tv", "game": "alien-city", "on": True, "match": "K7QXAD", "rid": None})
    frames(app, 1)
    assert [m["type"] for m in feed.sent] == ["tv"] and scene.state == "asking"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                          scancode=0))
    frames(app, 1)
    assert feed.sent[-1]["on"] is False
    app.stack.scenes.clear()
