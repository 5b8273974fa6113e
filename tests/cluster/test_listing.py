"""A public match created on another node is loaded beside the event feed, not in it.

At 300 matches starting at once every node loaded every new public match inside its
feed, so other matches' moves waited behind those loads (docs/cluster.md, Fan-out). Now
the load runs beside the feed; the events of the match that arrive while it loads are
kept and applied in order once the node holds it.
"""

from __future__ import annotations

import asyncio
import random

from tests.server.helpers import Client, run

from .test_nodes import across, play, two_nodes


def test_moves_flow_while_a_listing_loads_and_its_events_are_applied_after(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)  # Black on a, White on b
            store = b.lobby.store
            real = store.load_listed
            read, gate = asyncio.Event(), asyncio.Event()

            async def slow(match_id: int):  # b reads the new match, then its reply is late
                got = await real(match_id)
                read.set()
                await gate.wait()
                return got

            store.load_listed = slow
            ada = await Client.open(a.url, "Cy")
            code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            await asyncio.wait_for(read.wait(), 10)  # b has read it: one seat, waiting
            dee = await Client.open(a.url, "Dee")
            assert (await dee.request({"type": "join", "match": code}, "joined"))["seat"] == "white"
            # b's feed is not waiting for the load: White on b sees Black's moves (and the
            # new match's seat and start, before them in the stream, are kept for later)
            state = await play(black, white, created["match"], state, random.Random(4), [], 4, 0)
            assert code not in b.lobby.matches
            gate.set()
            for _ in range(100):
                held = b.lobby.matches.get(code)
                if held is not None and held.status == "playing":
                    break
                await asyncio.sleep(0.05)
            assert held is not None and held.status == "playing"
            assert [s.name for s in held.seats] == ["Cy", "Dee"]
            for client in (black, white, ada, dee):
                await client.close()
    run(body, 60)
