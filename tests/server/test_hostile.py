"""Hostile frames get error answers, never crash anything, and other matches play on."""

from __future__ import annotations

import asyncio
import contextlib
import random

import msgpack
from websockets.exceptions import ConnectionClosed

from alien_city.headless import Bot, Stats
from server.connection import Limits
from shared.wire.limits import MAX_FRAME, TRANSPORT_MAX_FRAME

from .helpers import Client, run, running


def _nested(depth: int) -> bytes:
    return b"\x91" * depth + b"\xc0"


HOSTILE: list[tuple[bytes | str, str]] = [
    (b"\xc1", "bad_message"),                                  # never-used msgpack byte
    (b"\x92\x01", "bad_message"),                              # truncated
    (b"\x81\x01\x02", "bad_message"),                          # integer map key
    (b"\xa2\xff\xfe", "bad_message"),                          # invalid UTF-8 text
    (b"\xc0\xc0", "bad_message"),                              # trailing data
    (b"\xdd\xff\xff\xff\xff", "bad_message"),                  # a 4-billion-item list header
    (b"\xd6\xff\x00\x00\x00\x01", "bad_message"),              # timestamp extension
    ("{\"type\": \"hello\"}", "bad_message"),                  # text frame
    (msgpack.packb([1, 2, 3]), "bad_message"),                 # not a map
    (msgpack.packb({"type": 7}), "bad_message"),
    (msgpack.packb({"type": "launch_missiles"}), "unknown_type"),
    (msgpack.packb({"type": "move", "match": "ABCDEF"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": 5, "version": 0, "mid": 1, "move": "pass"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": "A", "version": "0", "mid": 1, "move": "pass"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": "A", "version": -1, "mid": 1, "move": "pass"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": "A", "version": 2**64 - 1, "mid": 1, "move": "pass"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": "A", "version": 0, "mid": [1], "move": "pass"}), "bad_message"),
    (msgpack.packb({"type": "move", "match": "A", "version": 0, "mid": 1, "move": {"a": {"b": 1}}}), "bad_message"),
    (msgpack.packb({"type": "chat", "match": "A", "text": "x" * 201}), "bad_message"),
    (msgpack.packb({"type": "chat", "match": "A", "text": "bell\x07"}), "bad_message"),
    (msgpack.packb({"type": "join", "match": "A", "as": "referee"}), "bad_message"),
    (msgpack.packb({"type": "ping", "extra": True}), "bad_message"),
    (msgpack.packb({"type": "create", "options": {"edition": 1999}}), "bad_options"),
    (msgpack.packb({"type": "create", "options": {"colour": "red"}}), "bad_options"),
    (msgpack.packb({"type": "hello", "v": 1, "name": "again"}), "already_hello"),
    (msgpack.packb({"type": "ping", "t": 1.0, "rid": True}), "bad_message"),
    (_nested(20), "bad_message"),
    (_nested(100_000)[:MAX_FRAME], "bad_message"),
    (msgpack.packb({"type": "ping", "t": [[[[[1]]]]]}), "bad_message"),
    (msgpack.packb({"type": "chat", "match": "A", "text": "y" * (MAX_FRAME + 10)}), "too_large"),
    (msgpack.packb({"type": "x" * 5000}), "bad_message"),
]


def test_hostile_frames_get_answers_while_another_match_plays_on():
    """Every bad frame is answered with its error code; a bot match meanwhile is unharmed."""
    async def body():
        async with running() as server:
            stats = Stats()
            a = Bot(server.url, name="a", seed=1, stats=stats)
            b = Bot(server.url, name="b", seed=2, stats=stats)
            await a.start()
            await b.start()
            code = await a.create()
            await b.join(code)
            games = asyncio.gather(a.play(), b.play())
            attacker = await Client.open(server.url, "Mallory")
            rng = random.Random(3)
            frames = list(HOSTILE) + [(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))), None)
                                      for _ in range(40)]
            for frame, code_wanted in frames:
                await attacker.send_raw(frame)
                answer = await attacker.expect("error")
                assert answer["text"]
                if code_wanted is not None:
                    assert answer["code"] == code_wanted, (frame[:40], answer)
            assert (await attacker.request({"type": "ping"}))["type"] == "pong"
            # Past the transport limit websockets closes that one connection (1009).
            big = await Client.open(server.url, "Huge")
            await big.send_raw(b"\x00" * (TRANSPORT_MAX_FRAME + 1))
            await big.ws.wait_closed()
            assert big.ws.close_code == 1009
            await asyncio.wait_for(games, 30)
            assert stats.games == 2 and stats.errors == 0 and stats.desyncs == 0, stats.notes
            assert (await attacker.request({"type": "ping"}))["type"] == "pong"
            await a.close()
            await b.close()
            await attacker.close()
    run(body)


def test_before_hello_only_hello_is_accepted_and_a_wrong_version_closes():
    """Messages before hello get hello_first; a wrong protocol version an error and a close."""
    async def body():
        async with running() as server:
            early = await Client.open(server.url, None)
            await early.send({"type": "ping"})
            assert (await early.expect("error"))["code"] == "hello_first"
            await early.send({"type": "hello", "v": 99, "name": "Future"})
            error = await early.expect("error")
            assert error["code"] == "unsupported_version" and error["protocol"] == 2
            await early.ws.wait_closed()
            assert early.ws.close_code == 4002
            old = await Client.open(server.url, None)  # a protocol-1 client: the same clear close
            await old.send({"type": "hello", "v": 1, "name": "Past"})
            error = await old.expect("error")
            assert error["code"] == "unsupported_version" and "version 2, not 1" in error["text"]
            await old.ws.wait_closed()
            assert old.ws.close_code == 4002
    run(body)


def test_silent_client_is_closed_after_the_hello_timeout():
    """A connection that never says hello does not hold a slot forever."""
    async def body():
        async with running(Limits(hello_timeout=0.3)) as server:
            mute = await Client.open(server.url, None)
            assert (await mute.expect("error"))["code"] == "hello_timeout"
            await mute.ws.wait_closed()
            assert mute.ws.close_code == 1008
    run(body)


def test_flooding_is_rate_limited_then_closed():
    """Past the per-connection rate each message gets rate_limited; a flood is closed (1008)."""
    async def body():
        async with running(Limits(rate=5, burst=5, flood=20)) as server:
            flooder = await Client.open(server.url, "Flood")
            for _ in range(40):
                await flooder.send({"type": "ping"})
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await flooder.expect("never")
            kinds = [m.get("code") or m["type"] for m in flooder.seen[1:]]
            assert kinds.count("pong") >= 4 and kinds.count("rate_limited") >= 20
            assert flooder.ws.close_code == 1008
            calm = await Client.open(server.url, "Calm")  # the server is still fine
            assert (await calm.request({"type": "ping"}))["type"] == "pong"
            await calm.close()
    run(body)


def test_ping_timeout_drops_a_dead_peer():
    """A peer that stops answering pings is disconnected and shown offline."""
    async def body():
        async with running(Limits(ping_interval=0.2, ping_timeout=0.2, rate=1000, burst=1000)) as server:
            ada = await Client.open(server.url, "Ada")
            created = await ada.request({"type": "create", "seat": "black"}, "joined")
            bob = await Client.open(server.url, "Bob")
            await bob.request({"type": "join", "match": created["match"]}, "joined")
            bob.ws.transport.pause_reading()  # Bob's machine hangs: no pongs any more
            presence = await ada.expect("presence", online=False, seat="white", timeout=5)
            assert presence["name"] == "Bob"
            bob.ws.transport.abort()
            await ada.close()
    run(body)
