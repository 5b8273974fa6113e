"""The event streams: every write of the Redis store, in order, with versions, read by a
feed that survives redis-server being killed and restarted (AOF); a match's events in its
group's stream, its creation in the global one."""

from __future__ import annotations

import asyncio

from server.store import End, StaleVersion
from tests.server.helpers import run

from .test_redis_store import record, step, store


def test_a_feed_sees_every_winning_step_in_order_across_a_redis_restart(redis_server) -> None:
    from server.cluster.fanout import EventFeed

    async def write(match_id, versions, stores) -> None:
        for v in versions:  # two writers race for each version; one step is stored
            got = await asyncio.gather(
                *(s.add_move(match_id, step(v, 0, f"{n}{v}", f"{n}{v}"), None)
                  for n, s in zip("AB", stores)), return_exceptions=True)
            assert sum(isinstance(r, StaleVersion) for r in got) == 1, got

    async def until(seen: list, n: int) -> None:
        async with asyncio.timeout(20):
            while len(seen) < n:
                await asyncio.sleep(0.02)

    async def body() -> None:
        reader = store(redis_server.url)
        await reader.open()
        start = await reader.last_event()
        seen = []
        feed = EventFeed(reader, seen.append, start, block_ms=200)
        feed.start()
        writers = [store(redis_server.url), store(redis_server.url)]
        for w in writers:
            await w.open()
        match_id = await writers[0].insert_match(record())
        feed.need(match_id, "0-0")  # (the reader neither made nor read it: told to follow it)
        await write(match_id, range(1, 31), writers)
        await until(seen, 31)
        redis_server.kill()        # kill -9 under the feed and the writers
        await asyncio.sleep(0.3)
        await asyncio.to_thread(redis_server.start)
        await write(match_id, range(31, 41), writers)
        await writers[1].add_move(match_id, step(41), End("over", "finished", 0, [1, 2]))
        await writers[0].set_status(match_id, "over")
        await until(seen, 43)
        assert [e.kind for e in seen] == ["match"] + ["step"] * 41 + ["status"]
        steps = [e for e in seen if e.kind == "step"]
        assert [e.version for e in steps] == list(range(1, 42))
        stored = await reader.steps_since(match_id, 0)
        assert [e.data for e in steps] == [[m.version, m.seat, m.mid, m.move, m.kind] for m in stored]
        assert steps[-1].end == {"status": "over", "reason": "finished", "winner": 0,
                                 "ranking": [1, 2]}
        assert [m.version for m in await reader.steps_since(match_id, 38)] == [39, 40, 41]
        assert feed.failures == 0
        await feed.close()
        for s in (reader, *writers):
            await s.close()
    run(body, 60)
