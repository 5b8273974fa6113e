"""The match limits of ``create`` across nodes (``server.cluster.limits``): the matches
created from one address and the matches of the cluster are counted over every node."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

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


ONE_EACH = dataclasses.replace(FAST, ip_exempt_loopback=False, ip_created=1)
ONE_IN_ALL = dataclasses.replace(FAST, max_matches=1)


async def _creates_at_once(urls: list[str]) -> list[dict]:
    """One ``create`` from each of several clients (one per url), sent together."""
    clients = [await Client.open(url, f"P{i}") for i, url in enumerate(urls)]
    answers = await asyncio.gather(*(c.request({"type": "create", "public": False}, "joined")
                                     for c in clients))
    for client in clients:
        await client.close()
    return list(answers)


@pytest.mark.parametrize("limits, refusal", [(ONE_EACH, "too_many_matches"),
                                             (ONE_IN_ALL, "server_full")],
                         ids=["address_share", "cluster_full"])
def test_creates_at_the_same_instant_on_two_nodes_share_the_last_place(
        redis_server, limits, refusal) -> None:
    """Six creates at once, three per node, with room for one more match: one is made."""
    async def body() -> None:
        async with nodes(redis_server.url, "ab", limits=limits) as (a, b):
            answers = await _creates_at_once([a.url, b.url] * 3)
            kinds = sorted(m["type"] if m["type"] == "joined" else m["code"] for m in answers)
            assert kinds == ["joined"] + [refusal] * 5, answers
    run(body, 60)


def test_a_create_that_fails_gives_its_place_back(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, "ab", limits=ONE_EACH) as (a, b):
            ada = await Client.open(a.url, "Ada")
            bad = await ada.request({"type": "create", "public": False, "seat": "purple"})
            assert (bad["type"], bad["code"]) == ("error", "seat_unavailable")
            bob = await Client.open(b.url, "Bob")
            await bob.request({"type": "create", "public": False}, "joined")
            for client in (ada, bob):
                await client.close()
    run(body, 60)
