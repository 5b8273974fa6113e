"""How the Sprawl search should expect a strong seat to answer: fit the noise of its model
of the other seats (shared/sprawl/hooks.py) to the moves the hard level really plays.
Prints numbers; asserts nothing.

    python3 bench/sprawl_model.py [--games 8] [--seed 88000] [--workers 2] [--think 1.5]

Plays four-seat games of hard against hard (think time in CPU seconds) and keeps every
position with more than one legal move and hard's choice there. The search's model draws
a seat's answer as the best of the easy level's judgement after fresh uniform noise of
+-u pips; for each u the bench estimates, by seeded draws, the chance that the model
answers hard's move, and prints the mean log-likelihood and the mean chance over all
positions. The likeliest u is what the expert level should expect from strong seats
(``EXPERT_MODEL_NOISE``).
Last line: ``best_noise=<f> loglik=<f> positions=<n>``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.bots.clock import Clock  # noqa: E402
from shared.bots.search import noisy_best  # noqa: E402
from shared.sprawl.hooks import replies  # noqa: E402
from shared.sprawl.players import make_bot  # noqa: E402
from shared.sprawl.state import SprawlState  # noqa: E402

NOISES = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
DRAWS = 400  # model draws per position and noise

Choice = tuple[list[float], int]  # the easy level's value of every legal move, hard's index


def game(task: tuple[int, int, float]) -> list[Choice]:
    """One game of four hard seats: every real choice as (values, index of hard's move)."""
    index, seed, think = task
    Clock.timer = staticmethod(time.process_time)
    state = SprawlState.new({"players": 4}, seed)
    bots = [make_bot("hard", seed=1000 * index + i, think_s=think) for i in range(4)]
    out: list[Choice] = []
    while not state.is_over():
        seat = state.to_move
        assert seat is not None  # the game runs
        move = bots[seat].choose(state)
        scored = replies(state)  # the search's own model of this seat: (move, value, after)
        if len(scored) > 1:
            out.append(([v for _, v, _ in scored], [m for m, _, _ in scored].index(move)))
        state = state.apply(move)
    return out


def chance(values: list[float], chosen: int, noise: float, rng: random.Random) -> float:
    """The model's chance of answering ``chosen`` (seeded draws of the search's own pick,
    never quite 0)."""
    hits = 0
    for _ in range(DRAWS):
        hits += noisy_best(values, noise, rng) == chosen
    return (hits + 0.5) / (DRAWS + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8, help="hard-vs-hard games (default 8)")
    parser.add_argument("--seed", type=int, default=88000, help="first game seed (default 88000)")
    parser.add_argument("--think", type=float, default=1.5, help="hard's CPU seconds a move (default 1.5)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    args = parser.parse_args()
    start = time.perf_counter()
    choices: list[Choice] = []
    tasks = [(i, args.seed + i, args.think) for i in range(args.games)]
    with Pool(args.workers) as pool:
        for done, rows in enumerate(pool.imap_unordered(game, tasks), 1):
            choices += rows
            print(f"{done}/{args.games} games, {len(choices)} positions, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"{len(choices)} positions from {args.games} games of four hard seats "
          f"(seeds {args.seed}..{args.seed + args.games - 1}, {args.think} CPU s a move)")
    fits = []
    for noise in NOISES:
        rng = random.Random(f"sprawl-model:{noise}")
        chances = [chance(values, chosen, noise, rng) for values, chosen in choices]
        loglik = sum(math.log(c) for c in chances) / len(chances)
        fits.append((loglik, noise))
        print(f"noise {noise:4.2f}: mean log-likelihood {loglik:.3f}, "
              f"mean chance of hard's move {sum(chances) / len(chances):.3f}")
    loglik, noise = max(fits)
    print(f"best_noise={noise} loglik={loglik:.3f} positions={len(choices)}")


if __name__ == "__main__":
    main()
