"""Leaving a waiting match of 3 or more seats (docs/protocol.md, *Client to server*:
``leave``): only the last person seated cancels it; anyone else just frees their seat,
and the others are told."""

from __future__ import annotations

from .helpers import Client, run, running


async def seated(url: str, players: int, people: int) -> tuple[list[Client], str]:
    """``people`` clients seated in a new waiting City Blocks match of ``players`` seats."""
    clients = [await Client.open(url, f"P{i}") for i in range(people)]
    code = (await clients[0].request({"type": "create", "game": "city-blocks",
                                      "options": {"players": players}, "seat": "red"},
                                     "joined"))["match"]
    await clients[0].expect("sync")
    for client in clients[1:]:
        client.seat_token = (await client.request({"type": "join", "match": code},
                                                  "joined"))["seat_token"]
        await client.expect("sync")
    return clients, code


async def info_without(client: Client, code: str, name: str) -> dict:
    """The first ``match_info`` in which ``name`` holds no seat."""
    while True:
        info = (await client.expect("match_info", match=code))["info"]
        if name not in [p["name"] for p in info["players"]]:
            return info


def test_a_leave_that_is_not_the_last_frees_the_seat_and_keeps_the_match():
    async def body() -> None:
        async with running() as server:
            (ann, bob), code = await seated(server.url, 3, 2)
            left = await bob.request({"type": "leave", "match": code}, "left")
            assert left["cancelled"] is False, left
            info = await info_without(ann, code, "P1")
            assert info["status"] == "waiting"
            assert [p["name"] for p in info["players"]].count(None) == 2
            # the seat is free for someone else; Bob's old seat token no longer opens it
            stale = await bob.request({"type": "join", "match": code,
                                       "seat_token": bob.seat_token})
            assert stale["code"] == "bad_token", stale
            cy = await Client.open(server.url, "Cy")
            joined = await cy.request({"type": "join", "match": code}, "joined")
            assert joined["type"] == "joined" and joined["role"] == "player", joined
            # the creator may leave too while Cy is seated: still not cancelled
            left = await ann.request({"type": "leave", "match": code}, "left")
            assert left["cancelled"] is False, left
            info = (await cy.request({"type": "get_state", "match": code}, "sync"))["info"]
            assert info["status"] == "waiting"
            assert [p["name"] for p in info["players"]].count(None) == 2
            # Ann holds no seat any more: welcome after resume lists none here
            again = await Client.open(server.url, "Ann", resume=ann.session)
            assert code not in [s["match"] for s in again.welcome["seats"]]
            # the last person seated leaves: now it is cancelled
            last = await cy.request({"type": "leave", "match": code}, "left")
            assert last["cancelled"] is True, last
    run(body)


def test_three_of_four_seated_the_creator_leaves_and_the_match_waits_on():
    async def body() -> None:
        async with running() as server:
            (ann, bob, cy), code = await seated(server.url, 4, 3)
            left = await ann.request({"type": "leave", "match": code}, "left")
            assert left["cancelled"] is False, left
            for client in (bob, cy):
                info = await info_without(client, code, "P0")
                assert info["status"] == "waiting"
                assert [p["name"] for p in info["players"]] == ["P1", "P2", None, None]
    run(body)


def test_the_seat_stays_free_after_a_restart(tmp_path):
    db = str(tmp_path / "m.sqlite3")

    async def first() -> str:
        async with running(db=db) as server:
            (_ann, bob), code = await seated(server.url, 3, 2)
            await bob.request({"type": "leave", "match": code}, "left")
            return code

    async def second(code: str) -> None:
        async with running(db=db) as server:
            eve = await Client.open(server.url, "Eve")
            info = (await eve.request({"type": "get_state", "match": code}, "sync"))["info"]
            assert info["status"] == "waiting"
            assert [p["name"] for p in info["players"]].count(None) == 2, info
    code = run(first)
    run(lambda: second(code))
