"""Quick match across nodes (``server.cluster.queue``): players asking on different nodes
of one real redis-server are paired as on one server; a cancel or a closed connection
leaves the shared queue; a request of a node killed with ``kill -9`` never pairs anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any, AsyncIterator

from server.app import RunningServer, start_server
from shared.aliencity import GameState
from tests.server.helpers import FAST, Client, pick, run
from tests.server.race import games_with_race

from .test_nodes import Node


@contextlib.asynccontextmanager
async def nodes(redis_url: str, names: str, **kwargs) -> AsyncIterator[list[RunningServer]]:
    """One node in this process per name, on one Redis, closed afterwards."""
    started: list[RunningServer] = []
    try:
        for name in names:
            started.append(await start_server("127.0.0.1", 0, limits=kwargs.get("limits", FAST),
                                              games=kwargs.get("games"), redis=redis_url,
                                              node_name=name))
        yield started
    finally:
        for node in reversed(started):
            await node.close()


async def until(check, what: str, timeout: float = 15.0) -> None:
    """Wait for a condition of Redis or a node (it comes from another process or task)."""
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.05)


def redis_client(url: str, decode: bool = False) -> Any:
    """A redis-py client (imported here: without the package the fixture skips first)."""
    import redis.asyncio as aioredis
    return aioredis.from_url(url, decode_responses=decode)


async def queue_length(r: Any, game: str = "alien-city") -> int:
    return await r.zcard(f"ac:quick:{game}")


def test_two_players_asking_on_two_nodes_are_paired(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, "ab") as (a, b):
            ada, bob = await Client.open(a.url, "Ada"), await Client.open(b.url, "Bob")
            queued = await ada.request({"type": "quick"}, "queued")
            assert (queued["game"], queued["options"], queued["players"]) == \
                ("alien-city", None, None)
            mine = await bob.request({"type": "quick"}, "joined")  # the pairing node answers
            theirs = await ada.expect("joined")                      # node a: from the event
            assert mine["match"] == theirs["match"] and mine["seat_token"] and \
                theirs["seat_token"] and mine["seat_token"] != theirs["seat_token"]
            assert {mine["seat"], theirs["seat"]} == {"black", "white"}
            syncs = [await c.expect("sync") for c in (ada, bob)]
            assert [s["info"]["status"] for s in syncs] == ["playing", "playing"]
            assert [p["name"] for p in syncs[0]["info"]["players"]] == \
                [p["name"] for p in syncs[1]["info"]["players"]]
            # the match is one: a move on one node reaches the other
            code, state = mine["match"], GameState.from_dict(syncs[1]["state"])
            first = ada if theirs["seat"] == state.to_move.text() else bob
            other = bob if first is ada else ada
            await first.send({"type": "move", "match": code, "version": 0, "mid": 1,
                              "move": pick(state, random.Random(3))})
            await other.expect("moved", version=1)
            # the seat token made on node a for Ada works on node b
            again = await Client.open(b.url, "Ada2")
            joined = await again.request({"type": "join", "match": code,
                                          "seat_token": theirs["seat_token"]}, "joined")
            assert joined["seat"] == theirs["seat"]
            r = redis_client(redis_server.url)
            assert await queue_length(r) == 0
            await r.aclose()
            for c in (ada, bob, again):
                await c.close()
    run(body, 60)


def test_cancel_and_closed_connections_leave_the_shared_queue(redis_server) -> None:
    async def body() -> None:
        r = redis_client(redis_server.url)
        async with nodes(redis_server.url, "ab") as (a, b):
            ada = await Client.open(a.url, "Ada")
            await ada.request({"type": "quick"}, "queued")
            cancelled = await ada.request({"type": "quick_cancel"}, "quick_cancelled")
            assert cancelled["was_queued"] is True
            again = await ada.request({"type": "quick_cancel"}, "quick_cancelled")
            assert again["was_queued"] is False
            carl = await Client.open(a.url, "Carl")
            await carl.request({"type": "quick"}, "queued")
            await carl.close()
            await until(lambda: _empty(r), "Carl's request removed")
            bob = await Client.open(b.url, "Bob")
            await bob.request({"type": "quick"}, "queued")  # nobody to pair with: waits
            # a second quick from one connection replaces its request (one entry)
            await bob.request({"type": "quick", "options": {"edition": 2002}}, "queued")
            assert await queue_length(r) == 1
            joined = await ada.request({"type": "quick", "options": {"edition": 2002}}, "joined")
            assert (await bob.expect("joined"))["match"] == joined["match"]
            assert await queue_length(r) == 0
            for c in (ada, bob):
                await c.close()
        await r.aclose()
    run(body, 60)


async def _empty(r: Any) -> bool:
    return await queue_length(r) == 0


def test_a_request_of_a_killed_node_pairs_nobody(redis_server, tmp_path) -> None:
    ghost = Node(redis_server.url, tmp_path, "c")
    try:
        async def body() -> None:
            r = redis_client(redis_server.url)
            eve = await Client.open(ghost.url, "Eve")
            await eve.request({"type": "quick"}, "queued")
            ghost.kill9()
            nodes_c = [k async for k in r.scan_iter("ac:node:c#*")]
            assert len(nodes_c) == 1
            await until(lambda: _gone(r, nodes_c[0]), "node c's heartbeat expired")
            async with nodes(redis_server.url, "ab") as (a, b):
                finn = await Client.open(a.url, "Finn")
                await finn.request({"type": "quick"}, "queued")  # not paired with Eve
                assert await queue_length(r) == 1  # Eve's entry is gone, Finn's waits
                gus = await Client.open(b.url, "Gus")
                joined = await gus.request({"type": "quick"}, "joined")
                assert (await finn.expect("joined"))["match"] == joined["match"]
                sync = await gus.expect("sync")
                assert sorted(p["name"] for p in sync["info"]["players"]) == ["Finn", "Gus"]
                for c in (finn, gus):
                    await c.close()
            await r.aclose()
        run(body, 60)
    finally:
        ghost.stop()


async def _gone(r: Any, key: str) -> bool:
    return not await r.exists(key)


def test_requests_arriving_at_once_on_two_nodes_always_meet(redis_server) -> None:
    """Twelve pairs, each pair's two requests sent at the same moment to two nodes: no
    pair is left waiting without seeing the other (the enqueue is refused when the queue
    grew since it was read)."""
    async def body() -> None:
        async with nodes(redis_server.url, "ab") as (a, b):
            for round_ in range(12):
                p, q = await Client.open(a.url, f"P{round_}"), await Client.open(b.url, f"Q{round_}")
                await asyncio.gather(p.send({"type": "quick"}), q.send({"type": "quick"}))
                got = [await p.expect("joined"), await q.expect("joined")]
                assert got[0]["match"] == got[1]["match"]
                assert {g["seat"] for g in got} == {"black", "white"}
                for c in (p, q):
                    await c.close()
    run(body, 90)


def test_a_four_seat_quick_match_gathers_players_from_three_nodes(redis_server) -> None:
    """The single server's rule across nodes: option sets do not mix, 'any' requests
    join the first set that fills, the oldest requests first, one seat per session."""
    async def body() -> None:
        async with nodes(redis_server.url, "abc", games=games_with_race()) as (a, b, c):
            ann, bea = await Client.open(a.url, "Ann"), await Client.open(b.url, "Bea")
            cid, dan = await Client.open(c.url, "Cid"), await Client.open(a.url, "Dan")
            eli = await Client.open(b.url, "Eli")
            three = {"type": "quick", "game": "race", "options": {"players": 3}}
            await ann.request(three, "queued")
            await bea.request({"type": "quick", "game": "race", "options": {"players": 4}},
                              "queued")
            await cid.request({"type": "quick", "game": "race"}, "queued")  # any: waits
            await eli.send(three)  # with Ann's and Cid's: three players, the oldest
            joined = [await x.expect("joined") for x in (ann, cid, eli)]
            assert len({j["match"] for j in joined}) == 1
            assert sorted(j["seat"] for j in joined) == ["seat1", "seat2", "seat3"]
            sync = await cid.expect("sync")
            assert sync["info"]["options"]["players"] == 3
            assert sorted(p["name"] for p in sync["info"]["players"]) == ["Ann", "Cid", "Eli"]
            assert (await bea.request({"type": "quick_cancel"}, "quick_cancelled"))["was_queued"]
            assert not (await dan.request({"type": "quick_cancel"}, "quick_cancelled"))["was_queued"]
            for x in (ann, bea, cid, dan, eli):
                await x.close()
    run(body, 60)


def test_a_request_dropped_while_its_node_seemed_dead_is_asked_again(redis_server) -> None:
    """Another node removes a request whose node's heartbeat lapsed (Redis away for
    seconds; here the test removes it as that node would): its node notices the request
    is gone without a match and queues it again, silently, and it is then paired."""
    async def body() -> None:
        r = redis_client(redis_server.url, True)
        async with nodes(redis_server.url, "ab") as (a, b):
            ada = await Client.open(a.url, "Ada")
            await ada.request({"type": "quick"}, "queued")
            (first,) = await r.zrange("ac:quick:alien-city", 0, -1)
            await r.zrem("ac:quick:alien-city", first)
            await r.hdel("ac:quick_entry:alien-city", first)
            await until(lambda: _requeued(r, first), "Ada's request queued again")
            bob = await Client.open(b.url, "Bob")
            joined = await bob.request({"type": "quick"}, "joined")
            assert (await ada.expect("joined"))["match"] == joined["match"]
            assert ada.drain("queued") == []  # asked again without a second 'queued'
            for c in (ada, bob):
                await c.close()
        await r.aclose()
    run(body, 60)


async def _requeued(r: Any, old: str) -> bool:
    now = await r.zrange("ac:quick:alien-city", 0, -1)
    return len(now) == 1 and now[0] != old


def test_a_node_that_missed_the_quick_event_still_seats_its_player(redis_server) -> None:
    """Node a is deaf to the event stream (its feed stopped) when node b pairs a's
    waiting player: a's check finds the request taken and seats the player."""
    async def body() -> None:
        async with nodes(redis_server.url, "ab") as (a, b):
            ada = await Client.open(a.url, "Ada")
            await ada.request({"type": "quick"}, "queued")
            await a.feed.close()
            bob = await Client.open(b.url, "Bob")
            joined = await bob.request({"type": "quick"}, "joined")
            theirs = await ada.expect("joined")
            assert theirs["match"] == joined["match"] and theirs["seat"] != joined["seat"]
            sync = await ada.expect("sync")
            assert sync["info"]["status"] == "playing"
            for c in (ada, bob):
                await c.close()
    run(body, 60)
