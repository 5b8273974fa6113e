"""Strength of the computer players: matches between levels. Prints numbers; asserts nothing.

    python3 bench/bots.py [--games N] [--seed S] [--workers W] [--pairs hard-easy,...]

Every pairing plays N games (default 100) on fixed city seeds: each city twice, the bots
swapping seats, and since Black builds first (2004 rules) that also alternates who starts.
Bot seeds are fixed too, so a run is reproducible up to the time limits (Hard and Medium
stop at their think time; on a busy machine that may cut a search short).
Win fractions count draws as half, with 95% Wilson confidence intervals. Think time is
the wall time of every ``choose`` call of Hard, in every pairing it plays.
Last line: ``hard_vs_random=<f> hard_vs_easy=<f> hard_vs_medium=<f> medium_vs_easy=<f>
hard_move_s_p95=<f>``. Goals: 0.95, 0.75, 0.6, 0.6 and at most 2 s.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.aliencity import Player, Ruleset  # noqa: E402
from shared.bots import make_bot  # noqa: E402
from shared.bots.match import play_game  # noqa: E402

PAIRS = ("hard-random", "hard-easy", "hard-medium", "medium-easy")


def play(task: tuple[str, int, int]) -> tuple[str, float, int, int, list[float], float]:
    """One game of a pairing: (pair, result for the first named, its score, the other's
    score, Hard's think times, seconds the game took)."""
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
    hard_times = []
    if first == "hard":
        hard_times = record.think[seat]
    elif second == "hard":
        hard_times = record.think[seat.other]
    return pair, result, totals[seat], totals[seat.other], hard_times, time.perf_counter() - start


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval for a win fraction ``p`` over ``n`` games (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first city seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2), help="processes (at most 2)")
    parser.add_argument("--pairs", default=",".join(PAIRS),
                        help=f"pairings to play (default {','.join(PAIRS)})")
    args = parser.parse_args()
    pairs = [p for p in args.pairs.split(",") if p]
    for p in pairs:
        if p not in PAIRS:
            parser.error(f"unknown pairing {p!r}: expected some of {','.join(PAIRS)}")
    tasks = [(p, i, args.seed) for p in pairs for i in range(args.games)]
    results: dict[str, list[tuple]] = {p: [] for p in pairs}
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results[out[0]].append(out)
    print(f"{len(tasks)} games in {time.perf_counter() - start:.0f} s, {args.workers} workers, "
          f"{args.games} per pairing, city seeds {args.seed}..{args.seed + (args.games - 1) // 2}")

    fractions: dict[str, float] = {}
    hard_times: list[float] = []
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
            hard_times.extend(r[4])
        print(f"{first:>6} vs {second:<6} {frac:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  "
              f"{wins}-{draws}-{n - wins - draws} (W-D-L)  mean score "
              f"{statistics.mean(r[2] for r in rows):.1f} to {statistics.mean(r[3] for r in rows):.1f}  "
              f"{statistics.mean(r[5] for r in rows):.1f} s/game")
    if hard_times:
        print(f"hard think time: {len(hard_times)} moves, median {statistics.median(hard_times):.3f} s, "
              f"p95 {percentile(hard_times, 0.95):.3f} s, max {max(hard_times):.3f} s")

    def f(p: str) -> str:
        return f"{fractions[p]:.3f}" if p in fractions else "nan"

    print(f"hard_vs_random={f('hard-random')} hard_vs_easy={f('hard-easy')} "
          f"hard_vs_medium={f('hard-medium')} medium_vs_easy={f('medium-easy')} "
          f"hard_move_s_p95={percentile(hard_times, 0.95):.3f}")


if __name__ == "__main__":
    main()
