"""A connection's messages are handled at once as they arrive (server.handler.Inbox), yet
one at a time and in order: a message that arrives while the previous one waits on the
store waits behind it, and a connection that closes meanwhile is forgotten only after."""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable

from .helpers import Client, run, running


def _with_slow_read(check: Callable[..., Awaitable[None]]) -> None:
    """A server with a waiting match only in the store, whose read waits for ``gate``;
    then ``check(server, code, gate)``."""
    async def body() -> None:
        async with running() as server:
            ada = await Client.open(server.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            await ada.close()
            while server.lobby.connections:  # the server saw the close
                await asyncio.sleep(0.01)
            server.lobby.matches.pop(code)
            read, gate = server.lobby.store.load_code, asyncio.Event()

            async def slow(wanted: str):
                await gate.wait()
                return await read(wanted)

            server.lobby.store.load_code = slow
            await check(server, code, gate)
    run(body, 30)


def test_messages_sent_while_one_waits_are_answered_after_it_in_order() -> None:
    async def check(server, code: str, gate: asyncio.Event) -> None:
        bob = await Client.open(server.url, "Bob")
        await bob.send({"type": "get_state", "match": code, "rid": 1})
        for rid in (2, 3, 4):
            await bob.send({"type": "ping", "rid": rid, "t": rid})
        while not server.lobby._reading:  # the get_state waits on the store
            await asyncio.sleep(0.01)
        gate.set()
        answers = [await bob._read(10) for _ in range(4)]
        assert [(m["type"], m["rid"]) for m in answers] == [
            ("sync", 1), ("pong", 2), ("pong", 3), ("pong", 4)]
        assert (await bob.request({"type": "ping", "t": 5}))["type"] == "pong"
    _with_slow_read(check)


def test_a_connection_closed_during_a_join_is_forgotten_after_the_join() -> None:
    async def check(server, code: str, gate: asyncio.Event) -> None:
        eve = await Client.open(server.url, "Eve")
        await eve.send({"type": "join", "match": code, "as": "spectator", "rid": 1})
        while not server.lobby._reading:
            await asyncio.sleep(0.01)
        await eve.close()
        gate.set()
        while server.lobby.connections:
            await asyncio.sleep(0.01)
        match = server.lobby.matches.get(code)
        assert match is None or not match.audience  # not watched by a closed connection
    _with_slow_read(check)
