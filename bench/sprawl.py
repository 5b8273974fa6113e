"""Sprawl engine speed: legal-move generation and random playouts.

Random 6-player games on 6x6 with every option off, moves chosen uniformly with
``legal_moves().random``. ``legal_moves_us`` is the mean time to build the legal-move view
(from scratch, cache cleared) of the seat to move over every position of those games.
The last line is ``legal_moves_us=<f> random_games_per_s=<f>``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from shared.sprawl import SPRAWL  # noqa: E402


def playouts(games: int, seed: int) -> tuple[float, list, float]:
    rng = random.Random(seed)
    options = SPRAWL.options({"players": 6})
    positions = []
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        state = SPRAWL.new_state(options, seed * 100_003 + g)
        while not state.is_over():
            positions.append(state)
            state = state.apply(state.legal_moves().random(rng))
            plies += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, positions, plies / games


def legal_us(positions: list, rounds: int) -> float:
    total = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        for state in positions:
            state._legal = None
            len(state.legal_moves())
        total += time.perf_counter() - start
    return total / (rounds * len(positions)) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    playouts(20, args.seed + 1)            # warm up
    per_s, positions, mean_plies = playouts(args.games, args.seed)
    us = legal_us(positions, 3)
    print(f"{args.games} games, {mean_plies:.1f} plies each, {len(positions)} positions")
    print(f"legal_moves_us={us:.2f} random_games_per_s={per_s:.1f}")


if __name__ == "__main__":
    main()
