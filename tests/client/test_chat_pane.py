"""The online match's chat pane and spectator list, driven with pygame events on a scripted
server (``feed``): the history a ``sync`` brings, times and names, opening and closing it
by its header (a mark counts what came meanwhile), scrolling, spectators reading only, and
who watches from the match info."""

from __future__ import annotations

import time

import pygame

from client.scenes.chatpane import clock, closed_height
from client.scenes.chrome import open_match

from .conftest import click, key, motion, show
from .net.feed import CODE, info, joined_session
from .online_i18n_helpers import text_blits

T0 = 1_800_000_000.0  # a fixed moment (the pane shows it on the player's clock)


def lines(n: int, start: int = 0) -> list[dict]:
    return [{"seat": "white", "name": "Bob", "text": f"line {i}", "t": T0 + 60 * i}
            for i in range(start, start + n)]


def match_screen(app, seat: str | None = "black", chat: list[dict] | None = None):
    """Ann's (or a spectator's) match screen on a scripted server whose sync had ``chat``."""
    spec = app.games.specs().get("alien-city")
    state = spec.new_state(spec.options(None), 1)
    session, feed = joined_session(app, "Ann", state, 0, seat=seat)
    if chat is not None:
        feed.inbox.append({"type": "sync", "match": CODE, "version": 0, "mode": "moves",
                           "since": 0, "moves": [], "info": info(spec, "playing", 0), "chat": chat})
        session.pump()
    session.connected, session.welcomed, session.net_state = True, True, "connected"
    screen = open_match(app, session, CODE)
    show(app, screen)
    return screen, feed


def drawn(app) -> list[tuple[str, pygame.Rect]]:
    with text_blits(app.size) as (surface, placed):
        app.stack.draw(surface)
    return placed


def frame(app) -> None:
    app.step(1 / 60, [])


def test_the_history_of_a_sync_shows_with_names_and_times(app):
    screen, _feed = match_screen(app, chat=lines(3))
    texts = [t for t, _r in drawn(app)]
    assert "Bob: line 0" in texts and "Bob: line 2" in texts
    assert clock(T0) in texts and clock(T0) == time.strftime("%H:%M", time.localtime(T0))
    panel = screen.seat_panels()[0][0]
    assert panel.contains(screen.chrome.pane.rect)


def test_a_shut_pane_marks_new_lines_and_opens_by_its_header(app):
    screen, feed = match_screen(app, chat=lines(1))
    pane = screen.chrome.pane
    drawn(app)
    screen.handle_event(click(pane.header.center))  # shut it
    assert not pane.open
    feed.inbox += [{"type": "chat", "match": CODE, "seat": "white", "name": "Bob", "text": "psst",
                    "version": 0, "t": T0}] * 2
    frame(app)
    texts = [t for t, _r in drawn(app)]
    assert any("Chat (T)" in t and "● 2 new" in t for t in texts)
    assert "Bob: psst" not in texts
    screen.handle_event(click(pane.header.center))  # open again: read, the mark goes
    texts = [t for t, _r in drawn(app)]
    assert "Bob: psst" in texts and not any("new" in t for t in texts)


def test_the_wheel_scrolls_back_through_the_history(app):
    screen, feed = match_screen(app, chat=lines(60))
    pane = screen.chrome.pane
    texts = [t for t, _r in drawn(app)]
    assert "Bob: line 59" in texts and "Bob: line 0" not in texts
    assert any(t.startswith("↑") for t in texts)
    screen.handle_event(motion(pane.rect.center))
    for _ in range(30):
        screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    texts = [t for t, _r in drawn(app)]
    assert "Bob: line 0" in texts and "Bob: line 59" not in texts
    feed.inbox.append({"type": "chat", "match": CODE, "seat": "white", "name": "Bob",
                       "text": "back?", "version": 0, "t": T0})
    frame(app)
    texts = [t for t, _r in drawn(app)]
    assert "↓ 1 new line below" in texts and "Bob: line 0" in texts  # the view stays put
    for _ in range(40):
        screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    texts = [t for t, _r in drawn(app)]
    assert "Bob: back?" in texts and not any(t.startswith("↓") for t in texts)


def test_a_player_types_after_t_and_the_line_goes_to_the_server(app):
    screen, feed = match_screen(app)
    sent: list[dict] = []
    feed.send = sent.append
    screen.handle_event(key(pygame.K_t, unicode="t"))
    screen.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="t"))  # the opening T
    screen.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="gg"))
    screen.handle_event(key(pygame.K_RETURN))
    assert sent == [{"type": "chat", "match": CODE, "text": "gg"}]
    assert not screen.chrome.pane.typing


def test_a_spectator_reads_but_t_only_opens_and_shuts_the_pane(app):
    screen, feed = match_screen(app, seat=None, chat=lines(2))
    sent: list[dict] = []
    feed.send = sent.append
    pane = screen.chrome.pane
    assert pane.open and "Bob: line 1" in [t for t, _r in drawn(app)]
    screen.handle_event(key(pygame.K_t, unicode="t"))
    assert not pane.open and not pane.typing
    screen.handle_event(key(pygame.K_t, unicode="t"))
    assert pane.open and not pane.typing and sent == []


def test_who_watches_shows_from_the_match_info(app):
    screen, feed = match_screen(app)
    spec = app.games.specs().get("alien-city")
    assert not any("Watching" in t for t, _r in drawn(app))
    feed.inbox.append({"type": "match_info", "match": CODE, "info": info(spec, "playing", 0) | {
        "spectators": 3, "spectator_names": ["Eve", "Max"]}})
    frame(app)
    placed = drawn(app)
    watching = [(t, r) for t, r in placed if t.startswith("Watching")]
    assert [t for t, _r in watching] == ["Watching (3): Eve, Max, 1 more"]
    panel = screen.seat_panels()[0][0]
    assert all(panel.contains(r) for _t, r in watching)


def test_a_closed_pane_says_who_watches_on_its_title_row(app):
    """Closed, the bar stays one row tall (the room a full panel keeps for it) and who
    watches stands beside its title; open, the names get rows of their own."""
    screen, feed = match_screen(app)
    spec = app.games.specs().get("alien-city")
    feed.inbox.append({"type": "match_info", "match": CODE, "info": info(spec, "playing", 0) | {
        "spectators": 2, "spectator_names": ["Eve", "Max"]}})
    frame(app)
    pane = screen.chrome.pane
    assert not pane.open
    placed = drawn(app)
    assert pane.rect.h == closed_height(app.size[1])
    watching = [r for t, r in placed if t in ("Watching (2): Eve, Max", "2 watching")]
    assert len(watching) == 1 and pane.header.contains(watching[0]), (watching, pane.header)
    screen.handle_event(click(pane.header.center))
    placed = drawn(app)
    assert pane.open and pane.rect.h > closed_height(app.size[1])
    assert any(t == "Watching (2): Eve, Max" and not pane.header.contains(r) for t, r in placed)
