"""Sprawl engine speed: legal-move generation and random playouts.

Random 6-player games on 6x6 with every option off, moves chosen uniformly with
``legal_moves().random``. ``legal_moves_us`` is the mean time to build the legal-move view
(from scratch, cache cleared) of the seat to move over every position of those games.
The last line is ``legal_moves_us=<f> random_games_per_s=<f>``.

``--bots N`` first plays N seeded 4-player games of one hard computer against three easy
ones (the hard seat rotates) and prints hard's mean place, win share and move time p95.
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


def bot_report(games: int) -> str:
    """Hard against three easy players in 4-player games, one game per seed."""
    ranks, wins, times = [], 0, []
    for g in range(games):
        hard = g % 4
        levels = ["easy"] * 4
        levels[hard] = "hard"
        state = SPRAWL.new_state({"players": 4}, 1000 + g)
        bots = [SPRAWL.make_bot(level, g * 10 + i) for i, level in enumerate(levels)]
        while not state.is_over():
            seat = state.to_move
            start = time.perf_counter()
            move = bots[seat].choose(state)
            if seat == hard:
                times.append(time.perf_counter() - start)
            state = state.play(move)[0]
        places = state.ranking()
        ranks.append(places[hard])
        wins += places[hard] == 1 and places.count(1) == 1
    times.sort()
    p95 = times[int(len(times) * 0.95)] if times else 0.0
    return (f"hard vs 3 easy, {games} games: mean_place={sum(ranks) / games:.2f} "
            f"win_share={wins / games:.2f} move_p95_s={p95:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", type=int, default=0, metavar="N",
                        help="also play N games of hard against three easy players")
    args = parser.parse_args(argv)
    if args.bots:
        print(bot_report(args.bots))
    playouts(20, args.seed + 1)            # warm up
    per_s, positions, mean_plies = playouts(args.games, args.seed)
    us = legal_us(positions, 3)
    print(f"{args.games} games, {mean_plies:.1f} plies each, {len(positions)} positions")
    print(f"legal_moves_us={us:.2f} random_games_per_s={per_s:.1f}")


if __name__ == "__main__":
    main()
