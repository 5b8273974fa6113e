"""What a client written from docs/protocol.md alone found (issue 10), each fixed here:
a slow reader is dropped, ``rid: nil`` is absent, ended sessions are remembered, over-limit
frames say what was wrong, move maps refuse unknown fields, direct answers with the rid."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import os
import socket
import struct

import msgpack

from shared.aliencity import GameState
from shared.wire import PROTOCOL_VERSION

from .helpers import FAST, Client, pair, run, running


def test_nil_rid_counts_as_absent():
    async def body():
        async with running() as server:
            c = await Client.open(server.url)
            await c.send({"type": "ping", "t": 1, "rid": None})
            pong = await c.expect("pong")
            assert pong["rid"] is None and pong["t"] == 1
            assert not c.drain("error")
    run(body)


def test_over_limit_frames_say_what_and_keep_the_rid():
    """Valid msgpack over the decoder's limits: the text names the limit, the rid comes back."""
    cases = [
        ({"type": "ping", "t": "x" * 10, "blob": b"b" * 2000}, "binary of 2000 bytes"),
        ({"type": "chat", "match": "A", "text": "y" * 5000}, "string of 5000 bytes"),
        ({"type": "ping", "t": list(range(65))}, "list of 65 items"),
        ({"type": "ping", "t": msgpack.ExtType(5, b"abc")}, "extension types"),
        ({"type": "ping", "t": {1: 2}}, "map keys must be text"),
    ]

    async def body():
        async with running() as server:
            c = await Client.open(server.url)
            for number, (message, words) in enumerate(cases, start=100):
                await c.send_raw(msgpack.packb(message | {"rid": number}, use_bin_type=True))
                error = await c.expect("error")
                assert error["code"] == "bad_message" and error["rid"] == number, error
                assert words in error["text"], error
    run(body)


def test_a_frame_over_max_frame_keeps_an_early_rid():
    """``too_large`` answers with the rid when it comes before the big field (the frame is
    only peeked at, never decoded); a rid after it cannot be read without decoding."""
    big = "x" * 17000
    cases = [({"rid": 7, "type": "ping", "t": big}, 7),
             ({"type": "ping", "rid": 8, "t": big}, 8),
             ({"type": "ping", "t": big, "rid": 9}, None)]

    async def body():
        async with running() as server:
            c = await Client.open(server.url)
            for message, rid in cases:
                await c.send_raw(msgpack.packb(message, use_bin_type=True))
                error = await c.expect("error")
                assert error["code"] == "too_large" and error.get("rid") == rid, error
                assert "17" in error["text"] and "16384" in error["text"], error
            pong = await c.request({"type": "ping", "t": 1}, "pong")  # the connection stays
            assert pong["t"] == 1
    run(body)


def test_unknown_fields_inside_a_move_map_are_refused():
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            state = await black.request({"type": "get_state", "match": code}, "sync")
            game = GameState.from_dict(state["state"])
            mover = black if state["to_move"] == "black" else white
            move = game.legal_builds()[0].to_dict()
            refused = await mover.request({"type": "move", "match": code, "version": 0, "mid": 1,
                                           "move": move | {"extra": 1}})
            assert refused["code"] == "bad_move" and "'extra'" in refused["text"], refused
            assert refused["version"] == 0
            await mover.send({"type": "move", "match": code, "version": 0, "mid": 2, "move": move})
            played = await mover.expect("moved")
            assert played["version"] == 1 and played["mid"] == 2
    run(body)


def test_resign_chat_and_rematch_answer_directly_with_the_rid():
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            said = await black.request({"type": "chat", "match": code, "text": "gl"}, "ok")
            assert said["request"] == "chat" and said["match"] == code
            gone = await white.request({"type": "resign", "match": code}, "ok")
            assert gone["request"] == "resign"
            await black.expect("ended")
            first = await black.request({"type": "rematch", "match": code}, "ok")
            assert first["request"] == "rematch" and first["new_match"] is None
            second = await white.request({"type": "rematch", "match": code}, "ok")
            assert second["new_match"] and second["new_match"] != code
    run(body)


def test_welcome_lists_every_limit():
    async def body():
        async with running() as server:
            c = await Client.open(server.url)
            limits = c.welcome["limits"]
            for name in ("max_frame", "transport_max_frame", "max_depth", "max_items",
                         "max_str_bytes", "max_bin", "name_max", "chat_max", "code_max",
                         "token_max", "mid_max", "move_max", "version_max", "rid_max", "rate",
                         "burst", "flood", "chat_rate", "chat_burst", "max_created",
                         "hello_timeout", "ping_interval", "ping_timeout", "abandon_after",
                         "max_queued", "ip_connections", "ip_rate", "ip_burst", "ip_created",
                         "waiting_expiry"):
                assert name in limits, name
    run(body)


