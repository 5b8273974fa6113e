"""Names, ratings, the archive and clocks on a cluster (docs/cluster.md, "Names, ratings,
the archive and clocks"): nodes on one real redis-server, clients over loopback.

A name registered on one node is taken on every node (lookalikes too); a rated match
whose players are on two nodes changes both ratings once; two rated matches of one
player ending at the same instant on two nodes both count; every node reads the
leaderboard, profiles and archive; a timed match is timed on every node that holds it,
its flag decided once; a clock survives ``kill -9`` of the node with the time its player
had at the last acknowledged step.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import AsyncIterator

from server.app import RunningServer, start_server
from shared.aliencity import GameState, parse_move
from shared.online.ratings import Rating, rate
from tests.server.helpers import FAST, Client, pick, run
from tests.server.test_names_ratings import hello, registered

from .test_nodes import Node


@contextlib.asynccontextmanager
async def nodes(redis_url: str, count: int) -> AsyncIterator[list[RunningServer]]:
    """``count`` nodes in this process on one Redis, closed afterwards."""
    started: list[RunningServer] = []
    try:
        for name in "abc"[:count]:
            started.append(await start_server("127.0.0.1", 0, limits=FAST, redis=redis_url,
                                              node_name=name))
        yield started
    finally:
        for node in reversed(started):
            await node.close()


async def rated_match(creator: Client, joiner: Client) -> str:
    """``creator`` opens a rated match (black) and ``joiner`` takes the other seat."""
    created = await creator.request({"type": "create", "seat": "black", "rated": True}, "joined")
    code = created["match"]
    joined = await joiner.request({"type": "join", "match": code}, "joined")
    assert joined["type"] == "joined", joined
    sync = await joiner.expect("sync")
    assert sync["info"]["rated"] is True
    return code


async def black_until_white(ada: Client, bob: Client, code: str, sync: dict
                            ) -> tuple[dict, dict, int]:
    """Ada (black) moves until the turn passes to Bob (Alien City's opening builds may
    give her several): her last ``moved`` as she and Bob got it, and the version."""
    state, version = GameState.from_dict(sync["state"]), 0
    while state.to_move.text() == "black":
        text = pick(state, random.Random(version))
        await ada.send({"type": "move", "match": code, "version": version, "mid": version,
                        "move": text})
        mine, theirs = await ada.expect("moved"), await bob.expect("moved")
        state, version = state.play(parse_move(text)).state, version + 1
    return mine, theirs, version


def test_a_name_registered_on_one_node_is_taken_on_every_node(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, 2) as (a, b):
            ada, key = await registered(a.url, "Ada")
            for name in ("ADA", "Аda"):  # a guest, or a lookalike (Cyrillic А), on node b
                _, taken = await hello(b.url, name)
                assert taken["type"] == "error" and taken["code"] == "name_taken", taken
            guest = await Client.open(b.url, "Someone")
            for name in ("ada", "Аda"):
                answer = await guest.request({"type": "register", "name": name})
                assert answer["code"] == "name_taken", (name, answer)
            signed, welcome = await hello(b.url, "Ada", key)  # the key works on any node
            assert welcome["type"] == "welcome" and welcome["signed_in"] is True
            _, wrong = await hello(b.url, "Ada", key[:-2] + "xx")
            assert wrong["code"] == "sign_in_failed"
            for client in (ada, guest, signed):
                await client.close()
    run(body, 60)


def test_a_rated_match_across_nodes_is_rated_once_and_read_from_any_node(redis_server) -> None:
    async def body() -> None:
        async with nodes(redis_server.url, 3) as (a, b, c):
            ada, _ = await registered(a.url, "Ada")
            bob, _ = await registered(b.url, "Bob")
            code = await rated_match(ada, bob)
            await bob.request({"type": "resign", "match": code}, "ok")
            ends = [await ada.expect("ended"), await bob.expect("ended")]
            assert ends[0]["ratings"] == ends[1]["ratings"]  # rated once, told on both nodes
            up, down = ends[0]["ratings"]
            assert up["before"] == 1500 and up["change"] > 0 and down["change"] < 0
            reader = await Client.open(c.url, "Reader")
            board = await reader.request({"type": "leaderboard", "game": "alien-city",
                                          "provisional": True})
            assert [(r["name"], r["rating"]) for r in board["rows"]] == \
                [("Ada", up["after"]), ("Bob", down["after"])]
            profile = await reader.request({"type": "profile", "name": "bob"})
            pool, = profile["ratings"]
            assert pool["games"] == 1 and [h["match"] for h in pool["history"]] == [code]
            for node in (a, b, c):  # every node's archive lists it
                client = await Client.open(node.url, "Browser")
                listed = await client.request({"type": "archive", "player": "Ada"})
                assert [m["match"] for m in listed["matches"]] == [code]
                assert listed["matches"][0]["players"][1]["rating"]["after"] == down["after"]
                await client.close()
            for client in (ada, bob, reader):
                await client.close()
    run(body, 60)


def test_two_rated_matches_of_one_player_ending_at_once_on_two_nodes_both_count(redis_server) -> None:
    """The issue's proof: Ada plays Bob on node a and Cid on node b; both resign at the
    same instant. Ada's rating counts two games, the second rated on the first's result
    (none lost), and equals applying both updates in turn."""
    async def body() -> None:
        async with nodes(redis_server.url, 3) as (a, b, c):
            ada_a, key = await registered(a.url, "Ada")
            ada_b, welcome = await hello(b.url, "Ada", key)
            assert welcome["signed_in"]
            bob, _ = await registered(a.url, "Bob")
            cid, _ = await registered(b.url, "Cid")
            one = await rated_match(ada_a, bob)
            two = await rated_match(ada_b, cid)
            await asyncio.gather(bob.send({"type": "resign", "match": one}),
                                 cid.send({"type": "resign", "match": two}))
            ended = [await ada_a.expect("ended", match=one), await ada_b.expect("ended", match=two)]
            reader = await Client.open(c.url, "Reader")
            profile = await reader.request({"type": "profile", "name": "Ada"})
            pool, = profile["ratings"]
            assert pool["games"] == 2
            assert sorted(h["match"] for h in pool["history"]) == sorted([one, two])
            once = rate([Rating(), Rating()], [1, 2])[0]  # each opponent a newcomer
            twice = rate([once, Rating()], [1, 2])[0]
            assert pool["rating"] == twice.display()
            assert [h["rating"] for h in pool["history"]] == [once.display(), twice.display()]
            assert sorted(e["ratings"][0]["after"] for e in ended) == \
                [once.display(), twice.display()]
            for client in (ada_a, ada_b, bob, cid, reader):
                await client.close()
    run(body, 60)


def test_a_timed_match_is_timed_on_every_node_and_flagged_once(redis_server) -> None:
    """Ada on node a, Bob on node b, a spectator on node c: Bob's node shows the clock
    Ada's node measured for her move; then nobody moves, every node's timer runs out,
    and the seat is resigned on time exactly once (one step in Redis, one 'ended')."""
    async def body() -> None:
        async with nodes(redis_server.url, 3) as (a, b, c):
            ada = await Client.open(a.url, "Ada")
            created = await ada.request({"type": "create", "seat": "black", "clock": "0.05+0"},
                                        "joined")
            code = created["match"]
            bob = await Client.open(b.url, "Bob")
            await bob.request({"type": "join", "match": code}, "joined")
            sync = await bob.expect("sync")
            assert sync["info"]["clock"] == "0.05+0" and sync["clock"]["running"] == "black"
            while (await ada.expect("match_info"))["info"]["status"] != "playing":
                pass  # Ada's node learns the start from the event stream
            mine, theirs, version = await black_until_white(ada, bob, code, sync)
            assert theirs["clock"]["left_ms"][0] == mine["clock"]["left_ms"][0] <= 3000
            assert theirs["clock"]["running"] == mine["clock"]["running"] == "white"
            eve = await Client.open(c.url, "Eve")
            await eve.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            watched = await eve.expect("sync")
            assert watched["clock"]["left_ms"][0] == mine["clock"]["left_ms"][0]
            ends = [await client.expect("ended", timeout=20) for client in (ada, bob, eve)]
            assert {(e["reason"], e["winner"]) for e in ends} == {("time", "black")}
            stored = await a.lobby.store.load_code(code)
            assert [(m.seat, m.kind) for m in stored.moves] == [(0, "move")] * version + [(1, "resign")]
            for client in (ada, bob, eve):  # no second flag comes
                with contextlib.suppress(TimeoutError):
                    extra = await client.expect("ended", timeout=1.0)
                    raise AssertionError(f"a second end: {extra}")
            assert len((await a.lobby.store.load_code(code)).moves) == version + 1
            for client in (ada, bob, eve):
                await client.close()
    run(body, 60)


def test_a_clock_survives_kill_9_of_its_node(redis_server, tmp_path) -> None:
    """Both players on node a; after Ada's move node a is killed (SIGKILL). On node b
    the match resumes with Ada's time exactly as her move left it and Bob's turn running
    again with the time he had at that step: the thinking before the kill and the
    downtime are nobody's."""
    a, b = Node(redis_server.url, tmp_path, "a"), Node(redis_server.url, tmp_path, "b")
    try:
        async def on_a() -> tuple:
            ada = await Client.open(a.url, "Ada")
            created = await ada.request({"type": "create", "seat": "black", "clock": "10+0"},
                                        "joined")
            bob = await Client.open(a.url, "Bob")
            joined = await bob.request({"type": "join", "match": created["match"]}, "joined")
            sync = await bob.expect("sync")
            await ada.expect("sync")
            moved, _, version = await black_until_white(ada, bob, created["match"], sync)
            await asyncio.sleep(1.0)  # Bob thinks; then the node dies
            a.kill9()
            return (created["match"], moved["clock"]["left_ms"], bob.session,
                    joined["seat_token"], version)

        code, left, session, token, version = run(on_a, 60)

        async def on_b() -> None:
            since = time.monotonic()  # (the resume reads the match: its turn starts again)
            bob = await Client.open(b.url, "Bob", resume=session)
            await bob.request({"type": "join", "match": code, "seat_token": token}, "joined")
            sync = await bob.expect("sync")
            waited_ms = (time.monotonic() - since) * 1000
            clock = sync["clock"]
            assert clock["running"] == "white" and sync["version"] == version
            assert clock["left_ms"][0] == left[0]  # Ada's time as her move left it
            assert left[1] - waited_ms - 50 <= clock["left_ms"][1] <= 600_000  # not the 1 s
            await bob.close()

        run(on_b, 60)
    finally:
        a.stop()
        b.stop()


