"""The limits per client address across nodes, through docs/cluster.md's proxy recipe.

A node counts the connections and messages of each address it serves; an address whose
connections a proxy spreads over three nodes would get three times each limit. The
recipe's ``upstream`` sends every connection of one address to one node (``hash
$binary_remote_addr consistent``), so that node counts them all, as one server does.
nginx is run for real on 127.0.0.1 with that ``upstream`` and docs/hosting.md's site
(without TLS); clients connect from 127.0.0.2 and 127.0.0.3 (loopback addresses).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from server.app import start_server
from server.netpolicy import parse_proxies
from shared.wire import PROTOCOL_VERSION
from tests.server.helpers import FAST, Client, run
from tests.server.nginx import free_port, nginx

ROOT = Path(__file__).resolve().parents[2]
LIMITS = dataclasses.replace(FAST, ip_connections=3, ip_exempt_loopback=False)


def _block(page: str, after: str) -> str:
    text = (ROOT / "docs" / page).read_text()
    found = re.search(r"```nginx\n(.*?)```", text[text.index(after):], re.S)
    assert found, f"no nginx block after {after!r} in docs/{page}"
    return found.group(1)


def site(listen: int, ports: list[int], upstream: str | None = None) -> str:
    """docs/hosting.md's site, on plain HTTP at ``listen``, with docs/cluster.md's
    upstream for the nodes at ``ports`` (or ``upstream``, another one, to compare)."""
    cluster = _block("cluster.md", "**Proxy**")
    servers = re.findall(r"    server 127\.0\.0\.1:\d+ ([^;]*);", cluster)
    assert len(servers) == 3 and "hash $binary_remote_addr consistent;" in cluster
    if upstream is not None:
        cluster = re.sub(r"\n    hash [^\n]*", f"\n    {upstream}", cluster)
    for old, port in zip(("8801", "8802", "8803"), ports):
        cluster = cluster.replace(f"127.0.0.1:{old}", f"127.0.0.1:{port}")
    hosting = _block("hosting.md", "## Behind a reverse proxy")
    hosting = re.sub(r"upstream alien_city \{.*?\}\n", cluster, hosting, flags=re.S)
    hosting = hosting.replace("listen 443 ssl;", f"listen 127.0.0.1:{listen};")
    return "\n".join(line for line in hosting.splitlines() if "ssl_certificate" not in line)


async def connections(url: str, source: str, count: int) -> tuple[list[Client], list[str]]:
    """``count`` connections from ``source``: the ones welcomed, and the refusals."""
    welcomed, refused = [], []
    for i in range(count):
        client = await Client.open(url, None, local_addr=(source, 0))
        try:
            await client.send({"type": "hello", "v": PROTOCOL_VERSION, "name": f"p{i}"})
        except ConnectionClosed:
            pass  # refused at once: its error was sent before the close
        try:
            answer = await client._read(10)
        except ConnectionClosed as exc:
            answer = {"type": "closed", "code": exc.rcvd and exc.rcvd.reason}
        if answer["type"] == "welcome":
            welcomed.append(client)
        else:
            refused.append(answer.get("code"))
            await client.close()
    return welcomed, refused


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_the_cluster_proxy_recipe_keeps_the_per_address_limits_of_one_server(
        redis_server, tmp_path) -> None:
    async def body() -> None:
        started = []
        try:
            for name in "abc":
                started.append(await start_server(
                    "127.0.0.1", 0, limits=LIMITS, redis=redis_server.url, node_name=name,
                    proxies=parse_proxies("127.0.0.1")))
            ports = [n.port for n in started]
            for recipe, upstream in (("hash", None), ("least_conn", "least_conn;")):
                folder = tmp_path / recipe
                folder.mkdir()
                port = free_port()
                proxy = await nginx(folder, site(port, ports, upstream), port)
                try:
                    url = f"ws://127.0.0.1:{port}"
                    welcomed, refused = await connections(url, "127.0.0.2", 5)
                    others, _ = await connections(url, "127.0.0.3", 1)  # another address
                    held = [sum(1 for c in n.lobby.connections if c.address == "127.0.0.2")
                            for n in started]
                    if recipe == "hash":  # the recipe: one node, one server's limit
                        assert len(welcomed) == 3 and refused == ["too_many_connections"] * 2
                        assert sorted(held) == [0, 0, 3]
                        assert len(others) == 1
                    else:  # spread over the nodes: each counts its own (why not this)
                        assert len(welcomed) == 5, refused
                        assert max(held) < 5
                    for client in welcomed + others:
                        await client.close()
                finally:
                    proxy.terminate()
                    proxy.wait(10)
        finally:
            for node in reversed(started):
                await node.close()
    run(body, 120)
