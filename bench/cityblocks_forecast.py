"""Fit City Blocks' final-score forecast (shared/cityblocks/forecast.py) on self-play games
and show how well it predicts the final margin against the hard level's judgement.
Prints numbers; asserts nothing.

    python3 bench/cityblocks_forecast.py [--games 900] [--seed 71000] [--workers 2] [--write]

Games: 2, 3 and 4 players in turn (the seed decides), each opened by a few easy-level
moves and then played by the medium level with a fixed budget (now and then an easy
move, so that no two games are alike). Every position before the end gives one row per
colour: the forecast's features then, and the colour's final score. Every fourth game
is held out; the rest fit, per player count (2, or 3-4) and stage of the game, the
weights that predict each seat's final margin best (least squares; the margin is its
colours' scores against the others', as the search weighs them). On the held-out games
the bench prints, per stage, the correlation of the predicted margin with the final
one, for the hard level's judgement and for the forecast. ``--write`` writes the weights to
shared/cityblocks/forecast_weights.py.
Last line: ``corr_hard=<f> corr_forecast=<f>`` over held-out positions from ply 24 on.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.cityblocks.bots import Valuer, weights  # noqa: E402
from shared.cityblocks.forecast import FEATURES, colour_features  # noqa: E402
from shared.cityblocks.players import make_bot  # noqa: E402
from shared.cityblocks.scoring import colour_totals  # noqa: E402
from shared.cityblocks.state import new_state  # noqa: E402

STAGES = (12, 30, 42, 54, 66, 78)     # the mean ply of each stage fitted
EDGES = (0, 24, 36, 48, 60, 72, 10_000)  # the stages' ply ranges
RIDGE = 1e-3                         # keeps the fit defined where two features coincide

# players, ply, features per colour, final score per colour, weights per seat, and the
# hard level's margin for the first seat (its :class:`Valuer`, unsquashed)
Row = tuple[int, int, list[tuple[int, ...]], list[int], list[tuple[float, ...]], float]


def game(seed: int) -> list[Row]:
    """One self-play game as rows (see :data:`Row`)."""
    players = (2, 3, 4)[seed % 3]
    state = new_state(players, seed)
    rng = random.Random(seed)
    opener = make_bot("easy", seed)
    bots = [make_bot("medium", 10 * seed + s, iterations=120) for s in range(players)]
    lead = rng.randrange(4, 12)
    seen: list[tuple[int, list[tuple[int, ...]], list[tuple[float, ...]], float]] = []
    while not state.over:
        ws = [weights(state, s) for s in range(players)]
        seen.append((state.ply, list(colour_features(state)), ws, Valuer(state, ws[0]).base))
        seat = state.to_move
        assert seat is not None  # not over
        bot = opener if state.ply < lead or rng.random() < 0.08 else bots[seat]
        state, _ = state.play(bot.choose(state))
    finals = [area + edges for area, edges in colour_totals(state.boards)]
    return [(players, ply, feats, finals, ws, hard) for ply, feats, ws, hard in seen]


def stage(ply: int) -> int:
    return next(i for i in range(len(EDGES) - 1) if ply < EDGES[i + 1])


def solve(rows: list[list[float]], targets: list[float], ridge: float = RIDGE) -> list[float]:
    """Least squares ``rows @ x ~ targets`` (normal equations, a little ridge), by Gaussian
    elimination with partial pivoting: no numerical library needed."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge * len(rows) if i == j else 0.0) for j in range(k)]
         for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda i: abs(a[i][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for i in range(col + 1, k):
            f = a[i][col] / a[col][col]
            for j in range(col, k):
                a[i][j] -= f * a[col][j]
            b[i] -= f * b[col]
    x = [0.0] * k
    for i in reversed(range(k)):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, k))) / a[i][i]
    return x


def fit(rows: list[Row], group: int) -> list[tuple[float, ...]]:
    """Weights per stage for a player-count group (2, or 4 for 3-4 players), fitted to
    what the search reads: each seat's margin (its colours' scores against the others',
    as :func:`weights` counts them), not each colour's score."""
    table = []
    for s in range(len(STAGES)):
        xs: list[list[float]] = []
        ys: list[float] = []
        for players, ply, feats, finals, ws, _ in rows:
            if (2 if players == 2 else 4) != group or stage(ply) != s:
                continue
            for w in ws[:1] if players == 2 else ws:   # two players: one margin is the other's negative
                xs.append([sum(wc * f[k] for wc, f in zip(w, feats)) for k in range(len(FEATURES))])
                ys.append(sum(wc * y for wc, y in zip(w, finals)))
        table.append(tuple(solve(xs, ys)))
    return table


