"""Names, clocks, rated matches and leaderboards on a real server on 127.0.0.1, driven
through the client's screens: take a name (kept 0600, signed in by itself next time),
clear refusals, move a name to another computer with a transfer code; a timed match's
clocks count down, warn, report lag and end on time; rated/casual and time controls
from the lobby; leaderboards, a profile with its plot and a recent game in the replay."""

from __future__ import annotations

import stat
import time

from client.connect import open_lobby
from client.net import NetClient
from client.online import OnlineSession
from client.scenes import lobby as lobby_module
from client.scenes.continue_online import online_entries
from client.scenes.names import NamesScene
from client.scenes.online import OnlineScene
from client.scenes.ratings import LeaderboardScene, ProfileScene
from client.scenes.title import TitleScene
from shared.online.identity import FILE_NAME, load_identities

from ..conftest import click, show
from .test_online_screens import run_until


def connected(app, url: str, name: str):
    show(app, TitleScene(app))
    lobby = open_lobby(app, url, name, replace=False)
    app.stack.apply_pending()
    run_until(app, lambda: lobby.session.welcomed)
    return lobby


def names_screen(app, lobby) -> NamesScene:
    lobby.handle_event(click(lobby.names_button.rect.center))
    app.stack.apply_pending()
    assert isinstance(app.stack.top, NamesScene)
    return app.stack.top


def leave_all(app) -> None:
    while len(app.stack.scenes) > 1:
        app.stack.pop()
        app.stack.apply_pending()


def bare(url: str, name: str) -> OnlineSession:
    """A second player without screens (no token store: a computer of its own)."""
    session = OnlineSession(NetClient(url, name).start(), name)
    wait(session, lambda: session.welcomed)
    return session


def wait(session: OnlineSession, done, timeout: float = 10.0) -> list:
    notes, end = [], time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        notes.extend(session.pump())
        time.sleep(0.02)
    return notes


def test_a_name_taken_is_kept_and_signs_in_by_itself(app, server, config):
    lobby = connected(app, server.url, "Ann")
    assert not lobby.session.signed_in  # a guest, as always
    names = names_screen(app, lobby)
    names.new_name.value = "a" * 21
    names.handle_event(click(names.take_button.rect.center))
    assert names.message == "A name can have at most 20 characters."  # said before asking
    names.new_name.value = "Ann"
    names.handle_event(click(names.take_button.rect.center))
    run_until(app, lambda: lobby.session.signed_in)
    assert "Ann is yours on this server" in names.message
    assert not names.take_button.enabled  # a second name would lose the first one's key
    path = config / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_identities(path)[server.url]["name"] == "Ann"
    leave_all(app)
    play_online = OnlineScene(app)
    play_online.address.value = server.url
    assert play_online.registered_name() == "Ann"  # the Play online screen says who we are there
    again = connected(app, server.url, "Somebody else")  # the name field does not matter now
    assert again.session.signed_in and again.session.name == "Ann"
    # Someone else cannot take it, nor a look-alike of it; the refusal is the client's sentence.
    other = bare(server.url, "Bob")
    for attempt in ("ann", "\u0410nn", "Ann_"):  # case, a Cyrillic A, a separator
        other.register(attempt)
        wait(other, lambda: other.last_error)
        assert other.last_error == "That name, or one that looks just like it, is taken: choose another.", attempt
        other.last_error = ""
    other.net.close()


def test_a_transfer_code_moves_the_name_to_another_computer(app, server, config, tmp_path, monkeypatch):
    lobby = connected(app, server.url, "Ann")
    names = names_screen(app, lobby)
    assert not names.code_button.enabled  # a guest has nothing to move
    names.new_name.value = "Ann"
    names.handle_event(click(names.take_button.rect.center))
    run_until(app, lambda: lobby.session.signed_in)
    names.handle_event(click(names.code_button.rect.center))
    run_until(app, lambda: lobby.session.transfer_code is not None)
    code = lobby.session.transfer_code
    leave_all(app)
    # The other computer: its own data folder; a wrong code first, then the right one.
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path / "laptop"))
    there = connected(app, server.url, "Ann's laptop")
    assert not there.session.signed_in
    names = names_screen(app, there)
    names.move_name.value, names.move_code.value = "Ann", "OOOO-0000-11"
    names.handle_event(click(names.redeem_button.rect.center))
    assert names.message.startswith("That is not a transfer code")
    names.move_code.value = code.lower().replace("-", " ")  # as typed: any case, spaces
    names.handle_event(click(names.redeem_button.rect.center))
    run_until(app, lambda: there.session.signed_in)
    assert there.session.name == "Ann"
    assert load_identities(tmp_path / "laptop" / FILE_NAME)[server.url]["name"] == "Ann"
    leave_all(app)
    # Back on the first computer: its key no longer works; it plays on as a guest and says why.
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(config))
    first = connected(app, server.url, "Ann")
    assert not first.session.signed_in and first.session.name.startswith("Guest ")
    assert "transfer code" in first.session.hello_refused
    run_until(app, lambda: "transfer code" in first.message)
    run_until(app, lambda: first.session.lobby is not None and first.session.watching_lobby)


def timed_match(app, server, clock: str, monkeypatch):
    """Ann (this client) creates a timed match in the first seat, Bob joins it."""
    monkeypatch.setattr(lobby_module, "CLOCKS", ("", clock))
    lobby = connected(app, server.url, "Ann")
    lobby.handle_event(click(lobby.clock_button.rect.center))
    lobby.handle_event(click(lobby.seat_button.rect.center))  # the first seat: to move first
    lobby.handle_event(click(lobby.create_button.rect.center))
    run_until(app, lambda: getattr(app.stack.top, "chrome", None) is not None)
    chrome = app.stack.top.chrome
    bob = bare(server.url, "Bob")
    bob.join(chrome.code)
    run_until(app, lambda: chrome.view.status == "playing" and chrome.view.clock.timed
              and chrome.view.clock.wire.get("running") is not None)
    return chrome, bob


