"""The expert level's forecast of the final scores: its features read the board as the
rules score it, its weights move with the stage of the game, and the expert's search
(only the expert's) judges by it."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from shared.cityblocks import new_state
from shared.cityblocks.forecast import FEATURES, colour_features, forecast, forecast_values, stage_weights
from shared.cityblocks.forecast_weights import STAGES, WEIGHTS
from shared.cityblocks.hooks import estimates
from shared.cityblocks.players import make_bot

from .pictures import position

ROOT = Path(__file__).resolve().parents[3]


def features_of(state, colour: int) -> dict[str, int]:
    return dict(zip(FEATURES, colour_features(state)[colour]))


def test_at_the_start_every_piece_but_the_x_fits_its_corner():
    """No square of the X pentomino can lie on a corner, so 83 of the 88 squares fit;
    nothing reaches from the lone centre square before a colour's first piece."""
    for colour in range(4):
        assert features_of(new_state(4, 1), colour) == {
            "area": 1, "hole_sides": 0, "open_sides": 2, "reach": 0, "fitting": 83}


def test_a_walled_in_group_reaches_nothing_though_its_pieces_still_fit():
    """Mid-game (ply 40), where the fit weighs reach: walled in, blue's forecast drops."""
    open_corner = position("""
        . . . .
        b b . .
        b b . .
    """, played={"b": ["I2", "O4"], "y": ["I2", "V3", "I3"]}, ply=40)
    walled = position("""
        y y y .
        b b y .
        b b y .
    """, played={"b": ["I2", "O4"], "y": ["I2", "V3", "I3"]}, ply=40)
    left = 88 - 2 - 4
    assert features_of(open_corner, 0) == {
        "area": 4, "hole_sides": 0, "open_sides": 4 + 2, "reach": left, "fitting": left}
    assert features_of(walled, 0) == {
        "area": 4, "hole_sides": 0, "open_sides": 2, "reach": 0, "fitting": left}
    assert forecast(walled)[0] < forecast(open_corner)[0]


def test_sides_on_a_square_nobody_can_fill_are_hole_sides():
    state = position("""
        b b b
        b . b
        b b b
    """, played={"b": ["I2", "I3", "V3"]})
    feats = features_of(state, 0)
    assert feats["hole_sides"] == 4 and feats["area"] == 8


def test_stage_weights_follow_the_table_and_blend_between_stages():
    for players, group in ((2, 2), (3, 4), (4, 4)):
        table = WEIGHTS[group]
        assert stage_weights(players, 0) == table[0]
        assert stage_weights(players, STAGES[0]) == table[0]
        assert stage_weights(players, 500) == table[-1]
        mid = (STAGES[1] + STAGES[2]) / 2
        assert stage_weights(players, mid) == pytest.approx(
            tuple((a + b) / 2 for a, b in zip(table[1], table[2])))
        assert all(len(row) == len(FEATURES) for row in table) and len(table) == len(STAGES)


def test_forecast_values_are_a_zero_sum_margin_for_two_players():
    rng = random.Random(4)
    state = new_state(2, 4)
    for _ in range(30):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    one, two = forecast_values(state)
    assert -1 < one < 1 and one == pytest.approx(-two)
    while not state.over:
        state, _ = state.play(state.legal_moves().random_placement(rng) if state.legal_count()
                              else state.pass_move())
    assert forecast_values(state) == state.returns()


def test_only_the_expert_judges_by_the_forecast():
    assert make_bot("expert", 1, iterations=10).evaluate is forecast_values
    assert make_bot("hard", 1, iterations=10).evaluate is estimates


def test_the_fit_recovers_known_weights():
    spec = importlib.util.spec_from_file_location("bench_forecast", ROOT / "bench" / "cityblocks_forecast.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rng = random.Random(9)
    truth = [1.5, -0.5, 0.25, 2.0]
    rows = [[rng.uniform(0, 10) for _ in range(3)] + [1.0] for _ in range(200)]
    targets = [sum(w * x for w, x in zip(truth, r)) for r in rows]
    assert bench.solve(rows, targets, ridge=0.0) == pytest.approx(truth, abs=1e-9)
    # two identical columns: the ridge splits their weight instead of failing
    twins = [[r[0], r[0], 1.0] for r in rows]
    split = bench.solve(twins, [2 * r[0] + 1 for r in rows])
    assert split[0] == pytest.approx(split[1]) and split[0] + split[1] == pytest.approx(2, abs=0.01)
