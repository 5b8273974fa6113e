"""An online match that ends by resignation goes into the records folder by itself on
both players' clients and the spectator's, with the names and the server's result, and
the replay list shows it finished (the normal end: test_online's whole match)."""

from client.app import App
from client.config import Options, records_dir
from client.games.aliencity.game import GameScene
from client.net import NetClient
from client.online import OnlineSession
from client.scenes.files import record_summary
from client.scenes.lobby import LobbyScene
from shared.aliencity import Player

from .conftest import click, show
from .test_online import BACKOFF, mouse_move, player, server, spin  # noqa: F401 (``server``: the fixture)


def test_a_resigned_match_is_kept_by_both_players_and_the_spectator(server, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    app_a, net_a, sess_a, lobby_a = player(server.url, "Ann")
    app_b, net_b, sess_b, lobby_b = player(server.url, "Bob")
    nets = [net_a, net_b]
    try:
        spin([app_a, app_b], lambda: sess_a.welcomed and sess_b.welcomed, what="welcome")
        lobby_a.handle_event(click(lobby_a.seat_button.rect.center))  # seat: black
        lobby_a.handle_event(click(lobby_a.create_button.rect.center))
        spin([app_a], lambda: isinstance(app_a.stack.top, GameScene), what="match created")
        game_a = app_a.stack.top
        code = game_a.chrome.code
        lobby_b.code.value = code
        lobby_b.handle_event(click(lobby_b.join_button.rect.center))
        spin([app_a, app_b], lambda: isinstance(app_b.stack.top, GameScene)
             and game_a.chrome.view.status == "playing", what="join")
        game_b = app_b.stack.top
        net_c = NetClient(server.url, "Cat", backoff=BACKOFF).start()
        nets.append(net_c)
        app_c = App(Options(), (1280, 800), persist=False)
        lobby_c = LobbyScene(app_c, OnlineSession(net_c, "Cat"), "watch", net=net_c)
        show(app_c, lobby_c)
        spin([app_c], lambda: lobby_c.session.welcomed, what="spectator welcome")
        lobby_c.code.value = code
        lobby_c.handle_event(click(lobby_c.watch_button.rect.center))
        spin([app_c], lambda: isinstance(app_c.stack.top, GameScene), what="spectate")
        apps = [app_a, app_b, app_c]

        state = game_a.chrome.view.state.state
        mover = {Player.BLACK: game_a, Player.WHITE: game_b}[state.to_move]
        mouse_move(mover, state.legal_builds()[0])
        spin(apps, lambda: game_b.chrome.view.version == 1 and app_c.stack.top.chrome.view.version == 1,
             what="first move")
        game_b.chrome.resign()
        game_b.chrome.resign()  # twice: it is meant
        spin(apps, lambda: len([p for p in records_dir().glob("*.ppn") if f"Room: {code}" in p.read_text()]) == 3,
             what="three records")
        kept = [p for p in records_dir().glob("*.ppn") if f"Room: {code}" in p.read_text(encoding="utf-8")]
        for path in kept:
            text = path.read_text(encoding="utf-8")
            assert "Black: Ann" in text and "White: Bob" in text, text
            assert "Result: 1. Ann, 2. Bob" in text and "Termination: resigned" in text, text
            title, facts = record_summary(app_a, path)
            assert "Ann" in title and "Bob" in title and "1. Ann, 2. Bob" in facts, (title, facts)
    finally:
        for net in nets:
            net.close()
