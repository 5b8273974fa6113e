"""``alien-city serve``: start the match server, stop it cleanly on Ctrl-C or SIGTERM;
optionally over TLS, behind a reverse proxy, announced on the LAN.

A clean stop closes every client with code 1001 (going away) and lets the store finish
its queued writes; every accepted move was already committed before it was announced.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import gc
import logging
import os
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from ssl import SSLContext
from typing import Any

from websockets.asyncio.server import Server, serve

from shared.gamekit import Registry
from shared.netkit.beacon import DISCOVERY_PORT, Beacon
from shared.netkit.serverproc import EXIT_STORE_IN_USE
from shared.wire.limits import TRANSPORT_MAX_FRAME

from .accounts import AccountError
from .announce import Announcer
from .archive import OnlineStore
from .connection import Limits
from .handler import EagerConnection, handle
from .lobby import Lobby
from .netpolicy import Network, parse_proxies
from .store import Store, StoreError, StoreInUse, default_path
from .web import health_hook, server_context

log = logging.getLogger("alien_city.server")


@dataclass(frozen=True)
class LanSettings:
    """Where ``serve --lan`` sends its beacon: broadcast on a LAN; tests pin all of it
    to loopback (``target="127.0.0.1", bind="127.0.0.1"``)."""

    target: str = "255.255.255.255"
    port: int = DISCOVERY_PORT
    bind: str = "0.0.0.0"
    interval: float = 1.0


@dataclass
class RunningServer:
    """A started server: where it listens and how to stop it."""

    server: Server
    lobby: Lobby
    host: str
    port: int
    tls: bool = False
    announcer: Announcer | None = None
    name: str = ""
    node: str | None = None  # the node's name in a cluster (``--redis``), else None
    feed: Any = None         # a cluster node's EventFeed (other nodes' changes)
    relay: Any = None        # a cluster node's Relay (presence, chat, rematches, heartbeat)
    extras: Any = None       # a cluster node's shared quick-match queue and spectator counts

    @property
    def url(self) -> str:
        """The address to connect to from this machine (a wildcard host becomes loopback)."""
        host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "[::1]"}.get(self.host, self.host)
        host = f"[{host}]" if ":" in host and not host.startswith("[") else host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"

    def beacon(self) -> Beacon:
        """What the LAN is told: counts from the lobby, read when each beacon is sent."""
        live = [m for m in self.lobby.matches.values() if m.live]
        return Beacon(self.name, self.port,
                      waiting=sum(1 for m in live if m.public and m.status == "waiting"),
                      playing=sum(1 for m in live if m.status == "playing"),
                      players=sum(1 for c in self.lobby.connections if c.session is not None),
                      games=tuple(self.lobby.games.ids()), tls=self.tls)

    async def close(self) -> None:
        """Stop announcing and computer players, close clients with 1001, wait for
        handlers, then flush and close the store."""
        if self.announcer is not None:
            await self.announcer.close()
        if self.feed is not None:
            await self.feed.close()
        await self.lobby.stop_computers()
        self.server.close()  # close_connections=True: 1001 going away
        await self.server.wait_closed()
        if self.extras is not None:  # its queued players leave the shared queue
            await self.extras.close()
        if self.relay is not None:  # the players' goodbyes reach the other nodes first
            await self.relay.close(flush=1.0)
        await self.lobby.close()


async def start_server(host: str = "127.0.0.1", port: int = 0, db: str = ":memory:",
                       limits: Limits = Limits(), games: Registry | None = None, *,
                       ssl: SSLContext | None = None, proxies: tuple[Network, ...] = (),
                       lan: LanSettings | None = None, name: str | None = None,
                       redis: str | None = None, node_name: str | None = None,
                       accounts: str | None = "") -> RunningServer:
    """Open the store, restore unfinished matches, listen (port 0 = any free port).
    ``games`` is the registry of games served (default: every built-in game); ``ssl``
    serves ``wss://``; ``proxies`` are trusted for ``X-Forwarded-For``; ``lan``
    announces the server on the local network under ``name`` (default: the host name).
    ``redis`` (``redis://HOST:PORT/DB``) runs a cluster node on that Redis instead of
    the SQLite ``db`` (docs/cluster.md); ``node_name`` names it in logs. ``accounts`` is
    the SQLite file of names, ratings and the archive: ``""`` (default) the store's own
    file (memory for a store in memory; none for a cluster node), ``None`` none."""
    store = Store(db) if redis is None else await _redis_store(redis)
    try:
        online = open_accounts(accounts, db, redis)
    except AccountError as exc:
        await store.close()
        raise StoreError(str(exc)) from None
    lobby = Lobby(store, games, limits, online)
    lobby.proxies = tuple(proxies)
    running: RunningServer | None = None
    feed = relay = extras = None
    try:
        if redis is not None:  # follow other nodes' changes from before the restore on
            from .cluster.extras import Extras
            from .cluster.fanout import EventFeed
            from .cluster.node import Follower
            from .cluster.relay import Relay, node_id
            relay = Relay(store, lobby, node_id(node_name or f"{socket.gethostname()}-{os.getpid()}"))
            lobby.relay = lobby.maker.relay = relay
            relay.start()
            follower = Follower(lobby, store, relay.node)
            relay.adopt = follower.adopt
            extras = Extras(lobby, store, relay.node, follower.handle)
            extras.on("session", relay.session_resumed)
            feed = EventFeed(store, extras.handle, await store.last_event())
            feed.on_loss = follower.reread
            feed.wanted, feed.dropped = follower.followed, follower.dropped
        restored = await lobby.restore()
        await lobby.online.recover()
        server = await serve(functools.partial(handle, lobby=lobby), host, port,
                             max_size=TRANSPORT_MAX_FRAME, compression=None,
                             ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
                             close_timeout=2, open_timeout=10, server_header=None, ssl=ssl,
                             process_request=health_hook(lobby), create_connection=EagerConnection)
        bound = next(iter(server.sockets)).getsockname()
        running = RunningServer(server, lobby, host, bound[1], tls=ssl is not None,
                                name=(name or socket.gethostname() or "alien-city")[:40],
                                node=None if redis is None else
                                node_name or f"{socket.gethostname()}-{bound[1]}", feed=feed,
                                relay=relay, extras=extras)
        if feed is not None:
            feed.start()
            extras.start()
        lobby.start_housekeeping()
        if lan is not None:
            running.announcer = Announcer(running.beacon, target=lan.target, port=lan.port,
                                          bind=lan.bind, interval=lan.interval)
            await running.announcer.start()
    except BaseException:
        if running is not None:
            await running.close()
        else:
            if relay is not None:
                await relay.close()
            await lobby.close()  # do not leave the store's thread running
        raise
    if restored:
        log.info("restored %d unfinished matches", restored)
    return running


def open_accounts(accounts: str | None, db: str, redis: str | None) -> Any:
    """Names, ratings and the archive: in the match store's SQLite file unless told
    otherwise (one file to back up; each opens its own connection, WAL mode); a cluster
    node keeps them in its Redis, shared by every node (docs/cluster.md)."""
    if accounts is None:
        return None
    if accounts == "" and redis is not None:
        from .cluster.online_store import RedisOnlineStore
        return RedisOnlineStore(redis)
    return OnlineStore(accounts or db)


async def _redis_store(url: str):
    """The cluster's match store, opened (the redis package is imported only here)."""
    from .cluster.redis_store import RedisStore
    store = RedisStore(url)
    try:
        await store.open()
    except BaseException:
        await store.close()
        raise
    return store


async def main(args: argparse.Namespace, db: str) -> int:
    sys.setswitchinterval(0.0005)  # the store thread must not wait 5 ms for the GIL
    try:
        context = server_context(args.certfile, args.keyfile) if args.certfile else None
        proxies = parse_proxies(args.behind_proxy)
    except ValueError as exc:
        print(f"alien-city serve: {exc}", file=sys.stderr)
        return 2
    lan = LanSettings(target=args.lan_target, port=args.lan_port,
                      bind="127.0.0.1" if args.lan_target.startswith("127.") else "0.0.0.0") \
        if args.lan else None
    limits = limits_from(args)
    try:
        running = await start_server(args.host, args.port, db, limits, ssl=context,
                                     proxies=proxies, lan=lan, name=args.name,
                                     redis=args.redis, node_name=args.node_name,
                                     accounts=accounts_option(args))
    except StoreError as exc:
        print(f"alien-city serve: {exc}", file=sys.stderr)
        return EXIT_STORE_IN_USE if isinstance(exc, StoreInUse) else 2
    except OSError as exc:
        print(f"alien-city serve: cannot listen on {args.host}:{args.port} or announce: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    gc.collect()  # what start-up made (modules, the games' tables) is kept for good:
    gc.freeze()   # full collections no longer walk it (~40 ms of CPU each, a latency spike)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C raises instead
            pass
    if args.print_address:  # the first line is for a program (a hosting client)
        print(running.url, flush=True)
    shown = "[::]" if args.host == "::" else args.host
    scheme = "wss" if context else "ws"
    extra = f"; announced on the LAN as {running.name!r} (udp {args.lan_port})" if lan else ""
    if running.node is not None:
        extra += f"; cluster node {running.node!r}"
    where = running.lobby.store.path
    print(f"alien-city server listening on {scheme}://{shown}:{running.port} (store: {where}){extra}",
          file=sys.stderr if args.print_address else sys.stdout, flush=True)
    if type(loop).__module__.startswith("uvloop"):
        log.info("event loop: uvloop")
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
    parser.add_argument("--redis", default=None, metavar="redis://HOST:PORT/DB",
                        help="run as a node of a cluster: matches live in this Redis, shared "
                             "with the other nodes, instead of --db (pip install "
                             "'alien-city[cluster]'; docs/cluster.md)")
    parser.add_argument("--accounts", default=None, metavar="FILE",
                        help="names, ratings and the match archive in this SQLite file "
                             "(default: the --db file, or the --redis of a cluster node; "
                             "'off' keeps none)")
    parser.add_argument("--node-name", default=None, metavar="N",
                        help="this node's name in a cluster's logs (default: host-port)")
    parser.add_argument("--name", default=None,
                        help="the server's name in 'Games on your network' (default: host name)")
    parser.add_argument("--lan", action="store_true",
                        help=f"announce the server on the local network (UDP beacon to port "
                             f"{DISCOVERY_PORT}, broadcast)")
    parser.add_argument("--lan-target", default="255.255.255.255", metavar="ADDR",
                        help="where --lan sends its beacon (default the broadcast address)")
    parser.add_argument("--lan-port", type=int, default=DISCOVERY_PORT, metavar="PORT",
                        help=f"the discovery UDP port (default {DISCOVERY_PORT})")
    parser.add_argument("--certfile", default=None,
                        help="serve wss:// (TLS) with this certificate (PEM, chain first)")
    parser.add_argument("--keyfile", default=None,
                        help="the certificate's private key (PEM; default: in --certfile)")
    parser.add_argument("--behind-proxy", default=None, metavar="ADDR[,ADDR]",
                        help="trust X-Forwarded-For from these proxy addresses or networks "
                             "(per-address limits then count the real clients)")
    parser.add_argument("--waiting-expiry", type=seconds, default=None, metavar="SECONDS",
                        help="cancel waiting matches nobody joined after this long "
                             "(default 3600; 0 = never)")
    parser.add_argument("--abandon-after", type=seconds, default=None, metavar="SECONDS",
                        help="resign a player's seat in a playing match after this long away "
                             "(default 300; 0 = never; docs/protocol.md, Leaving)")
    parser.add_argument("--event-loop", choices=("asyncio", "uvloop", "auto"), default="asyncio",
                        help="asyncio (default) or uvloop (pip install 'alien-city[fast]'; "
                             "auto: uvloop when it is installed). uvloop showed no gain on the "
                             "development VM (docs/cluster.md, Measured)")
    parser.add_argument("--print-address", action="store_true",
                        help="print only the address to connect to (ws://127.0.0.1:PORT) as the "
                             "first line of output, once listening (for a hosting program)")


def seconds(text: str) -> float:
    """An option's number of seconds: finite, 0 or more (argparse names the option)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 or more seconds (0 = never)")
    return value


def accounts_option(args: argparse.Namespace) -> str | None:
    """``--accounts``: a file, ``off`` (None), or unset ("": beside the store)."""
    value = getattr(args, "accounts", None)
    return None if value == "off" else (value or "")


def limits_from(args: argparse.Namespace) -> Limits:
    """The server's limits with the command line's changes (0 seconds: never)."""
    limits = Limits()
    if getattr(args, "waiting_expiry", None) is not None:
        limits = dataclasses.replace(limits, waiting_expiry=args.waiting_expiry or None)
    if getattr(args, "abandon_after", None) is not None:
        limits = dataclasses.replace(limits, abandon_after=args.abandon_after or None)
    return limits


class LoopMissing(Exception):
    """``--event-loop uvloop`` without uvloop installed."""


def loop_factory(choice: str) -> Any:
    """The event loop to serve on: uvloop's for ``uvloop`` (and ``auto`` when it is
    installed), ``None`` for asyncio's own. uvloop is optional and not the default: on the
    development VM it used no less CPU per move and gave no lower latency (the socket
    calls, not the loop, are the cost there); nothing else changes with it."""
    if choice == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        if choice == "uvloop":
            raise LoopMissing("--event-loop uvloop needs the uvloop package: "
                              "pip install 'alien-city[fast]'") from None
        return None
    return uvloop.new_event_loop


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)
    if args.redis is not None and args.db is not None:
        print("alien-city serve: give --redis or --db, not both", file=sys.stderr)
        return 2
    db = args.db if args.db is not None else str(default_path())
    if db != ":memory:" and args.redis is None:
        try:
            Path(db).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"alien-city serve: cannot create {Path(db).parent}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
    try:
        if args.keyfile and not args.certfile:
            print("alien-city serve: --keyfile needs --certfile", file=sys.stderr)
            return 2
        factory = loop_factory(getattr(args, "event_loop", "asyncio"))
        with asyncio.Runner(loop_factory=factory) as runner:
            return runner.run(main(args, db))
    except LoopMissing as exc:
        print(f"alien-city serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
