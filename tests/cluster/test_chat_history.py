"""The chat history of a match across nodes: lines said on either node are stored in Redis
with the match, and a player who comes back on another node (or a node that loads the
match later) gets them all in its ``sync``, each once, in order."""

from __future__ import annotations

from tests.server.helpers import Client, run

from .test_nodes import across, two_nodes
from .test_social import one_node


def test_chat_history_reaches_a_player_back_on_another_node(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, _ = await across(a.url, b.url)
            code = created["match"]
            await black.request({"type": "chat", "match": code, "text": "hello"}, "ok")
            await white.expect("chat", text="hello")  # heard on node b
            await white.request({"type": "chat", "match": code, "text": "hi Ada"}, "ok")
            await black.expect("chat", text="hi Ada")
            session = white.session
            await white.close()
            white = await Client.open(a.url, "Bob", resume=session)  # back, on node a
            await white.request({"type": "join", "match": code, "version": 0}, "joined")
            sync = await white.expect("sync")
            assert [(c["name"], c["text"]) for c in sync["chat"]] == [("Ada", "hello"),
                                                                      ("Bob", "hi Ada")]
            async with one_node(redis_server.url, "c") as c:  # a node new to the match
                spy = await Client.open(c.url, "Eve")
                await spy.request({"type": "join", "match": code, "as": "spectator"}, "joined")
                sync = await spy.expect("sync")
                assert [c["text"] for c in sync["chat"]] == ["hello", "hi Ada"]
                await spy.close()
            for p in (black, white):
                await p.close()
    run(body, 60)
