"""Test helpers: a real server on an ephemeral port and small real websockets clients."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from typing import Any, AsyncIterator, Awaitable, Callable

import msgpack
from websockets.asyncio.client import ClientConnection, connect

from server.app import RunningServer, start_server
from server.connection import Limits
from shared.aliencity import GameState, Phase
from shared.gamekit import Registry
from shared.wire import PROTOCOL_VERSION

FAST = Limits(rate=1000.0, burst=1000, chat_rate=1000.0, chat_burst=1000)


def run(coro_fn: Callable[[], Awaitable[Any]], timeout: float = 60.0) -> Any:
    """Run an async test body with a hard timeout (pytest-asyncio is not used)."""
    async def guarded() -> Any:
        async with asyncio.timeout(timeout):
            return await coro_fn()
    return asyncio.run(guarded())


@contextlib.asynccontextmanager
async def running(limits: Limits = FAST, db: str = ":memory:",
                  games: Registry | None = None) -> AsyncIterator[RunningServer]:
    server = await start_server("127.0.0.1", 0, db, limits, games)
    try:
        yield server
    finally:
        await server.close()


class Client:
    """A msgpack client that keeps every message it got, for assertions."""

    _rids = itertools.count(1)

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.inbox: list[dict] = []   # received, not yet consumed by expect()
        self.seen: list[dict] = []    # everything ever received
        self.session: str | None = None
        self.welcome: dict | None = None

    @classmethod
    async def open(cls, url: str, name: str | None = "tester", resume: str | None = None,
                   **connect_kwargs: Any) -> "Client":
        client = cls(await connect(url, compression=None, max_size=1 << 22, **connect_kwargs))
        if name is not None:
            hello = {"type": "hello", "v": PROTOCOL_VERSION, "name": name}
            if resume:
                hello["resume"] = resume
            await client.send(hello)
            client.welcome = await client.expect("welcome")
            client.session = client.welcome["session"]
        return client

    async def send(self, message: dict) -> None:
        await self.ws.send(msgpack.packb(message, use_bin_type=True))

    async def send_raw(self, data: bytes | str) -> None:
        await self.ws.send(data)

    async def _read(self, timeout: float) -> dict:
        async with asyncio.timeout(timeout):
            frame = await self.ws.recv()
        message = msgpack.unpackb(frame, raw=False)
        self.seen.append(message)
        return message

    async def expect(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict:
        """The first message of type ``kind`` (with ``fields``), earlier ones kept."""
        def fits(m: dict) -> bool:
            return m.get("type") == kind and all(m.get(k) == v for k, v in fields.items())
        for i, m in enumerate(self.inbox):
            if fits(m):
                return self.inbox.pop(i)
        while True:
            m = await self._read(timeout)
            if fits(m):
                return m
            self.inbox.append(m)

    async def request(self, message: dict, kind: str | None = None) -> dict:
        """Send with a fresh ``rid``; return the answer carrying it (or of type ``kind``)."""
        rid = next(self._rids)
        await self.send(message | {"rid": rid})
        while True:
            for i, m in enumerate(self.inbox):
                if m.get("rid") == rid and (kind is None or m.get("type") in (kind, "error")):
                    return self.inbox.pop(i)
            m = await self._read(10.0)
            if m.get("rid") == rid and (kind is None or m.get("type") in (kind, "error")):
                return m
            self.inbox.append(m)

    def drain(self, kind: str) -> list[dict]:
        """Take every buffered message of type ``kind``."""
        taken = [m for m in self.inbox if m.get("type") == kind]
        self.inbox = [m for m in self.inbox if m.get("type") != kind]
        return taken

    async def close(self) -> None:
        await self.ws.close()


async def pair(url: str, *, public: bool = True, options: dict | None = None
               ) -> tuple[Client, Client, str]:
    """Two clients seated in a new match: (black, white, room code)."""
    black = await Client.open(url, "Ada")
    white = await Client.open(url, "Bob")
    created = await black.request({"type": "create", "seat": "black", "public": public,
                                   "options": options or {}}, "joined")
    code = created["match"]
    joined = await white.request({"type": "join", "match": code}, "joined")
    assert joined["seat"] == "white"
    await black.expect("sync")
    await white.expect("sync")
    return black, white, code


async def watch(url: str, code: str, name: str = "Eve", **join: Any) -> tuple[Client, dict]:
    """A new client joined to match ``code`` as a spectator: (client, its 'joined' reply)."""
    spectator = await Client.open(url, name)
    joined = await spectator.request({"type": "join", "match": code, "as": "spectator"} | join,
                                     "joined")
    return spectator, joined


def pick(state: GameState, rng: random.Random) -> str:
    """A random legal move's text."""
    if state.phase is Phase.BUILD:
        builds = state.legal_builds()
        return builds[rng.randrange(len(builds))].text()
    return rng.choice(list(state.legal_moves())).text()
