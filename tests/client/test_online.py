"""Two client instances and a spectator play a whole match on a real server running
in-process, through the lobby and board screens; one player's connection is cut and
resumed mid-game; everyone ends on the engine's final position and score."""

import asyncio
import hashlib
import os
import random
import threading
import time
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.config import Options, records_dir
from client.games.aliencity.game import GameScene
from client.games.aliencity.score import ScoreScene
from client.net import NetClient
from client.online import OnlineSession
from client.scenes.lobby import LobbyScene
from server.app import start_server
from server.connection import Limits
from shared.aliencity import Build, Claim, Pass, Phase, Player
from shared.aliencity.ppn import read_ppn

from .conftest import click, motion, show

FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000)
BACKOFF = (0.05, 0.1, 0.2)


@pytest.fixture
def server():
    """A real match server on an ephemeral port, on its own event-loop thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = asyncio.run_coroutine_threadsafe(start_server("127.0.0.1", 0, ":memory:", FAST), loop).result(10)
    yield running
    asyncio.run_coroutine_threadsafe(running.close(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def spin(apps, until, timeout: float = 10.0, what: str = "") -> None:
    """Run frames on every app (no drawing) until ``until()`` or fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        for app in apps:
            app.step(1 / 60, events=[], draw=False)
            if app.stack.top is not None:
                app.stack.top.timeline.finish_all()
        time.sleep(0.003)


