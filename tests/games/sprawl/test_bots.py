"""Computer players: legal, deterministic for a seed and budget, quick to stop."""

from __future__ import annotations

import random
import threading
import time

import pytest

from shared.sprawl import SPRAWL


def positions():
    rng = random.Random(5)
    state = SPRAWL.new_state({"players": 4, "overload": True}, 5)
    out = []
    while not state.is_over() and len(out) < 10:
        out.append(state)
        state = state.apply(state.legal_moves().random(rng))
    return out


@pytest.mark.parametrize("level", SPRAWL.computer_levels)
def test_bots_play_legal_moves_deterministically(level: str):
    for state in positions()[::3]:
        move = SPRAWL.make_bot(level, 4, iterations=8).choose(state)
        assert state.why_not(move) is None
        assert SPRAWL.make_bot(level, 4, iterations=8).choose(state) == move


def test_a_set_stop_event_answers_at_once():
    state = positions()[-1]
    stop = threading.Event()
    stop.set()
    start = time.perf_counter()
    move = SPRAWL.make_bot("hard", 1).choose(state, stop=stop)
    assert state.why_not(move) is None and time.perf_counter() - start < 0.5


def test_bots_finish_a_game_together():
    state = SPRAWL.new_state({"players": 3}, 9)
    bots = [SPRAWL.make_bot(level, 9, iterations=4) for level in ("random", "easy", "hard")]
    while not state.is_over():
        state = state.play(bots[state.to_move].choose(state))[0]
    assert state.ranking() and len(state.returns()) == 3


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        SPRAWL.make_bot("grandmaster")


def test_the_round_ahead_fallback_plays_legal_moves_deterministically():
    state = positions()[6]
    bot = SPRAWL.make_bot("hard", 2, iterations=5)
    first = bot._round_ahead_choice(state, random.Random(1), None, None)
    assert state.why_not(first) is None
    assert bot._round_ahead_choice(state, random.Random(1), None, None) == first
