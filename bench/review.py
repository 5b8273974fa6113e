"""How long a game review takes: seconds per reviewed position for each game, at the
review screen's budget. Prints numbers; asserts nothing.

    python3 bench/review.py [--games N] [--iterations I] [--only alien-city,city-blocks]

Each game is a seeded game between the ``easy`` computers, reviewed once (no cache) with
the strongest level and the given iterations per position (default: the screen's).
Last line: ``<game>_review_s_per_move=<f>`` for every game, then ``<game>_review_s=<f>``
(a whole game's review, the mean over the games).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.gamekit.registry import builtin_games  # noqa: E402
from shared.gamekit.review import DEFAULT_ITERATIONS, ReviewSettings, review_record  # noqa: E402

OPTIONS = {"alien-city": {}, "city-blocks": {"players": 2}, "sprawl": {"players": 4}}


def played(spec, seed: int):
    state = spec.new_state(spec.options(OPTIONS.get(spec.id, {})), seed)
    bots = [spec.make_bot("easy", s) for s in range(state.seat_count)]
    while not state.is_over():
        state, _ = state.play(bots[state.to_move].choose(state))
    return spec.read_record(spec.write_record(state))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    registry = builtin_games()
    wanted = [g for g in args.only.split(",") if g] or list(registry.ids())
    unknown = [g for g in wanted if g not in registry]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}: {', '.join(registry.ids())}")
    last = []
    totals = []
    for game in wanted:
        spec = registry.get(game)
        per_move, whole = [], []
        for seed in range(1, args.games + 1):
            record = played(spec, seed)
            start = time.perf_counter()
            review = review_record(spec, record, ReviewSettings(iterations=args.iterations, seed=seed))
            spent = time.perf_counter() - start
            whole.append(spent)
            per_move.append(spent / max(1, len(review.turns)))
            print(f"{game} seed {seed}: {len(review.turns)} moves in {spent:.1f} s "
                  f"({review.settings.level}, {args.iterations} iterations a position)")
        last.append(f"{game.replace('-', '_')}_review_s_per_move={statistics.mean(per_move):.3f}")
        totals.append(f"{game.replace('-', '_')}_review_s={statistics.mean(whole):.1f}")
    print(" ".join(last + totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
