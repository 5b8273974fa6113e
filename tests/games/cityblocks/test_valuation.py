"""The levels' valuation of a placement: what it changes, worked out locally, is exactly
the board valued again after the placement is played (areas, sides, the holes it makes)."""

from __future__ import annotations

import random

import pytest

from shared.cityblocks import new_state
from shared.cityblocks.bots import Valuer, _candidates, weights
from shared.cityblocks.geometry import ORIENTS, PIECES, anchor_squares
from shared.cityblocks.moves import Move
from shared.cityblocks.players import make_bot


def positions(players: int, seed: int, every: int = 3):
    """Positions of a game of easy players, every few plies."""
    state = new_state(players, seed)
    bots = [make_bot("easy", seed * 10 + i) for i in range(players)]
    while not state.over:
        if state.ply % every == 0:
            yield state
        state = state.play(bots[state.to_move].choose(state))[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_placement_gains_what_valuing_the_board_again_gives(players):
    made_holes = joined = 0
    for state in positions(players, 40 + players):
        w = weights(state, state.to_move)
        rng = random.Random(state.ply)
        picks = _candidates(state, rng, 40, touching=True)
        for c, o, a in rng.sample(picks, min(20, len(picks))):
            after = state.play(Move(c, PIECES[ORIENTS[o].piece], anchor_squares(o, a)))[0]
            for open_side in (0.35, 1.0):
                before, then = Valuer(state, w, open_side), Valuer(after, w, open_side)
                gain = before.gain(c, ORIENTS[o].mask << a)
                assert gain == pytest.approx(then.base - before.base, abs=1e-9), (state.ply, c, o, a)
            made_holes += then.holes != before.holes
            joined += then.areas[c] > max(before.areas[c], len(ORIENTS[o].cells))
    assert made_holes and joined   # both cases worked out apart were met
