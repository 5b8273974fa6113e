"""The server's archive in the client, on a real server on 127.0.0.1: the lobby's
Archive lists finished matches a page at a time (Next, Previous, My games), a chosen
match is downloaded into the records folder and opens in the replay; bad records and a
server that is gone are said in a sentence. A profile shows the rating's uncertainty and
opens its recent games the same way; a timed match's start brings its running clock."""

from __future__ import annotations

from pathlib import Path

from client.net import NetClient
from client.online import OnlineSession
from client.scenes.archive import ArchiveScene
from client.scenes.files import FilesScene
from client.scenes.ratings import ProfileScene
from server import accounts_commands
from shared.online.identity import FILE_NAME, save_identity

from ..conftest import click, show
from .test_names_clocks import bare as bare_session
from .test_names_clocks import connected, timed_match, wait
from .test_online_screens import run_until


def bare(url: str, name: str, register: bool = False) -> OnlineSession:
    """A player without screens; ``register``: takes its name."""
    session = bare_session(url, name)
    if register:
        session.register(name)
        wait(session, lambda: session.signed_in)
    return session


def finished(a: OnlineSession, b: OnlineSession, rated: bool = False) -> str:
    """A match ``a`` created and ``b`` resigned: its code."""
    before = set(a.matches)
    a.create("alien-city", {}, "black", True, rated=rated)
    wait(a, lambda: set(a.matches) - before)
    [code] = set(a.matches) - before
    b.join(code)
    wait(b, lambda: b.matches.get(code) is not None and b.matches[code].status == "playing")
    b.resign(code)
    wait(a, lambda: a.matches[code].ended is not None)
    return code


def archive_from(app, lobby) -> ArchiveScene:
    app.step(1 / 60, [])
    lobby.handle_event(click(lobby.archive_button.rect.center))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ArchiveScene)
    run_until(app, lambda: scene.answer is not None)
    return scene


def codes(scene: ArchiveScene) -> set[str]:
    return {row["match"] for row, _rect in scene.rows}


def records(config: Path) -> list[Path]:
    folder = config / "records"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def three_matches(server, config) -> tuple[list[str], list[str]]:
    """Ann (whose key this computer keeps) and Bob play two, Carol and Dave one:
    (Ann's codes, all codes)."""
    ann, bob = bare(server.url, "Ann", True), bare(server.url, "Bob", True)
    save_identity(config / FILE_NAME, server.url, "Ann", ann.net.key)
    carol, dave = bare(server.url, "Carol"), bare(server.url, "Dave")
    mine = [finished(ann, bob, rated=True), finished(bob, ann)]
    other = finished(carol, dave)
    for s in (ann, bob, carol, dave):
        s.net.close()
    return mine, mine + [other]


def test_the_archive_pages_filters_and_opens_a_match_in_the_replay(app, server, config, monkeypatch):
    monkeypatch.setattr(accounts_commands, "PAGE_SIZE", 2)  # three matches: two pages
    mine, every = three_matches(server, config)
    lobby = connected(app, server.url, "Ann")
    assert lobby.session.signed_in and lobby.session.name == "Ann"
    archive = archive_from(app, lobby)
    run_until(app, lambda: len(archive.rows) == 2)
    assert archive.next_button.enabled and not archive.prev_button.enabled
    first = codes(archive)
    row = archive.rows[0][0]
    assert "Alien City" in archive.session.game_title(row["game"])
    archive.handle_event(click(archive.next_button.rect.center))
    run_until(app, lambda: archive.page == 1 and len(archive.rows) == 1)
    assert not archive.next_button.enabled and archive.prev_button.enabled
    assert first | codes(archive) == set(every)  # every finished match, once
    archive.handle_event(click(archive.prev_button.rect.center))
    run_until(app, lambda: archive.page == 0 and codes(archive) == first)
    archive.handle_event(click(archive.mine_button.rect.center))  # only Ann's
    run_until(app, lambda: archive.answer is not None and codes(archive) == set(mine))
    assert archive.title() == "MY GAMES" and archive.mine_button.label == "All games"
    rated = next(r for r, _rect in archive.rows if r["rated"])
    # Choosing one: downloaded, kept in the records folder, shown in the replay.
    rect = next(rect for r, rect in archive.rows if r is rated)
    archive.handle_event(click(rect.center))
    assert archive.message == f"Downloading the record of {rated['match']}…"
    run_until(app, lambda: app.stack.top is not archive)
    replay = app.stack.top
    assert hasattr(replay, "timeline") or "Replay" in type(replay).__name__
    [kept] = records(config)
    assert rated["match"] in kept.name and kept.suffix == ".ppn"
    assert "Rated: yes" in kept.read_text(encoding="utf-8")
    assert archive.message == f"Saved as {kept.name}"
    files = FilesScene(app)  # the Files screen lists it with the rest
    assert kept.resolve() in files.files
    app.stack.pop()
    app.stack.apply_pending()
    archive.handle_event(click(rect.center))  # again: the same file, not a copy
    run_until(app, lambda: app.stack.top is not archive)
    assert records(config) == [kept]
    app.stack.pop()
    app.stack.apply_pending()
    assert app.stack.top is archive


