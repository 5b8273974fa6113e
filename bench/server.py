"""Load benchmark of the match server: N concurrent bot matches over loopback.

Starts ``alien-city serve`` as a subprocess (with a file store, as in real use) and a bare
websockets echo server as another, then plays N matches, two bots each, every bot
checking every move against its own engine copy. The bots run in worker processes of
their own (``--bot-procs``), so the load generator does not share one interpreter with
what measures it, and each worker samples the echo server's round trip for frames of
the same size: the match server's overhead is judged against the bare transport seen by
the same clients in the same run.

    python3 bench/server.py [--matches 200] [--think-ms 1000] [--ramp 10] [--seed 1]
                            [--bot-procs 2] [--profile FILE] [--clock 3+2]

Bots think (uniformly 0 to twice ``--think-ms``) before each move, as players do: with
no pause a closed loop of N matches only measures queueing (round trip = N / throughput).
Matches arrive over ``--ramp`` seconds (evenly), as a real server sees them, not all at
once. The start burst (moves made while matches are still being started) is reported
apart from the steady state (moves made once every match has started and before the
first one ends, all N playing), with the round trips per 10 s window.

Last line: ``matches=<n> errors=<n> desyncs=<n> moves_per_s=<f> rtt_p50_ms=<f>
rtt_p99_ms=<f> echo_p50_ms=<f> rss_mb=<f> p99_steady_ms=<f> start_p99_ms=<f>
p50_steady_ms=<f> server_cpu=<f> bots_cpu=<f> server_us_per_move=<f> bots_us_per_move=<f>
echo_cpu=<f>``. rtt: from a bot's move frame handed to the socket until the frame of the
server's announcement of it comes out (all moves). echo: a bot worker hands a frame to the
echo server's socket until it comes back, sampled during the load. Both are timed at the
wire, so the bot's own encoding and checking of messages is counted in neither.
rss: the server process's peak. cpu: the busy fraction of one core over the run (bots:
all worker processes together; echo: the echo server); us_per_move: each side's CPU time
over the moves played (the load generator's too: on a machine of few cores the bots and
the server compete for them).
Goals (issue 25): p50 at most 1.5x the echo and steady p99 at most 50 ms with 1000
matches, no error and no desync with 2000.

``--clock 3+2`` times every match (the server keeps, saves and arms each match's clock
on every move); the last line then adds ``flags=<n>``, the matches lost on time, which
the default think time (1 s a move on average, 2 s added a move) should never cause.
Goal (issue 27): p50 with clocks at most 10 % above the same run without.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from alien_city.headless import Bot, BotError, Stats  # noqa: E402
from shared.online.clock import ClockError, TimeControl  # noqa: E402

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

# The server under cProfile on its main thread's CPU clock (``--profile``): wall time
# would count every moment the process waits for a core on a busy machine.
PROFILED = """
import cProfile, runpy, sys, time
out = sys.argv.pop(1)
sys.argv[0] = "server"
profile = cProfile.Profile(time.thread_time)
profile.enable()
try:
    runpy.run_module("server", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
finally:
    profile.disable()
    profile.dump_stats(out)
"""


def start(args: list[str], root: Path = ROOT) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=dict(os.environ, PYTHONPATH=str(root)))
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


@dataclass
class Share:
    """What one bot worker process saw. Times are ``time.monotonic()`` seconds, one clock
    for every process of the machine (Linux), so the workers' moves can be put on one
    time line."""

    pid: int = 0
    cpu: float = 0.0                                       # the worker's own CPU seconds
    flags: int = 0                                         # matches that ended on time
    moves: list[tuple[float, float]] = field(default_factory=list)  # (sent at, round trip)
    echo: list[float] = field(default_factory=list)
    started: list[float] = field(default_factory=list)     # both seats taken, per match
    ended: list[float] = field(default_factory=list)       # per finished match
    stats: Stats = field(default_factory=Stats)            # its bots' counts (rtts: moves)


class Timed(list):
    """Round trips that remember when each move was sent (for the phases)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[float] = []

    def append(self, rtt: float) -> None:
        super().append(rtt)
        self.sent.append(time.monotonic() - rtt)


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


async def one_match(url: str, index: int, seed: int, think: float, stats: Stats, share: Share,
                    at: float, gate: asyncio.Semaphore, clock: str | None) -> None:
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    a = Bot(url, name=f"a{index}", seed=seed * 100_003 + 2 * index, stats=stats, think=think)
    b = Bot(url, name=f"b{index}", seed=seed * 100_003 + 2 * index + 1, stats=stats, think=think)
    try:
        async with gate:  # a burst of arrivals connects in waves, not all at once
            await a.start()
            await b.start()
            code = await a.create(clock=clock)
            await b.join(code)
        share.started.append(time.monotonic())
        ended, _ = await asyncio.gather(a.play(), b.play())
        share.ended.append(time.monotonic())
        share.flags += ended.get("reason") == "time"
    except (BotError, OSError) as exc:
        stats.errors += 1
        stats.notes.append(f"match {index}: {exc}")
    finally:
        await a.close()
        await b.close()


async def bots(url: str, echo_url: str, indices: range, n: int, ramp: float, t0: float,
               seed: int, think: float, gate: int, clock: str | None) -> Share:
    gc.collect()  # what start-up made is kept for good (as the server does, server/app.py)
    gc.freeze()
    gc.disable()  # a full pass over 1000 bots' positions stops every bot of the worker for
    # tenths of a second, counted in the round trips it measures; the few cycles the bots
    # leave (thousands of objects a run) are freed when the worker exits
    stats, share = Stats(), Share(pid=os.getpid())
    stats.rtts = Timed()
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(echo_sampler(echo_url, stop, share.echo, 0.02))
    cpu0 = time.process_time()
    sem = asyncio.Semaphore(gate)
    await asyncio.gather(*(one_match(url, i, seed, think, stats, share, t0 + ramp * i / n, sem,
                                     clock) for i in indices))
    stop.set()
    await sampler
    share.cpu = time.process_time() - cpu0
    share.moves = list(zip(stats.rtts.sent, stats.rtts))
    stats.rtts = []
    share.stats = stats
    return share


def bot_worker(*args: object) -> Share:
    """One worker process: its share of the matches (every ``procs``-th one)."""
    return asyncio.run(bots(*args))  # type: ignore[arg-type]


def windows(moves: list[tuple[float, float]], t0: float, width: float = 10.0) -> str:
    """Moves per ``width`` seconds with their p50/p99: where the tail comes from."""
    spans: dict[int, list[float]] = {}
    for sent, rtt in moves:
        spans.setdefault(int((sent - t0) // width), []).append(rtt)
    return "; ".join(f"{int(k * width)}-{int((k + 1) * width)} s: {len(v)} moves "
                     f"p50 {percentile(v, .5) * 1e3:.1f} p99 {percentile(v, .99) * 1e3:.0f} ms"
                     for k, v in sorted(spans.items()))


async def bench(n: int, think: float, seed: int, db: str, ramp: float, procs: int,
                profile: str | None, server_root: Path, clock: str | None = None) -> str:
    command = [sys.executable, "-m", "server"]
    if profile:
        command = [sys.executable, "-c", PROFILED, str(Path(profile).resolve())]
    server, line = start([*command, "--port", "0", "--db", db], server_root)
    echo, port = start([sys.executable, "-c", ECHO_SERVER])
    context = get_context("spawn")  # a fresh interpreter: nothing of this one's loop
    try:
        with ProcessPoolExecutor(procs, mp_context=context) as pool:
            list(pool.map(abs, range(procs)))  # the workers exist (imports done) before t0
            url = line.split("listening on ")[1].split()[0]
            echo_url = f"ws://127.0.0.1:{port}"
            print(f"load average before the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} "
                  f"CPUs; {n} matches arriving over {ramp:g} s, bots in {procs} processes, "
                  f"clock {clock or 'none'}",
                  flush=True)
            loop = asyncio.get_running_loop()
            cpu0, own0 = cpu_seconds(server.pid), time.process_time()
            t0 = time.monotonic() + 0.5
            futures = [loop.run_in_executor(pool, bot_worker, url, echo_url,
                                            range(k, n, procs), n, ramp, t0, seed, think,
                                            max(1, 25 // procs), clock)
                       for k in range(procs)]
            shares: list[Share] = await asyncio.gather(*futures)
            wall = time.monotonic() - t0
            rss = peak_rss_mb(server.pid)
            server_busy = cpu_seconds(server.pid) - cpu0
            echo_busy = cpu_seconds(echo.pid)
            own = time.process_time() - own0
    finally:
        for proc in (server, echo):
            proc.terminate()
            proc.wait(30)
    moves = sorted(move for share in shares for move in share.moves)
    rtts = [rtt for _, rtt in moves]
    echoes = [e for share in shares for e in share.echo]
    started = max((t for share in shares for t in share.started), default=t0)
    first_end = min((t for share in shares for t in share.ended), default=float("inf"))
    start_rtts = [rtt for sent, rtt in moves if sent < started]
    steady = [rtt for sent, rtt in moves if started <= sent < first_end]
    errors = sum(share.stats.errors for share in shares)
    finished = sum(share.stats.games for share in shares) // 2
    bots_busy = sum(share.cpu for share in shares)
    print(f"{finished} of {n} matches finished in {wall:.1f} s, {len(moves)} moves, think "
          f"{think * 1e3:.0f} ms; rate-limited {sum(s.stats.limited for s in shares)}, reconnects "
          f"{sum(s.stats.reconnects for s in shares)}", flush=True)
    print(f"CPU busy (of one core): server {server_busy / wall:.0%} "
          f"({server_busy / max(1, len(moves)) * 1e6:.0f} us a move), bots "
          f"{bots_busy / wall:.0%} ({', '.join(f'{s.cpu / wall:.0%}' for s in shares)}), "
          f"echo server {echo_busy / wall:.0%}, this process {own / wall:.0%}", flush=True)
    print(f"start burst (the {len(start_rtts)} moves until all matches had started, "
          f"{started - t0:.1f} s): p50 {percentile(start_rtts, .5) * 1e3:.2f} ms, "
          f"p99 {percentile(start_rtts, .99) * 1e3:.1f} ms; steady state ({len(steady)} moves "
          f"with all {n} playing, to {min(first_end, t0 + wall) - t0:.1f} s): "
          f"p50 {percentile(steady, .5) * 1e3:.2f} ms, p99 {percentile(steady, .99) * 1e3:.1f} ms",
          flush=True)
    print(f"by 10 s window: {windows(moves, t0)}", flush=True)
    for note in [note for share in shares for note in share.stats.notes][:10]:
        print(f"note: {note}", flush=True)
    return (f"matches={finished} errors={errors} desyncs={sum(s.stats.desyncs for s in shares)} "
            f"moves_per_s={len(moves) / wall:.1f} rtt_p50_ms={percentile(rtts, .5) * 1e3:.3f} "
            f"rtt_p99_ms={percentile(rtts, .99) * 1e3:.3f} "
            f"echo_p50_ms={percentile(echoes, .5) * 1e3:.3f} rss_mb={rss:.1f} "
            f"p99_steady_ms={percentile(steady, .99) * 1e3:.3f} "
            f"start_p99_ms={percentile(start_rtts, .99) * 1e3:.3f} "
            f"p50_steady_ms={percentile(steady, .5) * 1e3:.3f} "
            f"server_cpu={server_busy / wall:.3f} bots_cpu={bots_busy / wall:.3f} "
            f"server_us_per_move={server_busy / max(1, len(moves)) * 1e6:.1f} "
            f"bots_us_per_move={bots_busy / max(1, len(moves)) * 1e6:.1f} "
            f"echo_cpu={echo_busy / wall:.3f}"
            + (f" flags={sum(s.flags for s in shares)}" if clock else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (default 200)")
    parser.add_argument("--think-ms", type=float, default=1000.0,
                        help="mean bot thinking time per move, uniform 0..2x (default 1000: "
                             "a quick human; 0 plays flat out and measures saturation)")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="seconds over which the matches start (default 10; 0: all at once)")
    parser.add_argument("--bot-procs", type=int, default=2,
                        help="worker processes the bots run in (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="store file (default: a temporary file)")
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="run the server under cProfile (its CPU clock), statistics to FILE")
    parser.add_argument("--server-root", type=Path, default=ROOT,
                        help="run the server of another checkout of the same protocol (a "
                             "before/after comparison with the same bots; default: this one)")
    parser.add_argument("--clock", default=None, metavar="CONTROL",
                        help="time every match, e.g. 3+2 (minutes + seconds a move; default: "
                             "untimed): compare p50 with and without")
    args = parser.parse_args()
    if args.matches < 1 or args.bot_procs < 1 or args.ramp < 0:
        parser.error("--matches and --bot-procs must be at least 1, --ramp at least 0")
    if args.clock is not None:
        try:
            TimeControl.parse(args.clock)
        except ClockError as exc:
            parser.error(f"--clock: {exc}")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "bench.sqlite3")
        print(asyncio.run(bench(args.matches, args.think_ms / 1000, args.seed, db, args.ramp,
                                args.bot_procs, args.profile, args.server_root.resolve(),
                                args.clock)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
