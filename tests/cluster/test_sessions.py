"""Sessions and seat tokens across nodes: a player whose node died (``kill -9``) comes back
on another node with the same tokens and plays on, even on a node that started before the
match was made (and so never restored it): ``welcome.seats`` lists the match there, a
``join`` by session takes the seat back, and a seat token from a new device takes it
over from the session on a third node (which is told ``seat_taken``).
"""

from __future__ import annotations

import asyncio
import random

from shared.aliencity import GameState
from tests.server.helpers import Client, run

from .conftest import RedisProcess, need_redis
from .test_nodes import node_processes, play, same_moves, two_nodes


def test_a_player_whose_node_died_continues_on_another_with_the_same_tokens(
        redis_server, tmp_path) -> None:
    with node_processes(redis_server.url, tmp_path, "abc") as (a, b, c):
        async def body() -> None:
            black = await Client.open(a.url, "Ada")
            created = await black.request({"type": "create", "seat": "black", "public": False},
                                          "joined")
            code = created["match"]
            await black.expect("sync")
            white = await Client.open(b.url, "Bob")
            await white.request({"type": "join", "match": code}, "joined")
            state = GameState.from_dict((await white.expect("sync"))["state"])
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(2), played, 5, 0)
            session = black.session
            a.kill9()
            # node c started before the match existed, and nobody there asked for it
            back = await Client.open(c.url, "Ada", resume=session)
            assert back.welcome["resumed"] and back.welcome["name"] == "Ada"
            assert back.welcome["seats"] == [{"match": code, "seat": "black",
                                              "version": len(played), "status": "playing"}]
            await back.request({"type": "join", "match": code, "version": len(played)}, "joined")
            sync = await back.expect("sync")
            assert sync["mode"] == "moves" and sync["moves"] == []
            state = await play(back, white, code, state, random.Random(3), played, 4, 10)
            # a new device with the seat token only (no session) on node b takes the seat
            device = await Client.open(b.url, "Ada")
            took = await device.request({"type": "join", "match": code, "version": len(played),
                                         "seat_token": created["seat_token"]}, "joined")
            assert took["seat"] == "black" and "seat_token" not in took
            await device.expect("sync")
            taken = await back.expect("error", code="seat_taken")
            assert taken["match"] == code
            refused = await back.request({"type": "move", "match": code, "mid": 99,
                                          "version": len(played), "move": "x"})
            assert refused["code"] == "not_seated"
            state = await play(device, white, code, state, random.Random(4), played, None, 20)
            ended = [await p.expect("ended") for p in (device, white)]
            assert ended[0]["score"] == ended[1]["score"] == state.score().to_dict()
            record = (await white.request({"type": "get_record", "match": code}, "record"))
            assert same_moves(record["record"], played)
            for p in (back, device, white):
                await p.close()
        run(body, 90)


def test_while_redis_is_down_a_resume_or_a_join_is_refused_not_mistaken(tmp_path) -> None:
    """With Redis down, a node that does not know a session cannot check it: ``hello``
    with ``resume`` is ``server_error`` (not a new identity, which would lose the
    player's seats), and ``join`` of a match it does not hold is ``server_error`` (not
    ``unknown_match``); a new ``hello`` is ``server_error`` too, as its name cannot be
    checked against the registered names. Once Redis is back both work."""
    redis_server = RedisProcess(need_redis(), tmp_path / "redis").start()

    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            ada = await Client.open(a.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black", "public": False},
                                      "joined"))["match"]
            stranger = await Client.open(b.url, "Bob")  # before: a name needs Redis too
            redis_server.kill()
            other = await Client.open(b.url, None)
            answer = await other.request({"type": "hello", "v": 2, "name": "Ada",
                                          "resume": ada.session})
            assert answer["type"] == "error" and answer["code"] == "server_error", answer
            guest = await Client.open(b.url, None)  # a name cannot be checked: refused
            answer = await guest.request({"type": "hello", "v": 2, "name": "Cy"})
            assert answer["type"] == "error" and answer["code"] == "server_error", answer
            answer = await stranger.request({"type": "join", "match": code})
            assert answer["type"] == "error" and answer["code"] == "server_error", answer
            await asyncio.to_thread(redis_server.start)
            back = await Client.open(b.url, "Ada", resume=ada.session)
            assert back.welcome["resumed"]
            assert [s["match"] for s in back.welcome["seats"]] == [code]
            for client in (ada, other, guest, stranger, back):
                await client.close()
    try:
        run(body, 60)
    finally:
        redis_server.kill()
