"""Presence, chat, rematch offers and lobby changes across nodes (``server.cluster.relay``):
a client on one node sees what a client on another node did, in order, with versions;
a node killed with ``kill -9`` stops counting as having its players online.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import AsyncIterator

from server.app import RunningServer, start_server
from shared.aliencity import GameState
from tests.server.helpers import FAST, Client, pick, run

from .test_nodes import Node, across, play, two_nodes


async def presence(client: Client, seat: str, online: bool) -> dict:
    """The next presence message about ``seat`` saying ``online``."""
    while True:
        got = await client.expect("presence", seat=seat)
        if got["online"] is online:
            return got


def test_presence_and_chat_reach_the_other_node_in_order_with_versions(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            got = await presence(black, "white", True)  # White joined on node b
            assert got["version"] == 0 and got["name"] == "Bob"
            info = await black.request({"type": "get_state", "match": code}, "sync")
            assert [p["online"] for p in info["info"]["players"]] == [True, True]
            assert [p["abandon_in"] for p in info["info"]["players"]] == [None, None]
            # chat, a move, chat: White on node b sees them in that order, with versions
            await black.request({"type": "chat", "match": code, "text": "hello"}, "ok")
            text = pick(state, random.Random(1))
            await black.send({"type": "move", "match": code, "version": 0, "mid": 1, "move": text})
            await black.expect("moved", version=1)
            await black.request({"type": "chat", "match": code, "text": "your turn"}, "ok")
            await white.request({"type": "chat", "match": code, "text": "thanks"}, "ok")
            got = await black.expect("chat", seat="white")
            assert (got["text"], got["name"], got["version"]) == ("thanks", "Bob", 1)
            await white.expect("chat", text="your turn")
            told = [(m["type"], m.get("text"), m["version"]) for m in white.seen
                    if m["type"] == "moved" or m["type"] == "chat" and m["seat"] == "black"]
            assert told == [("chat", "hello", 0), ("moved", None, 1), ("chat", "your turn", 1)]
            # White leaves node b: Black on node a sees White go, and come back
            session = white.session
            await white.close()
            got = await presence(black, "white", False)
            assert got["version"] == 1
            white = await Client.open(b.url, "Bob", resume=session)
            await white.request({"type": "join", "match": code, "version": 1}, "joined")
            await presence(black, "white", True)
            # a node that loads the match later knows who is connected elsewhere
            async with one_node(redis_server.url, "c") as c:
                spy = await Client.open(c.url, "Eve")
                await spy.request({"type": "join", "match": code, "as": "spectator"}, "joined")
                sync = await spy.expect("sync")
                assert [p["online"] for p in sync["info"]["players"]] == [True, True]
                await spy.close()
            for p in (black, white):
                await p.close()
    run(body, 60)


@contextlib.asynccontextmanager
async def one_node(redis_url: str, name: str) -> AsyncIterator[RunningServer]:
    """One more node in this process."""
    node = await start_server("127.0.0.1", 0, limits=FAST, redis=redis_url, node_name=name)
    try:
        yield node
    finally:
        await node.close()


def test_lobby_watchers_on_another_node_see_presence_change(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            watcher = await Client.open(b.url, "Bob")
            await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            ada = await Client.open(a.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            while True:
                update = await watcher.expect("lobby_update")
                if update["match"]["code"] == code and update["match"]["players"][0]["online"]:
                    break
            await ada.close()
            while True:
                update = await watcher.expect("lobby_update")
                if update["match"]["code"] == code and not update["match"]["players"][0]["online"]:
                    break
            await watcher.close()
    run(body, 60)


async def _resigned(black: Client, white: Client, code: str) -> None:
    await black.request({"type": "resign", "match": code}, "ok")
    for p in (black, white):
        await p.expect("ended")


def test_a_rematch_offered_on_two_nodes_starts_once_for_both(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            # one offer after the other: the second node opens the rematch
            black, white, created, _ = await across(a.url, b.url)
            code = created["match"]
            await _resigned(black, white, code)
            ok = await black.request({"type": "rematch", "match": code}, "ok")
            assert ok["new_match"] is None
            offer = await white.expect("rematch_offer")
            assert offer["seat"] == "black" and offer["version"] == 0
            ok = await white.request({"type": "rematch", "match": code}, "ok")
            new = ok["new_match"]
            assert new is not None
            for p in (black, white):
                assert (await p.expect("rematch_started"))["new_match"] == new
            joined = {c: await c.expect("joined", match=new) for c in (black, white)}
            assert joined[black]["seat"] == "white" and joined[white]["seat"] == "black"
            assert joined[black]["seat_token"] and joined[white]["seat_token"]
            syncs = [await c.expect("sync", match=new) for c in (black, white)]
            assert syncs[0]["state"] == syncs[1]["state"]
            # the new match is played across the nodes, and the tokens open the seats
            state = GameState.from_dict(syncs[0]["state"])
            await white.send({"type": "move", "match": new, "version": 0, "mid": 1,
                              "move": pick(state, random.Random(2))})
            assert (await black.expect("moved", match=new))["version"] == 1
            again = await Client.open(a.url, "Ada2")
            took = await again.request({"type": "join", "match": new,
                                        "seat_token": joined[black]["seat_token"]}, "joined")
            assert took["seat"] == "white"
            # both offer at once: exactly one rematch, the same for both
            await white.request({"type": "resign", "match": new}, "ok")
            for p in (white, again):
                await p.expect("ended", match=new)
            answers = await asyncio.gather(
                white.request({"type": "rematch", "match": new}, "ok"),
                again.request({"type": "rematch", "match": new}, "ok"))
            made = {x["new_match"] for x in answers} - {None}
            assert len(made) == 1, answers
            third = made.pop()
            for p in (white, again):
                assert (await p.expect("rematch_started", match=new))["new_match"] == third
                await p.expect("joined", match=third)
            for p in (black, white, again):
                await p.close()
    run(body, 60)


def test_a_killed_node_leaves_no_ghost_online(redis_server, tmp_path) -> None:
    a = Node(redis_server.url, tmp_path, "a")
    try:
        async def body() -> None:
            async with two_nodes(redis_server.url) as (b, _):
                black, white, created, _ = await across(a.url, b.url)
                while not (await white.request({"type": "get_state", "match": created["match"]},
                                               "sync"))["info"]["players"][0]["online"]:
                    await asyncio.sleep(0.05)  # node b hears that Black is on node a
                a.kill9()
                got = await presence(white, "black", False)  # its heartbeat expired
                assert got["match"] == created["match"]
                await white.close()
        run(body, 60)
    finally:
        a.stop()


def test_a_node_that_only_lists_a_match_catches_up_when_someone_joins(redis_server) -> None:
    """Node b lists node a's public match (lobby) but nobody on b watches it once it
    plays: b skips its steps (no engine work for nobody) and catches up from Redis when
    a spectator joins there, who then sees exactly node a's position."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            watcher = await Client.open(b.url, "Eve")
            await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            black, white, created, state = await across(a.url, a.url)
            code = created["match"]
            await watcher.expect("lobby_update")  # b holds it (listed)
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(5), played, 6, 0)
            listed = b.lobby.matches[code]
            while not listed.behind:  # b has heard of the steps and skipped them
                await asyncio.sleep(0.02)
            assert listed.version < len(played)
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            sync = await watcher.expect("sync")
            assert not listed.behind and sync["version"] == len(played)
            assert GameState.from_dict(sync["state"]).to_dict() == state.to_dict()
            state = await play(black, white, code, state, random.Random(6), played, 1, 10)
            assert (await watcher.expect("moved"))["version"] == len(played)
            for p in (watcher, black, white):
                await p.close()
    run(body, 60)
