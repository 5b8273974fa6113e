"""Sharded event streams: a node reads the global stream and only the groups of the
matches it holds (docs/cluster.md, "Fan-out"). A node holding no match of a group reads
none of its events, yet still gets every lobby and quick-match event; a node that takes
up a match of a group it did not read (a spectator joining mid-game, as a move is
stored) misses none of its moves."""

from __future__ import annotations

import asyncio
import random

from server.cluster.redis_scripts import GROUPS
from shared.aliencity import parse_move
from tests.server.helpers import Client, pick, run

from .test_nodes import both_on, play, two_nodes
from .test_quick import until


def test_a_node_reads_no_event_of_a_group_it_holds_no_match_of(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            heard: list = []
            handle = b.feed.handle

            def recorded(event):
                heard.append(event)
                return handle(event)
            b.feed.handle = recorded
            lobby = await Client.open(b.url, "Eve")  # a lobby watcher on node b
            await lobby.request({"type": "watch_lobby", "on": True}, "lobby")
            # a private match played on node a only (match 1)
            black, white, private, state = await both_on(a.url, public=False)
            # a public match created on node a: listed on b (match 2)
            cy = await Client.open(a.url, "Cy")
            listed = (await cy.request({"type": "create", "seat": "black", "public": True},
                                       "joined"))["match"]
            update = await lobby.expect("lobby_update")
            assert update["match"]["code"] == listed
            # a quick match paired on node a (match 3)
            dee, fay = await Client.open(a.url, "Dee"), await Client.open(a.url, "Fay")
            await dee.request({"type": "quick"}, "queued")
            quick = (await fay.request({"type": "quick"}, "joined"))["match"]
            await play(black, white, private, state, random.Random(1), [], 6, 0)
            ids = {code: a.lobby.matches[code].record_id for code in (private, listed, quick)}
            assert len({i % GROUPS for i in ids.values()}) == 3  # three groups
            group = b.lobby.store.group

            async def told() -> bool:  # b heard the quick match and the listed one's presence
                return any(e.kind == "quick" and e.match_id == ids[quick] for e in heard) \
                    and b.feed.counts[group(ids[listed])] > 0
            await until(told, "node b hears the global and the listed match's events")
            # of the private match b read its creation only (a quick match is public:
            # b looked whether to list it, so it may have read its group meanwhile)
            assert [e.kind for e in heard if e.match_id == ids[private]] == ["match"]
            assert b.feed.counts[group(ids[private])] == 0
            assert group(ids[private]) not in b.feed.last
            assert private not in b.lobby.matches
            assert b.feed.counts[b.feed.global_stream] > 0
            for client in (lobby, black, white, cy, dee, fay):
                await client.close()
    run(body, 60)


def test_a_node_taking_up_a_match_of_a_new_group_mid_game_misses_no_move(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            rng = random.Random(7)
            black, white, code, state = await both_on(a.url, public=False)
            state = await play(black, white, code, state, rng, [], 4, 0)
            stream = b.lobby.store.group(a.lobby.matches[code].record_id)
            assert stream not in b.feed.last  # b reads nothing of that group yet
            # a spectator joins on b while a move is being stored on a
            mover = black if state.to_move.text() == "black" else white
            text = pick(state, rng)
            watcher = await Client.open(b.url, "Eve")
            await asyncio.gather(
                mover.send({"type": "move", "match": code, "version": len(state.history),
                            "mid": 50, "move": text}),
                watcher.send({"type": "join", "match": code, "as": "spectator", "rid": 1}))
            await black.expect("moved", version=len(state.history) + 1)
            await white.expect("moved", version=len(state.history) + 1)
            state = state.play(parse_move(text)).state
            sync = await watcher.expect("sync")
            assert stream in b.feed.last
            state = await play(black, white, code, state, rng, [], 8, 100)
            last = len(state.history)
            await watcher.expect("moved", version=last)
            got = [m["version"] for m in watcher.seen if m.get("type") == "moved"]
            assert got == list(range(sync["version"] + 1, last + 1))  # each once, in order
            answer = await watcher.request({"type": "get_state", "match": code}, "sync")
            assert answer["state"] == state.to_dict()
            # once b holds no match of the group (the finished match left its memory when
            # its last spectator there left), it stops reading it
            await black.request({"type": "resign", "match": code}, "ok")
            await watcher.expect("ended")
            await watcher.close()

            async def forgotten() -> bool:
                return code not in b.lobby.matches
            await until(forgotten, "node b forgets the finished match nobody there watches")
            b.feed.grace = 0
            b.feed.prune()
            assert stream not in b.feed.last
            for client in (black, white):
                await client.close()
    run(body, 60)


def test_events_kept_of_a_group_no_longer_read_are_not_applied_to_a_later_read(
        redis_server) -> None:
    """Node b kept a seat event of a match it does not hold while it read the match's
    group; it stops reading the group (no match of it held), the seat changes again
    meanwhile, and b then reads the match: the seat is the one it read, not the kept
    event's (which misses the change made while the group was not read)."""
    from server.connection import token_hash

    from .test_review_findings import private_on, read_group, reclaim

    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, code, token = await private_on(a.url)
            match_id = a.lobby.matches[code].record_id
            follower = b.extras.follow.__self__
            group = await read_group(b, match_id)
            first = await reclaim(a.url, code, token)  # a seat event b keeps (not held)

            async def kept() -> bool:
                return any(e.kind == "seat" for _, e in follower._unheld.get(match_id, ()))
            await until(kept, "node b keeps the seat event")
            b.feed.grace = 0
            b.feed.prune()  # b holds no match of the group: it stops reading it
            assert group not in b.feed.last and match_id not in follower._unheld
            second = await reclaim(a.url, code, token)  # not read by b
            watcher = await Client.open(b.url, "Eve")  # b reads the match and holds it
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            held = b.lobby.matches[code]
            assert held.seats[0].session.token_hash == token_hash(second.session)
            for client in (black, first, second, watcher):
                await client.close()
    run(body, 60)
