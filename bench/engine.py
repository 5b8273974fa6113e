"""Engine speed on this machine, in one run. Prints numbers; asserts nothing.

    python3 bench/engine.py [--games N] [--seed S]

Last line: ``legal_builds_us=<f> games_per_s=<f> score_ms=<f>``
Each number is the best of three rounds, so load from other processes is filtered out.
- legal builds of the player to move, materialised as a list, averaged over positions
  taken from random games, each position with its caches emptied first (its road facts,
  which a state keeps up to date move by move, stay; the line before the last also
  gives the time from the board alone, road included);
- complete random games per second on one core: set-up from a seed, the full legal-move
  list every ply, a seeded random choice (builds, claims and passes), the final score;
  the timed games keep nothing (the positions for the other measures come from playing
  the same games again afterwards);
- one full final score breakdown (caches emptied first), in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.aliencity import Phase, Ruleset, new_game  # noqa: E402
from shared.aliencity.state import replace  # noqa: E402


def random_game(seed: int, ruleset: Ruleset):
    rng = random.Random(seed)
    state = new_game(ruleset, seed=seed)
    positions = []
    while not state.is_over():
        moves = state.legal_moves()
        if state.phase is Phase.BUILD:
            positions.append(state)
        state = state.apply(moves[rng.randrange(len(moves))])
    state.score()
    return state, positions


def fresh(state):
    """The same state with every cache emptied, so timings include all the work after
    the move that made it."""
    return replace(state)


def cold(state):
    """The same state from its board alone: no cache and no road kept from earlier moves."""
    return replace(state, board=state.board)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="random games to play (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    args = parser.parse_args()
    rulesets = [Ruleset(2004), Ruleset(2002, location_bonus=True)]

    # Each measure is taken over several rounds and the best round is reported (as
    # timeit does): other processes on a shared machine only ever make a round slower.
    rounds = 3
    best = float("inf")
    per_round = max(1, args.games // rounds)
    seeds = range(args.seed, args.seed + rounds * per_round)
    for r in range(rounds):
        start = time.perf_counter()
        for n in seeds[r * per_round:(r + 1) * per_round]:
            random_game(n, rulesets[n % 2])
        best = min(best, (time.perf_counter() - start) / per_round)
    games_per_s = 1 / best
    # The same games again, untimed, for the positions and final states measured below.
    # Kept during the timed rounds, their ~15,000 states made Python's cycle collector
    # walk an ever larger heap, which the rounds then timed as if it were the engine's.
    finals, positions = [], []
    for n in seeds:
        final, seen = random_game(n, rulesets[n % 2])
        finals.append(final)
        positions.extend(seen)
    print(f"random games: {rounds} rounds of {per_round}, best {games_per_s:.1f} games/s "
          f"({len(positions) / len(finals):.1f} builds per game)")

    sample = positions[:: max(1, len(positions) // 3000)]
    legal_us = float("inf")
    for _ in range(rounds):
        copies = [fresh(s) for s in sample]
        start = time.perf_counter()
        counts = [len(list(s.legal_builds())) for s in copies]
        legal_us = min(legal_us, (time.perf_counter() - start) / len(copies) * 1e6)
    print(f"legal builds: {len(sample)} positions, best round {legal_us:.1f} us each "
          f"(mean {statistics.mean(counts):.1f} legal builds)")
    cold_us = float("inf")
    for _ in range(rounds):
        copies = [cold(s) for s in sample]
        start = time.perf_counter()
        for s in copies:
            list(s.legal_builds())
        cold_us = min(cold_us, (time.perf_counter() - start) / len(copies) * 1e6)

    score_ms = float("inf")
    for _ in range(rounds):
        copies = [fresh(s) for s in finals]
        start = time.perf_counter()
        for s in copies:
            s.score()
        score_ms = min(score_ms, (time.perf_counter() - start) / len(copies) * 1e3)
    print(f"final score breakdown: {len(finals)} games, best round {score_ms:.3f} ms each")
    print(f"legal builds from the board alone (road computed too): best round {cold_us:.1f} us each")
    print(f"legal_builds_us={legal_us:.1f} games_per_s={games_per_s:.1f} score_ms={score_ms:.3f}")


if __name__ == "__main__":
    main()
