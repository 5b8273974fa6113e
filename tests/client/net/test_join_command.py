"""``alien-city join LINK``: a bad link is one line and exit status 2; a good one opens
the window at the title with the lobby on top, joining the link's room."""

from __future__ import annotations

import pytest

from alien_city.cli import main as cli
from client.scenes.lobby import LobbyScene


def test_a_bad_link_is_one_line(capsys):
    assert cli(["join", "ftp://example.org/#K7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("alien-city join: ") and err.count("\n") == 1


@pytest.mark.parametrize("link, server, room", [
    ("alien-city://127.0.0.1:1/k7qxad", "ws://127.0.0.1:1", "K7QXAD"),
    ("wss://127.0.0.1:1/#K7QXAD", "wss://127.0.0.1:1", "K7QXAD"),
])
def test_a_link_opens_the_room(app, monkeypatch, link, server, room):
    opened = {}

    def fake_window(then=None, language=None):  # the real window, minus its endless loop
        from client.scenes.title import TitleScene
        app.stack.push(TitleScene(app))
        app.stack.apply_pending()
        then(app)
        opened["top"] = app.stack.top
        return 0

    monkeypatch.setattr("client.app.main", fake_window)
    assert cli(["join", link, "--name", "Cy"]) == 0
    lobby = opened["top"]
    assert isinstance(lobby, LobbyScene)
    assert lobby.net.url == server and lobby.session.name == "Cy"
    assert lobby.code.value == room and lobby.message == f"Joining {room}…"
    lobby.net.close()
    app.stack.pop()
    app.stack.apply_pending()
