"""Back on the title while the hosted server still runs: a line says so (port, players
connected) with a Stop button; Stop warns first when players are connected, and stops
the server (their matches saved) when confirmed, or at once when nobody is there."""

from __future__ import annotations

import threading
import time

import pytest

from client.hosting import Hosting
from client.scenes.host import CloseHostScene
from client.scenes.title import TitleScene

from ..i18n.marks import language
from .conftest import click, show
from .online_i18n_helpers import text_blits

URL = "ws://127.0.0.1:8765"


class Running:
    def __init__(self) -> None:
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code


class FakeHosting(Hosting):
    """A hosted server whose health page says ``connections``; ``stop`` only records."""

    def __init__(self, connections: int) -> None:
        super().__init__(Running(), URL, URL)
        self.connections = connections
        self.stopped = threading.Event()

    def health(self) -> dict:
        return {"status": "ok", "connections": self.connections}

    def stop(self) -> int:
        self.proc.code = 0
        self.stopped.set()
        return 0


def texts(app) -> list[str]:
    with text_blits(app.size) as (surface, placed):
        app.stack.draw(surface)
    return [t for t, _r in placed]


def until(done, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_the_title_says_a_server_is_hosted_and_stop_warns_first(app):
    app.hosting = FakeHosting(connections=2)
    title = TitleScene(app)
    show(app, title)
    texts(app)
    until(lambda: title.hostbar.others == 2)
    assert "You are hosting a server on port 8765: 2 players connected." in texts(app)
    title.handle_event(click(title.hostbar.stop_button.rect.center))
    app.stack.apply_pending()
    warning = app.stack.top
    assert isinstance(warning, CloseHostScene) and warning.others == 2
    assert [b.label for b in warning.menu.buttons] == ["Stay", "Stop the server"]
    assert not app.hosting.stopped.is_set()
    hosting = app.hosting
    warning.menu.buttons[1].on_click()
    app.stack.apply_pending()
    assert app.stack.top is title  # the client stays
    until(hosting.stopped.is_set)
    until(lambda: app.hosting is None)
    assert not any("hosting a server" in t for t in texts(app))


def test_stop_with_nobody_connected_stops_at_once(app):
    app.hosting = FakeHosting(connections=0)
    title = TitleScene(app)
    show(app, title)
    texts(app)
    title.handle_event(click(title.hostbar.stop_button.rect.center))
    app.stack.apply_pending()
    assert app.stack.top is title
    until(lambda: app.hosting is None)


def test_no_line_without_a_hosted_server(app):
    show(app, TitleScene(app))
    assert not any("hosting" in t for t in texts(app))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_host_line_and_the_titles_hint_never_cover_each_other(app, lang, size):
    """The hosted server's line sits under the title's footer hint, neither over the
    other nor over the buttons, and the hint goes back down once the server stops."""
    app.set_size(size)
    app.hosting = FakeHosting(connections=0)
    title = TitleScene(app)
    show(app, title)
    with language(lang):
        texts(app)
        until(lambda: title.hostbar.others == 0)
        app.step(1 / 60, [])
        hint_words = title.hint_text()
        with text_blits(app.size) as (surface, placed):
            app.stack.draw(surface)
        [hint] = [r for t, r in placed if t == hint_words]
        assert not hint.colliderect(title.hostbar.rect), (hint, title.hostbar.rect)
        assert not any(hint.colliderect(b.rect) for b in title.menu.buttons)
        assert title.hostbar.rect.bottom <= size[1]
        hosted_y = title.hint_y
        app.hosting = None
        app.step(1 / 60, [])
        assert title.hint_y > hosted_y
