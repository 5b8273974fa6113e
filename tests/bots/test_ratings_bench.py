"""bench/ratings.py's fit: a clean sweep is a floor, not a measure, and a run placed
through a stored level carries that level's spread."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[2] / "bench" / "ratings.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("ratings_bench", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LEVELS = ("random", "easy", "medium")


def test_clean_sweeps_leave_the_winners_unbounded_above(bench):
    """City Blocks' round robin: every game won by the stronger level. Only the anchor is
    bounded above; easy and medium are floors, and the fitted gap grows with the games."""
    sweep = {("easy", "random"): [20.0, 20.0], ("easy", "medium"): [0.0, 20.0],
             ("medium", "random"): [20.0, 20.0]}
    assert bench.bounded(LEVELS, sweep, "random", True) == {"random"}
    assert bench.bounded(LEVELS, sweep, "random", False) == set(LEVELS)
    more = {pair: [p * 5, n * 5] for pair, (p, n) in sweep.items()}
    assert bench.fit(LEVELS, more, "random")["easy"] > bench.fit(LEVELS, sweep, "random")["easy"] + 100


def test_one_point_against_a_level_bounds_it(bench):
    """Alien City's: random took points from easy and easy from medium, so both are bounded."""
    counts = {("easy", "random"): [35.5, 40.0], ("easy", "medium"): [3.5, 40.0],
              ("medium", "random"): [40.0, 40.0]}
    assert bench.bounded(LEVELS, counts, "random", True) == set(LEVELS)
    ratings = bench.fit(LEVELS, counts, "random")
    assert ratings["random"] == 1000.0 < ratings["easy"] < ratings["medium"]


def test_the_parametric_bootstrap_replays_the_same_tables(bench):
    """Same levels per seat, places a permutation, the stronger winning most of the time."""
    results = [(("hard", "random"), (1, 2), 0.0), (("random", "hard", "easy"), (3, 1, 2), 0.0)] * 50
    ratings = {"random": 1000.0, "easy": 1300.0, "hard": 1800.0}
    again = bench.simulate(results, ratings, random.Random(1))
    assert [r[0] for r in again] == [r[0] for r in results]
    assert all(sorted(r[1]) == list(range(1, len(r[0]) + 1)) for r in again)
    assert sum(r[1][0] == 1 for r in again[::2]) > 40
    assert again == bench.simulate(results, ratings, random.Random(1))


def test_a_placed_level_adds_the_stored_levels_spread(bench):
    """Hard measured against a stored Medium of 1737 [1539, 1892]: its interval widens."""
    base = {"rating": 1737.0, "low": 1539.0, "high": 1892.0}
    low, high = bench.spread(1900.0, 1800.0, 2000.0, base)
    assert low == pytest.approx(1900.0 - (100.0 ** 2 + 198.0 ** 2) ** 0.5)
    assert high == pytest.approx(1900.0 + (100.0 ** 2 + 155.0 ** 2) ** 0.5)
    assert bench.spread(1900.0, 1800.0, 2000.0, None) == (1800.0, 2000.0)
