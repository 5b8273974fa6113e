"""The real recorded game scores as published, and strict reading rejects its bad ply."""

from pathlib import Path

import pytest

from shared.aliencity import IllegalRecordError, Player, lot_name
from shared.aliencity.ppn import read_ppn

RECORD = (Path(__file__).parents[2] / "data" / "ppgames-alien-city.ppn").read_text()


def test_real_record_lenient_score_matches_published_count():
    """Black 138 (e5 32, e6 61, g4 45), White 74 (f1 44, f5 6, f8 24)."""
    score = read_ppn(RECORD, lenient=True).state.score()
    assert score.totals == {Player.BLACK: 138, Player.WHITE: 74}
    per_tower = {}
    for t in score.towers:
        per_tower[lot_name(t.lot)] = t.points + sum(
            b.points for b in score.bonuses if b.paid_to is t.owner and t.lot in b.towers)
    assert per_tower == {"e5": 32, "e6": 61, "g4": 45, "f1": 44, "f5": 6, "f8": 24}
    assert score.winner is Player.BLACK


def test_real_record_strict_reading_rejects_ply_18():
    """9... A@h9 cuts h10 off the road."""
    with pytest.raises(IllegalRecordError) as err:
        read_ppn(RECORD)
    assert err.value.ply == 18
    assert "A@h9" in str(err.value) and "h10" in str(err.value)
    assert err.value.rule == "road_split"
