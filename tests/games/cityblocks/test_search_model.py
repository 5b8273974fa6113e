"""How City Blocks' search models the other seat: the search levels consider the six best
replies of a sample; a wider model (the model bench's) the best of every placement
touching the seat's colours."""

from __future__ import annotations

import random

from shared.cityblocks import new_state
from shared.cityblocks.hooks import Hooks, ranked
from shared.cityblocks.players import make_bot


def midgame(plies: int = 24):
    state = new_state(2, 3)
    bots = [make_bot("easy", 30 + i) for i in range(2)]
    while state.ply < plies:
        state = state.play(bots[state.to_move].choose(state))[0]
    return state


def test_the_search_levels_model_six_replies_and_a_wide_model_the_best_of_all_touching():
    state = midgame()
    for level in ("hard", "expert"):
        assert len(make_bot(level, 1, iterations=10).replies(state)) == 6
    wide = Hooks(6, 200, reply_cap=3000, reply_top=10).replies(state)
    assert len(wide) == 10
    values = [v for v, _ in ranked(state, random.Random(0), 0, 10**6)]   # every touching one
    assert len(values) > 120          # more than the search's sample
    # none left out values more than the tenth modelled (a sampled placement may join them)
    assert min(v for _, v, _ in wide) >= values[9] - 1e-9
    assert max(v for _, v, _ in wide) == max(values)
