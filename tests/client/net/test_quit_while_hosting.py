"""Quitting while hosting warns when someone other than this client is connected: the
client's own connection is counted once, though its lobby and its match screen (both on
the stack) share it."""

from __future__ import annotations

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
