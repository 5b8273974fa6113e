"""A spectator who joins as the last move is played learns the end at the final
version, whichever the server handles first: the join, the move, or the two at once
(the join's reply and sync and the move's moved and ended are each sent under the
match's lock)."""

from __future__ import annotations

import asyncio
import random

import pytest

from shared.aliencity import GameState, Player, parse_move

from .helpers import Client, pair, pick, run, running


@pytest.mark.parametrize("order", ["join first", "move first", "at once"])
def test_a_spectator_joining_at_the_last_move_sees_the_end(order):
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            clients = {Player.BLACK: black, Player.WHITE: white}
            start = next(m for m in black.seen if m.get("type") == "sync")
            state, rng, mid = GameState.from_dict(start["state"]), random.Random(7), 0
            while True:
                text = pick(state, rng)
                after = state.play(parse_move(text), state.to_move).state
                mid += 1
                move = {"type": "move", "match": code, "version": len(state.history),
                        "mid": f"m{mid}", "move": text}
                if after.is_over():
                    break
                await clients[state.to_move].send(move)
                for c in (black, white):
                    await c.expect("moved", version=len(after.history))
                state = after
            final = len(after.history)
            eve = await Client.open(server.url, "Eve")
            join = {"type": "join", "match": code, "as": "spectator"}
            mover = clients[state.to_move]
            if order == "join first":
                await eve.request(join, "joined")
                await mover.send(move)
            elif order == "move first":
                await mover.send(move)
                await black.expect("ended")
                await eve.request(join, "joined")
            else:
                await asyncio.gather(eve.send(join), mover.send(move))
            sync = await eve.expect("sync")
            ended = sync.get("ended") or await eve.expect("ended")
            assert ended["version"] == final and ended["reason"] == "finished"
            if "ended" not in sync:  # joined before the move: it came as a move
                assert (await eve.expect("moved"))["version"] == final == sync["version"] + 1
            else:
                assert sync["version"] == final
            for c in (black, white, eve):
                await c.close()
    run(body)
