"""A private match whose players were all on a node that died (``kill -9``) is held by no
other node; the sweep of another node (``server.cluster.orphans``) takes it in, its
abandonment clocks run there as on one server (3 seats: no witness needed), and the
match ends instead of staying open in Redis for good. A match with a player connected
on a live node is left alone."""

from __future__ import annotations

import asyncio
import dataclasses

from server.cluster.relay import HEARTBEAT_TTL_MS
from tests.server.helpers import FAST, Client, run

from .test_abandon import stored_steps
from .test_nodes import node_processes
from .test_quick import nodes, redis_client

AWAY = dataclasses.replace(FAST, abandon_after=1.0)


async def _status(redis_url: str, code: str) -> str:
    r = redis_client(redis_url, True)
    match_id = await r.get(f"ac:code:{code}")
    status = await r.hget(f"ac:match:{match_id}", "status")
    await r.aclose()
    return status


async def _private_match_on(url: str) -> tuple[str, list[Client]]:
    """Three players on the node at ``url``, a private 3-player Sprawl, started."""
    players = [await Client.open(url, name) for name in ("Ann", "Bob", "Cat")]
    code = (await players[0].request({"type": "create", "game": "sprawl",
                                      "options": {"players": 3}, "public": False},
                                     "joined"))["match"]
    for p in players[1:]:
        await p.request({"type": "join", "match": code}, "joined")
    while (await players[0].expect("match_info"))["info"]["status"] != "playing":
        pass
    return code, players


def test_a_match_whose_players_were_all_on_a_dead_node_is_ended_by_another(
        redis_server, tmp_path) -> None:
    async def body() -> None:
        with node_processes(redis_server.url, tmp_path, "a") as (a,):
            async with nodes(redis_server.url, "b", limits=AWAY) as (b,):
                orphans = b.extras.orphans
                code, players = await _private_match_on(a.url)
                assert code not in b.lobby.matches  # private: node b never heard of it
                assert await orphans.sweep_once() == 0  # its players are on a live node
                assert code not in b.lobby.matches
                a.kill9()
                for p in players:
                    await p.close()
                await asyncio.sleep(HEARTBEAT_TTL_MS / 1000 + 0.5)  # node a's heartbeat ran out
                assert await orphans.sweep_once() == 1
                assert code in b.lobby.matches
                async with asyncio.timeout(20):  # 1 s away: seats resigned, the match over
                    while await _status(redis_server.url, code) == "playing":
                        await asyncio.sleep(0.2)
                assert await _status(redis_server.url, code) == "over"
                steps = await stored_steps(redis_server.url, code)
                assert len(steps) >= 2 and all(step.endswith('"resign"]') for step in steps)
                assert await orphans.sweep_once() == 0  # nothing open is left unheld
    run(body, 90)
