"""A rating for every computer level of a game: a round robin, fitted on the Elo scale with
Random = 1000 (as Pentobi rates its levels). Prints numbers; asserts nothing.

    python3 bench/ratings.py --game city-blocks [--games N] [--seats 2] [--write]
    python3 bench/ratings.py --game sprawl --seats 4 --games 40
    python3 bench/ratings.py --game city-blocks --levels medium,hard --write

Two seats: every pair of levels plays N games, seats swapped every other game. More seats:
N mixed tables per pair of levels, each seat's level drawn (seeded) from the levels, every
level present at least once; a table's ranking counts as a result between every two seats
of different levels (a win, or a draw for a shared place). The fit is the Bradley-Terry
maximum likelihood (Elo: 400 log10 of the strength ratio) with one virtual draw added to
every pair that played, so a level that won every game gets a finite gap.
``--cpu-clock`` gives the levels their think time in CPU seconds of their own process: on
a machine shared with other work the load then cannot starve a timed level (a starved
Hard is not Hard as played); the stored provenance says which clock a level ran on.
Intervals: 95 % of 200 parametric bootstrap refits (every table replayed from the fitted
strengths, a two-seat game as a coin of the fitted odds, a bigger table as a Plackett-Luce
draw), so a clean sweep's interval reaches down to the gaps that would often sweep too.
A clean sweep bounds a gap from one side only: a level that no level below it ever scored
against is a *floor* (printed and stored as such): the fit and its interval's top are
where the virtual draw stops it, and the true rating may be higher.

Without ``random`` in ``--levels`` the run is placed on the game's stored scale through the
weakest level it shares with the stored ``level_ratings.json`` (that level keeps its
stored rating; the others' intervals add its spread). ``--write`` merges the run into that
file (levels the run did not play keep their entry) with each level's provenance: its
games, seeds, think time and date. The client shows the ratings beside each level and
rated games against the computer use them.
Last line: ``rating_<level>=<f>`` for every level on the file's scale.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.bots.clock import Clock  # noqa: E402
from shared.gamekit.levels import ANCHOR, FILE_NAME, package_of, parse_level_ratings  # noqa: E402
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
        seat = state.to_move
        assert seat is not None, "a game not over has a seat to move"
        state, _events = state.play(bots[seat].choose(state))
    return levels, tuple(state.ranking()), time.perf_counter() - start


def use_cpu_clock(cpu: bool) -> None:
    """Pool initializer: the levels' clock in this worker (see ``--cpu-clock``)."""
    if cpu:
        Clock.timer = staticmethod(time.process_time)


