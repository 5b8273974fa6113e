"""City Blocks online through the shell's lobby and chrome, on a real in-process server:
two players (2-player game: two colours each) and a spectator; moves made by events on the
board reach everyone; the end brings everyone the final count of the engine's score."""

import random

from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.score import ScoreScene

from ..conftest import click
from ..test_online import player, server, spin  # noqa: F401 - the server fixture
from .helpers import pass_by_events, place_by_events
from .test_screens import snap


def test_two_players_and_a_spectator_play_city_blocks_online(server, tmp_path):  # noqa: F811
    app_a, net_a, sess_a, lobby_a = player(server.url, "Ann")
    app_b, net_b, sess_b, lobby_b = player(server.url, "Bob")
    nets = [net_a, net_b]
    try:
        spin([app_a, app_b], lambda: sess_a.welcomed and sess_b.welcomed, what="welcome")
        while lobby_a.spec.id != "city-blocks":
            lobby_a.handle_event(click(lobby_a.game_button.rect.center))
        assert lobby_a.players_button.label == "Players: 2"
        lobby_a.handle_event(click(lobby_a.seat_button.rect.center))  # seat: blue-red
        lobby_a.handle_event(click(lobby_a.create_button.rect.center))
        spin([app_a], lambda: isinstance(app_a.stack.top, MatchScene), what="match created")
        game_a = app_a.stack.top
        code = game_a.chrome.code
        lobby_b.code.value = code
        lobby_b.handle_event(click(lobby_b.join_button.rect.center))
        spin([app_a, app_b], lambda: isinstance(app_b.stack.top, MatchScene)
             and game_a.chrome.view.status == "playing", what="join")
        game_b = app_b.stack.top
        assert {game_a.chrome.view.seat, game_b.chrome.view.seat} == {0, 1}

        app_c, net_c, sess_c, lobby_c = player(server.url, "Cat")  # watches
        nets.append(net_c)
        spin([app_c], lambda: sess_c.welcomed, what="spectator welcome")
        lobby_c.code.value = code
        lobby_c.handle_event(click(lobby_c.watch_button.rect.center))
        spin([app_c], lambda: isinstance(app_c.stack.top, MatchScene), what="spectate")
        game_c = app_c.stack.top
        assert game_c.chrome.view.role == "spectator" and not game_c.human_turn
        for a, name in ((app_a, "online-player"), (app_c, "online-watching")):
            snap(a, name, tmp_path)

        apps = [app_a, app_b, app_c]
        scenes = {game_a.chrome.view.seat: game_a, game_b.chrome.view.seat: game_b}
        reference = game_a.chrome.view.state
        rng = random.Random(3)
        while not reference.over:
            mover = scenes[reference.to_move]
            spin(apps, lambda: mover.human_turn and not mover.timeline.busy, what="the mover's turn")
            version = mover.chrome.view.version
            if reference.ply < 10:
                move = reference.legal_moves().random_placement(rng)
                place_by_events(mover.app, mover, move)
            else:
                move = reference.pass_move()
                pass_by_events(mover.app, mover)
            assert mover.chrome.view.pending is not None or mover.chrome.view.version > version, \
                f"{move.text()} was not sent: {mover.toast!r} {mover.hand} {mover.ghost()} {mover.human_turn}"
            reference = reference.play(move)[0]
            spin(apps, lambda: all(g.chrome.view.version == version + 1 for g in (game_a, game_b, game_c)),
                 what=f"{move.text()} everywhere")
        for g in (game_a, game_b, game_c):
            assert g.match.state == reference
        spin(apps, lambda: all(isinstance(a.stack.top, ScoreScene) for a in apps), what="the final count")
        for a in apps:
            a.stack.top.skip()
            assert a.stack.top.awarded == [s["total"] for s in reference.score()["seats"]]
            a.step(1 / 60, events=[])
    finally:
        for net in nets:
            net.close()
