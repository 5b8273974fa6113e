"""docs/hosting.md's configurations, checked as far as this machine allows: nginx run for
real on 127.0.0.1 from the page's own config (TLS, websocket, /healthz, X-Forwarded-For),
the systemd unit through ``systemd-analyze verify``, and the Containerfile's syntax and
the ``serve`` arguments of the unit and the container."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shlex
import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest

from alien_city.headless import Bot
from alien_city.headless.tls import client_context
from server.app import add_arguments, start_server
from server.netpolicy import parse_proxies

from .helpers import FAST, Client, run
from .nginx import free_port
from .nginx import nginx as run_nginx

ROOT = Path(__file__).resolve().parents[2]
HOSTING = (ROOT / "docs" / "hosting.md").read_text()


def block(language: str) -> str:
    found = re.search(rf"```{language}\n(.*?)```", HOSTING, re.S)
    assert found, f"no {language} block in docs/hosting.md"
    return found.group(1)


def serve_args(argv: list[str]) -> argparse.Namespace:
    """What ``alien-city serve`` makes of ``argv`` (raises SystemExit if it refuses)."""
    parser = argparse.ArgumentParser(prog="alien-city serve", exit_on_error=False)
    add_arguments(parser, "serve")
    return parser.parse_args(argv)


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_the_nginx_config_of_the_page_proxies_a_wss_match(certificate, tmp_path):
    certfile, keyfile = certificate

    async def body():
        server = await start_server("127.0.0.1", 0, ":memory:", FAST,
                                    proxies=parse_proxies("127.0.0.1"))
        port = free_port()
        site = (block("nginx")
                .replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
                .replace("server 127.0.0.1:8765;", f"server 127.0.0.1:{server.port};")
                .replace("/etc/letsencrypt/live/games.example.org/fullchain.pem", certfile)
                .replace("/etc/letsencrypt/live/games.example.org/privkey.pem", keyfile))
        assert str(server.port) in site and certfile in site
        nginx = await run_nginx(tmp_path, site, port)
        try:
            url = f"wss://127.0.0.1:{port}"
            trusted = client_context(cafile=certfile)
            a = Bot(url, name="A", seed=3, ssl=trusted)
            b = Bot(url, name="B", seed=4, ssl=trusted)
            await a.start()
            await b.start()
            await b.join(await a.create({}))
            await asyncio.gather(a.play(), b.play())
            assert a.stats.desyncs == b.stats.desyncs == 0 and a.stats.games == 1
            for bot in (a, b):
                await bot.close()
            # the proxy appends the peer it saw; the server takes the first untrusted one
            c = await Client.open(url, "Eve", ssl=trusted,
                                  additional_headers={"X-Forwarded-For": "127.3.3.5"})
            assert "127.3.3.5" in {conn.address for conn in server.lobby.connections}
            tls = ssl.create_default_context(cafile=certfile)
            answer = await asyncio.to_thread(urllib.request.urlopen,
                                             f"https://127.0.0.1:{port}/healthz",
                                             timeout=5, context=tls)
            health = json.loads(answer.read())
            assert answer.status == 200 and health["connections"] == 1 and health["status"] == "ok"
            await c.close()
        finally:
            nginx.terminate()
            nginx.wait(10)
            await server.close()
    run(body, timeout=120)


def test_the_systemd_unit(tmp_path):
    unit = block("ini")
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    argv = shlex.split(exec_start.removeprefix("ExecStart="))
    assert argv[1] == "serve"
    args = serve_args(argv[2:])
    assert args.behind_proxy == "127.0.0.1" and args.db.startswith("/var/lib/alien-city/")
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    program = shutil.which("alien-city") or shutil.which("true")
    path = tmp_path / "alien-city.service"
    path.write_text(unit.replace(argv[0], program))
    verified = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True,
                              text=True, timeout=60)
    problems = [line for line in (verified.stdout + verified.stderr).splitlines()
                if str(path) in line]
    assert verified.returncode == 0 and not problems, verified.stderr


def test_the_containerfile():
    """Known instructions only, sources that exist, JSON forms that parse, and a CMD that
    ``serve`` accepts (no container engine is needed to check that much)."""
    text = (ROOT / "Containerfile").read_text()
    logical = re.sub(r"\\\n", " ", text)
    known = {"FROM", "ENV", "WORKDIR", "COPY", "RUN", "USER", "VOLUME", "EXPOSE", "STOPSIGNAL",
             "HEALTHCHECK", "CMD", "ARG", "LABEL"}
    instructions = [line.strip() for line in logical.splitlines()
                    if line.strip() and not line.strip().startswith("#")]
    assert instructions[0].startswith("FROM ")
    for line in instructions:
        word, _, rest = line.partition(" ")
        assert word in known, line
        if word == "COPY":
            *sources, _target = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), source
        if word in ("CMD", "VOLUME"):
            json.loads(rest)
        if word == "HEALTHCHECK":
            json.loads(rest.split(" CMD ", 1)[1])
            assert "/healthz" in rest
    cmd = json.loads(next(line for line in instructions if line.startswith("CMD ")).removeprefix("CMD "))
    assert cmd[:2] == ["alien-city", "serve"]
    args = serve_args(cmd[2:])
    assert args.host == "0.0.0.0" and args.db == "/data/matches.sqlite3"
    assert "HEALTHCHECK" in text and "USER alien-city" in text
