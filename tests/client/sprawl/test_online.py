"""Sprawl online through the shell's lobby and chrome, on a real in-process server:
three players and a spectator; moves made by events on the board (clicks and dragged
branches) reach everyone; the end brings everyone the end show with the engine's numbers."""

import random

import pygame

from client.games.sprawl.game import MatchScene
from client.games.sprawl.score import ScoreScene

from ..conftest import click
from ..test_online import player, server, spin  # noqa: F401 - the server fixture
from .helpers import play_by_events


def test_three_players_and_a_spectator_play_sprawl_online(server, tmp_path):  # noqa: F811
    people = [player(server.url, name) for name in ("Ann", "Bob", "Cy")]
    apps = [p[0] for p in people]
    nets = [p[1] for p in people]
    try:
        spin(apps, lambda: all(p[2].welcomed for p in people), what="welcome")
        lobby_a = people[0][3]
        while lobby_a.spec.id != "sprawl":
            lobby_a.handle_event(click(lobby_a.game_button.rect.center))
        while lobby_a.players_button.label != "Players: 3":
            lobby_a.handle_event(click(lobby_a.players_button.rect.center))
        lobby_a.handle_event(click(lobby_a.create_button.rect.center))
        spin(apps[:1], lambda: isinstance(apps[0].stack.top, MatchScene), what="match created")
        code = apps[0].stack.top.chrome.code
        for app, _, _, lobby in people[1:]:
            lobby.code.value = code
            lobby.handle_event(click(lobby.join_button.rect.center))
        spin(apps, lambda: all(isinstance(a.stack.top, MatchScene) for a in apps)
             and apps[0].stack.top.chrome.view.status == "playing", what="join")
        games = [a.stack.top for a in apps]
        assert sorted(g.chrome.view.seat for g in games) == [0, 1, 2]

        app_w, net_w, sess_w, lobby_w = player(server.url, "Dee")  # watches
        nets.append(net_w)
        spin([app_w], lambda: sess_w.welcomed, what="spectator welcome")
        lobby_w.code.value = code
        lobby_w.handle_event(click(lobby_w.watch_button.rect.center))
        spin([app_w], lambda: isinstance(app_w.stack.top, MatchScene), what="spectate")
        watcher = app_w.stack.top
        assert watcher.chrome.view.role == "spectator" and not watcher.human_turn
        for a, name in ((apps[0], "player"), (app_w, "watching")):
            a.step(1 / 60, events=[])
            pygame.image.save(a.window, str(tmp_path / f"online-{name}.png"))
            assert len({tuple(a.window.get_at((x, y))) for x in range(0, 1280, 9) for y in range(0, 800, 9)}) > 40
        everyone = apps + [app_w]
        views = games + [watcher]
        scenes = {g.chrome.view.seat: g for g in games}
        reference = games[0].chrome.view.state
        rng = random.Random(5)
        while not reference.is_over():
            mover = scenes[reference.to_move]
            spin(everyone, lambda: mover.human_turn and not mover.timeline.busy, what="the mover's turn")
            version = mover.chrome.view.version
            move = reference.legal_moves().random(rng)
            play_by_events(mover.app, mover, move)
            assert mover.chrome.view.pending is not None or mover.chrome.view.version > version, \
                f"{move.text()} was not sent: {mover.toast!r}"
            reference = reference.play(move)[0]
            spin(everyone, lambda: all(g.chrome.view.version == version + 1 for g in views),
                 what=f"{move.text()} everywhere")
        for g in views:
            assert g.match.state.key() == reference.key()
        spin(everyone, lambda: all(isinstance(a.stack.top, ScoreScene) for a in everyone), what="the end show")
        for a in everyone:
            a.stack.top.skip()
            assert a.stack.top.counted == [s["stash"] for s in reference.score()["seats"]]
            a.step(1 / 60, events=[])
    finally:
        for net in nets:
            net.close()