def tables(levels: tuple[str, ...], seats: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The round robin's tables: for each pair of levels, ``games`` tables holding both."""
    rng = random.Random(seed)
    out: list[tuple[str, ...]] = []
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


def bounded(levels: tuple[str, ...], counts: dict[tuple[str, str], list[float]],
            anchor: str, above: bool) -> set[str]:
    """The levels whose rating the results bound from above (``above``) or below, relative
    to ``anchor``: a level is bounded above when a chain of levels, each scoring against the
    one before, leads from it to the anchor (a clean sweep alone bounds nothing)."""
    scored: set[tuple[str, str]] = set()  # (x, y): y scored against x
    for (a, b), (points, n) in counts.items():
        if n - points > 0:
            scored.add((a, b))
        if points > 0:
            scored.add((b, a))
    reach, grown = {anchor}, True
    while grown:
        grown = False
        for x, y in scored:
            if above and y in reach and x not in reach or not above and x in reach and y not in reach:
                reach.add(x if above else y)
                grown = True
    return reach & set(levels)


def simulate(results: list[Result], ratings: dict[str, float], rng: random.Random) -> list[Result]:
    """The same tables replayed from the fitted strengths: the parametric bootstrap."""
    out: list[Result] = []
    for levels, _places, seconds in results:
        weight = [10 ** (ratings[level] / 400.0) for level in levels]
        left, places = list(range(len(levels))), [0] * len(levels)
        for place in range(1, len(levels) + 1):
            pick = rng.choices(left, weights=[weight[i] for i in left])[0]
            places[pick] = place
            left.remove(pick)
        out.append((levels, tuple(places), seconds))
    return out


def stored_file(path: Path, seats: int) -> dict[str, Any]:
    """The game's stored ratings (an empty scale when there are none), each level with its
    provenance (an older file kept the run's details once for all its levels)."""
    if not path.exists():
        return {"levels": {}}
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        parse_level_ratings(data)
    except ValueError as exc:
        sys.exit(f"{path.relative_to(ROOT)} is not a ratings file ({exc}): fix or remove it first")
    if data.get("seats") != seats:
        sys.exit(f"{path.relative_to(ROOT)} rates {data.get('seats')}-player tables, this run {seats}: "
                 f"pass --seats {data.get('seats')} or measure every level again")
    for entry in data["levels"].values():
        for key in ("games_per_pair", "think_ms"):
            if key in data:
                entry.setdefault(key, data[key])
    return data


def spread(rating: float, low: float, high: float, base: dict[str, Any] | None) -> tuple[float, float]:
    """An interval widened by the spread of the stored level the run was placed through."""
    if base is None:
        return low, high
    down = math.hypot(rating - low, base["rating"] - base["low"])
    up = math.hypot(high - rating, base["high"] - base["rating"])
    return rating - down, rating + up


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
    parser.add_argument("--cpu-clock", action="store_true",
                        help="think time in CPU seconds, so other programs' load cannot weaken a level")
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
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.write and args.think_ms:
        parser.error("--write stores the levels as played: leave --think-ms out (each level its own time)")
    path = ROOT.joinpath(*package_of(spec).split("."), FILE_NAME)
    stored = stored_file(path, seats)
    known = stored["levels"]
    shared_levels = sorted((level for level in levels if level in known), key=lambda lv: known[lv]["rating"])
    anchor = "random" if "random" in levels else shared_levels[0] if shared_levels else levels[0]
    base = None if anchor == "random" or anchor not in known else known[anchor]
    if args.write and anchor != "random" and base is None:
        parser.error(f"{path.relative_to(ROOT)} rates none of {', '.join(levels)}: "
                     "add random or a level it rates to --levels, to place the run on its scale")
    plan = tables(levels, seats, args.games, args.seed)
    tasks = [(spec.id, args.seed + i, table, args.think_ms) for i, table in enumerate(plan)]
    results: list[Result] = []
    start = time.perf_counter()
    with Pool(args.workers, use_cpu_clock, (args.cpu_clock,)) as pool:
        for out in pool.imap_unordered(play, tasks, chunksize=1):
            results.append(out)
            print(f"{len(results)}/{len(tasks)} {' '.join(out[0])}: places {out[1]}, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    counts = pairwise(results)
    ratings = fit(levels, counts, anchor)
    rng = random.Random(args.seed)
    samples: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(BOOTSTRAP):
        again = fit(levels, pairwise(simulate(results, ratings, rng)), anchor)
        for level in levels:
            samples[level].append(again[level])
    played = {level: sum(table.count(level) > 0 for table, _p, _s in results) for level in levels}
    above, below = bounded(levels, counts, anchor, True), bounded(levels, counts, anchor, False)
    shift = 0.0 if base is None else base["rating"] - ANCHOR
    seeds = f"{args.seed}..{args.seed + len(tasks) - 1}"
    print(f"{spec.title}, {seats} players: {len(results)} games in {time.perf_counter() - start:.0f} s, "
          f"{args.games} per pair of levels, seeds {seeds}, "
          f"think {'each level its own' if not args.think_ms else f'{args.think_ms} ms'}, "
          f"{'CPU' if args.cpu_clock else 'wall'} clock")
    if base is not None:
        print(f"  placed through {anchor} (stored {base['rating']:.0f}{', a floor' if base.get('floor') else ''})")
    elif anchor != "random":
        print(f"  {anchor} = {ANCHOR:.0f} here: neither random nor a stored level was played")
    for (a, b), (points, n) in sorted(counts.items()):
        sweep = "  (a clean sweep: the true gap may be larger than the fit)" if points in (0, n) else ""
        print(f"  {a:>7} vs {b:<7} {points:6.1f} / {n:.0f}{sweep}")
    entries: dict[str, dict[str, Any]] = {}
    for level in levels:
        if level == anchor and base is not None:
            continue  # keeps its stored entry: the run was placed through it
        ordered = sorted(samples[level])
        rating = ratings[level] + shift
        low, high = spread(rating, ordered[int(0.025 * BOOTSTRAP)] + shift,
                           ordered[int(0.975 * BOOTSTRAP) - 1] + shift, base)
        floor = level not in above or bool(base and base.get("floor") and level != anchor)
        ceiling = level not in below
        note = ("  a floor: nothing below it ever scored against it, the true rating may be higher"
                if floor else "  a ceiling: it never scored against the levels above, it may be lower"
                if ceiling else "")
        print(f"{level:>8} {rating:7.0f}  95% [{low:.0f}, {high:.0f}]  {played[level]} games{note}")
        entries[level] = {"rating": round(rating, 1), "low": round(low, 1), "high": round(high, 1),
                      "games": played[level], "floor": floor, "ceiling": ceiling,
                      "against": [other for other in levels if other != level], "placed_by": anchor,
                      "games_per_pair": args.games, "seeds": seeds, "think_ms": args.think_ms or None,
                      "clock": "cpu" if args.cpu_clock else "wall", "date": time.strftime("%Y-%m-%d", time.gmtime())}
    merged = {**known, **entries}
    if args.write:
        order = [level for level in spec.computer_levels if level in merged]
        path.write_text(json.dumps({"game": spec.id, "seats": seats, "anchor": "random",
                                    "levels": {level: merged[level] for level in order}},
                                   indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({', '.join(order)})")
    final = {level: merged[level]["rating"] for level in spec.computer_levels if level in merged}
    if base is None and anchor != "random":
        final = {level: ratings[level] for level in levels}
    print(" ".join(f"rating_{level}={rating:.0f}" for level, rating in final.items()))

if __name__ == "__main__":
    main()
