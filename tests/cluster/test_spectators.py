"""Spectator counts across nodes (``server.cluster.counts``): *match info* counts the
spectators of every node; one leaving, or its node killed with ``kill -9``, is no longer
counted; a node that loads the match later knows the others' spectators.
"""

from __future__ import annotations

from tests.server.helpers import Client, run

from .test_nodes import Node, across
from .test_quick import nodes


async def spectators(client: Client, count: int) -> dict:
    """The next *match info* (or sync) this client gets saying ``count`` spectators."""
    while True:
        got = await client.expect("match_info", timeout=15)
        if got["info"]["spectators"] == count:
            return got


async def watch(url: str, name: str, code: str) -> Client:
    client = await Client.open(url, name)
    await client.request({"type": "join", "match": code, "as": "spectator"}, "joined")
    return client


def test_match_info_counts_the_spectators_of_every_node(redis_server, tmp_path) -> None:
    c = Node(redis_server.url, tmp_path, "c")
    try:
        async def body() -> None:
            async with nodes(redis_server.url, "ab") as (a, b):
                black, white, created, _ = await across(a.url, b.url)
                code = created["match"]
                on_a, on_b = await watch(a.url, "Eve", code), await watch(b.url, "Fay", code)
                on_c = await watch(c.url, "Gil", code)
                for player in (black, white):
                    await spectators(player, 3)
                await spectators(on_c, 3)  # node c counts a's and b's too
                await on_b.close()
                for player in (black, white):
                    await spectators(player, 2)
                c.kill9()  # its spectator is no longer counted once its heartbeat expires
                for player in (black, white):
                    await spectators(player, 1)
                async with nodes(redis_server.url, "d") as (d,):  # loads the match later
                    late = await watch(d.url, "Hal", code)
                    await spectators(late, 2)
                    await spectators(black, 2)
                    await late.close()
                for client in (black, white, on_a):
                    await client.close()
        run(body, 60)
    finally:
        c.stop()