def test_a_session_is_remembered_after_its_match_ended(tmp_path):
    """Both players gone after the end, even across a restart: resume is still resumed,
    the ended match is listed, and a rematch starts."""
    db = str(tmp_path / "m.sqlite3")

    async def body():
        async with running(db=db) as server:
            black, white, code = await pair(server.url)
            await white.request({"type": "resign", "match": code}, "ok")
            await black.expect("ended")
            sessions = black.session, white.session
            await black.close()
            await white.close()
            await asyncio.sleep(0.1)
            assert not server.lobby.sessions  # memory forgets them; the store does not
        async with running(db=db) as server:
            black = await Client.open(server.url, "Ada", resume=sessions[0])
            assert black.welcome["resumed"] and black.session == sessions[0]
            assert black.welcome["ended"][0] == {"match": code, "seat": "black", "status": "over"}
            record = await black.request({"type": "get_record", "match": code}, "record")
            assert record["status"] == "over" and "Black: Ada" in record["record"]
            offer = await black.request({"type": "rematch", "match": code}, "ok")
            assert offer["new_match"] is None
            white = await Client.open(server.url, "Bob", resume=sessions[1])
            started = await white.request({"type": "rematch", "match": code}, "ok")
            assert started["new_match"]
            joined = await black.expect("joined", match=started["new_match"])
            assert joined["seat"] == "white"
    run(body)


def _ws_frame(message: dict) -> bytes:
    """A masked binary websocket frame, written by hand (the raw client has no library)."""
    payload = msgpack.packb(message, use_bin_type=True)
    mask = os.urandom(4)
    head = bytes([0x82, 0x80 | len(payload)]) if len(payload) < 126 else \
        bytes([0x82, 0x80 | 126]) + struct.pack(">H", len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def raw_reader_that_never_reads(port: int) -> socket.socket:
    """A socket with a tiny receive buffer that does the websocket handshake by hand,
    says hello, and from then on never reads."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(sock, (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += await loop.sock_recv(sock, 1)
    assert b" 101 " in answer
    await loop.sock_sendall(sock, _ws_frame({"type": "hello", "v": PROTOCOL_VERSION, "name": "slow"}))
    return sock


async def lobby_with_matches(url: str, count: int) -> Client:
    host = await Client.open(url, "Host")
    for _ in range(count):
        await host.request({"type": "create", "public": True}, "joined")
    return host


async def until(condition, seconds: float) -> bool:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


def test_a_client_that_never_reads_is_dropped():
    """A raw socket says hello, then toggles watch_lobby without ever reading: once more
    than max_queued bytes wait for it, the server drops it; others are unaffected."""
    limits = dataclasses.replace(FAST, max_created=100, max_queued=64 * 1024)

    async def body():
        async with running(limits) as server:
            host = await lobby_with_matches(server.url, 30)
            sock = await raw_reader_that_never_reads(server.port)
            loop = asyncio.get_running_loop()
            assert await until(lambda: len(server.server.connections) == 2, 2)
            try:
                for i in range(2000):
                    await loop.sock_sendall(sock, _ws_frame({"type": "watch_lobby", "on": i % 2 == 0}))
                    if len(server.server.connections) == 1:
                        break
                    await asyncio.sleep(0.002)
            except OSError:  # reset by the server: dropped
                pass
            assert await until(lambda: len(server.server.connections) == 1, 4)
            sock.close()
            pong = await host.request({"type": "ping"}, "pong")  # the server is fine
            assert pong["type"] == "pong"
    run(body)


def test_a_client_that_stops_reading_is_dropped_even_when_nothing_more_is_sent():
    """Unread bytes over stall_bytes for stall_timeout: dropped by housekeeping, though
    the server sends it nothing more (its keepalive ping would wait behind them)."""
    limits = dataclasses.replace(FAST, max_created=100, stall_bytes=8 * 1024, stall_timeout=0.5)

    async def body():
        async with running(limits) as server:
            host = await lobby_with_matches(server.url, 30)
            sock = await raw_reader_that_never_reads(server.port)
            loop = asyncio.get_running_loop()
            def slow_one():
                return next((c for c in server.lobby.connections
                             if c.session and c.session.name == "slow"), None)
            assert await until(lambda: slow_one() is not None, 2)
            slow = slow_one()
            for i in range(3000):  # until the kernel's buffers are full and bytes wait here
                if slow.queued() >= limits.stall_bytes:
                    break
                await loop.sock_sendall(sock, _ws_frame({"type": "watch_lobby", "on": i % 2 == 0}))
                await asyncio.sleep(0.002)
            assert slow.queued() >= limits.stall_bytes and slow.open
            assert await until(lambda: not slow.open, 3)
            assert await until(lambda: len(server.lobby.connections) == 1, 4)
            sock.close()
            assert (await host.request({"type": "ping"}, "pong"))["type"] == "pong"
    run(body)
