"""Soak run of the match server: many short bot matches over loopback, one after another
in a bounded pool, to show that neither the store file nor the server's memory grows
beyond what the matches themselves need.

Starts ``python -m server`` as a subprocess with a file store (as in real use), plays
``--matches`` matches (two fresh bot connections each, new sessions every time, so
sessions, connections and finished matches all come and go), at most ``--parallel`` at
once, for at most ``--max-seconds``. A match is short: the bots play ``--moves`` moves
between them, then one resigns (``--moves 0``: play to the end). Prints the store's size
(file + WAL) and the server's resident memory before, at each tenth, and after, then one
summary line:

    python3 bench/soak.py [--matches 10000] [--parallel 20] [--moves 6] [--max-seconds 1800]

``matches=<n> errors=<n> desyncs=<n> seconds=<f> store_kb_before=<n> store_kb_after=<n>
bytes_per_match=<f> rss_mb_before=<f> rss_mb_after=<f> rss_mb_peak=<f> file_kb_stopped=<n>
bytes_per_match_stopped=<f> exit=<n>`` (store = database file + WAL while running;
``file_kb_stopped``: the database file after the server stopped).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from alien_city.headless import Bot, BotError, Stats  # noqa: E402
from server.host import spawn_server, stop_spawned  # noqa: E402


def rss_mb(pid: int, field: str = "VmRSS:") -> float:
    """Resident (or, with ``VmHWM:``, peak) memory of a process in MB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def store_kb(db: Path) -> int:
    """The store's size on disk: the database file and its WAL."""
    return sum(p.stat().st_size for p in (db, Path(f"{db}-wal")) if p.exists()) // 1024


def file_kb(path: Path) -> int:
    return path.stat().st_size // 1024 if path.exists() else 0


async def short_match(url: str, index: int, moves: int, stats: Stats) -> None:
    """Two new sessions play ``moves`` moves (then one resigns) or to the end."""
    a = Bot(url, name=f"a{index}", seed=2 * index, stats=stats)
    b = Bot(url, name=f"b{index}", seed=2 * index + 1, stats=stats)
    try:
        await a.start()
        await b.start()
        code = await a.create(public=index % 2 == 0)
        await b.join(code)
        if moves <= 0:
            await asyncio.gather(a.play(), b.play())
            return
        played = asyncio.gather(a.play(), b.play())
        while a.version < moves and not played.done():
            await asyncio.sleep(0.005)
        if not played.done():
            await a.send({"type": "resign", "match": code})
        await asyncio.wait_for(played, 30)
    except (BotError, OSError, TimeoutError) as exc:
        stats.errors += 1
        stats.notes.append(f"match {index}: {exc}")
    finally:
        await a.close()
        await b.close()


async def soak(url: str, pid: int, db: Path, n: int, parallel: int, moves: int,
               max_seconds: float) -> dict:
    stats = Stats()
    before = {"kb": store_kb(db), "rss": rss_mb(pid)}
    print(f"before: store {before['kb']} kB, server rss {before['rss']:.1f} MB", flush=True)
    gate = asyncio.Semaphore(parallel)
    deadline = time.monotonic() + max_seconds
    done = 0
    t0 = time.perf_counter()

    async def one(index: int) -> None:
        nonlocal done
        async with gate:
            if time.monotonic() > deadline:
                return
            await short_match(url, index, moves, stats)
            done += 1
            if done % max(1, n // 10) == 0:
                print(f"{done:>6} matches, {time.perf_counter() - t0:7.1f} s: store "
                      f"{file_kb(db)} kB + WAL {file_kb(Path(f'{db}-wal'))} kB, server rss "
                      f"{rss_mb(pid):.1f} MB", flush=True)

    await asyncio.gather(*(one(i) for i in range(n)))
    seconds = time.perf_counter() - t0
    await asyncio.sleep(3.0)  # let the server forget the last matches and checkpoint
    after = {"kb": store_kb(db), "rss": rss_mb(pid)}
    return {"matches": done, "errors": stats.errors, "desyncs": stats.desyncs,
            "seconds": round(seconds, 1), "store_kb_before": before["kb"],
            "store_kb_after": after["kb"],
            "bytes_per_match": round((after["kb"] - before["kb"]) * 1024 / max(1, done), 1),
            "rss_mb_before": round(before["rss"], 1), "rss_mb_after": round(after["rss"], 1),
            "rss_mb_peak": round(rss_mb(pid, "VmHWM:"), 1), "notes": stats.notes[:5]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--parallel", type=int, default=20)
    parser.add_argument("--moves", type=int, default=6,
                        help="moves before one bot resigns (0: play to the end)")
    parser.add_argument("--max-seconds", type=float, default=1800.0)
    parser.add_argument("--db", default=None, help="store file (default: a temporary one)")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    db = Path(args.db or Path(folder.name) / "soak.sqlite3")
    proc, url = spawn_server(str(db), host="127.0.0.1", log=os.devnull)
    try:
        result = asyncio.run(soak(url, proc.pid, db, args.matches, args.parallel, args.moves,
                                  args.max_seconds))
    finally:
        status = stop_spawned(proc)
    result["file_kb_stopped"] = file_kb(db)  # a clean stop folds the WAL in and removes it
    result["bytes_per_match_stopped"] = round(
        (result["file_kb_stopped"] * 1024 - result["store_kb_before"] * 1024)
        / max(1, result["matches"]), 1)
    notes = result.pop("notes")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(" ".join(f"{key}={value}" for key, value in result.items()) + f" exit={status}")
    folder.cleanup()
    return 0 if result["errors"] == 0 and result["desyncs"] == 0 and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
