"""Lobby.load: callers asking at once for a match that is not in memory share one read
of the store, and get the same match; a failed read is an error for each of them."""

from __future__ import annotations

import asyncio

import pytest

from server.store import StoreError

from .helpers import Client, run, running


async def _stored_match(server) -> str:
    """A waiting match, then dropped from memory (the store keeps it): the next load reads it."""
    ada = await Client.open(server.url, "Ada")
    code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
    await ada.close()
    await asyncio.sleep(0.1)  # the server saw the close
    server.lobby.matches.pop(code)
    return code


def test_loads_of_one_code_at_once_share_one_read() -> None:
    async def body() -> None:
        async with running() as server:
            code = await _stored_match(server)
            lobby = server.lobby
            read, reads = lobby.store.load_code, []

            async def counted(wanted: str):
                reads.append(wanted)
                await asyncio.sleep(0.05)  # long enough for the others to ask meanwhile
                return await read(wanted)

            lobby.store.load_code = counted
            got = await asyncio.gather(*(lobby.load(code) for _ in range(5)))
            assert reads == [code]
            assert got[0] is not None and all(m is got[0] for m in got)
            assert lobby.matches[code] is got[0] and not lobby._reading
            await lobby.load(code)  # in memory now: no read
            assert reads == [code]
    run(body, 30)


def test_a_failed_shared_read_fails_every_caller_and_the_next_load_reads_again() -> None:
    async def body() -> None:
        async with running() as server:
            code = await _stored_match(server)
            lobby = server.lobby
            read, calls = lobby.store.load_code, []

            async def failing(wanted: str):
                calls.append(wanted)
                await asyncio.sleep(0.05)
                if len(calls) == 1:
                    raise StoreError("the disk is away")
                return await read(wanted)

            lobby.store.load_code = failing
            got = await asyncio.gather(*(lobby.load(code) for _ in range(3)),
                                       return_exceptions=True)
            assert all(isinstance(g, StoreError) for g in got), got
            assert (await lobby.load(code)) is lobby.matches[code]
            assert calls == [code, code]
    run(body, 30)


def test_a_cancelled_caller_does_not_stop_the_others_read() -> None:
    async def body() -> None:
        async with running() as server:
            code = await _stored_match(server)
            lobby = server.lobby
            read = lobby.store.load_code

            async def slow(wanted: str):
                await asyncio.sleep(0.1)
                return await read(wanted)

            lobby.store.load_code = slow
            first = asyncio.ensure_future(lobby.load(code))
            second = asyncio.ensure_future(lobby.load(code))
            await asyncio.sleep(0.02)
            first.cancel()
            with pytest.raises(asyncio.CancelledError):
                await first
            assert (await second) is lobby.matches[code]
    run(body, 30)
