"""How well City Blocks' search models a strong seat's answers: whether the replies its
model considers (shared/cityblocks/hooks.py) hold the move the hard level really plays,
against a wider model, and which noise makes that move likeliest. Prints numbers;
asserts nothing.

    python3 bench/cityblocks_model.py [--games 4] [--seed 8811] [--workers 2] [--think 1.0]

Plays two-seat games of hard against hard (think time in CPU seconds) and keeps every
position with a placement and hard's choice there. It prints how often hard's move is
among the replies the search's model considers (the six best of a sample of 120
placements, as hard and expert model the other seat) and among the ten best of every
placement touching the seat's colours (``WIDE``, about five times the cost a reply).
For the wide list it then estimates, by seeded draws of the search's own pick, the
chance that the model answers hard's move for each noise u, and prints the mean
log-likelihood.
Last line: ``best_noise=<f> loglik=<f> search_covers=<f> wide_covers=<f> positions=<n>``.
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
from shared.cityblocks.bots import SEARCH  # noqa: E402
from shared.cityblocks.hooks import Hooks  # noqa: E402
from shared.cityblocks.players import make_bot  # noqa: E402
from shared.cityblocks.state import new_state  # noqa: E402

NOISES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)
WIDE = {"reply_cap": 3000, "reply_top": 10}   # every touching placement, the ten best

# (hard's move among the search's modelled replies, the wide model's values, index of hard's move or -1)
Choice = tuple[bool, list[float], int]


def game(task: tuple[int, int, float]) -> list[Choice]:
    """One game of two hard seats: every choice with a placement, as both models see it."""
    index, seed, think = task
    Clock.timer = staticmethod(time.process_time)
    state = new_state(2, seed)
    bots = [make_bot("hard", seed=1000 * seed + i, think_s=think) for i in range(2)]
    search_model = Hooks(*SEARCH["hard"][1:])
    wide_model = Hooks(*SEARCH["hard"][1:], **WIDE)
    out: list[Choice] = []
    while not state.over:
        seat = state.to_move
        assert seat is not None  # the game runs
        move = bots[seat].choose(state)
        if state.legal_count():
            modelled = [m for m, _, _ in search_model.replies(state)]
            scored = wide_model.replies(state)
            moves = [m for m, _, _ in scored]
            out.append((move in modelled, [v for _, v, _ in scored],
                        moves.index(move) if move in moves else -1))
        state = state.play(move)[0]
    return out


def main() -> None:
    args = options(__doc__, 4, 8811, SEARCH["hard"][0])
    tasks = [(i, args.seed + i, args.think) for i in range(args.games)]
    choices: list[Choice] = collect(game, tasks, args.workers)
    n = len(choices)
    search_covers = sum(c[0] for c in choices) / n
    wide_covers = sum(c[2] >= 0 for c in choices) / n
    print(f"{n} positions from {args.games} games of two hard seats "
          f"(seeds {args.seed}..{args.seed + args.games - 1}, {args.think} CPU s a move)")
    print(f"hard's move among the replies the search's model considers: {search_covers:.3f}")
    print(f"hard's move among the wide model's ten:                      {wide_covers:.3f} "
          f"(its first: {sum(c[2] == 0 for c in choices) / n:.3f})")
    loglik, noise = fit([(values, chosen) for _, values, chosen in choices], NOISES, "cityblocks")
    print(f"best_noise={noise} loglik={loglik:.3f} search_covers={search_covers:.3f} "
          f"wide_covers={wide_covers:.3f} positions={n}")


if __name__ == "__main__":
    main()
