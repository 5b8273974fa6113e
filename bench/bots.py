"""Strength of the computer players: the ladder of levels. Prints numbers; asserts nothing.

    python3 bench/bots.py [--games N] [--seed S] [--workers W] [--pairs medium-easy,...]
                          [--cpu-clock] [--log FILE]

The default pairings are the adjacent rungs of ``shared.aliencity.bots.LEVELS`` (each level against
the one below it). Every pairing plays N games (default 100) on fixed city seeds: each
city twice, the bots swapping seats, and since Black builds first (2004 rules) that also
alternates who starts. Bot seeds are fixed too, so a run is reproducible up to the time
limits (the search levels stop at their think time; on a busy machine that may cut a
search short). Win fractions count draws as half, with 95% Wilson confidence intervals.
Think times are the wall time of every ``choose`` call of a level, in every pairing it
plays. Games run in parallel, one process per core by default.

``--cpu-clock`` gives the bots their think time in CPU seconds of their own process
instead of wall seconds (think times are then reported in CPU seconds too): on a
machine shared with other work, the load then cannot cut searches short, and the
benchmark may run at low priority (``nice``) without weakening the levels. On a machine
of its own the two are the same. ``--log FILE`` appends every finished game to FILE (one
JSON line, with its moves for a later look at where it was lost) and skips the games
already there for the same pairing, seed, clock and bot code (a fingerprint of
``shared/aliencity/bots``), so a long pairing (Expert's games take minutes each) can be stopped
and resumed and its report covers every game logged.
``--pairs hard-oldhard`` measures a level against Alien City's own MCTS from before the
levels became the game-generic search (``oldmedium``, ``oldhard``, ``oldexpert``).
Last line: ``<upper>_vs_<lower>=<f>`` for every pairing played, then
``hard_move_s_p95=<f>`` (and the same for levels above Hard). Goals: every pairing
at least 0.75, Hard's p95 at most 2 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ac_old_mcts import OLD  # noqa: E402
from confidence import percentile, wilson  # noqa: E402

from shared.aliencity import Player, Ruleset  # noqa: E402
from shared.aliencity.bots import LEVELS, Bot, make_bot  # noqa: E402
from shared.aliencity.bots.match import play_game  # noqa: E402
from shared.bots.clock import Clock  # noqa: E402

PAIRS = tuple(f"{upper}-{lower}" for lower, upper in zip(LEVELS, LEVELS[1:]))
TIMED = LEVELS[LEVELS.index("hard"):] + ("oldhard", "oldexpert")  # levels whose move times are reported
NAMES = LEVELS + tuple(OLD)  # the levels, and Alien City's own MCTS from before (bench/ac_old_mcts.py)


def bot(name: str, seed: int) -> Bot:
    """A level, or one of the old MCTS's (``oldmedium``, ``oldhard``, ``oldexpert``)."""
    return OLD[name](seed) if name in OLD else make_bot(name, seed=seed)


def use_cpu_clock(cpu: bool) -> None:
    """Pool initializer: the bots' clock in this worker (see ``--cpu-clock``)."""
    if cpu:
        Clock.timer = staticmethod(time.process_time)


