"""The load window: a node reads a match from Redis for a spectator while another node
stores the next step. The feed brings that step while the match is not yet held on the
reading node; the node applies it to the copy it loaded before holding it, so the
spectator's first ``sync`` is at the new version (it used to stay one step behind until
the next step).
"""

from __future__ import annotations

import asyncio
import random

from server.cluster.node import Follower
from shared.aliencity import GameState
from tests.server.helpers import Client, run

from .test_nodes import both_on, play, two_nodes


def test_a_step_stored_while_another_node_reads_the_match_is_not_missed(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, code, state = await both_on(a.url, public=False)
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(5), played, 2, 0)
            assert code not in b.lobby.matches  # private: node b has not listed it
            follower: Follower = b.extras.follow.__self__
            store = b.lobby.store
            read = store.load_code
            moved_meanwhile: list[GameState] = []

            async def slow_read(wanted: str):
                """Node b's read of the match, with node a's next step stored right after
                it and brought by b's feed before the read returns."""
                record = await read(wanted)
                if wanted == code and not moved_meanwhile:
                    moved_meanwhile.append(await play(black, white, code, state,
                                                      random.Random(6), played, 1, 10))
                    async with asyncio.timeout(10):  # b's feed has the step, unheld
                        while not any(e.kind == "step" and e.version == 3
                                      for _, e in follower._unheld.get(record.id, ())):
                            await asyncio.sleep(0.01)
                return record

            store.load_code = slow_read
            try:
                watcher = await Client.open(b.url, "Eve")
                await watcher.request({"type": "join", "match": code, "as": "spectator"},
                                      "joined")
                sync = await watcher.expect("sync")
            finally:
                store.load_code = read
            assert moved_meanwhile, "node b did not read the match from Redis"
            assert sync["version"] == 3
            assert GameState.from_dict(sync["state"]) == moved_meanwhile[0]
            # and it follows on from there
            state = await play(black, white, code, moved_meanwhile[0], random.Random(7),
                               played, 1, 20)
            assert (await watcher.expect("moved"))["version"] == 4
            for client in (black, white, watcher):
                await client.close()
    run(body, 60)
