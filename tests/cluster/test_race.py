"""Two nodes racing for one version: Redis stores one step, the losing node catches up
from Redis and answers ``stale_state`` as a single server does (never ``server_error``).

One player's session is attached on both nodes (a second connection resumed on the other
node, whose ``session`` event is lost, as when Redis is away at that instant, so the first
connection stays), so the same seat can send a move for the same version through two
nodes at once.
"""

from __future__ import annotations

import asyncio
import random

from server.app import RunningServer
from shared.aliencity import GameState, parse_move
from tests.server.helpers import Client, pick, run

from .test_nodes import across, two_nodes


async def untold_resume(node: RunningServer, name: str, session: str, code: str) -> Client:
    """A second connection of ``session`` on ``node``, joined to the match, while the first
    stays attached on its own node: the other nodes are not told of this resume."""
    async def lost(_session: object) -> bool:
        return True  # what claim_session answers when its event cannot be written
    real, node.relay.claim_session = node.relay.claim_session, lost
    try:
        client = await Client.open(node.url, name, resume=session)
    finally:
        node.relay.claim_session = real
    await client.request({"type": "join", "match": code}, "joined")
    await client.expect("sync")
    return client


async def _sync(client: Client, code: str) -> dict:
    got = await client.request({"type": "get_state", "match": code}, "sync")
    return {k: got[k] for k in ("version", "state", "to_move", "turn")}


def test_the_node_that_loses_a_version_answers_stale_state_with_the_new_state(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            # Black again, on node b (same session): both nodes now hold Black's seat
            black_b = await untold_resume(b, "Ada", black.session, code)
            rng = random.Random(4)
            mid = 10  # move ids 1 and 2 are taken below
            # 1. node b does not hear of node a's step (its feed is stopped): its own
            # check of the version passes, Redis refuses the append, b catches up
            await b.feed.close()
            text = pick(state, rng)
            await black.send({"type": "move", "match": code, "version": 0, "mid": 1, "move": text})
            assert (await black.expect("moved"))["version"] == 1
            answer = await black_b.request({"type": "move", "match": code, "version": 0,
                                            "mid": 2, "move": pick(state, rng)})
            assert answer["type"] == "error" and answer["code"] == "stale_state", answer
            assert answer["version"] == 1
            moved = await black_b.expect("moved")  # sent before the refusal: the new state
            assert moved["version"] == 1 and moved["mid"] == 1 and moved["move"] == text
            assert black_b.seen.index(moved) < black_b.seen.index(answer)
            b.feed.start()
            await white.expect("moved", version=1)
            assert await _sync(black_b, code) == await _sync(black, code)
            state = state.play(parse_move(text)).state
            played = [moved["move"]]
            # 2. both nodes follow each other; the same seat sends for the same version
            # through both at once, many times: each time exactly one step is stored
            clients = {"black": (black, black_b), "white": (white,)}
            white_a = await untold_resume(a, "Bob", white.session, code)
            clients["white"] = (white, white_a)
            everyone = (black, black_b, white, white_a)
            for _ in range(12):
                version = len(state.history)
                movers = clients[state.to_move.text()]
                mids = [mid + 1, mid + 2]
                mid += 2
                texts = [pick(state, rng) for _ in movers]
                await asyncio.gather(*(
                    c.send({"type": "move", "match": code, "version": version, "mid": m,
                            "rid": 1000 + m, "move": t}) for c, m, t in zip(movers, mids, texts)))
                seen = [await c.expect("moved", version=version + 1) for c in everyone]
                for c in movers:  # a ping answered: the move's own answer came before
                    await c.request({"type": "ping"}, "pong")
                refused = [m for c in movers for m in c.drain("error")]
                assert len(refused) == 1 and refused[0]["code"] == "stale_state", refused
                assert refused[0]["version"] == version + 1
                assert refused[0]["rid"] - 1000 != seen[0]["mid"]
                assert len({(m["mid"], m["move"]) for m in seen}) == 1, seen
                for c in everyone:  # exactly one moved for that version
                    assert not [m for m in c.inbox if m.get("type") == "moved"
                                and m["version"] == version + 1]
                assert seen[0]["mid"] in mids
                played.append(seen[0]["move"])
                state = state.play(parse_move(seen[0]["move"])).state
            views = [await _sync(c, code) for c in everyone]
            assert all(v == views[0] for v in views)
            assert views[0]["version"] == len(state.history)
            assert GameState.from_dict(views[0]["state"]).to_dict() == state.to_dict()
            stored = await a.lobby.store.load_code(code)
            assert [m.move for m in stored.moves] == played
            for c in everyone:
                await c.close()
    run(body, 90)