def bots_version() -> str:
    """A fingerprint of the levels' code (``shared/aliencity/bots``): a logged game counts only for
    the code that played it."""
    digest = hashlib.sha1()
    for path in sorted((ROOT / "shared" / "aliencity" / "bots").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def logged(path: Path | None, seed: int, clock: str, version: str) -> list[tuple]:
    """Games already in the log for this seed, clock and code version, as ``play``
    returns them (a game logged twice counts once; a last line cut short by a killed
    run is skipped)."""
    if path is None or not path.exists():
        return []
    rows: dict[tuple[str, int], tuple] = {}
    other = 0
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
            if row["seed"] != seed or row["clock"] != clock:
                continue
            if row.get("version") != version:
                other += 1
                continue
            rows[row["pair"], row["index"]] = (row["pair"], row["result"], row["score"], row["other"],
                                                row["think"], row["seconds"], row["index"],
                                                row.get("moves", ""))
        except (ValueError, KeyError, TypeError) as exc:
            if isinstance(exc, ValueError) and line.startswith("{") and not line.endswith("}"):
                print(f"{path}:{number}: a line cut short (a killed run), skipped", file=sys.stderr)
                continue
            sys.exit(f"bench/bots.py: {path}:{number}: not a game of this log ({exc}): {line[:80]!r}")
    if other:
        print(f"{path}: {other} games of other bot code ignored (this code: {version})",
              file=sys.stderr)
    return list(rows.values())


def play(task: tuple[str, int, int]) -> tuple[str, float, int, int, dict[str, list[float]], float, int, str]:
    """One game of a pairing: (pair, result for the first named, its score, the other's
    score, think times by level, seconds the game took, the game's index, its moves)."""
    pair, index, base_seed = task
    first, second = pair.split("-")
    city = base_seed + index // 2
    swap = index % 2 == 1
    a = bot(first, 1000 * index + 1)
    b = bot(second, 1000 * index + 2)
    start = time.perf_counter()
    record = play_game(b, a, city, Ruleset()) if swap else play_game(a, b, city, Ruleset())
    seat = Player.WHITE if swap else Player.BLACK
    winner = record.winner
    result = 0.5 if winner is None else (1.0 if winner is seat else 0.0)
    totals = record.final.score().totals
    times = {first: record.think[seat], second: record.think[seat.other]}
    moves = " ".join(move.text() for _, move in record.final.history)
    return (pair, result, totals[seat], totals[seat.other], times, time.perf_counter() - start,
            index, moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first city seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    parser.add_argument("--pairs", default=",".join(PAIRS),
                        help=f"pairings to play, upper-lower (default {','.join(PAIRS)})")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="think time in CPU seconds of the bot's process, not wall seconds")
    parser.add_argument("--log", type=Path, help="append each game to this JSON-lines file "
                        "and skip the games already in it (resume)")
    args = parser.parse_args()
    pairs = [p for p in args.pairs.split(",") if p]
    for p in pairs:
        names = p.split("-")
        if len(names) != 2 or not all(n in NAMES for n in names):
            parser.error(f"bad pairing {p!r}: two of {','.join(NAMES)} joined by '-'")
    # the strongest (slowest) pairings first, so the workers finish together
    clock = "cpu" if args.cpu_clock else "wall"
    results: dict[str, list[tuple]] = {p: [] for p in pairs}
    version = bots_version()
    for row in logged(args.log, args.seed, clock, version):
        if row[0] in results and row[6] < args.games:
            results[row[0]].append(row)
    have = {(row[0], row[6]) for rows in results.values() for row in rows}
    tasks = [(p, i, args.seed) for p in reversed(pairs) for i in range(args.games)
             if (p, i) not in have]
    if have:
        print(f"{len(have)} games from {args.log}, {len(tasks)} to play", file=sys.stderr, flush=True)
    if args.log is not None and args.log.exists() and not args.log.read_bytes().endswith(b"\n"):
        with open(args.log, "a") as log:
            log.write("\n")  # the cut-short last line stays alone on its line
    start = time.perf_counter()
    with Pool(args.workers, use_cpu_clock, (args.cpu_clock,)) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results[out[0]].append(out)
            if args.log is not None:
                with open(args.log, "a") as log:
                    log.write(json.dumps({"pair": out[0], "index": out[6], "seed": args.seed,
                                          "clock": clock, "version": version, "result": out[1], "score": out[2],
                                          "other": out[3], "think": out[4], "seconds": out[5],
                                          "moves": out[7]}) + "\n")
            done = sum(len(rows) for rows in results.values())
            print(f"{done}/{len(tasks) + len(have)} {out[0]} game {out[6]}: {out[1]} "
                  f"({out[2]}-{out[3]}), {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    print(f"{len(tasks)} games played in {time.perf_counter() - start:.0f} s"
          f"{f' and {len(have)} from the log' if have else ''}, {args.workers} workers, "
          f"{args.games} per pairing, city seeds {args.seed}..{args.seed + (args.games - 1) // 2}, "
          f"{clock} clock")

    fractions: dict[str, float] = {}
    think: dict[str, list[float]] = {level: [] for level in TIMED}
    for p in pairs:
        rows = results[p]
        n = len(rows)
        frac = sum(r[1] for r in rows) / n
        lo, hi = wilson(frac, n)
        wins = sum(1 for r in rows if r[1] == 1.0)
        draws = sum(1 for r in rows if r[1] == 0.5)
        first, second = p.split("-")
        fractions[p] = frac
        for r in rows:
            for level, times in r[4].items():
                if level in think:
                    think[level].extend(times)
        print(f"{first:>6} vs {second:<6} {frac:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  "
              f"{wins}-{draws}-{n - wins - draws} (W-D-L)  mean score "
              f"{statistics.mean(r[2] for r in rows):.1f} to {statistics.mean(r[3] for r in rows):.1f}  "
              f"{statistics.mean(r[5] for r in rows):.1f} s/game")
    for level, times in think.items():
        if times:
            print(f"{level} think time ({clock}): {len(times)} moves, median {statistics.median(times):.3f} s, "
                  f"p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")

    last = [f"{p.replace('-', '_vs_')}={fractions[p]:.3f}" for p in pairs]
    last += [f"{level}_move_s_p95={percentile(times, 0.95):.3f}" for level, times in think.items()
             if times or level == "hard"]
    print(" ".join(last))


if __name__ == "__main__":
    main()
