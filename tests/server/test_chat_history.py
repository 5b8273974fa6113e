"""A match keeps its chat: a reconnecting player and a late spectator get the history in
their ``sync``, it survives a server restart (stored with the match), and it is bounded."""

from __future__ import annotations

from server.store import MatchRecord, Store
from shared.wire.limits import CHAT_HISTORY

from .helpers import Client, pair, run, running, watch


def test_a_rejoining_player_gets_the_chat_history_in_the_sync():
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            for text in ("good luck", "you too"):
                await white.request({"type": "chat", "match": code, "text": text}, "ok")
            await black.request({"type": "chat", "match": code, "text": "thanks"}, "ok")
            line = await black.expect("chat", text="thanks")
            assert isinstance(line["t"], float) and line["t"] > 1.7e9
            token = white.session
            await white.close()
            white = await Client.open(server.url, "Bob", resume=token)
            await white.request({"type": "join", "match": code, "version": 0}, "joined")
            sync = await white.expect("sync")
            assert [(c["seat"], c["name"], c["text"]) for c in sync["chat"]] == [
                ("white", "Bob", "good luck"), ("white", "Bob", "you too"),
                ("black", "Ada", "thanks")]
            assert sync["chat"][2]["t"] == line["t"]
            spectator, _ = await watch(server.url, code)  # spectators read it too
            assert [c["text"] for c in (await spectator.expect("sync"))["chat"]] == [
                "good luck", "you too", "thanks"]
            for c in (black, white, spectator):
                await c.close()
    run(body)


def test_the_chat_history_survives_a_restart(tmp_path):
    db = str(tmp_path / "matches.sqlite3")

    async def body():
        async with running(db=db) as server:
            black, white, code = await pair(server.url)
            await black.request({"type": "chat", "match": code, "text": "brb"}, "ok")
            token = black.session
            await black.close()
            await white.close()
        async with running(db=db) as server:
            black = await Client.open(server.url, "Ada", resume=token)
            await black.request({"type": "join", "match": code}, "joined")
            sync = await black.expect("sync")
            assert [(c["name"], c["text"]) for c in sync["chat"]] == [("Ada", "brb")]
            await black.close()
    run(body)


def test_the_store_keeps_the_last_lines_only():
    async def body():
        store = Store()
        match_id = await store.insert_match(MatchRecord("ABCDEF", "alien-city", {}, 1, True,
                                                        "playing"))
        for n in range(CHAT_HISTORY + 5):
            await store.add_chat(match_id, {"seat": "black", "name": "Ada", "text": str(n),
                                            "t": float(n)})
        lines = await store.chat_lines(match_id)
        assert [line["text"] for line in lines] == [str(n) for n in range(5, CHAT_HISTORY + 5)]
        await store.close()
    run(body)


def test_match_info_names_the_spectators():
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            eve, _ = await watch(server.url, code, "Eve")
            info = (await black.expect("match_info"))["info"]
            while info["spectators"] < 1:
                info = (await black.expect("match_info"))["info"]
            assert info["spectator_names"] == ["Eve"]
            max_, _ = await watch(server.url, code, "Max")
            while info["spectators"] < 2:
                info = (await black.expect("match_info"))["info"]
            assert info["spectator_names"] == ["Eve", "Max"]
            await eve.close()
            while info["spectators"] > 1:
                info = (await black.expect("match_info"))["info"]
            assert info["spectator_names"] == ["Max"]
            for c in (black, white, max_):
                await c.close()
    run(body)
