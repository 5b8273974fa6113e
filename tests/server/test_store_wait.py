"""A store write that finds SQLite locked (the checkpoint thread truncating the WAL holds
the write lock) waits without holding up the event loop, and commits once the lock is
free: nothing is answered before it is stored, and the rest of the server keeps going.
A step of a running match is stored in the step journal, which no lock holds up: it is
answered at once and reaches SQLite once the lock is free, before anything reads it."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from server.store import End, MatchRecord, MoveRecord, Store, StoreError

from .helpers import run


def _record() -> MatchRecord:
    return MatchRecord(code="WAIT01", game="alien-city", options={}, seed=1, public=True,
                       status="playing")


async def _locked(path: Path) -> tuple[Store, int, sqlite3.Connection]:
    """A store with a match, and another connection holding SQLite's write lock."""
    store = Store(path)
    match_id = await store.insert_match(_record())
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # as a truncating checkpoint does
    return store, match_id, other


def test_a_locked_store_delays_the_write_not_the_loop(tmp_path: Path) -> None:
    end = End("over", "finished", 0, [1, 2])
    path = tmp_path / "m.sqlite3"

    async def body() -> None:
        store, match_id, other = await _locked(path)
        write = asyncio.ensure_future(store.add_move(match_id, MoveRecord(1, 0, 7, "x"), end))
        ticks = 0
        while ticks < 20:  # the loop runs other work while the write waits
            await asyncio.sleep(0)
            ticks += 1
        await asyncio.sleep(0.01)
        assert not write.done()
        other.execute("COMMIT")
        await write
        assert [(m.version, m.mid) for m in await store.steps_since(match_id, 0)] == [(1, 7)]
        assert (await store.load_code("WAIT01")).status == "over"
        other.close()
        await store.close()
    run(body)


def test_a_step_is_journaled_at_once_and_read_only_once_in_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    journal = tmp_path / "m.sqlite3-steps"

    async def body() -> None:
        store, match_id, other = await _locked(path)
        await asyncio.wait_for(store.add_move(match_id, MoveRecord(1, 0, 7, "x"), None), 0.5)
        assert journal.stat().st_size > 0  # on disk before it is answered
        read = asyncio.ensure_future(store.steps_since(match_id, 0))
        await asyncio.sleep(0.05)
        assert not read.done()  # a read waits for the step, not answers without it
        other.execute("COMMIT")
        assert [(m.version, m.mid) for m in await read] == [(1, 7)]
        assert journal.stat().st_size == 0  # in SQLite now
        other.close()
        await store.close()
    run(body)


def test_a_store_locked_for_good_fails_with_a_store_error(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import server.store as store_module
    monkeypatch.setattr(store_module, "BUSY_WAIT", 0.05)
    path = tmp_path / "m.sqlite3"

    async def body() -> None:
        store, match_id, other = await _locked(path)
        with pytest.raises(StoreError, match="locked"):
            await store.add_move(match_id, MoveRecord(1, 0, 7, "x"), End("over", "finished", 0, [1, 2]))
        await store.add_move(match_id, MoveRecord(1, 0, 8, "y"), None)  # journaled: kept
        with pytest.raises(StoreError, match="locked"):
            await store.steps_since(match_id, 0)
        other.execute("ROLLBACK")
        other.close()
        assert [(m.version, m.mid) for m in await store.steps_since(match_id, 0)] == [(1, 8)]
        await store.close()
    run(body)
