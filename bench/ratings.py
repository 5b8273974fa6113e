"""A rating for every computer level of a game: a round robin, fitted on the Elo scale with
Random = 1000 (as Pentobi rates its levels). Prints numbers; asserts nothing.

    python3 bench/ratings.py --game city-blocks [--games N] [--seats 2] [--write]
    python3 bench/ratings.py --game sprawl --seats 4 --games 40

Two seats: every pair of levels plays N games, seats swapped every other game. More seats:
N mixed tables per pair of levels, each seat's level drawn (seeded) from the levels, every
level present at least once; a table's ranking counts as a result between every two seats
of different levels (a win, or a draw for a shared place). The fit is the Bradley-Terry
maximum likelihood (Elo: 400 log10 of the strength ratio) with one virtual draw added to
every pair that played, so a level that won every game gets a finite, honest gap (it grows
with the games played: after a clean sweep the fitted gap is a floor, not a measure).
Intervals: 95 % of 200 bootstrap refits over whole games.
``--write`` stores the result in the game's package as ``level_ratings.json``, which the
client shows beside each level and rated games against the computer use.
Last line: ``rating_<level>=<f>`` for every level.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.gamekit.levels import ANCHOR, FILE_NAME, package_of  # noqa: E402
from shared.gamekit.registry import builtin_games  # noqa: E402

GAMES = {spec.id: spec for spec in builtin_games()}
BOOTSTRAP = 200

Task = tuple[str, int, tuple[str, ...], int]           # game, seed, level per seat, think ms
Result = tuple[tuple[str, ...], tuple[int, ...], float]  # levels per seat, places, seconds


def play(task: Task) -> Result:
    """One game of the given levels per seat; its places and how long it took."""
    game_id, seed, levels, think_ms = task
    spec = GAMES[game_id]
    options = spec.options({"players": len(levels)}) if len(spec.seat_counts) > 1 else spec.options({})
    state = spec.new_state(options, seed)
    think = think_ms / 1000 if think_ms else None
    bots = [spec.make_bot(level, seed=1000 * seed + i, think_s=think) if think else
            spec.make_bot(level, seed=1000 * seed + i) for i, level in enumerate(levels)]
    start = time.perf_counter()
    while not state.is_over():
        state, _events = state.play(bots[state.to_move].choose(state))
    return levels, tuple(state.ranking()), time.perf_counter() - start


def tables(levels: tuple[str, ...], seats: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The round robin's tables: for each pair of levels, ``games`` tables holding both."""
    rng = random.Random(seed)
    out = []
    for a, b in itertools.combinations(levels, 2):
        for i in range(games):
            if seats == 2:
                out.append((a, b) if i % 2 == 0 else (b, a))
                continue
            table = [a, b] + [rng.choice(levels) for _ in range(seats - 2)]
            rng.shuffle(table)
            out.append(tuple(table))
    return out


def pairwise(results: list[Result]) -> dict[tuple[str, str], list[float]]:
    """Per ordered pair of levels (a < b): [a's points, games] over every two seats."""
    counts: dict[tuple[str, str], list[float]] = {}
    for levels, places, _seconds in results:
        for i, j in itertools.combinations(range(len(levels)), 2):
            a, b = levels[i], levels[j]
            if a == b:
                continue
            points = 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
            if a > b:
                a, b, points = b, a, 1.0 - points
            entry = counts.setdefault((a, b), [0.0, 0.0])
            entry[0] += points
            entry[1] += 1
    return counts


