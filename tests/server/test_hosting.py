"""Running a server for real, all on 127.0.0.1: TLS with a certificate made on the fly
(a wss:// match between bots, the class and the command line), /healthz, a reverse
proxy's X-Forwarded-For, per-address limits, the LAN beacon, and a hosted server
(thread or child process) that prints its address and stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from alien_city.headless import Bot, BotError
from alien_city.headless.tls import client_context
from server.app import LanSettings, start_server
from server.host import HostedServer, lan_addresses, spawn_server, stop_spawned
from server.netpolicy import client_address, parse_proxies
from server.web import server_context
from shared.netkit.beacon import read_beacon

from .helpers import FAST, Client, run, running

ROOT = Path(__file__).resolve().parents[2]


def test_a_wss_match_between_two_bots(certificate):
    """Bots trusting the server's certificate play a whole match over TLS; without it
    they are refused with one clear sentence; --insecure connects anyway."""
    certfile, keyfile = certificate

    async def body():
        server = await start_server("127.0.0.1", 0, ":memory:", FAST,
                                    ssl=server_context(certfile, keyfile))
        try:
            assert server.url.startswith("wss://127.0.0.1:")
            trusted = client_context(cafile=certfile)
            a = Bot(server.url, name="A", seed=1, ssl=trusted)
            b = Bot(server.url, name="B", seed=2, ssl=trusted)
            await a.start()
            await b.start()
            code = await a.create({})
            await b.join(code)
            ended = await asyncio.gather(a.play(), b.play())
            assert ended[0]["winner"] == ended[1]["winner"]
            for bot in (a, b):
                assert bot.stats.games == 1 and bot.stats.desyncs == 0 and bot.stats.errors == 0
                await bot.close()
            with pytest.raises(BotError) as refused:
                await Bot(server.url, ssl=client_context()).start()
            text = str(refused.value)
            assert "self-signed" in text and "--cafile" in text and "\n" not in text
            loose = Bot(server.url, ssl=client_context(insecure=True))
            await loose.start()
            await loose.close()
        finally:
            await server.close()
    run(body, timeout=120)


def test_wss_through_the_command_line(certificate, tmp_path):
    """`serve --certfile --keyfile --print-address` and two `alien-city bot --cafile`;
    a bot without --cafile says in one line why it cannot connect."""
    certfile, keyfile = certificate
    proc, url = spawn_server(str(tmp_path / "m.sqlite3"), host="127.0.0.1",
                             extra=["--certfile", certfile, "--keyfile", keyfile])
    try:
        assert url.startswith("wss://127.0.0.1:")
        cli = [sys.executable, "-m", "alien_city.cli", "bot", "--server", url]
        creator = subprocess.Popen(cli + ["--create", "--cafile", certfile, "--seed", "1"],
                                   cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        code = creator.stdout.readline().strip()
        joiner = subprocess.run(cli + ["--join", code, "--cafile", certfile, "--seed", "2"],
                                cwd=ROOT, capture_output=True, text=True, timeout=120)
        out, _ = creator.communicate(timeout=120)
        assert creator.returncode == 0 and joiner.returncode == 0, joiner.stderr
        assert "errors=0 desyncs=0" in out and "errors=0 desyncs=0" in joiner.stdout
        refused = subprocess.run(cli, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert refused.returncode == 1
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1 and "self-signed" in lines[0] and "--insecure" in lines[0]
    finally:
        assert stop_spawned(proc) == 0


def test_healthz_answers_json_on_the_game_port():
    async def body():
        async with running() as server:
            c = await Client.open(server.url)
            await c.request({"type": "create"}, "joined")
            url = f"http://127.0.0.1:{server.port}/healthz"
            response = await asyncio.to_thread(urllib.request.urlopen, url, timeout=5)
            assert response.status == 200
            assert response.headers["Content-Type"] == "application/json"
            health = json.loads(response.read())
            assert health["status"] == "ok" and health["version"]
            assert health["matches"] == 1 and health["waiting"] == 1 and health["connections"] == 1
    run(body)


def test_forwarded_addresses_only_from_trusted_proxies():
    # only loopback addresses, even in a parsing test: 127.0.64.0/18 plays the proxies' net
    proxies = parse_proxies("127.0.64.0/18, 127.0.0.1")
    assert client_address("127.0.64.1", ["127.1.2.3, 127.0.64.2"], proxies) == "127.1.2.3"
    assert client_address("127.0.64.1", ["127.6.6.6, 127.1.2.3"], proxies) == "127.1.2.3"  # spoofed left
    assert client_address("127.0.64.1", ["127.6.6.6", "127.1.2.3"], proxies) == "127.1.2.3"
    assert client_address("127.8.8.8", ["127.1.2.3"], proxies) == "127.8.8.8"  # not a proxy
    assert client_address("127.0.64.1", ["junk"], proxies) == "127.0.64.1"
    assert client_address("::ffff:127.0.0.1", [], proxies) == "127.0.0.1"
    with pytest.raises(ValueError, match="'nope'"):
        parse_proxies("127.0.0.1,nope")


def test_per_address_limits_behind_a_proxy():
    """Through a trusted proxy on loopback, the forwarded address is what is counted:
    connections, messages and created matches, each refused with a clear error."""
    limits = dataclasses.replace(FAST, ip_connections=2, ip_rate=5.0, ip_burst=5, ip_created=1,
                                 ip_exempt_loopback=False)  # the test speaks for 127.x clients

    async def open_as(url: str, address: str) -> Client:
        return await Client.open(url, "P", additional_headers={"X-Forwarded-For": address})

    async def body():
        server = await start_server("127.0.0.1", 0, ":memory:", limits,
                                    proxies=parse_proxies("127.0.0.1"))
        try:
            first = await open_as(server.url, "127.3.3.7")
            second = await open_as(server.url, "127.3.3.7")
            assert {c.address for c in server.lobby.connections} == {"127.3.3.7"}
            third = Client(await connect(server.url, additional_headers={
                "X-Forwarded-For": "127.3.3.7"}))
            refused = await third.expect("error")
            assert refused["code"] == "too_many_connections" and "127.3.3.7" in refused["text"]
            with pytest.raises(ConnectionClosed) as closed:
                await third.ws.recv()
            assert closed.value.rcvd.code == 1008
            other = await open_as(server.url, "127.5.5.1")  # another address: welcome
            made = await first.request({"type": "create"}, "joined")
            assert made["type"] == "joined"
            again = await second.request({"type": "create"})
            assert again["code"] == "too_many_matches" and again.get("scope") == "address"
            assert (await other.request({"type": "create"}, "joined"))["type"] == "joined"
            codes = []
            for _ in range(8):
                answer = await second.request({"type": "ping"})
                codes.append(answer["type"] if answer["type"] != "error" else answer["scope"])
            assert "address" in codes
        finally:
            await server.close()
    run(body)


def test_lan_beacon_carries_the_lobby_counts():
    """--lan pinned to loopback: the beacon names the server, its port and its counts."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.setblocking(False)
        lan = LanSettings(target="127.0.0.1", port=listener.getsockname()[1], bind="127.0.0.1",
                          interval=0.05)

        async def body():
            loop = asyncio.get_running_loop()
            server = await start_server("127.0.0.1", 0, ":memory:", FAST, lan=lan, name="Ann's")
            try:
                c = await Client.open(server.url)
                await c.request({"type": "create", "public": True}, "joined")
                for _ in range(100):
                    beacon = read_beacon(await loop.sock_recv(listener, 2048))
                    if beacon is not None and beacon.waiting == 1:
                        break
                assert beacon.name == "Ann's" and beacon.port == server.port
                assert beacon.players == 1 and "alien-city" in beacon.games and not beacon.tls
            finally:
                await server.close()
        run(body)