def test_a_node_that_lists_a_match_before_its_row_is_written_reads_it_again(redis_server) -> None:
    """Node b lists Ada's new public match (rated, timed) before node a has written its
    archive row and clock: a guest on b is still refused its rated seat, and once Bob
    (signed in) sits there, b times the match."""
    async def body() -> None:
        async with nodes(redis_server.url, 2) as (a, b):
            online = a.lobby.online
            held: list = []
            online.opened = held.append  # type: ignore[method-assign]  # written later
            ada, _ = await registered(a.url, "Ada")
            created = await ada.request({"type": "create", "seat": "black", "rated": True,
                                         "clock": "5+0"}, "joined")
            code = created["match"]
            while code not in b.lobby.matches:  # b lists it (the 'match' event)
                await asyncio.sleep(0.01)
            assert b.lobby.matches[code].rated is False and b.lobby.matches[code].clock is None
            del online.opened
            online.opened(held[0])
            guest = await Client.open(b.url, "Guest")
            refused = await guest.request({"type": "join", "match": code})
            assert refused["type"] == "error" and refused["code"] == "not_signed_in", refused
            bob, _ = await registered(b.url, "Bob")
            await bob.request({"type": "join", "match": code}, "joined")
            sync = await bob.expect("sync")
            assert sync["info"]["rated"] is True and sync["clock"]["running"] == "black"
            for client in (ada, guest, bob):
                await client.close()
    run(body, 60)
