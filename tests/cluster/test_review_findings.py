"""Findings of a review of the load window (``Follower.adopt``): events a node kept of a
match it did not hold must not outlive the time it held the match.

Node b keeps a seat event of a match it does not hold, then loads and holds the match
(adopt applies the event: right then), sees a newer seat change while it holds it
(applied at once, not kept), and lets the finished match go. When b reads the match
again, the old kept event must not be replayed over the newer seat the record has.
"""

from __future__ import annotations

import asyncio

from server.cluster.node import Follower
from server.connection import token_hash
from tests.server.helpers import Client, run

from .test_nodes import two_nodes


async def until(check, what: str, seconds: float = 10.0) -> None:
    async with asyncio.timeout(seconds):
        while not check():
            await asyncio.sleep(0.01)


async def reclaim(url: str, code: str, token: str) -> Client:
    """A new session (another device) takes the seat back with its seat token."""
    client = await Client.open(url, "Ada")
    joined = await client.request({"type": "join", "match": code, "seat_token": token}, "joined")
    assert joined["seat"] == "black", joined
    return client


async def private_on(url: str) -> tuple[Client, str, str]:
    """Ada creates a private match on the node at ``url``: (her client, code, seat token)."""
    black = await Client.open(url, "Ada")
    created = await black.request({"type": "create", "seat": "black", "public": False}, "joined")
    return black, created["match"], created["seat_token"]


async def read_group(node, match_id: int) -> str:
    """Node ``node`` reads the group stream of ``match_id`` from now on (as when it holds
    another match of that group); the stream's name."""
    group = node.lobby.store.group(match_id)
    node.feed.need(match_id, await node.lobby.store.last_event(group))
    return group


def test_a_reloaded_match_keeps_the_seat_it_read_not_an_event_kept_long_before(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, code, token = await private_on(a.url)
            white = await Client.open(a.url, "Bob")
            await white.request({"type": "join", "match": code}, "joined")
            follower: Follower = b.extras.follow.__self__
            match_id = a.lobby.matches[code].record_id
            assert code not in b.lobby.matches
            await read_group(b, match_id)

            def seat_events() -> int:
                return sum(e.kind == "seat" for _, e in follower._unheld.get(match_id, ()))

            kept_before = seat_events()
            first = await reclaim(a.url, code, token)  # a seat event b keeps (not held there)
            await until(lambda: seat_events() > kept_before, "b keeps the seat event")

            watcher = await Client.open(b.url, "Eve")  # b loads the match and holds it
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            held = b.lobby.matches[code]
            assert held.seats[0].session.token_hash == token_hash(first.session)

            second = await reclaim(a.url, code, token)  # newer, applied to b's copy at once
            await until(lambda: held.seats[0].session.token_hash == token_hash(second.session),
                        "b follows the newer seat")

            await white.request({"type": "resign", "match": code}, "ok")
            await until(lambda: not held.live, "b sees the end")
            await watcher.request({"type": "leave", "match": code}, "left")
            await until(lambda: code not in b.lobby.matches, "b lets the finished match go")

            await second.close()  # Ada's device moves to node b: b reads the match again
            back = await Client.open(b.url, "Ada", resume=second.session)
            answer = await back.request({"type": "rematch", "match": code}, "ok")
            assert answer["type"] == "ok", answer  # (was: not_seated, her seat went to
            reloaded = b.lobby.matches[code]       # the session of the old kept event)
            assert reloaded.seats[0].session.token_hash == token_hash(second.session)
            for client in (black, white, first, watcher, back):
                await client.close()
    run(body, 60)
