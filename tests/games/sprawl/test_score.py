"""Score, tie-breaks in order, ranking, returns and leaving."""

from __future__ import annotations

import random

import pytest

from shared.gamekit.api import IllegalMove
from shared.sprawl import SPRAWL
from shared.sprawl.scoring import breakdown, summary

from .helpers import position, with_turn


def decided(picture: str) -> tuple[list[int], str | None, list[int]]:
    score = breakdown(position(picture, players=3))
    return score["winners"], score["decided_by"], [s["stash"] for s in score["seats"]]


def test_fewest_pips_wins_after_dead_trees_return():
    state = position("""
        6 .   .   .   .   .
        5 .   .   .   .   .
        4 .   .   .   .   .
        3 R3  r2e G1  .   .
        2 .   .   .   .   .
        1 Y3  y3e .   .   .
    """, players=3)
    score = breakdown(state)
    assert [s["stash"] for s in score["seats"]] == [25, 24, 30]
    assert score["winners"] == [1] and score["ranking"] == [2, 1, 3]
    assert score["seats"][2]["dead"] == ["c3"]
    assert score["seats"][2]["returned"] == [{"square": "c3", "size": 1, "tree": "c3"}]
    assert summary(state) == {"seats": [{"colour": "red", "stash": 25, "dead": []},
                                        {"colour": "yellow", "stash": 24, "dead": []},
                                        {"colour": "green", "stash": 30, "dead": ["c3"]}],
                              "winners": [1]}


def test_tie_break_one_most_pips_neutralized():
    winners, how, stash = decided("""
        6 .   .   .   .   Y3
        5 .   .   .   .   y2s
        4 .   .   .   .   .
        3 R3  r2e G1  .   .
    """)
    assert stash == [25, 25, 30] and winners == [0] and how == "neutralized_pips"


def test_tie_break_two_most_towers_neutralized():
    winners, how, stash = decided("""
        6 R3  r2e G1  .   .
        5 .   .   .   .   Y32
        4 .   .   .   .   .
        3 .   .   G2  y3w Y3
        2 .   .   .   .   .
        1 R3  r3e G1  .   .
    """)
    assert stash == [19, 19, 30] and winners == [0] and how == "neutralized_towers"


def test_tie_break_three_most_squares_in_live_trees():
    winners, how, stash = decided("""
        6 .   .   .   .   .
        5 .   y1w Y2  y2e .
        4 .   .   .   .   .
        3 R3  r2e .   .   .
    """)
    assert stash == [25, 25, 30] and winners == [1] and how == "live_squares"


def test_tie_break_four_most_pips_in_live_towers():
    winners, how, _ = decided("""
        6 .   .   .   .   .
        5 .   .   Y3  y3e .
        4 .   .   .   .   .
        3 R32 r1e .   .   .
    """)
    assert winners == [0] and how == "live_tower_pips"


def test_tie_break_five_most_live_towers():
    winners, how, _ = decided("""
        6 .   .   .   .   .
        5 .   y1w Y21 y1e .
        4 .   .   .   .   .
        1 R2  r2e .   .   R1
    """)
    assert winners == [0] and how == "live_towers"


def test_still_equal_is_a_shared_win():
    state = position("""
        6 .   .   .   .   .
        5 .   .   Y3  y2e .
        4 .   .   .   .   .
        3 R3  r2e .   .   .
    """, players=3)
    score = breakdown(state)
    assert score["winners"] == [0, 1] and score["ranking"] == [1, 1, 3]
    assert score["decided_by"] is None


def test_returns_follow_the_ranking_once_over():
    state = SPRAWL.new_state({"players": 3}, 2)
    assert state.returns() == (0.0, 0.0, 0.0)
    rng = random.Random(2)
    while not state.is_over():
        state = state.apply(state.legal_moves().random(rng))
    places = state.ranking()
    returns = state.returns()
    best = places.index(min(places))
    assert returns[best] == max(returns) and len(returns) == 3


def test_a_seat_that_leaves_is_skipped_and_ranks_below_the_others():
    state = SPRAWL.new_state({"players": 4}, 8)
    state = with_turn(state, "r")
    state, events = state.resign(2)                     # green leaves out of turn
    assert events[0]["type"] == "left" and state.to_move == 0
    state = state.play(next(iter(state.legal_moves())))[0]
    assert state.to_move == 1
    state = state.play(next(iter(state.legal_moves())))[0]
    assert state.to_move == 3                           # green's turn is skipped
    state, _ = state.resign(3)                          # black leaves on its own turn
    assert state.to_move == 0
    places = state.ranking()
    assert places[2] == 4 and places[3] == 3            # the later leaver ranks higher
    with pytest.raises(IllegalMove) as err:
        state.resign(2)
    assert err.value.rejection.code == "already_left"


def test_when_one_player_is_left_the_game_ends():
    state = SPRAWL.new_state({"players": 3}, 1)
    state, _ = state.resign(0)
    assert not state.is_over()
    state, events = state.resign(1)
    assert state.is_over() and state.ended[0] == "alone"
    assert state.ranking() == (3, 2, 1) and events[-1]["type"] == "game_over"
    with pytest.raises(IllegalMove):
        state.resign(2)


def test_leavers_pieces_stay_and_keep_attacking():
    state = position("""
        4 .   .   .   .   .   .
        3 Y3  y2e .   .   .   .
        2 .   .   .   .   .   .
    """, to_move="r")
    state, _ = state.resign(1)
    after = state.play(state.spec.parse_move("r:3@c3"))[0]
    assert 18 in after.dead        # c3 falls to the leaver's 2
