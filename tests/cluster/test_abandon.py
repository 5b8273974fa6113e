"""The abandonment clock in a cluster (``server.cluster.leases``): a seat whose player
vanished is resigned after ``abandon_after`` as on one server, by exactly one node even
when every node's clock runs out; a reconnect on any node stops every node's clock.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
from typing import Any

from tests.server.helpers import FAST, Client, pick, run
from tests.server.race import games_with_race

from .test_nodes import across
from .test_quick import nodes, redis_client, until

AWAY = dataclasses.replace(FAST, abandon_after=1.0)


class Decisions(logging.Handler):
    """Counts the nodes' 'resigns away seat ... (lease)' lines (nodes in this process)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "resigns away seat" in record.getMessage():
            self.lines.append(record.getMessage())


async def stored_steps(redis_url: str, code: str) -> list[str]:
    r = redis_client(redis_url, True)
    match_id = await r.get(f"ac:code:{code}")
    steps = await r.lrange(f"ac:moves:{match_id}", 0, -1)
    await r.aclose()
    return steps


def test_a_vanished_player_is_resigned_once_by_one_node(redis_server) -> None:
    """Three seats on three nodes (each node holds the match and runs the clock): the
    seat whose player left is resigned once, by one node; the others play on."""
    decisions = Decisions()
    logger = logging.getLogger("alien_city.server")
    level = logger.level
    logger.addHandler(decisions)
    logger.setLevel(logging.INFO)

    async def body() -> None:
        async with nodes(redis_server.url, "abc", limits=AWAY, games=games_with_race()) as ns:
            names = ("Ann", "Bob", "Cat")
            players = [await Client.open(n.url, name) for n, name in zip(ns, names)]
            created = await players[0].request({"type": "create", "game": "race", "seat": "seat1",
                                                "options": {"players": 3}}, "joined")
            code = created["match"]
            for p in players[1:]:
                await p.request({"type": "join", "match": code}, "joined")
            while (await players[0].expect("match_info"))["info"]["status"] != "playing":
                pass
            await players[2].close()  # Cat (seat3, on node c) vanishes
            gone = await players[0].expect("presence", seat="seat3", online=False)
            assert 0 < gone["abandon_in"] <= 1.0
            for p in players[:2]:
                resigned = await p.expect("moved", timeout=10, seat="seat3")
                assert resigned["kind"] == "resign"
                assert resigned["seat"] == "seat3" and resigned["version"] == 1
            state = await players[1].request({"type": "get_state", "match": code}, "sync")
            assert state["info"]["resigned"] == ["seat3"] and state["info"]["status"] == "playing"
            assert [s.split(",")[-1] for s in await stored_steps(redis_server.url, code)] == \
                ['"resign"]']
            assert len(decisions.lines) == 1, decisions.lines
            # the others play on: whoever is to move moves, the other (another node) sees it
            mover = ("seat1", "seat2").index(resigned["to_move"])
            await players[mover].send({"type": "move", "match": code, "version": 1, "mid": 1,
                                       "move": "+2"})
            moved = await players[1 - mover].expect("moved", version=2)
            assert moved["seat"] == resigned["to_move"]
            for p in players[:2]:
                await p.close()
    try:
        run(body, 60)
    finally:
        logger.removeHandler(decisions)
        logger.setLevel(level)


def test_two_seats_the_waiting_opponent_on_another_node_wins(redis_server) -> None:
    """Also when the lease was taken by a node that died before resigning (a ghost's
    lease in Redis): it expires and a live node resigns the seat."""
    async def body() -> None:
        r = redis_client(redis_server.url, True)
        async with nodes(redis_server.url, "ab", limits=AWAY) as (a, b):
            black, white, created, _ = await across(a.url, b.url)
            match_id = await r.get(f"ac:code:{created['match']}")
            assert await r.set(f"ac:abandon:{match_id}", "ghost#000000", px=2500, nx=True)
            await white.close()
            gone = await black.expect("presence", seat="white", online=False)
            assert 0 < gone["abandon_in"] <= 1.0
            ended = await black.expect("ended", timeout=10)
            assert (ended["reason"], ended["winner"], ended["resigned"]) == \
                ("resigned", "black", ["white"])
            assert await r.get(f"ac:abandon:{match_id}") in (a.relay.node, b.relay.node)
            await black.close()
        await r.aclose()
    run(body, 60)


def test_a_reconnect_on_another_node_stops_every_clock(redis_server) -> None:
    """White leaves node b and comes back on node c before the clock runs out: no node
    resigns White (the clock stops on a, b and c), and the match plays on after the
    deadline."""
    away = dataclasses.replace(FAST, abandon_after=2.0)

    async def body() -> None:
        async with nodes(redis_server.url, "abc", limits=away) as (a, b, c):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            watcher = await Client.open(c.url, "Eve")  # node c holds the match too
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            session = white.session
            await white.close()
            for client in (black, watcher):
                gone = await client.expect("presence", seat="white", online=False)
                assert 0 < gone["abandon_in"] <= 2.0
            white = await Client.open(c.url, "Bob", resume=session)
            await white.request({"type": "join", "match": code, "version": 0}, "joined")
            for client in (black, watcher):
                back = await client.expect("presence", seat="white", online=True)
                assert back["abandon_in"] is None
            for node in (a, b, c):  # every node's clock for White stops (b: by the event)
                match = node.lobby.matches[code]
                await until(lambda: _stopped(match), "White's clock stopped")
            await asyncio.sleep(2.5)  # past the deadline White had
            await black.send({"type": "move", "match": code, "version": 0, "mid": 1,
                              "move": pick(state, random.Random(2))})
            await white.expect("moved", version=1)
            info = await white.request({"type": "get_state", "match": code}, "sync")
            assert info["info"]["status"] == "playing" and info["info"]["resigned"] == []
            assert all('"resign"' not in s for s in await stored_steps(redis_server.url, code))
            for client in (black, white, watcher):
                await client.close()
    run(body, 60)


