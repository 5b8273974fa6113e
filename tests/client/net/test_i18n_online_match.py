"""An online match's chrome speaks the player's language, on a real server on 127.0.0.1.

Ann creates a match from the lobby and waits (room code panel, also as the host), Bob
joins and chats, Ann opens the chat and types, moves (waiting for the server), makes a
move the server refuses, Bob's connection drops (offline, the away clock), Ann resigns
(twice) and offers a rematch; Cat watches. Everything the chrome draws or says (status
and turn lines, toasts, banners, buttons) is marked under the pseudo language, except
data (names, room codes, addresses, move text); the game's own words are the game's
tests' business. In Slovak and French a waiting match and its chat say their key lines
in that language, and the room code panel and the chat stay inside their boxes at 1024x640.
"""

from __future__ import annotations

import time

import pygame
import pytest

from client.app import App
from client.config import Options
from client.connect import open_lobby
from client.net import NetClient
from client.online import OnlineSession
from client.scenes.lobby import LobbyScene
from client.scenes.title import TitleScene
from server.connection import Limits
from server.host import HostedServer

from ...i18n.marks import language
from ..conftest import key, show
from ..i18n_harness import recording_texts, unmarked
from ..online_i18n_helpers import text_blits

FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000, abandon_after=120.0)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Tokens go to this test's folder, never into the other client tests' title menus."""
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def server(tmp_path):
    hosted = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", limits=FAST)
    yield hosted
    hosted.stop()


def run_until(apps, done, sessions=(), timeout: float = 15.0) -> None:
    """Frames (drawn) of every app, pumping the programmatic sessions, until ``done()``."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        for app in apps:
            app.step(1 / 60, [])
        for session in sessions:
            session.pump()
        time.sleep(0.01)


def created_match(app, server, choose) -> object:
    """Ann's match screen for a match she creates from the lobby (``choose(lobby)`` first)."""
    lobby = open_lobby(app, server.url, "Ann", replace=False)
    run_until([app], lambda: lobby.session.welcomed)
    choose(lobby)
    lobby.create()
    run_until([app], lambda: getattr(app.stack.top, "chrome", None) is not None)
    return app.stack.top


class Said:
    """What the chrome draws and says: texts rendered in its ``draw``, its toasts and
    banners, its status, turn and headline words, its buttons."""

    def __init__(self, chrome, texts: list[str]) -> None:
        self.chrome, self.texts, self.words = chrome, texts, []
        host = chrome.host
        draw, toast, announce = chrome.draw, host.show_toast, host.announce

        def chrome_draw(surface):
            start = len(texts)
            draw(surface)
            self.words.extend(texts[start:])

        def show_toast(text, *args, **kwargs):
            self.words.append(text)
            return toast(text, *args, **kwargs)

        def banner(text, sub="", *args, **kwargs):
            self.words.extend(w for w in (text, sub) if w)
            return announce(text, sub, *args, **kwargs)

        chrome.draw, host.show_toast, host.announce = chrome_draw, show_toast, banner

    def now(self) -> None:
        """The chrome's words at this moment."""
        c = self.chrome
        status = c.status_text()
        self.words.extend([c.turn_text("⟦the game's line⟧", (0, 0, 0))[0], c.no_undo, c.pause_note,
                           c.new_game_label] + [b.text for b in c.buttons()])
        if status is not None:
            self.words.append(status[0])
        if c.headline():
            self.words.append(c.headline())


