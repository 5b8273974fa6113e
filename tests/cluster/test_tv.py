"""TV on a cluster (docs/protocol.md, *TV*): a node shows the public matches it holds,
here one created on node a and started on node b, watched from node c; its end, played
on node a, reaches the TV viewer on c with the push that no match is live."""

from __future__ import annotations

import asyncio

from tests.server.helpers import Client, run

from .test_nodes import across
from .test_quick import nodes


def test_tv_on_a_node_shows_a_match_of_other_nodes_and_follows_its_end(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, "abc") as (a, b, c):
            viewer = await Client.open(c.url, "Tv")
            black, white, created, _state = await across(a.url, b.url)
            code = created["match"]
            async with asyncio.timeout(15):  # node c learns of the start from the events
                while True:
                    answer = await viewer.request({"type": "tv", "game": "alien-city"}, "tv")
                    if answer["match"] == code:
                        break
                    await asyncio.sleep(0.1)
            assert answer["rated"] is False and answer["rating"] is None  # no accounts here
            assert [p["name"] for p in answer["players"]] == ["Ada", "Bob"]
            await viewer.expect("joined", match=code)
            await viewer.expect("sync", match=code)
            await black.request({"type": "resign", "match": code}, "ok")
            ended = await viewer.expect("ended", match=code, timeout=15)
            assert ended["reason"] == "resigned"
            push = await viewer.expect("tv", timeout=15, after=code)
            assert push["match"] is None and push.get("rid") is None
            for client in (viewer, black, white):
                await client.close()
    run(body, 60)
