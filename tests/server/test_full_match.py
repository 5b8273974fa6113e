"""A whole match over the real protocol, watched by a spectator, checked against the engine."""

from __future__ import annotations

import random

from shared.aliencity import GameState, Player, parse_move
from shared.aliencity.ppn import read_ppn

from .helpers import Client, pair, pick, run, running, watch


def test_full_match_with_spectator_matches_the_engine():
    """Every move reaches players and spectator alike, equal to the engine's own replay."""
    async def body():
        async with running() as server:
            watcher = await Client.open(server.url, "Lobbyist")
            lobby = await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            assert lobby["matches"] == []
            black, white, code = await pair(server.url)
            update = await watcher.expect("lobby_update")
            assert update["match"]["code"] == code
            spectator, joined = await watch(server.url, code)
            assert joined["role"] == "spectator" and "seat_token" not in joined
            sync = await spectator.expect("sync")
            assert sync["mode"] == "snapshot" and sync["version"] == 0
            state = GameState.from_dict(sync["state"])
            assert sync["info"]["players"][0]["name"] == "Ada"
            rng = random.Random(5)
            clients = {Player.BLACK: black, Player.WHITE: white}
            mid = 0
            while not state.is_over():
                player = state.to_move
                text = pick(state, rng)
                mid += 1
                await clients[player].send({"type": "move", "match": code, "version": len(state.history),
                                            "mid": f"m{mid}", "move": text})
                step = state.play(parse_move(text), player)
                got = [await c.expect("moved") for c in (black, white, spectator)]
                assert got[0] == got[1] == got[2]
                moved = got[0]
                assert moved["version"] == len(step.state.history)
                assert moved["move"] == text and moved["mid"] == f"m{mid}"
                assert moved["seat"] == player.text()
                assert moved["events"] == [e.to_dict() for e in step.events]
                to_move = step.state.to_move.text() if step.state.to_move is not None else None
                assert moved["turn"]["to_move"] == to_move
                state = step.state
            ended = [await c.expect("ended") for c in (black, white, spectator)]
            assert ended[0] == ended[1] == ended[2]
            assert ended[0]["reason"] == "finished"
            assert ended[0]["score"] == state.score().to_dict()
            winner = state.winner.text() if state.winner is not None else None
            assert ended[0]["winner"] == winner
            gone = await watcher.expect("lobby_gone")
            assert gone["match"] == code
            record = await spectator.request({"type": "get_record", "match": code}, "record")
            assert "Black: Ada" in record["record"] and "White: Bob" in record["record"]
            replayed = read_ppn(record["record"]).state
            assert [m for _, m in replayed.history if m.text() != "pass"] == \
                [m for _, m in state.history if m.text() != "pass"]
            assert replayed.score().to_dict() == state.score().to_dict()
            full = await spectator.request({"type": "get_state", "match": code}, "sync")
            assert GameState.from_dict(full["state"]) == state
            assert full["ended"]["score"] == ended[0]["score"]
            for c in (black, white, spectator, watcher):
                await c.close()
    run(body)


def test_presence_and_chat_reach_everyone():
    """A player dropping and coming back is seen by the others; chat goes to all."""
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            spectator, _ = await watch(server.url, code)
            await white.send({"type": "chat", "match": code, "text": "  good luck  "})
            for c in (black, white, spectator):
                line = await c.expect("chat")
                assert line["text"] == "good luck" and line["name"] == "Bob" and line["seat"] == "white"
            denied = await spectator.request({"type": "chat", "match": code, "text": "hi"})
            assert denied["code"] == "not_seated"
            token = white.session
            await white.close()
            for c in (black, spectator):
                p = await c.expect("presence", online=False)
                assert p["seat"] == "white" and p["name"] == "Bob"
            white = await Client.open(server.url, "Bob", resume=token)
            assert white.welcome["resumed"] and white.welcome["seats"][0]["match"] == code
            await white.request({"type": "join", "match": code, "version": 0}, "joined")
            for c in (black, spectator):
                assert (await c.expect("presence", online=True, seat="white"))["name"] == "Bob"
            for c in (black, white, spectator):
                await c.close()
    run(body)
