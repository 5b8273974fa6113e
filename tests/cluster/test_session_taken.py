"""One live connection per session across nodes too (docs/protocol.md, ``session_taken``):
a session resumed on node b closes its connection on node a (``session_taken``, 4001),
which can then no longer move for the seat, and the seat stays online through node b.
When two nodes resume the same session at about once, the later resume wins on both."""

from __future__ import annotations

from server.cluster.relay import stream_order
from tests.server.helpers import Client, run

from .test_nodes import across, two_nodes


def test_a_session_resumed_on_another_node_closes_its_first_connection(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            again = await Client.open(b.url, "Ada", resume=black.session)
            assert again.welcome["resumed"]
            taken = await black.expect("error", code="session_taken")
            assert "resumed" in taken["text"]
            await black.ws.wait_closed()
            assert black.ws.close_code == 4001
            joined = await again.request({"type": "join", "match": code, "version": 0}, "joined")
            assert joined["seat"] == "black"
            await again.expect("sync")
            # node a no longer counts the old connection: the seat is online through node b
            while True:
                info = (await white.expect("match_info", match=code))["info"]
                if info["players"][0]["online"]:
                    break
            held = a.lobby.matches[code]
            assert not [c for c in held.audience if c.session and
                        c.session.token_hash == held.seats[0].session.token_hash]
            assert state.to_move.text() == "black"
            move = state.legal_builds()[0].text()
            await again.send({"type": "move", "match": code, "version": 0, "mid": 1,
                              "move": move})
            assert (await again.expect("moved", mid=1))["move"] == move
            assert (await white.expect("moved"))["move"] == move
    run(body, 60)


def test_stream_ids_order_as_redis_wrote_them():
    assert stream_order("1700000000000-5") < stream_order("1700000000000-12")
    assert stream_order("1700000000001-0") > stream_order("1700000000000-99")
    assert stream_order("") < stream_order("0-1")


def test_only_a_later_resume_on_another_node_takes_the_connection() -> None:
    """Two nodes resuming one session at about once: each compares the other's stream id
    with its own, so the later resume keeps its connection on both."""
    from server.cluster.redis_store import Event
    from server.cluster.relay import Relay
    from server.connection import Session

    class Lobby:
        def __init__(self) -> None:
            self.sessions = {"s": Session("s", "Ada", conn="conn", claim="100-3")}
            self.taken: list = []

        def take_session(self, conn) -> None:
            self.taken.append(conn)
            self.sessions["s"].conn = None

        def _maybe_drop_session(self, session) -> None:
            pass

    lobby = Lobby()
    relay = Relay(store=None, lobby=lobby, node="b#1")
    relay.session_resumed(Event("100-2", "session", 0, 0, {"session": "s", "node": "a#1"}))
    relay.session_resumed(Event("100-9", "session", 0, 0, {"session": "s", "node": "b#1"}))
    assert lobby.taken == []  # an earlier resume elsewhere, and this node's own event
    relay.session_resumed(Event("100-4", "session", 0, 0, {"session": "s", "node": "a#1"}))
    assert lobby.taken == ["conn"] and lobby.sessions["s"].claim == "100-4"
