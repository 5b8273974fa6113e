"""A node away longer than the event stream keeps: it notices and reads its matches again.

The event streams (``ac:events`` and the group streams ``ac:events:<g>``) are capped
(``EVENTS_KEPT``, ``GROUP_KEPT``). A node whose feed stopped for longer
than that (a stall, a network cut) would resume after events it never read: steps come
back by version at the next step, but a seat taken elsewhere would never be told. The
feed asks Redis whether events after its last one were dropped and, if so, the node reads
every match it holds again.
"""

from __future__ import annotations

from tests.server.helpers import Client, run

from .test_nodes import across, two_nodes


async def trim_all(redis) -> None:
    """Empty every event stream, as capping does to a node away for long."""
    for key in await redis.keys("ac:events*"):
        await redis.xtrim(key, maxlen=0)


def test_a_node_that_missed_dropped_events_reads_its_matches_again(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            ada, bob, created, _state = await across(b.url, a.url)  # Ada on b, Bob on a
            code = created["match"]
            await b.feed.close()  # node b is away
            ada2 = await Client.open(a.url, "Ada")  # Ada's seat token, from another device
            await ada2.request({"type": "join", "match": code,
                                "seat_token": created["seat_token"]}, "joined")
            text = (await ada2.expect("sync"))["to_move"]
            assert text == "black"
            await trim_all(a.lobby.store._r)  # the streams moved on without b
            b.feed.start()
            taken = await ada.expect("error", timeout=10)
            assert taken["code"] == "seat_taken", taken
            assert b.feed.losses == 1
            # and the match goes on on b for the new holder
            state = await Client.open(b.url, "Eve")
            got = await state.request({"type": "get_state", "match": code}, "sync")
            assert got["info"]["players"][0]["online"] is True
    run(body, 60)


def test_a_session_resumed_elsewhere_meanwhile_closes_its_old_connection(redis_server) -> None:
    """The same for a ``session`` event lost with the others: the node closes its older
    connection of a session resumed on another node (``session_taken``, 4001)."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            ada, _bob, created, _state = await across(b.url, a.url)  # Ada on b
            await b.feed.close()
            again = await Client.open(a.url, "Ada", resume=ada.session)  # Ada, now on a
            assert again.welcome["resumed"] is True
            await trim_all(a.lobby.store._r)
            b.feed.start()
            taken = await ada.expect("error", timeout=10)
            assert taken["code"] == "session_taken", taken
            await ada.ws.wait_closed()
            assert ada.ws.close_code == 4001
            await again.close()
    run(body, 60)
