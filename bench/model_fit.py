"""What the model benches share: games played on every core, and the chance that a
search's modelled seat answers a given move, by seeded draws of the search's own pick
(``shared.bots.search.noisy_best``), fitted over the noise."""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.bots.search import noisy_best  # noqa: E402

DRAWS = 400  # model draws per position and noise


def chance(values: list[float], chosen: int, noise: float, rng: random.Random) -> float:
    """The model's chance of answering ``chosen`` (an index of ``values``; -1: a move the
    model does not consider), never quite 0."""
    hits = 0
    if chosen >= 0:
        for _ in range(DRAWS):
            hits += noisy_best(values, noise, rng) == chosen
    return (hits + 0.5) / (DRAWS + 1)


def collect(game: Callable[[Any], list[Any]], tasks: list[Any], workers: int) -> list[Any]:
    """Every game's rows, played on ``workers`` processes, with progress on stderr."""
    start = time.perf_counter()
    rows: list[Any] = []
    with Pool(workers) as pool:
        for done, more in enumerate(pool.imap_unordered(game, tasks), 1):
            rows += more
            print(f"{done}/{len(tasks)} games, {len(rows)} positions, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return rows


def fit(choices: Sequence[tuple[list[float], int]], noises: Sequence[float], name: str) -> tuple[float, float]:
    """Prints the mean log-likelihood of the modelled seat answering the real move, and
    the mean chance of it, for each noise; returns the best (log-likelihood, noise)."""
    fits = []
    for noise in noises:
        rng = random.Random(f"{name}-model:{noise}")
        chances = [chance(values, chosen, noise, rng) for values, chosen in choices]
        loglik = sum(math.log(c) for c in chances) / len(chances)
        fits.append((loglik, noise))
        print(f"noise {noise:4.2f}: mean log-likelihood {loglik:.3f}, "
              f"mean chance of hard's move {sum(chances) / len(chances):.3f}")
    return max(fits)


def options(doc: str, games: int, seed: int, think: float) -> argparse.Namespace:
    """The model benches' command line: games, first seed, hard's think time, workers."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--games", type=int, default=games, help=f"hard-vs-hard games (default {games})")
    parser.add_argument("--seed", type=int, default=seed, help=f"first game seed (default {seed})")
    parser.add_argument("--think", type=float, default=think, help=f"hard's CPU seconds a move (default {think})")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    return parser.parse_args()