def snap(app, name: str, shots: dict) -> None:
    """Draw the app's screen, keep its digest, save it when ALIEN_CITY_SCREENSHOTS is set."""
    app.stack.draw(app.window)
    pixels = pygame.image.tobytes(app.window, "RGB")
    shots[name] = hashlib.sha256(pixels).hexdigest()
    folder = os.environ.get("ALIEN_CITY_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.window, str(Path(folder) / f"{name}.png"))
    assert len(set(pixels[::997])) > 10, f"{name} looks blank"


def player(url: str, name: str):
    app = App(Options(), (1280, 800), persist=False)
    net = NetClient(url, name, backoff=BACKOFF).start()
    session = OnlineSession(net, name)
    lobby = LobbyScene(app, session, net=net)
    show(app, lobby)
    return app, net, session, lobby


def created(app_a, lobby_a, app_b) -> GameScene:
    """Ann's new match (seat: black), once both lobbies are welcomed: her board."""
    spin([app_a, app_b], lambda: lobby_a.session.welcomed and app_b.stack.top.session.welcomed, what="welcome")
    lobby_a.handle_event(click(lobby_a.seat_button.rect.center))  # seat: black
    lobby_a.handle_event(click(lobby_a.create_button.rect.center))
    spin([app_a], lambda: isinstance(app_a.stack.top, GameScene), what="match created")
    return app_a.stack.top


def joined(app_b, lobby_b, game_a: GameScene) -> GameScene:
    """Bob joins Ann's match by its code: his board, once the match plays."""
    lobby_b.code.value = game_a.chrome.code
    lobby_b.handle_event(click(lobby_b.join_button.rect.center))
    spin([game_a.app, app_b], lambda: isinstance(app_b.stack.top, GameScene)
         and game_a.chrome.view.status == "playing", what="join")
    return app_b.stack.top


def watching(url: str, code: str, nets: list) -> tuple[App, GameScene]:
    """Cat's client watching the match ``code``: its app and board (its connection joins ``nets``)."""
    net_c = NetClient(url, "Cat", backoff=BACKOFF).start()
    nets.append(net_c)
    app_c = App(Options(), (1280, 800), persist=False)
    lobby_c = LobbyScene(app_c, OnlineSession(net_c, "Cat"), "watch", net=net_c)
    show(app_c, lobby_c)
    spin([app_c], lambda: lobby_c.session.welcomed, what="spectator welcome")
    lobby_c.code.value = code
    lobby_c.handle_event(click(lobby_c.watch_button.rect.center))
    spin([app_c], lambda: isinstance(app_c.stack.top, GameScene), what="spectate")
    return app_c, app_c.stack.top


def mouse_move(scene: GameScene, move) -> None:
    """Make a move the way a player does it on the board."""
    state = scene.match.state
    if isinstance(move, Build):
        scene.handle_event(click(scene.panels[state.to_move].slots[move.piece].center))
        target = scene.geo.lot_center(move.lot)
        scene.handle_event(motion(target))
        scene.handle_event(click(target))
    elif isinstance(move, Claim):
        target = scene.geo.lot_center(move.lot)
        scene.handle_event(motion(target))
        scene.handle_event(click(target))
    else:
        scene.handle_event(click(scene.skip_button.rect.center))


def test_two_clients_and_a_spectator_play_a_match_with_a_dropped_connection(server):
    """Create, join by code, watch, play by mouse, drop and resume, end on the engine's score."""
    app_a, net_a, _sess_a, lobby_a = player(server.url, "Ann")
    app_b, net_b, sess_b, lobby_b = player(server.url, "Bob")
    nets = [net_a, net_b]
    shots: dict[str, str] = {}
    try:
        game_a = created(app_a, lobby_a, app_b)
        code = game_a.chrome.code
        assert game_a.chrome.view.seat == Player.BLACK and game_a.chrome.view.status == "waiting"
        spin([app_b], lambda: code in sess_b.lobby, what="lobby listing")
        snap(app_a, "online-waiting", shots)
        snap(app_b, "online-lobby", shots)

        game_b = joined(app_b, lobby_b, game_a)
        assert game_b.chrome.view.seat == Player.WHITE

        app_c, game_c = watching(server.url, code, nets)
        assert game_c.chrome.view.role == "spectator" and not game_c.human_turn

        apps = [app_a, app_b, app_c]
        scenes = {Player.BLACK: game_a, Player.WHITE: game_b}
        reference = game_a.chrome.view.state.state
        rng = random.Random(5)
        dropped = refused = False
        moves = 0
        while reference.phase is not Phase.OVER:
            mover = scenes[reference.to_move]
            other = scenes[reference.to_move.other]
            if not refused and reference.phase is Phase.BUILD and moves >= 4:
                # The server refuses a move (here: one the client did not check), visibly.
                bad = next(Build(p, lot) for p in reference.stock(reference.to_move)
                           for lot in range(80)
                           if reference.board[lot] and reference.stocks[reference.to_move][p.index])
                assert mover.chrome.session.move(mover.chrome.code, bad)
                spin(apps, lambda: mover.chrome.view.pending is None, what="refusal")
                assert reference.why_not(bad).text in mover.toast
                assert mover.chrome.view.state.state == reference
                refused = True
            if reference.phase is Phase.CLAIM:
                move = rng.choice([Claim(lot) for lot in reference.legal_claims()] + [Pass()])
            else:
                builds = reference.legal_builds()
                move = builds[rng.randrange(len(builds))]
            version = mover.chrome.view.version
            mouse_move(mover, move)
            assert mover.chrome.view.pending is not None, f"{move.text()} was not sent"
            if not dropped and moves >= 10:
                other.chrome.session.net.drop()  # the opponent's connection dies mid-game
                spin(apps, lambda: not other.chrome.session.connected, what="drop noticed")
                snap(other.app, "online-reconnecting", shots)
                dropped = True
                mover.chrome.session.chat(mover.chrome.code, "good luck!")
            reference = reference.apply(move)
            spin(apps, lambda: all(s.chrome.view.version == version + 1 for s in (mover, other, game_c))
                 and all(s.chrome.session.connected for s in (mover, other, game_c)), what=f"{move.text()} everywhere")
            moves += 1
        spin(apps, lambda: all(g.chrome.view.ended is not None for g in (game_a, game_b, game_c)), what="ended")
        final = reference.score()
        for g in (game_a, game_b, game_c):
            assert g.chrome.view.state.state == reference
            assert g.chrome.view.state.state.score().totals == final.totals
        assert game_a.chrome.view.ended["score"]["players"]["black"]["total"] == final.totals[Player.BLACK]
        assert dropped and refused
        snap(app_c, "online-watching-end", shots)
        assert len(set(shots.values())) == len(shots) == 4
        # Players and the spectator all get the animated final count of the engine's score.
        spin(apps, lambda: all(isinstance(a.stack.top, ScoreScene) for a in (app_a, app_b, app_c)),
             what="score show")
        for a in (app_a, app_b, app_c):
            a.stack.top.skip()
            assert a.stack.top.awarded == [final.totals[Player.BLACK], final.totals[Player.WHITE]]
        # Each of them (the spectator too) finds the match in the records folder by itself.
        kept = [p.read_text(encoding="utf-8") for p in records_dir().glob("*.ppn")]
        kept = [text for text in kept if f"Room: {code}" in text]
        assert len(kept) == 3 and all("Black: Ann" in t and "White: Bob" in t for t in kept)
        assert all(read_ppn(t).state == reference for t in kept)
        # Both players ask for a rematch: each lands on the new match's board.
        for g in (game_a, game_b):
            g.chrome.rematch()
        spin([app_a, app_b], lambda: all(isinstance(a.stack.top, GameScene) and a.stack.top.chrome.code != code
                                         for a in (app_a, app_b)), what="rematch")
        assert app_a.stack.top.chrome.code == app_b.stack.top.chrome.code
        assert app_a.stack.top.chrome.view.state.state.ply == 0
    finally:
        for net in nets:
            net.close()


def test_a_match_against_the_servers_computer_from_the_lobby(server):
    """Others: a computer level seats the server's computer; our move gets its answer."""
    app, net, session, lobby = player(server.url, "Dee")
    try:
        spin([app], lambda: session.welcomed, what="welcome")
        assert lobby.game_button.label == "Game: Alien City" and not lobby.players_button.enabled
        lobby.handle_event(click(lobby.seat_button.rect.center))  # seat: black
        lobby.handle_event(click(lobby.opponents_button.rect.center))  # others: the first level
        assert lobby.opponents_button.label.startswith("Computer: ")
        lobby.handle_event(click(lobby.create_button.rect.center))
        spin([app], lambda: isinstance(app.stack.top, GameScene) and app.stack.top.chrome.view.status == "playing",
             what="match with a computer")
        game = app.stack.top
        assert game.chrome.view.names()[1].startswith("Computer")
        assert [s.kind for s in game.seats] == ["human", "remote"]
        state = game.match.state
        mouse_move(game, state.legal_builds()[0])
        spin([app], lambda: game.chrome.view.pending is None, what="build accepted")
        if game.match.state.phase is Phase.CLAIM:
            mouse_move(game, Pass())
        spin([app], lambda: game.match.state.to_move is Player.BLACK and game.match.state.ply == 2,
             what="the computer's answer")
    finally:
        net.close()


def test_quick_match_asks_for_the_seat_count_rating_and_clock_chosen(app):
    """A game for several seat counts is paired by the count chosen (its options), and
    the lobby's rated and clock choices go with the request."""
    from client.scenes.lobby import LobbyScene

    from .test_i18n_online import lobby_session
    session = lobby_session()
    lobby = LobbyScene(app, session)
    while len(lobby.spec.seat_counts) < 2:
        lobby.cycle_game()
    lobby.cycle_players()
    lobby.toggle_rated()
    lobby.cycle_clock()
    lobby.quick()
    sent = session.net.sent[-1]
    count = lobby.spec.seat_counts[1]
    assert (sent["type"], sent["game"], sent["rated"], sent["clock"]) == ("quick", lobby.spec.id, True, "3+2")
    assert len(lobby.spec.seats(lobby.spec.options(sent["options"]))) == count
