"""Strength of the computer players: the ladder of levels. Prints numbers; asserts nothing.

    python3 bench/bots.py [--games N] [--seed S] [--workers W] [--pairs medium-easy,...]

The default pairings are the adjacent rungs of ``shared.bots.LEVELS`` (each level against
the one below it). Every pairing plays N games (default 100) on fixed city seeds: each
city twice, the bots swapping seats, and since Black builds first (2004 rules) that also
alternates who starts. Bot seeds are fixed too, so a run is reproducible up to the time
limits (the search levels stop at their think time; on a busy machine that may cut a
search short). Win fractions count draws as half, with 95% Wilson confidence intervals.
Think times are the wall time of every ``choose`` call of a level, in every pairing it
plays. Games run in parallel, one process per core by default.
Last line: ``<upper>_vs_<lower>=<f>`` for every pairing played, then
``hard_move_s_p95=<f>`` (and the same for levels above Hard). Goals: every pairing
at least 0.75, Hard's p95 at most 2 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from confidence import percentile, wilson  # noqa: E402

from shared.aliencity import Player, Ruleset  # noqa: E402
from shared.bots import LEVELS, make_bot  # noqa: E402
from shared.bots.match import play_game  # noqa: E402

PAIRS = tuple(f"{upper}-{lower}" for lower, upper in zip(LEVELS, LEVELS[1:]))
TIMED = LEVELS[LEVELS.index("hard"):]  # levels whose move times are reported


def play(task: tuple[str, int, int]) -> tuple[str, float, int, int, dict[str, list[float]], float]:
    """One game of a pairing: (pair, result for the first named, its score, the other's
    score, think times by level, seconds the game took)."""
    pair, index, base_seed = task
    first, second = pair.split("-")
    city = base_seed + index // 2
    swap = index % 2 == 1
    a = make_bot(first, seed=1000 * index + 1)
    b = make_bot(second, seed=1000 * index + 2)
    start = time.perf_counter()
    record = play_game(b, a, city, Ruleset()) if swap else play_game(a, b, city, Ruleset())
    seat = Player.WHITE if swap else Player.BLACK
    winner = record.winner
    result = 0.5 if winner is None else (1.0 if winner is seat else 0.0)
    totals = record.final.score().totals
    times = {first: record.think[seat], second: record.think[seat.other]}
    return pair, result, totals[seat], totals[seat.other], times, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first city seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    parser.add_argument("--pairs", default=",".join(PAIRS),
                        help=f"pairings to play, upper-lower (default {','.join(PAIRS)})")
    args = parser.parse_args()
    pairs = [p for p in args.pairs.split(",") if p]
    for p in pairs:
        names = p.split("-")
        if len(names) != 2 or not all(n in LEVELS for n in names):
            parser.error(f"bad pairing {p!r}: two of {','.join(LEVELS)} joined by '-'")
    # the strongest (slowest) pairings first, so the workers finish together
    tasks = [(p, i, args.seed) for p in reversed(pairs) for i in range(args.games)]
    results: dict[str, list[tuple]] = {p: [] for p in pairs}
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results[out[0]].append(out)
            done = sum(len(rows) for rows in results.values())
            print(f"{done}/{len(tasks)} {out[0]} game: {out[1]} ({out[2]}-{out[3]}), "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"{len(tasks)} games in {time.perf_counter() - start:.0f} s, {args.workers} workers, "
          f"{args.games} per pairing, city seeds {args.seed}..{args.seed + (args.games - 1) // 2}")

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
            print(f"{level} think time: {len(times)} moves, median {statistics.median(times):.3f} s, "
                  f"p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")

    last = [f"{p.replace('-', '_vs_')}={fractions[p]:.3f}" for p in pairs]
    last += [f"{level}_move_s_p95={percentile(times, 0.95):.3f}" for level, times in think.items()
             if times or level == "hard"]
    print(" ".join(last))


if __name__ == "__main__":
    main()