def test_the_clocks_count_down_and_a_move_reports_its_lag(app, server, config, monkeypatch):
    chrome, bob = timed_match(app, server, "3+2", monkeypatch)
    view = chrome.view
    assert view.info.get("clock") == "3+2"
    names = view.seat_names()
    now = time.monotonic()
    shown = view.clock.shown(names, now)
    assert [s.running for s in shown] == [True, False]  # the first seat is to move
    assert shown[1].text == "3:00" and not shown[0].low
    [saved] = chrome.session.tokens.seats()  # the title's Continue list: our turn, time to move
    assert saved.turn == "your turn" and 150 < saved.deadline - time.time() < 240
    [entry] = online_entries(app)
    assert "(your turn)" in entry.title() and entry.facts().endswith("less than an hour left to move")
    later = view.clock.shown(names, now + 30)  # counted locally between the server's updates
    assert later[0].text == "2:30" or later[0].text == "2:29"
    assert later[1].text == "3:00"
    sent: list[dict] = []
    real = chrome.session.net.send
    monkeypatch.setattr(chrome.session.net, "send", lambda m: (sent.append(m), real(m)))
    chrome.session.lag_ms = 40
    move = view.spec.legal_moves(view.state)[0] if hasattr(view.spec, "legal_moves") else None
    move = move or next(iter(view.state.legal_moves()))
    assert chrome.submit(move)
    assert sent[-1]["type"] == "move" and sent[-1]["lag"] == 40
    run_until(app, lambda: view.version == 1)
    assert view.clock.wire.get("running") == names[view.state.to_move]  # the server's update
    left = view.clock.left_ms(names, 0, time.monotonic())
    assert 170_000 < left <= 182_000  # 3 minutes, less the move's time (plus 2 s once it is done)
    assert chrome.session.lag_ms >= 0 and chrome.session.accounts._last_ping > 0  # pinged once welcomed
    bob.net.close()


def test_time_runs_out_warns_and_ends_the_match_on_time(app, server, config, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name, volume=1.0: played.append(name))
    chrome, bob = timed_match(app, server, "0.05+0", monkeypatch)  # 3 seconds
    run_until(app, lambda: "tick" in played)  # our clock is low: it ticks
    assert chrome.view.clock.shown(chrome.view.seat_names(), time.monotonic())[0].low
    run_until(app, lambda: chrome.view.ended is not None, 15)
    assert chrome.view.ended["reason"] == "time"
    winner = chrome.view.ended["winner"]
    assert winner == chrome.view.seat_names()[1]
    assert chrome.headline() == f"{chrome.seat_name_label(winner).upper()} WINS ON TIME"
    bob.net.close()


def test_rated_needs_a_name_and_the_lobby_lists_rated_timed_matches(app, server, config):
    lobby = connected(app, server.url, "Ann")
    lobby.handle_event(click(lobby.rated_button.rect.center))
    assert lobby.rated and lobby.rated_button.label == "Rated"
    lobby.handle_event(click(lobby.quick_button.rect.center))
    run_until(app, lambda: "registered name" in lobby.message)  # a guest cannot play rated
    bob = bare(server.url, "Bob")
    bob.register("Bob")
    wait(bob, lambda: bob.signed_in)
    bob.create("alien-city", {}, "black", True, rated=True, clock="5+3")
    wait(bob, lambda: bob.matches)
    [code] = bob.matches
    run_until(app, lambda: code in lobby.session.lobby)
    row = lobby.row_text(code)
    assert "rated" in row and "5+3" in row
    bob.net.close()


def test_leaderboard_profile_plot_and_a_recent_game_in_the_replay(app, server, config):
    ann, bob = bare(server.url, "Ann"), bare(server.url, "Bob")
    for s in (ann, bob):
        s.register(s.name)
        wait(s, lambda s=s: s.signed_in)
    ann.create("alien-city", {}, "black", True, rated=True)
    wait(ann, lambda: ann.matches)
    [code] = ann.matches
    bob.join(code)
    wait(bob, lambda: bob.matches.get(code) is not None and bob.matches[code].status == "playing")
    bob.resign(code)
    wait(ann, lambda: ann.matches[code].ended is not None)
    assert ann.matches[code].ended["rated"] and ann.matches[code].ended["ratings"]
    lobby = connected(app, server.url, "Carol")
    lobby.handle_event(click(lobby.ratings_button.rect.center))
    app.stack.apply_pending()
    board = app.stack.top
    assert isinstance(board, LeaderboardScene)
    run_until(app, lambda: len(board.rows) == 2)
    assert [name for name, _rect in board.rows] == ["Ann", "Bob"]  # the winner first
    app.step(1 / 60, [])
    board.handle_event(click(board.rows[0][1].center))
    app.stack.apply_pending()
    profile = app.stack.top
    assert isinstance(profile, ProfileScene) and profile.player == "Ann"
    run_until(app, lambda: profile.games)
    [rating] = profile.ratings()
    assert rating["label"].endswith("?") and rating["history"]  # provisional, one point to plot
    assert "Alien City, 2 players" in profile.plot_button.label
    app.step(1 / 60, [])
    profile.handle_event(click(profile.games[0][1].center))
    run_until(app, lambda: app.stack.top is not profile, 10)
    assert "Replay" in type(app.stack.top).__name__ or hasattr(app.stack.top, "timeline")
    ann.net.close()
    bob.net.close()
