"""The contract's generic ``analyze`` refuses what it cannot replay with a RecordError
naming the problem (never a Python error)."""

from __future__ import annotations

import random

import pytest

from shared.gamekit import Record, RecordError, builtin_games
from shared.gamekit.analyze import analyze

SPEC = builtin_games()["city-blocks"]


def test_a_record_without_a_start_position_is_refused_by_name():
    state = SPEC.new_state(SPEC.options({}), 1)
    with pytest.raises(RecordError, match="cannot be replayed"):
        analyze(SPEC, Record(state, ("b:I2:c5,c6",), start=None))


def test_a_move_played_twice_is_an_illegal_record_at_its_ply():
    start = SPEC.new_state(SPEC.options({}), 1)
    move = SPEC.move_text(start.legal_moves().random(random.Random(1)))
    with pytest.raises(RecordError) as caught:
        analyze(SPEC, Record(start, (move, move, move), start=start))
    assert caught.value.illegal and caught.value.token == move and caught.value.ply in (2, 3)
    assert f"({move})" in str(caught.value)
