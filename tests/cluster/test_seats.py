"""Seats across nodes: a free seat is taken once, whichever node each join comes to.

A node's copy of a waiting match may not know yet that another node seated someone (the
event is on its way); its join must still not give that seat a second time. The store
takes a join's seat only if it is still free (one Lua script, which also starts the
match when that was the last seat).
"""

from __future__ import annotations

from server.store import MatchRecord, SeatRecord, SeatTaken, Store
from tests.server.helpers import Client, run

from .test_nodes import two_nodes


async def _three_seat_match(node) -> dict:
    """Ada creates a private three-seat Sprawl match on ``node``: its ``joined`` answer."""
    ada = await Client.open(node.url, "Ada")
    return await ada.request({"type": "create", "game": "sprawl", "public": False,
                              "options": {"players": 3}}, "joined")


def test_two_joins_of_one_free_seat_on_two_nodes_get_two_seats(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            created = await _three_seat_match(a)
            code = created["match"]
            eve = await Client.open(b.url, "Eve")  # node b holds the match (a spectator)
            await eve.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            await b.feed.close()  # b does not hear of a's join: its copy shows the seat free
            bob = await Client.open(a.url, "Bob")
            first = await bob.request({"type": "join", "match": code}, "joined")
            cy = await Client.open(b.url, "Cy")
            second = await cy.request({"type": "join", "match": code}, "joined")
            assert second["type"] == "joined", second
            seats = {created["seat"], first["seat"], second["seat"]}
            assert len(seats) == 3, (created["seat"], first["seat"], second["seat"])
            sync = await cy.expect("sync")
            assert sync["info"]["status"] == "playing"  # the last seat started it
            assert [p["name"] for p in sync["info"]["players"]] == \
                [{created["seat"]: "Ada", first["seat"]: "Bob", second["seat"]: "Cy"}[s]
                 for s in [p["seat"] for p in sync["info"]["players"]]]
            b.feed.start()
            record = await a.lobby.store.load_code(code)
            assert record.status == "playing"
            assert sorted(s.name for s in record.seats.values()) == ["Ada", "Bob", "Cy"]
    run(body, 60)


def test_the_single_server_store_takes_a_free_seat_and_starts_the_match(tmp_path) -> None:
    async def body() -> None:
        store = Store(tmp_path / "m.db")
        try:
            match_id = await store.insert_match(MatchRecord(
                code="ABCDEF", game="alien-city", options={}, seed=1, public=False,
                status="waiting", seats={0: SeatRecord("Ada", "t0", "s0")}))
            try:
                await store.take_seat(match_id, 0, SeatRecord("Bob", "t1", "s1"), 2)
            except SeatTaken:
                pass
            else:
                raise AssertionError("a taken seat was taken again")
            assert await store.take_seat(match_id, 1, SeatRecord("Bob", "t1", "s1"), 2)
            record = await store.load_code("ABCDEF")
            assert record.status == "playing" and record.seats[1].name == "Bob"
        finally:
            await store.close()
    run(body, 30)


def test_a_leave_crossing_the_last_join_keeps_the_seat_of_a_started_match(redis_server) -> None:
    """The join that takes the last seat starts the match in the same script; a leave on a
    node that has not heard of it yet finds the match playing and only detaches, as a
    leave of a started match does on one server: no seat of the started match is empty."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            created = await _three_seat_match(a)
            code = created["match"]
            bob = await Client.open(b.url, "Bob")
            await bob.request({"type": "join", "match": code}, "joined")
            await b.feed.close()  # b does not hear that the last seat is taken
            cy = await Client.open(a.url, "Cy")
            await cy.request({"type": "join", "match": code}, "joined")
            left = await bob.request({"type": "leave", "match": code}, "left")
            assert left["cancelled"] is False, left
            record = await a.lobby.store.load_code(code)
            assert record.status == "playing"
            assert sorted(s.name for s in record.seats.values()) == ["Ada", "Bob", "Cy"]
            b.feed.start()
    run(body, 60)
