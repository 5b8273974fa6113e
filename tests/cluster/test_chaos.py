"""Chaos: 3 node processes on one redis-server (AOF, ``appendfsync always``), a dozen
matches whose two players sit on different nodes, played by the scripted bots the server
bench uses (:class:`alien_city.headless.Bot`: each mirrors its match on its own copy of the game
and counts every disagreement with the server as a desync).

While they play, one node after another is killed with ``kill -9`` and started again; the
bots on it reconnect to the other nodes with their session and seat tokens. Then
redis-server itself is killed with ``kill -9`` and restarted on its AOF. At the end:

- 0 acknowledged moves lost: every ``moved`` any bot received is in the stored match, at
  its version (checked also right after Redis came back: everything acknowledged before
  the Redis kill was read back from the AOF);
- 0 desyncs: every bot's own game agrees with every ``moved`` and the final score;
- every match finishes, and both bots saw exactly the stored steps.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path

from alien_city.headless import Bot, BotError, Stats
from server.cluster.redis_store import RedisStore
from tests.server.helpers import run

from .conftest import RedisProcess, need_redis
from .test_nodes import Node

MATCHES = 12
THINK = 0.3    # seconds a bot waits before a move (0 to twice this): a match lasts 15 s
KILLS = 4      # node kills (each restarted at once), one every KILL_EVERY seconds
KILL_EVERY = 1.0


class Cluster:
    """Node processes that can be killed and restarted; which of them are up."""

    def __init__(self, redis_url: str, folder: Path, names: str = "abc") -> None:
        self.redis_url = redis_url
        self.folder = folder
        self.names = names
        self.starts = itertools.count()
        self.nodes: list[Node | None] = [self._start(name) for name in names]

    def _start(self, name: str) -> Node:
        return Node(self.redis_url, self.folder, f"{name}{next(self.starts)}")

    def urls(self, first: int) -> list[str]:
        """The addresses of the live nodes, starting with node ``first``."""
        order = [(first + i) % len(self.nodes) for i in range(len(self.nodes))]
        return [self.nodes[i].url for i in order if self.nodes[i] is not None]

    def kill(self, index: int) -> None:
        node, self.nodes[index] = self.nodes[index], None
        node.kill9()
        node.log.close()

    def restart(self, index: int) -> None:
        self.nodes[index] = self._start(self.names[index])

    def stop(self) -> None:
        for node in self.nodes:
            if node is not None:
                node.stop()


class ClusterBot(Bot):
    """A bot whose connection goes to its home node, or to the next live one when that
    is down; it records every ``moved`` it receives (what was acknowledged), and joins
    again after ``server_error`` (Redis away: its move or join was not done)."""

    def __init__(self, cluster: Cluster, home: int, **kwargs) -> None:
        super().__init__(cluster.urls(home)[0], **kwargs)
        self.cluster = cluster
        self.home = home
        self.acked: dict[int, str | None] = {}

    def describe(self) -> str:
        """Where a bot is (for a failure's message)."""
        return (f"{self.name} {self.code} {self.seat} v{self.version} {self.status} "
                f"pending={self.pending} to_move={getattr(self.state, 'to_move', '?')} "
                f"url={self.url} ws={getattr(self.ws, 'state', None)}")

    async def _connect(self, resume: bool) -> None:
        last: BotError | None = None
        for url in self.cluster.urls(self.home):
            self.url = url
            try:
                return await super()._connect(resume)
            except BotError as exc:
                last = exc
        raise last or BotError("no node is up")

    def _moved(self, m: dict) -> None:
        if m["version"] in self.acked:
            assert self.acked[m["version"]] == m["move"], (self.code, m)  # never two steps
        self.acked[m["version"]] = m["move"]
        super()._moved(m)

    async def _handle(self, m: dict) -> None:
        if m.get("type") == "error" and m.get("code") == "server_error":
            # not done (Redis away): join again shortly; the sync says what is stored
            self.pending = None
            await asyncio.sleep(0.2)
            await self.send({"type": "join", "match": self.code, "version": self.version,
                             "seat_token": self.seat_token})
            return
        await super()._handle(m)


async def one_match(cluster: Cluster, index: int, stats: Stats, everyone: list[ClusterBot],
                    seated: list[str]) -> tuple[str, list[ClusterBot]]:
    """Black's bot on node ``index % 3``, White's on the next node."""
    black = ClusterBot(cluster, index % 3, name=f"b{index}", seed=index, stats=stats,
                       think=THINK)
    white = ClusterBot(cluster, (index + 1) % 3, name=f"w{index}", seed=1000 + index,
                       stats=stats, think=THINK)
    everyone += [black, white]
    await black.start()
    await white.start()
    code = await black.create()
    await white.join(code)
    seated.append(code)  # the nodes are killed once every match is under way
    await asyncio.gather(black.play(), white.play())
    return code, [black, white]


def acknowledged(bots: list[ClusterBot]) -> dict[str, dict[int, str | None]]:
    out: dict[str, dict[int, str | None]] = {}
    for bot in bots:
        out.setdefault(bot.code, {}).update(bot.acked)
    return out


async def stored_steps(url: str, codes: list[str]) -> dict[str, list]:
    store = RedisStore(url)
    try:
        await store.open()
        return {code: (await store.load_code(code)) for code in codes}
    finally:
        await store.close()


def test_chaos_nodes_and_redis_killed_nothing_acknowledged_lost(tmp_path) -> None:
    redis = RedisProcess(need_redis(), tmp_path / "redis", fsync="always").start()
    cluster = Cluster(redis.url, tmp_path)
    try:
        async def body() -> None:
            stats = Stats()
            bots: list[ClusterBot] = []
            started = time.monotonic()
            everyone: list[ClusterBot] = []
            seated: list[str] = []
            games = [asyncio.ensure_future(one_match(cluster, i, stats, everyone, seated))
                     for i in range(MATCHES)]
            while len(seated) < MATCHES:
                await asyncio.sleep(0.05)
            restarts = []
            for kill in range(KILLS):  # kill -9 a node mid-game; it starts again meanwhile
                await asyncio.sleep(KILL_EVERY)
                while sum(1 for n in cluster.nodes if n) < 2:  # one left after the kill
                    await asyncio.sleep(0.05)
                victim = next(i % 3 for i in itertools.count(kill) if cluster.nodes[i % 3])
                cluster.kill(victim)
                restarts.append(asyncio.ensure_future(asyncio.to_thread(cluster.restart, victim)))
            live = [g for g in games if not g.done()]
            assert live, "the matches ended before redis-server was killed"
            # now redis-server: what was acknowledged until its death must come back
            redis.kill()
            before = acknowledged([bot for bot in everyone if bot.code])
            await asyncio.sleep(0.5)  # moves during the outage are refused, not acknowledged
            await asyncio.to_thread(redis.start)
            back = await stored_steps(redis.url, list(before))
            for code, acked in before.items():
                steps = {m.version: m.move for m in back[code].moves}
                assert all(steps.get(v) == move for v, move in acked.items()), code
            await asyncio.gather(*restarts)
            await asyncio.wait(games, timeout=90)
            stuck = [bot.describe() for bot in everyone if bot.ended is None]
            assert not stuck, stuck
            results = await asyncio.gather(*games, return_exceptions=True)
            errors = [r for r in results if isinstance(r, BaseException)]
            assert not errors, errors
            for _code, pair in results:
                bots.extend(pair)
            codes = [code for code, _ in results]
            final = await stored_steps(redis.url, codes)
            for code, acked in acknowledged(bots).items():
                record = final[code]
                steps = {m.version: m.move for m in record.moves}
                assert record.status == "over", code                       # finished
                assert all(steps.get(v) == move for v, move in acked.items()), code  # 0 lost
                assert sorted(acked) == list(range(1, len(record.moves) + 1)), code
            assert stats.desyncs == 0, stats.notes
            assert all(bot.ended is not None for bot in bots)
            print(f"chaos: {MATCHES} matches, {KILLS} node kills, redis killed with "
                  f"{len(live)} matches running; {stats.reconnects} reconnects, "
                  f"{sum(len(a) for a in before.values())} moves acknowledged before the "
                  f"redis kill, all read back; {time.monotonic() - started:.1f} s")
        run(body, 200)
    finally:
        cluster.stop()
        redis.kill()

