"""A resume that waits on the store while the node loads the session's match.

A node that does not hold a session yet looks it up in the store (``hello`` with
``resume``); meanwhile another client's join may load a match of that session, which
makes the node's copy of the session. The resume must then take that copy, not make a
second one: the match's seat points to the first, and a ``join`` of the resumed player
would find no seat of its own (``match_full``). Seen in the 4-seat Sprawl chaos test
(players reconnecting to a node just restarted).
"""

from __future__ import annotations

import asyncio

from tests.server.helpers import Client, run

from .test_nodes import both_on, two_nodes


def test_a_resume_takes_the_session_a_join_loaded_meanwhile(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            ada, bob, code, _state = await both_on(a.url, public=False)  # node a only
            assert code not in b.lobby.matches
            store = b.lobby.store
            looked_up = asyncio.Event()
            release = asyncio.Event()
            original = store.session

            async def slow_session(session_hash: str, *args):
                if session_hash == a.lobby.matches[code].seats[0].session.token_hash:
                    looked_up.set()
                    await release.wait()
                return await original(session_hash, *args)
            store.session = slow_session
            ada_b = asyncio.ensure_future(Client.open(b.url, "Ada", resume=ada.session))
            await looked_up.wait()  # Ada's resume waits on the store ...
            bob_b = await Client.open(b.url, "Bob", resume=bob.session)  # ... Bob's loads the match
            await bob_b.request({"type": "join", "match": code, "version": 0}, "joined")
            assert code in b.lobby.matches
            release.set()
            ada_b = await ada_b
            answer = await ada_b.request({"type": "join", "match": code, "version": 0})
            assert answer["type"] == "joined" and answer["seat"] == "black", answer
            for client in (ada, bob, ada_b, bob_b):
                await client.close()
    run(body, 60)
