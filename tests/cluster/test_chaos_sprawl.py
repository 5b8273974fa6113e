"""Chaos with four seats: Sprawl matches with resignations over 3 node processes.

Each match has four players, each on a different node than the seat before it, and a
spectator; some players resign mid-game (in one match of four, three of them: the match
ends by resignation). While they play, players drop their connection now and then and
come back on *another* node, and nodes are killed with ``kill -9`` (and started again).
At the end every client (the four players and the spectator) must hold the same final
position, version and ranking, and so must ``get_state`` asked of every node, and the
stored steps must be exactly those acknowledged.
"""

from __future__ import annotations

import asyncio
import random

from alien_city.headless import Bot, Stats
from alien_city.headless.bot import _plain
from tests.server.helpers import Client, run

from .conftest import RedisProcess, need_redis
from .test_chaos import Cluster, ClusterBot, acknowledged, stored_steps

MATCHES = 6
SEATS = 4
THINK = 0.12   # seconds a bot waits before a move (0 to twice this)
DROP = 0.04    # chance that a player drops its connection after a move it saw
KILLS = 3
KILL_EVERY = 1.5


class SprawlBot(ClusterBot):
    """A player that comes back on the next node each time it reconnects, drops its
    connection now and then, and resigns once at ``resign_at`` (a version), if given."""

    def __init__(self, cluster: Cluster, home: int, resign_at: int | None, **kwargs) -> None:
        super().__init__(cluster, home, game="sprawl", **kwargs)
        self.resign_at = resign_at
        self.resign_sent = False

    async def _connect(self, resume: bool) -> None:
        if resume:  # always somewhere else than last time
            self.home = (self.home + 1) % len(self.cluster.nodes)
        await super()._connect(resume)

    def _moved(self, m: dict) -> None:
        super()._moved(m)
        if not self.watching and self.ended is None and self.rng.random() < DROP:
            asyncio.ensure_future(self.ws.close())

    async def _maybe_move(self) -> None:
        if (self.resign_at is not None and not self.resign_sent and self.state is not None
                and self.status == "playing" and self.ended is None and self.pending is None
                and self.version >= self.resign_at):
            self.resign_sent = True
            await self.send({"type": "resign", "match": self.code})
            return
        await super()._maybe_move()


async def one_match(cluster: Cluster, index: int, stats: Stats, everyone: list[Bot],
                    seated: list[str]) -> list[Bot]:
    rng = random.Random(index)
    resigners = rng.sample(range(SEATS), 3 if index % 4 == 3 else index % 3)
    players = [SprawlBot(cluster, (index + seat) % 3, rng.randint(2, 14) if seat in resigners
                         else None, name=f"p{index}.{seat}", seed=100 * index + seat,
                         stats=stats, think=THINK) for seat in range(SEATS)]
    watcher = SprawlBot(cluster, (index + 2) % 3, None, name=f"s{index}", seed=100 * index + 99,
                        stats=stats)
    watcher.watching = True
    everyone += players + [watcher]
    for bot in players + [watcher]:
        await bot.start()
    code = await players[0].create({"players": SEATS}, public=index % 2 == 0)
    for bot in players[1:]:
        await bot.join(code)
    await watcher.send({"type": "join", "match": code, "as": "spectator"})
    joined = await watcher._expect("joined")
    watcher.code = joined["match"]
    seated.append(code)
    await asyncio.gather(*(bot.play() for bot in players + [watcher]))
    return players + [watcher]


def final_view(bot: Bot) -> tuple:
    """What a client holds at the end: version, ranking, resigned seats, position. A
    resignation that ends the match keeps the version (no ``moved``): it is applied here
    from the ``ended`` message, as a client shows it."""
    ended = bot.ended
    state = bot.state
    if ended["reason"] == "resigned" and state is not None and not state.is_over():
        state = state.resign(bot.seat_names.index(ended["resigned"][-1]))[0]
    return (ended["version"], list(ended["ranking"]), list(ended["resigned"]),
            None if state is None else _plain(state.to_dict()))


async def state_from(url: str, code: str) -> tuple:
    client = await Client.open(url, "checker")
    try:
        sync = await client.request({"type": "get_state", "match": code}, "sync")
    finally:
        await client.close()
    assert sync.get("type") == "sync", sync
    ended = sync["ended"]
    return (sync["version"], list(ended["ranking"]), list(ended["resigned"]), sync["state"])


def test_sprawl_four_seats_resignations_reconnects_and_kills_agree_everywhere(tmp_path) -> None:
    redis = RedisProcess(need_redis(), tmp_path / "redis", fsync="always").start()
    cluster = Cluster(redis.url, tmp_path)
    try:
        async def body() -> None:
            stats = Stats()
            everyone: list[Bot] = []
            seated: list[str] = []
            games = [asyncio.ensure_future(one_match(cluster, i, stats, everyone, seated))
                     for i in range(MATCHES)]
            while len(seated) < MATCHES and not any(g.done() for g in games):
                await asyncio.sleep(0.05)
            restarts = []
            for kill in range(KILLS):
                await asyncio.sleep(KILL_EVERY)
                while sum(1 for n in cluster.nodes if n) < 3:
                    await asyncio.sleep(0.05)
                victim = kill % 3
                cluster.kill(victim)
                restarts.append(asyncio.ensure_future(asyncio.to_thread(cluster.restart, victim)))
            await asyncio.gather(*restarts)
            await asyncio.wait(games, timeout=120)
            stuck = [bot.describe() for bot in everyone if bot.ended is None]
            assert not stuck, "\n".join(stuck + stats.notes[-30:])
            results = [g.result() for g in games]
            assert stats.desyncs == 0, stats.notes
            codes = [bots[0].code for bots in results]
            stored = await stored_steps(redis.url, codes)
            for bots in results:
                code = bots[0].code
                views = {bot.name: final_view(bot) for bot in bots}
                for node in cluster.nodes:
                    views[f"get_state@{node.url}"] = await state_from(node.url, code)
                first = next(iter(views.values()))
                differ = {who: view[:3] for who, view in views.items() if view != first}
                assert not differ, (code, first[:3], differ)
                steps = {m.version: m.move or None for m in stored[code].moves}  # resign: ''
                acked = acknowledged([b for b in bots if not b.watching])[code]
                lost = {v: (move, steps.get(v)) for v, move in acked.items() if steps.get(v) != move}
                assert not lost, (code, lost)
                assert stored[code].status == "over", code
            print(f"sprawl chaos: {MATCHES} matches of {SEATS} seats, {KILLS} node kills, "
                  f"{stats.reconnects} reconnects, "
                  f"{sum(1 for bots in results if bots[0].ended['reason'] == 'resigned')} "
                  f"ended by resignation")
        run(body, 240)
    finally:
        cluster.stop()
        redis.kill()

