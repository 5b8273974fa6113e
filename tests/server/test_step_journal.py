"""The step journal: a step is durable once journaled, a store opened after a crash folds
in what the journal kept, a torn write is skipped, and one store has one server."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from server.store import MatchRecord, MoveRecord, Store, StoreError

from .helpers import run

ROOT = Path(__file__).resolve().parents[2]

CRASH = """
import asyncio, os, sys
from server.store import MatchRecord, MoveRecord, Store

async def main():
    store = Store(sys.argv[1])
    match_id = await store.insert_match(MatchRecord(code="CRASH1", game="alien-city", options={},
                                                    seed=1, public=True, status="playing"))
    for version in (1, 2, 3):
        await store.add_move(match_id, MoveRecord(version, version % 2, version, "m%d" % version), None)
    os._exit(0)  # as SIGKILL would: no fold, no close

asyncio.run(main())
"""


def _record(code: str = "JRNL01") -> MatchRecord:
    return MatchRecord(code=code, game="alien-city", options={}, seed=1, public=True,
                       status="playing")


def _stored(path: Path) -> list[tuple[int, str]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT version, move FROM moves ORDER BY version").fetchall()
    finally:
        db.close()


def test_steps_of_a_killed_server_are_restored_when_the_store_opens(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"
    subprocess.run([sys.executable, "-c", CRASH, str(path)], cwd=ROOT, check=True, timeout=60,
                   env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert _stored(path) == []  # the process died before any fold
    assert (tmp_path / "m.sqlite3-steps").stat().st_size > 0

    async def body() -> None:
        store = Store(path)
        record = await store.load_code("CRASH1")
        assert [(m.version, m.move) for m in record.moves] == [(1, "m1"), (2, "m2"), (3, "m3")]
        await store.close()
    run(body)
    assert (tmp_path / "m.sqlite3-steps").stat().st_size == 0


def test_a_write_cut_short_is_skipped_and_the_rest_restored(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "m.sqlite3"

    async def make() -> int:
        store = Store(path)
        match_id = await store.insert_match(_record())
        await store.close()
        return match_id
    match_id = run(make)
    whole = msgpack.packb([match_id, 1, 0, "1", "a1", "move", None])
    (tmp_path / "m.sqlite3-steps").write_bytes(whole + whole[:-3])  # the crash cut the second

    async def body() -> None:
        with caplog.at_level(logging.WARNING, "alien_city.server"):
            store = Store(path)
        assert [(m.version, m.move) for m in await store.steps_since(match_id, 0)] == [(1, "a1")]
        await store.close()
    run(body)
    assert "1 unreadable entries skipped" in caplog.text


def test_a_step_of_a_match_the_store_lacks_is_reported_not_fatal(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "m.sqlite3"
    run(lambda: Store(path).close())
    (tmp_path / "m.sqlite3-steps").write_bytes(msgpack.packb([99, 1, 0, "1", "a1", "move", None]))
    with caplog.at_level(logging.ERROR, "alien_city.server"):
        run(lambda: Store(path).close())
    assert "version 1 of match #99 not restored" in caplog.text
    assert _stored(path) == []


def test_a_second_server_on_the_same_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"

    async def body() -> None:
        first = Store(path)
        with pytest.raises(StoreError, match="another server running on the same store"):
            Store(path)
        await first.close()
        await Store(path).close()  # free again once the first is closed
    run(body)


def test_closing_writes_every_journaled_step_to_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"

    async def body() -> None:
        store = Store(path)
        match_id = await store.insert_match(_record())
        for version in (1, 2):
            await store.add_move(match_id, MoveRecord(version, 0, version, f"v{version}"), None)
        await store.close()  # before the loop's next turn could fold them
    run(body)
    assert _stored(path) == [(1, "v1"), (2, "v2")]
    assert (tmp_path / "m.sqlite3-steps").stat().st_size == 0


def test_moves_coming_fast_are_folded_together_and_read_in_order(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite3"

    async def body() -> None:
        store = Store(path)
        match_id = await store.insert_match(_record())
        for v in range(1, 41):  # within one turn of the loop, as many matches' moves may come
            await store.add_move(match_id, MoveRecord(v, v % 2, v, f"v{v}"), None)
        assert len(store._steps.pending) == 40  # one fold on the loop's next turn
        await asyncio.sleep(0)
        assert store._steps.pending == []
        assert [m.version for m in await store.steps_since(match_id, 10)] == list(range(11, 41))
        await store.close()
    run(body)
