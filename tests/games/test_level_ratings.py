"""Measured level ratings (bench/ratings.py) are read from the game's package, and a
missing or broken file never stops a game."""

from __future__ import annotations

import json

import pytest

from shared.gamekit.levels import LevelRating, level_ratings, parse_level_ratings
from tests.template_game.nim import NIM


def test_a_ratings_file_reads_back_and_rounds_for_people():
    """The bench's JSON gives one rating per level; 'about' rounds to the nearest 50."""
    data = {"game": "x", "levels": {"random": {"rating": 1000, "low": 1000, "high": 1000, "games": 40},
                                    "hard": {"rating": 1637.4, "low": 1500, "high": 1790, "games": 40}}}
    ratings = parse_level_ratings(json.loads(json.dumps(data)))
    assert ratings["hard"] == LevelRating("hard", 1637.4, 1500.0, 1790.0, 40)
    assert ratings["hard"].about() == 1650 and ratings["random"].about() == 1000


def test_a_clean_sweep_is_a_floor_read_as_at_least():
    """A level the bench marks as a floor (it won every game against those below) keeps
    the mark, and its figure rounds down so "at least" stays true."""
    data = {"levels": {"easy": {"rating": 1529.2, "low": 1261, "high": 1548, "games": 40, "floor": True},
                       "medium": {"rating": 1529.2, "low": 1261, "high": 1548, "games": 40, "floor": False}}}
    ratings = parse_level_ratings(data)
    assert ratings["easy"].floor and ratings["easy"].about() == 1500
    assert not ratings["medium"].floor and ratings["medium"].about() == 1550


@pytest.mark.parametrize("bad", [[], {"levels": []}, {"levels": {"hard": {"rating": "high"}}}])
def test_a_malformed_ratings_file_is_named(bad):
    """A file of the wrong shape is refused with a sentence, not a traceback."""
    with pytest.raises(ValueError) as err:
        parse_level_ratings(bad)
    assert "level" in str(err.value)


def test_a_game_without_a_file_has_no_ratings():
    """The template game ships none: its levels simply have no figure."""
    assert level_ratings(NIM) == {}