async def _stopped(match) -> bool:
    return match.online(1) and match.absence.abandon_in(1) is None and not match.absence._timers


def test_the_lease_goes_to_one_node_and_never_while_the_player_is_on_a_live_node(
        redis_server) -> None:
    """The lease itself, asked by three nodes at the same instant (their clocks need not
    be that close for a test of the whole path to show it)."""
    from server.cluster.leases import may_abandon
    slow = dataclasses.replace(FAST, abandon_after=300.0)

    async def body() -> None:
        r = redis_client(redis_server.url, True)
        async with nodes(redis_server.url, "abc", limits=slow) as (a, b, c):
            black, white, created, _ = await across(a.url, b.url)
            code = created["match"]
            watcher = await Client.open(c.url, "Eve")
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            match_id = await r.get(f"ac:code:{code}")
            held = [n.lobby.matches[code] for n in (a, b, c)]
            field = f"1|{b.relay.node}"  # White is connected on node b
            await until(lambda: r.hexists(f"ac:presence:{match_id}", field), "White's presence")
            assert await asyncio.gather(may_abandon(held[0], 1), may_abandon(held[2], 1)) == \
                [False, False]
            assert not await r.exists(f"ac:abandon:{match_id}")
            await white.close()
            await until(lambda: _absent(r, match_id, field), "White gone")
            got = await asyncio.gather(*(may_abandon(m, 1) for m in held))
            assert sorted(got) == [False, False, True]
            winner = (a, b, c)[got.index(True)].relay.node
            assert await r.get(f"ac:abandon:{match_id}") == winner
            for client in (black, watcher):
                await client.close()
        await r.aclose()
    run(body, 60)


async def _absent(r: Any, match_id: str, field: str) -> bool:
    return not await r.hexists(f"ac:presence:{match_id}", field)


def test_a_player_told_it_is_back_is_never_resigned_after(redis_server) -> None:
    """White leaves node b and comes back on node c while c's writes to Redis are slow
    (its relay's writer paused past White's deadline): node a's clock runs out and
    resigns White. White must not be told it is back in a running match first: its
    join is answered once its presence is in Redis, with the resignation in the sync."""
    away = dataclasses.replace(FAST, abandon_after=1.5)

    async def body() -> None:
        async with nodes(redis_server.url, "abc", limits=away) as (a, b, c):
            black, white, created, _ = await across(a.url, b.url)
            code = created["match"]
            session = white.session
            await white.close()
            await black.expect("presence", seat="white", online=False)
            from server.cluster.fanout import stop_task
            await stop_task(c.relay._tasks[0])  # c's presence writes wait
            white = await Client.open(c.url, "Bob", resume=session)
            await white.send({"type": "join", "match": code, "version": 0, "rid": 7})
            ended = await black.expect("ended", timeout=10)  # node a resigned White
            assert ended["resigned"] == ["white"]
            c.relay._tasks[0] = asyncio.get_running_loop().create_task(c.relay._send())
            answer = await white.expect("joined", timeout=10)
            assert answer["rid"] == 7
            sync = await white.expect("sync")
            assert sync["info"]["status"] == "over" and sync["ended"]["resigned"] == ["white"], \
                sync["info"]
            for client in (black, white):
                await client.close()
    run(body, 60)


def test_an_away_seat_is_not_resigned_while_its_player_is_on_another_live_node(
        redis_server) -> None:
    """The resignation itself checks the presence hash, in the same script as the append:
    a reconnect whose presence reached Redis after the lease was taken still wins."""
    from server.cluster.redis_store import RedisStore
    from server.store import MatchRecord, MoveRecord, SeatOnline

    async def body() -> None:
        store = RedisStore(redis_server.url)
        await store.open()
        try:
            match_id = await store.insert_match(MatchRecord(
                code="AWAY01", game="alien-city", options={}, seed=1, public=False,
                status="playing"))
            step = MoveRecord(1, 1, None, "", "resign")
            await store.heartbeat("b#000001", 4000)
            await store.publish("presence", match_id, 0, {"seat": 1, "online": True,
                                                          "node": "b#000001"},
                                ("1|b#000001", "set"))
            try:
                await store.resign_away(match_id, step, None, "a#000001")
            except SeatOnline:
                pass
            else:
                raise AssertionError("an away seat whose player is back was resigned")
            await store.publish("presence", match_id, 0, {"seat": 1, "online": False,
                                                          "node": "b#000001"},
                                ("1|b#000001", "del"))
            await store.resign_away(match_id, step, None, "a#000001")
            assert [m.kind for m in (await store.load_code("AWAY01")).moves] == ["resign"]
        finally:
            await store.close()
    run(body, 30)
