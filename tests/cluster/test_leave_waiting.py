"""Leaving a waiting match across nodes: a person who is not the last one seated frees
the seat (every node shows it free, anyone may take it), the last one cancels the match;
Redis decides which in one script (FREE_SEAT), and a retried call gets the same answer."""

from __future__ import annotations

from server.connection import token_hash
from tests.server.helpers import Client, run

from .test_nodes import two_nodes


async def info_without(client: Client, code: str, name: str) -> dict:
    """The first ``match_info`` in which ``name`` holds no seat."""
    while True:
        info = (await client.expect("match_info", match=code))["info"]
        if name not in [p["name"] for p in info["players"]]:
            return info


def test_leaving_a_waiting_match_on_either_node(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            ann = await Client.open(a.url, "Ann")
            code = (await ann.request({"type": "create", "game": "city-blocks", "seat": "red",
                                       "options": {"players": 3}}, "joined"))["match"]
            bob = await Client.open(b.url, "Bob")
            assert (await bob.request({"type": "join", "match": code}, "joined"))["seat"] == "green"
            left = await bob.request({"type": "leave", "match": code}, "left")
            assert left["cancelled"] is False, left
            info = await info_without(ann, code, "Bob")  # node a learns it from the stream
            assert info["status"] == "waiting"
            stored = await a.lobby.store.load_code(code)
            assert sorted(stored.seats) == [0] and stored.status == "waiting"
            assert code not in [s["match"] for s in
                                (await Client.open(b.url, "Bob", resume=bob.session)).welcome["seats"]]
            cy = await Client.open(b.url, "Cy")  # the freed seat is anyone's, on any node
            assert (await cy.request({"type": "join", "match": code}, "joined"))["seat"] == "green"
            assert (await ann.request({"type": "leave", "match": code}, "left"))["cancelled"] is False
            await info_without(cy, code, "Ann")
            last = await cy.request({"type": "leave", "match": code}, "left")
            assert last["cancelled"] is True, last
            stored = await b.lobby.store.load_code(code)
            assert stored.status == "cancelled" and stored.end_reason == "cancelled"
            again = await b.lobby.store.free_seat(stored.id, 1, token_hash(cy.session))
            assert again == "cancelled"  # a retry after a lost reply: the same answer
    run(body, 60)
