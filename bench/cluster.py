"""Benchmark of cluster mode: 3 nodes on one Redis, each match's two players on different
nodes, against one single server in the same run.

Starts a ``redis-server`` (loopback, a temporary directory, AOF with ``--appendfsync``,
default everysec), ``--nodes`` node processes (``python -m server --redis``) and one
single server (``python -m server --db``, a file store, as in real use). Plays
``--matches`` matches at once on the single server first, then the same number on the
cluster with Black's bot on node ``i % n`` and White's on node ``i + 1``: every move is
stored in Redis by one node and reaches the other through the event stream. The bots are
the server bench's (:class:`alien_city.headless.Bot`): each checks every move against its
own copy of the game (``desyncs``) and measures the round trip of its own moves (from sending
until the server's ``moved`` comes back). Bots think 0 to twice ``--think-ms`` before a
move, as people do.

    python3 bench/cluster.py [--matches 300] [--nodes 3] [--think-ms 1000]
                             [--event-loop auto|asyncio|uvloop]

``--event-loop`` is passed to every server (single and nodes) and used by the bots'
process too, so both runs use the same loop (default asyncio, as ``serve``).

Last line: ``nodes=<n> matches=<n> errors=<n> desyncs=<n> rtt_p50_ms=<f> rtt_p99_ms=<f>
single_node_p50_ms=<f>`` (matches: finished on the cluster; errors and desyncs: of the
cluster run). Target on the development machine (2 cores): p50 at most twice the single
node's, p99 at most 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from alien_city.headless import Bot, BotError, Stats  # noqa: E402
from server.app import LoopMissing, loop_factory  # noqa: E402

ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                             os.environ.get("PYTHONPATH")])))


def hiredis() -> str:
    """Whether redis-py parses replies in C (the hiredis package) here."""
    try:
        from redis.utils import HIREDIS_AVAILABLE
    except ImportError:
        return "no redis package"
    return "hiredis" if HIREDIS_AVAILABLE else "no hiredis (pure-Python parser)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(folder: Path, fsync: str) -> tuple[subprocess.Popen, str]:
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("bench/cluster.py: redis-server is not installed (Debian package redis-server)")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "yes", "--appendfsync", fsync, "--dir", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    proc.kill()
    sys.exit("bench/cluster.py: redis-server did not start")


def start_server(args: list[str], log: Path, loop: str = "asyncio") -> tuple[subprocess.Popen, str]:
    """``python -m server ARGS --print-address``: (process, address)."""
    with open(log, "w") as errors:
        proc = subprocess.Popen([sys.executable, "-m", "server", "--port", "0",
                                 "--print-address", "--event-loop", loop, *args], cwd=ROOT, env=ENV,
                                stdout=subprocess.PIPE, stderr=errors, text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("ws://"):
        proc.kill()
        sys.exit(f"bench/cluster.py: a server did not start: {log.read_text()[-800:]}")
    return proc, url


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu_seconds(*procs: subprocess.Popen) -> float:
    """User + system CPU time the processes used so far (Linux; nan elsewhere)."""
    total = 0.0
    for proc in procs:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return float("nan")
    return total


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def one_match(urls: list[str], index: int, think: float, stats: Stats,
                    gate: asyncio.Semaphore) -> None:
    """Black's bot on ``urls[i % n]``, White's on the next one (the same with one url)."""
    bots = [Bot(urls[(index + k) % len(urls)], name=f"{'bw'[k]}{index}", seed=2 * index + k,
                stats=stats, think=think) for k in (0, 1)]
    try:
        async with gate:  # connect in waves, not all at once
            for bot in bots:
                await bot.start()
            await bots[1].join(await bots[0].create())
        await asyncio.gather(*(bot.play() for bot in bots))
    except (BotError, OSError) as exc:
        stats.errors += 1
        stats.notes.append(f"match {index}: {exc}")
    finally:
        for bot in bots:
            await bot.close()


class Timed(list):
    """Round trips with the time each ended (``at``, seconds since ``t0``), for
    :func:`windows`."""

    def __init__(self, t0: float) -> None:
        super().__init__()
        self.t0 = t0
        self.at: list[float] = []

    def append(self, rtt: float) -> None:
        super().append(rtt)
        self.at.append(time.perf_counter() - self.t0)


def windows(rtts: Timed, width: float = 10.0) -> str:
    """Moves finished per ``width`` seconds with their p50/p99: where the tail comes from
    (the start, when every bot connects and every match is created, or later)."""
    spans: dict[int, list[float]] = {}
    for rtt, at in zip(rtts, rtts.at):
        spans.setdefault(int(at // width), []).append(rtt)
    return "; ".join(f"{int(k * width)}-{int((k + 1) * width)} s: {len(v)} moves "
                     f"p50 {percentile(v, .5) * 1e3:.0f} p99 {percentile(v, .99) * 1e3:.0f} ms"
                     for k, v in sorted(spans.items()))


async def play(urls: list[str], matches: int, think: float, label: str) -> Stats:
    stats = Stats()
    stats.rtts = Timed(time.perf_counter())
    gc.collect()  # the bots' process as the servers (server/app.py): full collections
    gc.freeze()   # skip what exists before the run (the same for both runs)
    t0 = time.perf_counter()
    gate = asyncio.Semaphore(25)
    await asyncio.gather(*(one_match(urls, i, think, stats, gate) for i in range(matches)))
    parts = [f"{stats.games // 2} of {matches} matches finished in "
             f"{time.perf_counter() - t0:.1f} s", f"{len(stats.rtts)} moves",
             f"errors {stats.errors}", f"desyncs {stats.desyncs}",
             f"rtt p50 {percentile(stats.rtts, .5) * 1e3:.2f} ms",
             f"p99 {percentile(stats.rtts, .99) * 1e3:.2f} ms"]
    print(f"{label}: " + ", ".join(parts), flush=True)
    print(f"{label}, by 10 s window: {windows(stats.rtts)}", flush=True)
    if stats.notes:
        print("\n".join(f"note ({label}): {note}" for note in stats.notes[:5]), flush=True)
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="concurrent matches (default 300)")
    parser.add_argument("--nodes", type=int, default=3, help="cluster nodes (default 3)")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean bot thinking time per move, uniform 0..2x (default 1000)")
    parser.add_argument("--event-loop", choices=("asyncio", "uvloop", "auto"), default="asyncio",
                        help="the servers' and the bots' event loop (default asyncio, as serve)")
    parser.add_argument("--appendfsync", choices=("always", "everysec", "no"),
                        default="everysec", help="Redis AOF fsync policy (default everysec)")
    args = parser.parse_args()
    if args.matches < 1 or args.nodes < 2:
        parser.error("--matches must be at least 1 and --nodes at least 2")
    think = args.think_ms / 1000
    try:
        factory = loop_factory(args.event_loop)
    except LoopMissing as exc:
        parser.error(str(exc))

    def run(coro: Any) -> Stats:
        with asyncio.Runner(loop_factory=factory) as runner:
            return runner.run(coro)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"load average before the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs "
              f"(other programs on this machine count too); event loop: "
              f"{'uvloop' if factory else 'asyncio'}", flush=True)
        single, url = start_server(["--db", str(folder / "single.sqlite3")], folder / "single.log",
                                   args.event_loop)
        try:
            own = time.process_time()
            alone = run(play([url], args.matches, think, "single node"))
            print(f"CPU seconds: server {cpu_seconds(single):.1f}, bots "
                  f"{time.process_time() - own:.1f}", flush=True)
        finally:
            stop(single)
        redis, redis_url = start_redis(folder, args.appendfsync)
        nodes: list[subprocess.Popen] = []
        try:
            urls = []
            for i in range(args.nodes):
                proc, node_url = start_server(["--redis", redis_url, "--node-name", f"n{i}"],
                                              folder / f"n{i}.log", args.event_loop)
                nodes.append(proc)
                urls.append(node_url)
            print(f"load average now: {os.getloadavg()[0]:.2f}; redis-py: {hiredis()}", flush=True)
            own = time.process_time()
            spread = run(play(urls, args.matches, think,
                                      f"{args.nodes} nodes (appendfsync {args.appendfsync})"))
            print(f"CPU seconds: nodes {cpu_seconds(*nodes):.1f}, redis {cpu_seconds(redis):.1f}, "
                  f"bots {time.process_time() - own:.1f}", flush=True)
        finally:
            for proc in nodes:
                stop(proc)
            stop(redis)
    print(f"nodes={args.nodes} matches={spread.games // 2} errors={spread.errors} "
          f"desyncs={spread.desyncs} rtt_p50_ms={percentile(spread.rtts, .5) * 1e3:.3f} "
          f"rtt_p99_ms={percentile(spread.rtts, .99) * 1e3:.3f} "
          f"single_node_p50_ms={percentile(alone.rtts, .5) * 1e3:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