def correlation(xs: list[float], ys: list[float]) -> float:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return float("nan")
    return statistics.correlation(xs, ys)


def margins(rows: list[Row], table: dict[int, list[tuple[float, ...]]]) -> dict[int, tuple[list, list, list]]:
    """Per stage: predicted margins (hard, forecast) and final margins, one per row's first seat."""
    out: dict[int, tuple[list, list, list]] = {s: ([], [], []) for s in range(len(STAGES))}
    for players, ply, feats, finals, ws, hard in rows:
        w = ws[0]
        fw = table[2 if players == 2 else 4][stage(ply)]
        fore = sum(wi * sum(c * x for c, x in zip(fw, f)) for wi, f in zip(w, feats))
        final = sum(wi * y for wi, y in zip(w, finals))
        h, f_, y_ = out[stage(ply)]
        h.append(hard)
        f_.append(fore)
        y_.append(final)
    return out


def write(table: dict[int, list[tuple[float, ...]]], games: int, seed: int) -> Path:
    path = ROOT / "shared" / "cityblocks" / "forecast_weights.py"
    lines = [
        '"""Weights of City Blocks\' final-score forecast (:mod:`.forecast`), written by',
        f"``bench/cityblocks_forecast.py --games {games} --seed {seed} --write``: per player count",
        "(2, or 4 for 3-4 players), one row per stage of the game, the weights of the",
        f"forecast's features {', '.join(FEATURES)}. Do not edit by hand: run the bench again.\"\"\"",
        "",
        f"STAGES = {STAGES!r}   # the mean ply of each row's stage",
        "WEIGHTS: dict[int, tuple[tuple[float, ...], ...]] = {",
    ]
    for group, rows in table.items():
        lines.append(f"    {group}: (")
        lines += [f"        ({', '.join(f'{w:.4f}' for w in row)}),"for row in rows]
        lines.append("    ),")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=900, help="self-play games (default 900)")
    parser.add_argument("--seed", type=int, default=71000, help="first game seed (default 71000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--write", action="store_true", help="write shared/cityblocks/forecast_weights.py")
    args = parser.parse_args()
    start = time.perf_counter()
    fitting: list[Row] = []
    held: list[Row] = []
    with Pool(args.workers) as pool:
        for i, rows in enumerate(pool.imap(game, range(args.seed, args.seed + args.games), chunksize=4)):
            (held if i % 4 == 0 else fitting).extend(rows)
            if (i + 1) % 100 == 0:
                print(f"{i + 1}/{args.games} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    table = {group: fit(fitting, group) for group in (2, 4)}
    print(f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), {len(fitting)} positions "
          f"fitted, {len(held)} held out, {time.perf_counter() - start:.0f} s")
    print(f"weights of {', '.join(FEATURES)} per stage:")
    for group, rows in table.items():
        for s, row in zip(STAGES, rows):
            print(f"  {'2 players' if group == 2 else '3-4 players'}, ply ~{s}: "
                  + " ".join(f"{w:6.2f}" for w in row))
    print("held-out correlation of the predicted seat margin with the final one:")
    late_h: list[float] = []
    late_f: list[float] = []
    late_y: list[float] = []
    for s, (h, f, y) in margins(held, table).items():
        plies = f"{EDGES[s]}-{EDGES[s + 1] - 1}" if s < len(STAGES) - 1 else f"{EDGES[s]}+"
        print(f"  plies {plies}: {len(y)} positions, hard {correlation(h, y):.3f}, "
              f"forecast {correlation(f, y):.3f}")
        if EDGES[s] >= 24:
            late_h += h
            late_f += f
            late_y += y
    if args.write:
        print(f"wrote {write(table, args.games, args.seed).relative_to(ROOT)}")
    print(f"corr_hard={correlation(late_h, late_y):.3f} corr_forecast={correlation(late_f, late_y):.3f}")


if __name__ == "__main__":
    main()