def test_an_online_match_chrome_draws_no_english(app, server):
    show(app, TitleScene(app))
    bob_net = NetClient(server.url, "Bob").start()
    nets = [bob_net]
    bob = OnlineSession(bob_net, "Bob", app.games.specs())
    watcher = App(Options(), (1280, 800), persist=False)
    data = ["Ann", "Bob", "Cat", server.url, "hello Ann", "hi"]
    try:
        with recording_texts() as texts:
            game = created_match(app, server, lambda lobby: lobby.cycle_seat())  # black: Ann moves first
            chrome = game.chrome
            said = Said(chrome, texts)
            code = chrome.code
            data += [code, chrome.invite_link()]
            run_until([app], lambda: len(said.words) > 3)  # the room code panel, waiting
            said.now()
            chrome.session.public_url = "ws://127.0.0.1:9"  # as when hosting: where others connect
            data.append("ws://127.0.0.1:9")
            run_until([app], lambda: any("ws://127.0.0.1:9" in w for w in said.words))
            chrome.session.public_url = None

            bob.join(code)
            run_until([app], lambda: chrome.view.status == "playing", [bob])
            bob.chat(code, "hello Ann")
            run_until([app], lambda: chrome.view.chat, [bob])
            game.handle_event(key(pygame.K_t, unicode="t"))
            run_until([app], lambda: any("> " in w for w in said.words))  # the chat hint
            game.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="hi"))
            run_until([app], lambda: any(w.startswith("> hi") for w in said.words))
            game.handle_event(key(pygame.K_ESCAPE))
            said.now()  # our turn

            state = chrome.view.state
            first = next(iter(state.legal_moves()))
            assert chrome.submit(first)
            data.append(chrome.view.spec.move_text(first))
            said.now()  # sent: waiting for the server
            run_until([app], lambda: chrome.view.pending is None, [bob])
            said.now()
            if chrome.view.my_turn:  # the server refuses the same move again
                chrome.session.move(code, first)
                run_until([app], lambda: chrome.view.pending is None, [bob])
            else:  # not our turn: the server's not_your_turn, in our words
                chrome.session.send({"type": "move", "match": code, "version": chrome.view.version,
                                     "mid": "again", "move": chrome.view.spec.move_text(first)})
            run_until([app], lambda: chrome.session.last_error, [bob])
            said.now()

            # Cat has a session of its own (not the tokens Ann's client keeps on disk).
            cat_net = NetClient(server.url, "Cat").start()
            nets.append(cat_net)
            watcher_lobby = LobbyScene(watcher, OnlineSession(cat_net, "Cat", watcher.games.specs()),
                                       "watch", net=cat_net)
            show(watcher, watcher_lobby)
            run_until([watcher], lambda: watcher_lobby.session.welcomed)
            watcher_lobby.code.value = code
            watcher_lobby.join(True)
            run_until([watcher], lambda: getattr(watcher.stack.top, "chrome", None) is not None)
            spectator = Said(watcher.stack.top.chrome, texts)
            run_until([watcher], lambda: spectator.words)
            spectator.now()

            bob_net.close()  # Bob is gone: offline, and the away clock runs
            run_until([app], lambda: chrome.view.away_text() is not None and not chrome.view.online()[1])
            run_until([app], lambda: any("offline" in w for w in said.words))
            said.now()
            chrome.resign()  # once: press again
            chrome.resign()
            run_until([app, watcher], lambda: chrome.view.ended is not None)
            said.now()
            run_until([app, watcher], lambda: type(app.stack.top).__name__ == "ScoreScene")  # the result
            chrome.rematch()
            run_until([app], lambda: "Rematch offered" in " ".join(said.words))
        words = said.words + spectator.words
        assert unmarked(words, allow=data) == [], unmarked(words, allow=data)
        assert any("⟧" in w and "Bob" in w for w in words)  # the away line, the presence toast
        # And the whole of both screens (lobby, board, score show): the game's name is data too.
        titles = [spec.title for spec in app.games.specs()]
        everything = unmarked(texts, allow=data + [d.upper() for d in data] + titles + [t.upper() for t in titles])
        assert everything == [], everything
        assert watcher_lobby.session.matches[code].role == "spectator"
    finally:
        for net in nets:
            net.close()
        watcher.stack.scenes.clear()


# Per language: the room code panel's heading and private line, the waiting turn line,
# a chat line's start, the chat hint, Bob thinking.
WORDS = {
    "fr": ("CODE DE SALLE", "En attente d’un adversaire (privée\u00a0: seul le code la trouve)",
           "SALLE {code}\u00a0: EN ATTENTE D’UN ADVERSAIRE", "Bob\u00a0:", "> Dites quelque chose",
           "Bob réfléchit…  (T\u00a0: discuter)"),
    "sk": ("KÓD MIESTNOSTI", "Čaká sa na súpera (súkromný: nájde ho len kód)",
           "MIESTNOSŤ {code}: ČAKÁ SA NA SÚPERA", "Bob:", "> Napíš niečo", "Bob premýšľa…  (T: písať)"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_waiting_match_speaks_and_fits_at_1024x640(app, server, lang):
    heading, private, waiting, chat_start, hint, thinking = WORDS[lang]
    app.set_size((1024, 640))
    bob_net = NetClient(server.url, "Bob").start()
    bob = OnlineSession(bob_net, "Bob", app.games.specs())
    try:
        with language(lang):
            show(app, TitleScene(app))
            game = created_match(app, server, lambda lobby: lobby.toggle_public())  # private: the longer line
            chrome = game.chrome
            chrome.session.public_url = "ws://127.0.0.1:8765"
            run_until([app], lambda: chrome.view.status == "waiting")
            with text_blits(app.size) as (surface, placed):
                app.stack.draw(surface)
            board = game.geo.rect
            left, right = board.centerx - board.w * 0.55, board.centerx + board.w * 0.55  # the panel
            panel_lines = [(t, r) for t, r in placed if t in (heading, private) or "127.0.0.1:8765" in t]
            assert len(panel_lines) == 3, placed
            for text, rect in panel_lines:
                assert left <= rect.left and rect.right <= right, (text, rect, board)
            screen = pygame.Rect((0, 0), app.size)
            for text, rect in placed:
                assert screen.contains(rect), (text, rect)
            assert chrome.turn_text("", (0, 0, 0))[0] == waiting.format(code=chrome.code)

            bob.join(chrome.code)
            run_until([app], lambda: chrome.view.status == "playing", [bob])
            long_line = "x" * 40 + " " + "y" * 120
            bob.chat(chrome.code, long_line)
            run_until([app], lambda: chrome.view.chat, [bob])
            game.handle_event(key(pygame.K_t, unicode="t"))
            panel = game.seat_panels()[0][0]
            with text_blits(app.size) as (surface, placed):
                app.stack.draw(surface)
            chat = [(t, r) for t, r in placed if t.startswith((chat_start, "> ", "xxx", "yyy"))]
            assert any(t.startswith(chat_start) for t, _r in chat)
            assert any(t.startswith("yyy") for t, _r in chat)  # a long line goes on below
            assert any(t.startswith(hint) for t, _r in chat)
            for text, rect in chat:
                assert panel.contains(rect), (text, rect, panel)
            if not chrome.view.my_turn:
                assert chrome.status_text()[0] == thinking
    finally:
        bob_net.close()
        app.set_size((1280, 800))
