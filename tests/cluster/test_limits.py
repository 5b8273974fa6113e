"""The match limits of ``create`` across nodes (``server.cluster.limits``): the matches
created from one address and the matches of the cluster are counted over every node."""

from __future__ import annotations

import dataclasses

from tests.server.helpers import FAST, Client, run

from .test_quick import nodes

BY_ADDRESS = dataclasses.replace(FAST, ip_exempt_loopback=False, ip_created=2)
SMALL = dataclasses.replace(FAST, max_matches=2)


def test_an_address_gets_its_share_of_matches_over_all_nodes(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, "ab", limits=BY_ADDRESS) as (a, b):
            ada, bob = await Client.open(a.url, "Ada"), await Client.open(b.url, "Bob")
            cid = await Client.open(a.url, "Cid")
            first = await ada.request({"type": "create", "public": False}, "joined")
            await bob.request({"type": "create", "public": False}, "joined")
            refused = await cid.request({"type": "create", "public": False})
            assert (refused["type"], refused["code"], refused["scope"]) == \
                ("error", "too_many_matches", "address")
            assert refused["text"].startswith("2 unfinished matches were created from 127.0.0.1")
            left = await ada.request({"type": "leave", "match": first["match"]}, "left")
            assert left["cancelled"]
            await cid.request({"type": "create", "public": False}, "joined")
            for client in (ada, bob, cid):
                await client.close()
    run(body, 60)


def test_the_cluster_is_full_when_its_nodes_together_hold_max_matches(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, "ab", limits=SMALL) as (a, b):
            ada, bob = await Client.open(a.url, "Ada"), await Client.open(b.url, "Bob")
            cid = await Client.open(a.url, "Cid")
            await ada.request({"type": "create", "public": False}, "joined")
            await bob.request({"type": "create", "public": False}, "joined")  # not on node a
            full = await cid.request({"type": "create", "public": False})
            assert (full["type"], full["code"]) == ("error", "server_full")
            for client in (ada, bob, cid):
                await client.close()
    run(body, 60)
