"""City Blocks online under the pseudo language: the board of a player and of a spectator,
a move sent and answered, the final count: every string drawn is marked, except the data
(the players' names and the room code)."""

import random

from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.score import ScoreScene
from shared import i18n

from ..conftest import click
from ..i18n_harness import recording_texts, unmarked
from ..test_online import player, server, spin  # noqa: F401 - the server fixture
from .helpers import pass_by_events, place_by_events


def test_an_online_city_blocks_match_draws_only_marked_text(server):  # noqa: F811
    nets = []
    with recording_texts() as texts:
        try:
            app_a, net_a, sess_a, lobby_a = player(server.url, "Ann")
            app_b, net_b, sess_b, lobby_b = player(server.url, "Bob")
            nets += [net_a, net_b]
            i18n.set_language(i18n.PSEUDO)   # each new app sets the language of its options
            spin([app_a, app_b], lambda: sess_a.welcomed and sess_b.welcomed, what="welcome")
            while lobby_a.spec.id != "city-blocks":
                lobby_a.handle_event(click(lobby_a.game_button.rect.center))
            lobby_a.handle_event(click(lobby_a.create_button.rect.center))
            spin([app_a], lambda: isinstance(app_a.stack.top, MatchScene), what="match created")
            game_a = app_a.stack.top
            code = game_a.chrome.code
            lobby_b.code.value = code
            lobby_b.handle_event(click(lobby_b.join_button.rect.center))
            spin([app_a, app_b], lambda: isinstance(app_b.stack.top, MatchScene)
                 and game_a.chrome.view.status == "playing", what="join")
            game_b = app_b.stack.top
            app_c, net_c, sess_c, lobby_c = player(server.url, "Cat")
            nets.append(net_c)
            i18n.set_language(i18n.PSEUDO)
            spin([app_c], lambda: sess_c.welcomed, what="spectator welcome")
            lobby_c.code.value = code
            lobby_c.handle_event(click(lobby_c.watch_button.rect.center))
            spin([app_c], lambda: isinstance(app_c.stack.top, MatchScene), what="spectate")
            game_c = app_c.stack.top
            apps = [app_a, app_b, app_c]
            scenes = {game_a.chrome.view.seat: game_a, game_b.chrome.view.seat: game_b}
            reference = game_a.chrome.view.state
            rng = random.Random(5)
            while not reference.over:
                mover = scenes[reference.to_move]
                spin(apps, lambda: mover.human_turn and not mover.timeline.busy, what="the mover's turn")
                version = mover.chrome.view.version
                if reference.ply < 6:
                    move = reference.legal_moves().random_placement(rng)
                    place_by_events(mover.app, mover, move)
                else:
                    move = reference.pass_move()
                    pass_by_events(mover.app, mover)
                reference = reference.play(move)[0]
                spin(apps, lambda: all(g.chrome.view.version == version + 1 for g in (game_a, game_b, game_c)),
                     what=f"{move.text()} everywhere")
            spin(apps, lambda: all(isinstance(a.stack.top, ScoreScene) for a in apps), what="the final count")
            for a in apps:
                a.stack.top.skip()
                a.step(1 / 60, events=[])
        finally:
            for net in nets:
                net.close()
    bare = unmarked(texts, allow=["Ann", "Bob", "Cat", code, "City Blocks"])
    assert bare == [], "\n".join(map(repr, bare))