def test_a_bad_record_or_a_server_gone_is_said_not_raised(app, server, config):
    mine, _every = three_matches(server, config)
    lobby = connected(app, server.url, "Ann")
    archive = archive_from(app, lobby)
    run_until(app, lambda: len(archive.rows) == 3)
    said = archive.download.open({"type": "record", "match": "K7QXAD", "game": "alien-city",
                                  "record": "[Game \"Alien City\"]\n1. Zz@q9 ???\n"})
    assert said.startswith("The record cannot be replayed: ")
    assert archive.download.open({"type": "record", "match": "K7QXAD", "game": "chess",
                                  "record": "1. e4"}) == "This version of the game cannot show that game."
    assert archive.download.open({"type": "record", "match": "K7QXAD", "game": "alien-city",
                                  "record": ""}) == "The server sent no record for this match."
    assert records(config) == [] and app.stack.top is archive  # nothing kept, nothing opened
    archive.choose({"match": "K7QXAD"})  # (a match that is not there: its refusal, in words)
    run_until(app, lambda: archive.download.match is None)
    assert archive.message == "There is no match with this room code: check it."
    server.stop()
    archive.handle_event(click(archive.rows[0][1].center))
    run_until(app, lambda: archive.download.match is None)
    assert archive.message and not archive.message.startswith("Downloading")
    assert app.stack.top is archive and records(config) == []


def test_a_profile_shows_the_uncertainty_and_opens_a_recent_game(app, server, config):
    mine, _every = three_matches(server, config)
    lobby = connected(app, server.url, "Carol")
    profile = ProfileScene(app, lobby.session, "Ann")
    show(app, profile)
    run_until(app, lambda: len(profile.games) == 2)
    [rating] = profile.ratings()
    line = profile.rating_line(rating)
    assert isinstance(rating["sigma"], int) and 0 < rating["sigma"] < 250
    assert f"{rating['rating']} ± {rating['sigma']}, provisional" in line  # one rated match
    app.step(1 / 60, [])
    profile.handle_event(click(profile.games[0][1].center))
    run_until(app, lambda: app.stack.top is not profile)
    [kept] = records(config)
    assert profile.games[0][0]["match"] in kept.name
    app.stack.pop()
    app.stack.apply_pending()
    profile.handle_event(click(profile.archive_button.rect.center))  # all of Ann's games
    app.stack.apply_pending()
    archive = app.stack.top
    assert isinstance(archive, ArchiveScene) and archive.title() == "GAMES OF ANN"
    run_until(app, lambda: archive.answer is not None and codes(archive) == set(mine))


def test_the_waiting_seat_sees_the_clock_run_from_the_start_without_asking(app, server, config,
                                                                          monkeypatch):
    sent: list[tuple[NetClient, dict]] = []
    real = NetClient.send
    monkeypatch.setattr(NetClient, "send", lambda net, m: (sent.append((net, m)), real(net, m))[1])
    chrome, bob = timed_match(app, server, "3+2", monkeypatch)  # Ann waits, then Bob joins
    assert chrome.view.clock.wire["running"] == chrome.view.seat_names()[0]
    ours = [m["type"] for net, m in sent if net is chrome.session.net]
    assert "create" in ours and "get_state" not in ours  # the match_info brought it
    bob.net.close()
