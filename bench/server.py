"""Load benchmark of the match server: N concurrent bot matches over loopback.

Starts ``alien-city serve`` as a subprocess (with a file store, as in real use) and a bare
websockets echo server as another, then plays N matches at once, two bots each, every bot
checking every move against its own engine copy. In the same run it measures the echo
server's round trip for frames of the same size, so the match server's overhead can be
judged against the bare transport on this machine.

    python3 bench/server.py [--matches 200] [--think-ms 1000] [--seed 1]

Bots think (uniformly 0 to twice ``--think-ms``) before each move, as players do: with
no pause a closed loop of N matches only measures queueing (round trip = N / throughput).

Last line: ``matches=<n> errors=<n> desyncs=<n> moves_per_s=<f> rtt_p50_ms=<f>
rtt_p99_ms=<f> echo_p50_ms=<f> rss_mb=<f>``. rtt: a bot sends a move until it receives
the server's announcement of it. echo: the same client sends a frame to the echo server
until it comes back, sampled during the load. rss: the server process's peak.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from alien_city.headless import Bot, BotError, Stats  # noqa: E402

ECHO_SERVER = """
import asyncio, sys
from websockets.asyncio.server import serve
async def echo(ws):
    async for frame in ws:
        await ws.send(frame)
async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None) as server:
        print(next(iter(server.sockets)).getsockname()[1], flush=True)
        await asyncio.Future()
asyncio.run(main())
"""


def start(args: list[str]) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return proc, proc.stdout.readline().strip()


def peak_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux), to see who is the bottleneck."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def echo_sampler(url: str, stop: asyncio.Event, out: list[float], period: float) -> None:
    frame = msgpack.packb({"type": "move", "match": "K7QXAD", "version": 17, "mid": 123,
                           "move": "Tr@e6"})
    async with connect(url, compression=None) as ws:
        while not stop.is_set():
            t0 = time.perf_counter()
            await ws.send(frame)
            await ws.recv()
            out.append(time.perf_counter() - t0)
            await asyncio.sleep(period)


async def one_match(url: str, index: int, seed: int, think: float, stats: Stats,
                    gate: asyncio.Semaphore) -> None:
    a = Bot(url, name=f"a{index}", seed=seed * 100_003 + 2 * index, stats=stats, think=think)
    b = Bot(url, name=f"b{index}", seed=seed * 100_003 + 2 * index + 1, stats=stats, think=think)
    try:
        async with gate:  # connect in waves, not all at once
            await a.start()
            await b.start()
            code = await a.create()
            await b.join(code)
        await asyncio.gather(a.play(), b.play())
    except (BotError, OSError) as exc:
        stats.errors += 1
        stats.notes.append(f"match {index}: {exc}")
    finally:
        await a.close()
        await b.close()


async def bench(n: int, think: float, seed: int, db: str) -> str:
    server, line = start([sys.executable, "-m", "server", "--port", "0", "--db", db])
    echo, port = start([sys.executable, "-c", ECHO_SERVER])
    try:
        url = line.split("listening on ")[1].split()[0]
        echo_url = f"ws://127.0.0.1:{port}"
        idle: list[float] = []
        stop = asyncio.Event()
        stop_idle = asyncio.Event()
        sampler = asyncio.ensure_future(echo_sampler(echo_url, stop_idle, idle, 0.002))
        await asyncio.sleep(1.0)
        stop_idle.set()
        await sampler
        print(f"load average before the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs",
              flush=True)
        print(f"echo idle: p50 {percentile(idle, .5) * 1e3:.3f} ms over {len(idle)} frames",
              flush=True)
        stats = Stats()
        loaded: list[float] = []
        sampler = asyncio.ensure_future(echo_sampler(echo_url, stop, loaded, 0.02))
        gate = asyncio.Semaphore(25)
        cpu0, own0 = cpu_seconds(server.pid), time.process_time()
        t0 = time.perf_counter()
        await asyncio.gather(*(one_match(url, i, seed, think, stats, gate) for i in range(n)))
        wall = time.perf_counter() - t0
        stop.set()
        await sampler
        rss = peak_rss_mb(server.pid)
        server_cpu = (cpu_seconds(server.pid) - cpu0) / wall
        client_cpu = (time.process_time() - own0) / wall
    finally:
        for proc in (server, echo):
            proc.terminate()
            proc.wait(10)
    finished = stats.games // 2
    moves = len(stats.rtts)
    print(f"{finished} of {n} matches finished in {wall:.1f} s, {moves} moves, "
          f"think {think * 1e3:.0f} ms; echo under load p50 {percentile(loaded, .5) * 1e3:.3f} ms, "
          f"rate-limited {stats.limited}, reconnects {stats.reconnects}; CPU busy: server "
          f"{server_cpu:.0%}, bots {client_cpu:.0%}", flush=True)
    for note in stats.notes[:10]:
        print(f"note: {note}", flush=True)
    return (f"matches={finished} errors={stats.errors} desyncs={stats.desyncs} "
            f"moves_per_s={moves / wall:.1f} rtt_p50_ms={percentile(stats.rtts, .5) * 1e3:.3f} "
            f"rtt_p99_ms={percentile(stats.rtts, .99) * 1e3:.3f} "
            f"echo_p50_ms={percentile(loaded, .5) * 1e3:.3f} rss_mb={rss:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (default 200)")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean bot thinking time per move, uniform 0..2x (default 1000: "
                             "a quick human; 0 plays flat out and measures saturation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="store file (default: a temporary file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "bench.sqlite3")
        print(asyncio.run(bench(args.matches, args.think_ms / 1000, args.seed, db)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