def test_spawned_server_prints_its_address_and_stops_on_sigterm(tmp_path):
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as listener:
        listener.bind(("127.0.0.1", 0))
        listener.settimeout(10)
        proc, url = spawn_server(str(tmp_path / "m.sqlite3"), host="127.0.0.1", lan=True,
                                 name="host", extra=["--lan-target", "127.0.0.1", "--lan-port",
                                                     str(listener.getsockname()[1])])
        try:
            assert url.startswith("ws://127.0.0.1:")
            beacon = read_beacon(listener.recv(2048))
            assert beacon is not None and beacon.name == "host" and url.endswith(f":{beacon.port}")

            async def body():
                c = await Client.open(url)
                await c.request({"type": "create"}, "joined")
                assert stop_spawned(proc) == 0
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await c.ws.recv()
                assert closed.value.rcvd.code == 1001
            run(body)
        finally:
            stop_spawned(proc)


def test_hosted_server_on_a_thread(tmp_path):
    hosted = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1")
    try:
        async def body():
            c = await Client.open(hosted.url)
            assert hosted.players() == 1
            await c.close()
        run(body)
    finally:
        hosted.stop()
    with socket.socket() as sock:
        assert sock.connect_ex(("127.0.0.1", hosted.port)) != 0  # closed
    with pytest.raises(OSError):
        HostedServer.start(":memory:", host="256.1.1.1")


def test_serve_refuses_bad_tls_and_proxy_arguments_in_one_line(certificate, tmp_path):
    certfile, _ = certificate
    other_key = tmp_path / "other.pem"
    other_key.write_text("not a key\n")
    cases = [(["--certfile", str(tmp_path / "missing.pem")], "no such file"),
             (["--certfile", certfile, "--keyfile", str(other_key)], "not a PEM certificate"),
             (["--keyfile", certfile], "--keyfile needs --certfile"),
             (["--behind-proxy", "127.0.0.9,junk"], "'junk' is not an IP address")]
    for extra, words in cases:
        done = subprocess.run([sys.executable, "-m", "server", "--port", "0", "--db", ":memory:",
                               *extra], cwd=ROOT, capture_output=True, text=True, timeout=60)
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 2 and len(lines) == 1 and words in lines[0], (extra, done.stderr)


def test_lan_addresses_are_not_loopback():
    for address in lan_addresses():
        assert not address.startswith("127.") and address.count(".") == 3


def test_a_server_on_a_store_another_server_holds_stops_with_its_own_status(tmp_path,
                                                                             monkeypatch):
    """`serve` on a store another server runs on exits at once with EXIT_STORE_IN_USE and
    says why in one line; "Host a game" turns that into words for a player."""
    from client.hosting import HOSTED_DB, Hosting
    from server.store import Store
    from shared.netkit.serverproc import EXIT_STORE_IN_USE, ServerStartError

    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("ALIEN_CITY_HOST_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("ALIEN_CITY_HOST_PORT", "0")
    monkeypatch.setenv("ALIEN_CITY_LAN_TARGET", "127.0.0.1")
    db = tmp_path / HOSTED_DB

    async def body() -> None:
        held = Store(db)  # as a server already running on it holds it
        try:
            with pytest.raises(ServerStartError) as caught:
                spawn_server(str(db), host="127.0.0.1")
            assert caught.value.status == EXIT_STORE_IN_USE
            assert "held by another server" in str(caught.value) and "\n" not in str(caught.value)
            with pytest.raises(ServerStartError, match="already hosting"):
                Hosting.start("Ann")
        finally:
            await held.close()
    run(body, timeout=120)
