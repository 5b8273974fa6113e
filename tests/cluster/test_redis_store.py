"""The Redis match store against a real redis-server: the same answers as the SQLite
store, the compare-and-append under races, and everything readable after restarts."""

from __future__ import annotations

import asyncio

import pytest

from server.store import CodeTaken, End, MatchRecord, MoveRecord, SeatRecord, StaleVersion, Store
from tests.server.helpers import run


def store(url: str):
    from server.cluster.redis_store import RedisStore
    return RedisStore(url)


def record(code: str = "ACDEFH", status: str = "playing") -> MatchRecord:
    return MatchRecord(code=code, game="alien-city", options={"edition": 2004}, seed=7,
                       public=True, status=status,
                       seats={0: SeatRecord("Ada", "t0", "s-ada"), 1: SeatRecord("Bob", "t1", "s-bob")})


def step(version: int, seat: int = 0, move: str = "Tr@a1", mid: str | None = None) -> MoveRecord:
    return MoveRecord(version, seat, mid or f"m{version}", move)


def test_same_answers_as_sqlite(redis_server) -> None:
    """Both stores, the same calls: the same records, sessions and refusals."""
    async def body() -> None:
        results = []
        for s in (Store(":memory:"), store(redis_server.url)):
            if hasattr(s, "open"):
                await s.open()
            a = await s.insert_match(record("AAAAAA"))
            b = await s.insert_match(record("BBBBBB", "waiting"))
            with pytest.raises(CodeTaken):
                await s.insert_match(record("AAAAAA"))
            await s.add_move(a, step(1), None)
            await s.add_move(a, step(2, 1, "Db@b2"), None)
            with pytest.raises(StaleVersion) as stale:
                await s.add_move(a, step(2, 1, "Dr@c3", "other"), None)
            assert stale.value.version == 2
            await s.put_seat(b, 1, SeatRecord("Cy", "t2", "s-cy"))
            await s.set_status(b, "playing")
            await s.add_move(a, MoveRecord(3, 1, None, "", "resign"), End("over", "resigned", 0, [1, 2]))
            if not isinstance(s, Store):  # Redis also refuses steps after the end
                with pytest.raises(StaleVersion):
                    await s.add_move(a, step(4), None)
            opened = await s.load_open()
            loaded = await s.load_code("AAAAAA")
            results.append((
                [(r.code, r.status, sorted(r.seats)) for r in opened],
                (loaded.status, loaded.end_reason, loaded.winner, loaded.ranking, loaded.options,
                 loaded.seed, loaded.public, [(m.version, m.seat, m.mid, m.move, m.kind) for m in loaded.moves],
                 {i: (x.name, x.token_hash, x.session_hash, x.computer) for i, x in loaded.seats.items()}),
                await s.session("s-ada"), await s.session("s-cy"), await s.session("nobody"),
                await s.load_code("ZZZZZZ")))
            await s.close()
        assert results[0] == results[1]
        assert results[1][0] == [("BBBBBB", "playing", [0, 1])]
        assert results[1][2] == ("Ada", [("AAAAAA", 0, "over", "alien-city", {"edition": 2004})])
    run(body, 30)


def test_a_seat_changing_hands_leaves_the_old_session(redis_server) -> None:
    async def body() -> None:
        s = store(redis_server.url)
        await s.open()
        a = await s.insert_match(record())
        await s.put_seat(a, 0, SeatRecord("Ada", "t0", "s-new"))
        assert await s.session("s-ada") is None
        assert (await s.session("s-new"))[0] == "Ada"
        await s.close()
    run(body, 30)


def test_two_nodes_racing_for_each_version(redis_server) -> None:
    """Two stores (two nodes' connections) append a different step for every version at
    once: exactly one wins each time, the other gets StaleVersion with the stored version;
    the stored match has one step per version, in order."""
    async def body() -> None:
        a, b = store(redis_server.url), store(redis_server.url)
        await a.open()
        await b.open()
        match_id = await a.insert_match(record())
        for version in range(1, 101):
            results = await asyncio.gather(
                a.add_move(match_id, step(version, 0, f"A{version}", f"a{version}"), None),
                b.add_move(match_id, step(version, 0, f"B{version}", f"b{version}"), None),
                return_exceptions=True)
            assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleVersion"]
            assert next(r for r in results if r is not None).version == version
        moves = (await b.load_code("ACDEFH")).moves
        assert [m.version for m in moves] == list(range(1, 101))
        # a step sent again after a lost reply is taken as stored, not refused
        await a.add_move(match_id, MoveRecord(100, 0, moves[-1].mid, moves[-1].move), None)
        # so is a match inserted again (the same call sent twice: its reply was lost)
        lean, seen = a._lean, []

        async def twice(conn, script, keys, args):
            if script is a._insert:
                seen.append(await lean(conn, script, keys, args))
            seen.append(await lean(conn, script, keys, args))
            return seen[-1]
        a._lean = twice
        got = await a.insert_match(record("AGAIN1"))
        assert seen[0] == seen[1] and [got, "0-0"] == seen[0]  # the same id and group mark
        a._lean = lean
        with pytest.raises(CodeTaken):  # another match with that code is still refused
            await a.insert_match(record("AGAIN1"))
        await a.close()
        await b.close()
    run(body, 60)


def test_everything_readable_after_redis_is_killed_and_restarted(redis_server) -> None:
    """kill -9 redis-server (AOF always): every acknowledged write is read back."""
    async def write() -> int:
        s = store(redis_server.url)
        await s.open()
        assert s.durability == {"appendonly": "yes", "appendfsync": "always"}
        a = await s.insert_match(record())
        for v in range(1, 6):
            await s.add_move(a, step(v, (v - 1) % 2), None)
        await s.add_move(a, step(6), End("over", "finished", 1, [2, 1]))
        b = await s.insert_match(record("WAITNG", "waiting"))
        await s.close()
        return b

    async def read(b: int) -> None:
        s = store(redis_server.url)
        await s.open()
        done = await s.load_code("ACDEFH")
        assert [m.version for m in done.moves] == [1, 2, 3, 4, 5, 6]
        assert (done.status, done.end_reason, done.winner, done.ranking) == ("over", "finished", 1, [2, 1])
        assert [r.id for r in await s.load_open()] == [b]
        assert await s.session("s-bob") == ("Bob", [("ACDEFH", 1, "over", "alien-city", {"edition": 2004})])
        assert (await s.load_code("WAITNG")).seats[1].token_hash == "t1"  # seat tokens
        await s.close()

    b = run(write, 30)
    redis_server.kill()
    redis_server.start()
    run(lambda: read(b), 30)
    redis_server.stop()   # a clean stop too
    redis_server.start()
    run(lambda: read(b), 30)


def test_redis_down_is_a_store_error(redis_server) -> None:
    from server.store import StoreError

    async def body() -> None:
        s = store(redis_server.url)
        await s.open()
        redis_server.kill()
        with pytest.raises(StoreError):
            await s.insert_match(record())
        await s.close()
    run(body, 60)
