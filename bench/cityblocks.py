"""Speed of the City Blocks engine. Prints numbers; asserts nothing.

    python3 bench/cityblocks.py [--games N] [--playouts N] [--seed S] [--bots N]

- ``legal_count_us``: mean time to count every legal placement of the colour to move, from
  a cold position (no cached anchor boards), over every position of N seeded random 4-player
  games;
- ``random_games_per_s``: whole 4-colour random games per second, each placement chosen
  uniformly among the legal ones and a pass only when there is none (the engine's playout
  routine that the bots use);
- ``score_ms``: the full score breakdown (areas with their squares, other groups, every free
  edge, seats, places) of finished random games.

``--bots N`` also plays N two-player games of hard against easy and against random (seats
swapped every game) and prints win fractions and hard's think-time p95 before the last line.
Last line: ``legal_count_us=<f> random_games_per_s=<f> score_ms=<f>``; targets 100, 200, 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.cityblocks.playout import random_game  # noqa: E402
from shared.cityblocks.state import CityState, new_state  # noqa: E402


def random_positions(games: int, seed: int, players: int = 4) -> list[CityState]:
    """Every position (game not over) of ``games`` seeded random games."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_state(players, seed + g)
        while not state.over:
            out.append(state)
            state, _ = state.play(state.legal_moves().random_placement(rng))
    return out


def cold(state: CityState) -> CityState:
    """The same position without cached anchor boards."""
    return CityState(state.players, state.seed, state.first, state.boards, state.played,
                     state.ply, state.passes, state.left, state.left_at, state.over,
                     state.history, state.auto)


def best_of(work, items: list, repeat: int = 3) -> float:
    """Seconds per item of ``work(item)`` over ``items``, best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items)


def legal_count_us(positions: list[CityState], repeat: int = 3) -> float:
    # each run gets cold copies made outside the timing
    return min(best_of(CityState.legal_count, [cold(s) for s in positions], 1)
               for _ in range(repeat)) * 1e6


def random_games_per_s(games: int, seed: int) -> float:
    start = time.perf_counter()
    for g in range(games):
        random_game(4, seed + g)
    return games / (time.perf_counter() - start)


def score_ms(finals: list[CityState], repeat: int = 3) -> float:
    return best_of(CityState.score, finals, repeat) * 1e3


def state_games_per_s(games: int, seed: int) -> float:
    """For comparison: whole random games through the public State API (immutable states,
    legality checked on every move, events built)."""
    start = time.perf_counter()
    finished_games(games, seed)
    return games / (time.perf_counter() - start)


def finished_games(games: int, seed: int) -> list[CityState]:
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_state(4, seed + g)
        while not state.over:
            state, _ = state.play(state.legal_moves().random_placement(rng))
        out.append(state)
    return out


def bot_games(games: int, seed: int) -> None:
    from shared.cityblocks.bots import play_game
    from shared.cityblocks.players import make_bot
    for other in ("random", "easy"):
        results, think = [], []
        for g in range(games):
            swap = g % 2
            bots = [make_bot("hard", seed + g), make_bot(other, seed + 500 + g)]
            if swap:
                bots.reverse()
            times: dict[int, list[float]] = {}
            final = play_game(bots, 2, seed + g // 2, times)
            me = 1 if swap else 0
            places = final.ranking()
            results.append(1.0 if places[me] < places[1 - me] else
                           0.5 if places[me] == places[1 - me] else 0.0)
            think.extend(times.get(me, []))
        think.sort()
        p95 = think[int(0.95 * (len(think) - 1))] if think else 0.0
        print(f"hard vs {other}: {sum(results) / len(results):.2f} of {games} games "
              f"(draws half), hard move p95 {p95:.3f} s")


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games for positions")
    parser.add_argument("--playouts", type=int, default=300, help="random games timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", type=int, default=0, help="hard vs easy/random games")
    args = parser.parse_args(argv)
    positions = random_positions(args.games, args.seed)
    count = legal_count_us(positions)
    print(f"positions: {len(positions)} from {args.games} games")
    speed = random_games_per_s(args.playouts, args.seed)
    score = score_ms(finished_games(max(1, args.games), args.seed))
    print(f"state_api_games_per_s={state_games_per_s(max(1, args.games), args.seed):.1f} "
          "(4-colour random games through CityState.play, for comparison)")
    if args.bots:
        bot_games(args.bots, args.seed)
    line = f"legal_count_us={count:.2f} random_games_per_s={speed:.1f} score_ms={score:.3f}"
    print(line)
    return line


if __name__ == "__main__":
    main()
