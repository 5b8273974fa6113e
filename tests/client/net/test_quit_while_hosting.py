"""Quitting while hosting warns when someone other than this client is connected: the
client's own connection is counted once, though its lobby and its match screen (both on
the stack) share it."""

from __future__ import annotations

import pygame

from client.hosting import Hosting
from client.scenes.chrome import open_match
from client.scenes.host import CloseHostScene, may_close
from client.scenes.lobby import LobbyScene

from ..conftest import show
from .feed import CODE, joined_session

URL = "ws://127.0.0.1:8765"


class Running:
    def poll(self) -> None:
        return None


class CountingHosting(Hosting):
    """A hosted server whose health page says ``connections`` clients are connected."""

    def __init__(self, connections: int) -> None:
        super().__init__(Running(), URL, URL)
        self.connections = connections

    def health(self) -> dict:
        return {"status": "ok", "connections": self.connections}


def ann_in_her_match(app):
    spec = app.games.specs().get("alien-city")
    session, _feed = joined_session(app, "Ann", spec.new_state(spec.options(None), 1), 0,
                                    seat="black", server=URL)
    session.connected = True
    show(app, LobbyScene(app, session))
    show(app, open_match(app, session, CODE))


def test_one_watcher_besides_the_host_is_warned_about(app):
    ann_in_her_match(app)
    app.hosting = CountingHosting(connections=2)  # Ann and Cy watching
    assert may_close(app) is False
    app.stack.apply_pending()
    assert isinstance(app.stack.top, CloseHostScene) and app.stack.top.others == 1


def test_the_host_alone_quits_at_once(app):
    ann_in_her_match(app)
    app.hosting = CountingHosting(connections=1)
    assert may_close(app) is True


class SilentHosting(CountingHosting):
    """A hosted server too busy to answer its health page in time."""

    def health(self) -> dict:
        return {}


def test_a_server_that_does_not_say_who_is_connected_still_warns(app, monkeypatch):
    """Not knowing is not "nobody": quitting would stop the server under whoever is there."""
    ann_in_her_match(app)
    app.hosting = SilentHosting(connections=0)
    assert may_close(app) is False
    app.stack.apply_pending()
    warning = app.stack.top
    assert isinstance(warning, CloseHostScene) and warning.others is None
    drawn: list[str] = []
    real = app.text.render
    monkeypatch.setattr(app.text, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    warning.draw(pygame.Surface(app.size))
    assert "did not say who is connected to it" in " ".join(drawn)  # wrapped, perhaps
