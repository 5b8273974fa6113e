"""``alien-city serve``: start the match server, stop it cleanly on Ctrl-C or SIGTERM.

A clean stop closes every client with code 1001 (going away) and lets the store finish
its queued writes; every accepted move was already committed before it was announced.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.server import Server, serve

from shared.gamekit import Registry

from .connection import Limits
from .handler import handle
from .lobby import Lobby
from .protocol import TRANSPORT_MAX_FRAME
from .store import Store, StoreError, default_path

log = logging.getLogger("alien_city.server")


@dataclass
class RunningServer:
    """A started server: where it listens and how to stop it."""

    server: Server
    lobby: Lobby
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    async def close(self) -> None:
        """Stop computer players, close clients with 1001, wait for handlers, then flush
        and close the store."""
        await self.lobby.stop_computers()
        self.server.close()  # close_connections=True: 1001 going away
        await self.server.wait_closed()
        await self.lobby.close()


async def start_server(host: str = "127.0.0.1", port: int = 0, db: str = ":memory:",
                       limits: Limits = Limits(), games: Registry | None = None) -> RunningServer:
    """Open the store, restore unfinished matches, listen (port 0 = any free port).
    ``games`` is the registry of games served (default: every built-in game)."""
    store = Store(db)
    lobby = Lobby(store, games, limits)
    try:
        restored = await lobby.restore()
        server = await serve(functools.partial(handle, lobby=lobby), host, port,
                             max_size=TRANSPORT_MAX_FRAME, compression=None,
                             ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
                             close_timeout=2, open_timeout=10, server_header=None)
    except BaseException:
        await lobby.close()  # do not leave the store's thread running
        raise
    bound = next(iter(server.sockets)).getsockname()
    if restored:
        log.info("restored %d unfinished matches", restored)
    return RunningServer(server, lobby, host, bound[1])


async def main(host: str, port: int, db: str) -> int:
    sys.setswitchinterval(0.0005)  # the store thread must not wait 5 ms for the GIL
    try:
        running = await start_server(host, port, db)
    except StoreError as exc:
        print(f"alien-city serve: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"alien-city serve: cannot listen on {host}:{port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C raises instead
            pass
    shown = "[::]" if host == "::" else host
    print(f"alien-city server listening on ws://{shown}:{running.port} (store: {db})", flush=True)
    try:
        await stop.wait()
    finally:
        log.info("shutting down")
        await running.close()
        log.info("stopped; matches saved")
    return 0


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="interface to listen on (0.0.0.0 serves the LAN; default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port (default 8765; 0 = any)")
    parser.add_argument("--db", default=None,
                        help=f"match store file (default {default_path()}; ':memory:' keeps none)")


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    db = args.db if args.db is not None else str(default_path())
    if db != ":memory:":
        try:
            Path(db).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"alien-city serve: cannot create {Path(db).parent}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
    try:
        return asyncio.run(main(args.host, args.port, db))
    except KeyboardInterrupt:
        return 0
