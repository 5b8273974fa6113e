"""The ladder of computer levels for any game of the contract (City Blocks, Sprawl, ...).
Prints numbers; asserts nothing.

    python3 bench/ladder.py --game city-blocks [--games N] [--seats 2] [--workers W]
    python3 bench/ladder.py --game sprawl --seats 4 [--games N] [--pairs easy-random,...] [--cpu-clock]

Every adjacent pair of the game's ``computer_levels`` (or only the ``--pairs`` named,
``upper-lower``) plays N games (default 100) from fixed seeds. Two seats: the upper level
against the lower one, seats swapped every other game. More seats: the upper level against
``seats - 1`` copies of the lower one, its seat moving round the table; a win is first
place (a shared first counts as its share), and the mean place is printed too (1 is
first). Bot seeds come from the game seed (so fresh seeds are fresh games even where the
game's setup draws nothing, as City Blocks' at two seats), and a run is reproducible up
to the time limits. Alien City's own ladder is ``bench/bots.py``. ``--cpu-clock`` gives
the levels their think time in CPU seconds of their own process (and reports think times
on that clock), so other work on the machine cannot starve a timed level.
Last line: ``<upper>_vs_<lower>=<f>`` per pairing and ``<level>_move_s_p95=<f>`` for the
top level. Goal: every pairing at least 0.75.
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

from shared.bots.clock import Clock  # noqa: E402
from shared.gamekit.registry import builtin_games  # noqa: E402

GAMES = {spec.id: spec for spec in builtin_games()}


def play(task: tuple[str, int, str, str, int, int]) -> tuple:
    """One game: (pair, share of first place for the upper level, its place, think times
    of the upper level, seconds)."""
    game_id, seats, upper, lower, index, base_seed = task
    spec = GAMES[game_id]
    seed = base_seed + index
    hero = index % seats
    options = spec.options({"players": seats}) if any(
        f.name == "players" for f in spec.option_schema()) else spec.options({})
    state = spec.new_state(options, seed)
    bots = [spec.make_bot(upper if i == hero else lower, seed=1000 * seed + i) for i in range(seats)]
    think: list[float] = []
    start = time.perf_counter()
    while not state.is_over():
        seat = state.to_move
        t0 = Clock.timer()
        move = bots[seat].choose(state)
        if seat == hero:
            think.append(Clock.timer() - t0)
        state, _events = state.play(move)
    places = state.ranking()
    firsts = [i for i, p in enumerate(places) if p == 1]
    share = 1.0 / len(firsts) if hero in firsts else 0.0
    return f"{upper}-{lower}", share, places[hero], think, time.perf_counter() - start


def use_cpu_clock(cpu: bool) -> None:
    """Pool initializer: the levels' clock in this worker (see ``--cpu-clock``)."""
    if cpu:
        Clock.timer = staticmethod(time.process_time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    parser.add_argument("--seats", type=int, default=None, help="players (default: 2, or 4 for Sprawl)")
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    parser.add_argument("--pairs", default="",
                        help="only these pairings, upper-lower comma list (default: every one)")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="think time in CPU seconds of each worker (for a shared machine)")
    args = parser.parse_args()
    spec = GAMES[args.game]
    seats = args.seats or (2 if 2 in spec.seat_counts else min(c for c in spec.seat_counts if c >= 4))
    if seats not in spec.seat_counts:
        parser.error(f"{spec.title} is played by {', '.join(map(str, spec.seat_counts))} players, not {seats}")
    levels = spec.computer_levels
    pairs = [(upper, lower) for lower, upper in zip(levels, levels[1:])]
    if args.pairs:
        known = {f"{up}-{low}": (up, low) for up, low in pairs}
        wanted = [p.strip() for p in args.pairs.split(",") if p.strip()]
        unknown = [p for p in wanted if p not in known]
        if unknown:
            parser.error(f"unknown pairing {', '.join(unknown)}: {spec.title} has {', '.join(known)}")
        pairs = [known[p] for p in wanted]
    tasks = [(spec.id, seats, upper, lower, i, args.seed) for upper, lower in reversed(pairs)
             for i in range(args.games)]
    results: dict[str, list[tuple]] = {f"{up}-{low}": [] for up, low in pairs}
    start = time.perf_counter()
    with Pool(args.workers, use_cpu_clock, (args.cpu_clock,)) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results[out[0]].append(out)
            done = sum(len(rows) for rows in results.values())
            print(f"{done}/{len(tasks)} {out[0]}: first {out[1]:.2f}, place {out[2]}, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"{spec.title}, {seats} players: {len(tasks)} games in {time.perf_counter() - start:.0f} s, "
          f"{args.workers} workers, {args.games} per pairing, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{'CPU' if args.cpu_clock else 'wall'} clock")
    last = []
    top_times: list[float] = []
    for upper, lower in pairs:
        rows = results[f"{upper}-{lower}"]
        n = len(rows)
        frac = sum(r[1] for r in rows) / n
        lo, hi = wilson(frac, n)
        against = f"{lower}" if seats == 2 else f"{seats - 1}x {lower}"
        print(f"{upper:>6} vs {against:<10} first {frac:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  "
              f"mean place {statistics.mean(r[2] for r in rows):.2f} of {seats}  "
              f"{statistics.mean(r[4] for r in rows):.1f} s/game")
        last.append(f"{upper}_vs_{lower}={frac:.3f}")
        times = [t for r in rows for t in r[3]]
        if times:
            print(f"{upper:>6} think time: {len(times)} moves, median {statistics.median(times):.3f} s, "
                  f"p95 {percentile(times, 0.95):.3f} s")
        if upper == levels[-1]:
            top_times = times
    if top_times:
        print(f"{levels[-1]} think time: {len(top_times)} moves, median {statistics.median(top_times):.3f} s, "
              f"p95 {percentile(top_times, 0.95):.3f} s, max {max(top_times):.3f} s")
        last.append(f"{levels[-1]}_move_s_p95={percentile(top_times, 0.95):.3f}")
    print(" ".join(last))


if __name__ == "__main__":
    main()