def fit(levels: tuple[str, ...], counts: dict[tuple[str, str], list[float]],
        anchor: str) -> dict[str, float]:
    """Bradley-Terry strengths by minorization-maximization (Hunter 2004), one virtual
    draw per pair that played; on the Elo scale with ``anchor`` at 1000."""
    wins = {level: 0.0 for level in levels}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (points, n) in counts.items():
        wins[a] += points + 0.5
        wins[b] += n - points + 0.5
        games[(a, b)] = games[(b, a)] = n + 1.0
    gamma = {level: 1.0 for level in levels}
    for _ in range(2000):
        new = {}
        for level in levels:
            denominator = sum(n / (gamma[level] + gamma[other])
                              for (one, other), n in games.items() if one == level)
            new[level] = wins[level] / denominator if denominator else gamma[level]
        scale = new[anchor]
        new = {level: value / scale for level, value in new.items()}
        change = max(abs(math.log(new[k] / gamma[k])) for k in levels)
        gamma = new
        if change < 1e-10:
            break
    return {level: ANCHOR + 400.0 * math.log10(gamma[level]) for level in levels}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    parser.add_argument("--seats", type=int, default=None, help="players per table (default: 2, else the fewest)")
    parser.add_argument("--games", type=int, default=20, help="games per pair of levels (default 20)")
    parser.add_argument("--levels", default="", help="only these levels, comma list (default: all)")
    parser.add_argument("--think-ms", type=int, default=0,
                        help="think time per move for every level (default: each level's own)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    parser.add_argument("--write", action="store_true", help=f"store the ratings as the game's {FILE_NAME}")
    args = parser.parse_args()
    spec = GAMES[args.game]
    seats = args.seats or (2 if 2 in spec.seat_counts else min(spec.seat_counts))
    if seats not in spec.seat_counts:
        parser.error(f"{spec.title} is played by {', '.join(map(str, spec.seat_counts))} players, not {seats}")
    levels = tuple(spec.computer_levels)
    if args.levels:
        wanted = tuple(level.strip() for level in args.levels.split(",") if level.strip())
        unknown = [level for level in wanted if level not in levels]
        if unknown or len(wanted) < 2:
            parser.error(f"name two or more of {', '.join(levels)}; unknown: {', '.join(unknown) or '-'}")
        levels = wanted
    anchor = "random" if "random" in levels else levels[0]
    plan = tables(levels, seats, args.games, args.seed)
    tasks = [(spec.id, args.seed + i, table, args.think_ms) for i, table in enumerate(plan)]
    results: list[Result] = []
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results.append(out)
            print(f"{len(results)}/{len(tasks)} {' '.join(out[0])}: places {out[1]}, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    counts = pairwise(results)
    ratings = fit(levels, counts, anchor)
    rng = random.Random(args.seed)
    samples: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(BOOTSTRAP):
        again = fit(levels, pairwise([rng.choice(results) for _ in results]), anchor)
        for level in levels:
            samples[level].append(again[level])
    played = {level: sum(table.count(level) > 0 for table, _p, _s in results) for level in levels}
    print(f"{spec.title}, {seats} players: {len(results)} games in {time.perf_counter() - start:.0f} s, "
          f"{args.games} per pair of levels, seeds {args.seed}..{args.seed + len(tasks) - 1}, "
          f"think {'each level its own' if not args.think_ms else f'{args.think_ms} ms'}")
    for (a, b), (points, n) in sorted(counts.items()):
        sweep = "  (a clean sweep: the true gap may be larger than the fit)" if points in (0, n) else ""
        print(f"  {a:>7} vs {b:<7} {points:6.1f} / {n:.0f}{sweep}")
    out: dict[str, dict[str, float]] = {}
    for level in levels:
        ordered = sorted(samples[level])
        low, high = ordered[int(0.025 * BOOTSTRAP)], ordered[int(0.975 * BOOTSTRAP) - 1]
        print(f"{level:>8} {ratings[level]:7.0f}  95% [{low:.0f}, {high:.0f}]  {played[level]} games")
        out[level] = {"rating": round(ratings[level], 1), "low": round(low, 1), "high": round(high, 1),
                      "games": played[level]}
    if args.write:
        path = ROOT.joinpath(*package_of(spec).split("."), FILE_NAME)
        path.write_text(json.dumps({"game": spec.id, "seats": seats, "games_per_pair": args.games,
                                    "anchor": anchor, "think_ms": args.think_ms or None,
                                    "levels": out}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    print(" ".join(f"rating_{level}={ratings[level]:.0f}" for level in levels))


if __name__ == "__main__":
    main()
