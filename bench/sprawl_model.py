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

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from model_fit import collect, fit, options  # noqa: E402

from shared.bots.clock import Clock  # noqa: E402
from shared.sprawl.hooks import replies  # noqa: E402
from shared.sprawl.players import make_bot  # noqa: E402
from shared.sprawl.state import SprawlState  # noqa: E402

NOISES = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)

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


def main() -> None:
    args = options(__doc__, 8, 88000, 1.5)
    tasks = [(i, args.seed + i, args.think) for i in range(args.games)]
    choices: list[Choice] = collect(game, tasks, args.workers)
    print(f"{len(choices)} positions from {args.games} games of four hard seats "
          f"(seeds {args.seed}..{args.seed + args.games - 1}, {args.think} CPU s a move)")
    loglik, noise = fit(choices, NOISES, "sprawl")
    print(f"best_noise={noise} loglik={loglik:.3f} positions={len(choices)}")


if __name__ == "__main__":
    main()
