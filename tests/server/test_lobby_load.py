"""Lobby.load: callers asking at once for a match that is not in memory share one read
of the store, and get the same match; a failed read is an error for each of them."""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable

import pytest

from server.store import StoreError

from .helpers import Client, run, running


def _reading_through(wrap: Callable[..., Awaitable], check: Callable[..., Awaitable]) -> None:
    """A server with a waiting match that is only in the store (dropped from memory), its
    reads going through ``wrap(read, code)``; then ``check(lobby, code)``."""
    async def body() -> None:
        async with running() as server:
            ada = await Client.open(server.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            await ada.close()
            await asyncio.sleep(0.1)  # the server saw the close
            lobby = server.lobby
            lobby.matches.pop(code)
            read = lobby.store.load_code

            async def wrapped(wanted: str):
                return await wrap(read, wanted)

            lobby.store.load_code = wrapped
            await check(lobby, code)
    run(body, 30)


def test_loads_of_one_code_at_once_share_one_read() -> None:
    reads = []

    async def counted(read, wanted: str):
        reads.append(wanted)
        await asyncio.sleep(0.05)  # long enough for the others to ask meanwhile
        return await read(wanted)

    async def check(lobby, code: str) -> None:
        got = await asyncio.gather(*(lobby.load(code) for _ in range(5)))
        assert reads == [code]
        assert got[0] is not None and all(m is got[0] for m in got)
        assert lobby.matches[code] is got[0] and not lobby._reading
        await lobby.load(code)  # in memory now: no read
        assert reads == [code]
    _reading_through(counted, check)


def test_a_failed_shared_read_fails_every_caller_and_the_next_load_reads_again() -> None:
    calls = []

    async def failing_once(read, wanted: str):
        calls.append(wanted)
        await asyncio.sleep(0.05)
        if len(calls) == 1:
            raise StoreError("the disk is away")
        return await read(wanted)

    async def check(lobby, code: str) -> None:
        got = await asyncio.gather(*(lobby.load(code) for _ in range(3)), return_exceptions=True)
        assert all(isinstance(g, StoreError) for g in got), got
        assert (await lobby.load(code)) is lobby.matches[code]
        assert calls == [code, code]
    _reading_through(failing_once, check)


def test_a_cancelled_caller_does_not_stop_the_others_read() -> None:
    async def slow(read, wanted: str):
        await asyncio.sleep(0.1)
        return await read(wanted)

    async def check(lobby, code: str) -> None:
        first = asyncio.ensure_future(lobby.load(code))
        second = asyncio.ensure_future(lobby.load(code))
        await asyncio.sleep(0.02)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        assert (await second) is lobby.matches[code]
    _reading_through(slow, check)
