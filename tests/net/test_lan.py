"""LAN discovery over loopback only: a server's beacon is heard, pinged and forgotten."""

from __future__ import annotations

import asyncio
import socket
import time

from client.lan import LanBrowser
from server.announce import Announcer
from shared.netkit.beacon import MAGIC, Beacon, read_beacon, write_beacon


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_beacon_text_round_trips_and_odd_datagrams_are_ignored():
    """A beacon reads back equal; junk, oversized and ill-typed datagrams give None."""
    beacon = Beacon("Ann's laptop", 8765, waiting=2, playing=1, players=3, games=("alien-city",))
    assert read_beacon(write_beacon(beacon)) == beacon
    for junk in (b"", b"hello", MAGIC + b"{", MAGIC + b"[]", MAGIC + b'{"name": "x", "port": 0}',
                 MAGIC + b'{"name": "x", "port": true}', MAGIC + b'{"name": "", "port": 80}',
                 MAGIC + b'{"name": "x", "port": 80, "waiting": -1}',
                 MAGIC + b'{"name": "x", "port": 80, "tls": "yes"}', MAGIC + b"x" * 2000,
                 MAGIC + b"\xff\xfe"):
        assert read_beacon(junk) is None, junk
    odd = read_beacon(MAGIC + b'{"name": "a\\u0007b", "port": 80}')
    assert odd is not None and odd.name == "ab"


def test_a_browser_hears_pings_and_forgets_an_announcing_server():
    """Announcer and browser on 127.0.0.1: found with its counts and a ping, then gone
    shortly after the announcer stops."""
    port = free_udp_port()
    browser = LanBrowser("127.0.0.1", port, forget_after_s=1.0).start()
    assert browser.error is None

    async def announce() -> None:
        counts = {"players": 0}

        def beacon() -> Beacon:
            counts["players"] += 1
            return Beacon("test server", 4321, waiting=1, players=counts["players"], games=("alien-city",))

        announcer = Announcer(beacon, target="127.0.0.1", port=port, bind="127.0.0.1", interval=0.1)
        await announcer.start()
        try:
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                found = browser.servers()
                if found and found[0].ping_ms is not None:
                    break
                await asyncio.sleep(0.05)
        finally:
            await announcer.close()

    try:
        asyncio.run(announce())
        found = browser.servers()
        assert len(found) == 1
        server = found[0]
        assert server.host == "127.0.0.1" and server.url == "ws://127.0.0.1:4321"
        assert server.beacon.name == "test server" and server.beacon.waiting == 1
        assert server.ping_ms is not None and 0 <= server.ping_ms < 1000
        time.sleep(1.3)
        assert browser.servers() == []
    finally:
        browser.close()


def test_a_port_in_use_is_reported_not_raised():
    """A browser that cannot bind says why in `error` instead of raising."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        browser = LanBrowser("127.0.0.2", port).start()  # 127.0.0.2 is loopback too
        browser.close()
    bad = LanBrowser("256.0.0.1", 1).start()
    assert bad.error and "UDP port 1" in bad.error
    assert bad.servers() == []


def test_a_browser_finds_a_hosted_server_and_its_address_plays():
    """A thread-hosted server (as "Host a game" starts it) announcing on loopback: the
    browser lists it with its counts, and the address it gives accepts a hello."""
    from server.app import LanSettings
    from server.host import HostedServer
    from tests.server.helpers import Client, run

    port = free_udp_port()
    browser = LanBrowser("127.0.0.1", port).start()
    hosted = HostedServer.start(":memory:", host="127.0.0.1", name="Ann's game",
                                lan=LanSettings(target="127.0.0.1", port=port, bind="127.0.0.1",
                                                interval=0.1))
    try:
        deadline = time.monotonic() + 5
        while not browser.servers() and time.monotonic() < deadline:
            time.sleep(0.05)
        found = browser.servers()
        assert len(found) == 1 and found[0].beacon.name == "Ann's game"
        assert found[0].url == hosted.url and "alien-city" in found[0].beacon.games

        async def body():
            c = await Client.open(found[0].url, "Bob")
            await c.request({"type": "create", "public": True}, "joined")
            for _ in range(100):
                seen = browser.servers()
                if seen and seen[0].beacon.waiting == 1 and seen[0].beacon.players == 1:
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"counts not updated: {browser.servers()}")
        run(body)
    finally:
        hosted.stop()
        browser.close()
