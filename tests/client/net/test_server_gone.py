"""The host's server stops after a match ended: the other player's score screen says the
server is gone and that a rematch needs it, and its Rematch is off (nothing is sent); it
comes back with the server. On a real server on 127.0.0.1, stopped for real (and started
again on its port)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from client.net import NetClient
from client.online import OnlineSession
from client.scenes.title import TitleScene
from server.host import HostedServer

from ..conftest import show
from .test_i18n_online_match import FAST, created_match, run_until


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path / "config"))


def test_the_score_screen_says_the_server_is_gone_and_rematch_waits(app, tmp_path):
    server = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", limits=FAST)
    bob_net = NetClient(server.url, "Bob").start()
    bob = OnlineSession(bob_net, "Bob", app.games.specs())
    stopped = False
    try:
        show(app, TitleScene(app))
        game = created_match(app, server, lambda lobby: None)
        chrome = game.chrome
        bob.join(chrome.code)
        run_until([app], lambda: chrome.view.status == "playing", [bob])
        bob.resign(chrome.code)
        run_until([app], lambda: type(app.stack.top).__name__ == "ScoreScene", [bob])
        score = app.stack.top
        rematch = next(b for b in score.final_buttons if b.on_click == chrome.rematch)
        run_until([app], lambda: rematch.enabled and score.headline != chrome.gone_text(), [bob])
        connected_headline = score.headline

        server.stop()
        stopped = True
        run_until([app], lambda: chrome.server_gone)
        app.step(1 / 60, [])
        assert score.headline == chrome.gone_text()
        assert score.turn_text()[0] == "SERVER GONE: NO REMATCH WITHOUT IT"
        assert not rematch.enabled and not chrome.rematch_button.enabled
        sent: list[dict] = []
        chrome.session.send = sent.append
        toasts: list[str] = []
        chrome.host.show_toast = lambda text, *a, **k: toasts.append(text)
        chrome.rematch()  # the score screen's key, or the bottom bar's button
        assert sent == [] and "a rematch needs the server" in toasts[0]

        chrome.session.send = chrome.session.net.send
        port = urlsplit(server.url).port  # the host starts it again: it all comes back
        server = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", port=port,
                                    limits=FAST)
        stopped = False
        run_until([app], lambda: not chrome.server_gone and rematch.enabled, timeout=30)
        assert score.headline == connected_headline
    finally:
        bob_net.close()
        if not stopped:
            server.stop()
