"""The lean Redis connection of a node's hot path (``server/cluster/resp.py``) against a
real redis-server: replies matched to calls in order when many are in flight, scripts
loaded again after Redis forgot them, a password and a database number, and a lost Redis
(``Unavailable`` while it is down, working again once it is back)."""

from __future__ import annotations

import asyncio

import pytest

from server.cluster.resp import ReplyError, RespClient, Unavailable
from tests.server.helpers import run


def test_many_calls_in_flight_each_get_their_own_reply(redis_server) -> None:
    async def body() -> None:
        client = RespClient.from_url(redis_server.url)
        replies = await asyncio.gather(*(client.call("INCRBY", "n", i) for i in range(1, 201)))
        # each reply is the counter right after that call: all different, in call order
        assert replies == [i * (i + 1) // 2 for i in range(1, 201)]
        await client.call("RPUSH", "l", "a", "é b", "")
        assert await client.call("LRANGE", "l", 0, -1) == ["a", "é b", ""]
        assert await client.call("GET", "missing") is None
        assert await client.call("XREAD", "COUNT", 1, "STREAMS", "nothing", "0-0") is None
        with pytest.raises(ReplyError, match="WRONGTYPE"):
            await client.call("INCR", "l")
        assert await client.call("PING") == "PONG"  # the connection is still in step
        client.close()
    run(body, 30)


def test_a_script_redis_forgot_is_loaded_again(redis_server) -> None:
    async def body() -> None:
        client = RespClient.from_url(redis_server.url)
        script = "return {'got', ARGV[1], KEYS[1]}"
        sha = await client.call("SCRIPT", "LOAD", script)
        assert await client.evalsha(sha, script, ["k"], [7]) == ["got", "7", "k"]
        await client.call("SCRIPT", "FLUSH")  # as after a restart of Redis
        assert await client.evalsha(sha, script, ["k"], ["x"]) == ["got", "x", "k"]
        client.close()
    run(body, 30)


def test_password_and_database_number(redis_server) -> None:
    async def body() -> None:
        admin = RespClient.from_url(redis_server.url)
        await admin.call("CONFIG", "SET", "requirepass", "s3cret:/@")
        try:
            url = f"redis://:s3cret%3A%2F%40@127.0.0.1:{redis_server.port}/3"
            client = RespClient.from_url(url)
            await client.call("SET", "where", "db3")
            assert await client.call("GET", "where") == "db3"
            wrong = RespClient.from_url(f"redis://:nope@127.0.0.1:{redis_server.port}/0")
            with pytest.raises(Unavailable, match="refused"):
                await wrong.call("PING")
            client.close()
        finally:
            admin.close()
            cleanup = RespClient.from_url(
                f"redis://:s3cret%3A%2F%40@127.0.0.1:{redis_server.port}/0")
            await cleanup.call("CONFIG", "SET", "requirepass", "")
            cleanup.close()
    run(body, 60)


def test_addresses_it_does_not_take_are_left_to_redis_py() -> None:
    assert RespClient.from_url("rediss://127.0.0.1:6379/0") is None      # TLS
    assert RespClient.from_url("unix:///tmp/redis.sock") is None
    assert RespClient.from_url("redis://127.0.0.1:6379/0?socket_timeout=2") is None
    assert RespClient.from_url("redis://127.0.0.1:notaport/0") is None
    client = RespClient.from_url("redis://127.0.0.1/2")
    assert (client.host, client.port, client.db, client.password) == ("127.0.0.1", 6379, 2, None)


def test_redis_down_is_unavailable_then_it_works_again(redis_server) -> None:
    async def body() -> None:
        client = RespClient.from_url(redis_server.url, timeout=2.0)
        assert await client.call("SET", "kept", "1") == "OK"
        redis_server.kill()
        with pytest.raises(Unavailable):
            await client.call("GET", "kept")
        await asyncio.to_thread(redis_server.start)  # its AOF (appendfsync always) kept it
        assert await client.call("GET", "kept") == "1"
        client.close()
    run(body, 60)
