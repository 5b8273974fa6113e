"""Sprawlgami and overload on pictures."""

from __future__ import annotations

from shared.sprawl.scoring import breakdown

from .helpers import code, legal_texts, play_as, position, reason, sq, with_turn

GAMI = """
    6 .   .   .   .   .   .
    5 .   .   .   .   .   .
    4 R3  r3e .   .   Y3  .
    3 .   .   .   .   y3s .
    2 .   .   .   .   .   .
    1 .   .   .   .   .   .
"""


def test_without_sprawlgami_an_opponents_tower_is_not_yours():
    state = position(GAMI)
    assert code(state, "r:+2@e4") == "not_yours"
    assert reason(state, "r:+2@e4") == "The tower on e4 is yellow's."


def test_sprawlgami_builds_on_a_targeted_tower_and_takes_its_tree():
    state = position(GAMI, sprawlgami=True)
    assert "r:+2@e4" in legal_texts(state)
    after = play_as(state, "r:+2@e4")
    assert after.controller(sq("e4")) == 0
    assert code(after, "r:2s@e2") is None          # red now grows yellow's branch on e3
    assert code(with_turn(after, "y"), "y:+1@e4") == "not_targeted"
    assert code(with_turn(after, "y"), "y:2s@e2") is not None


def test_sprawlgami_needs_a_live_targeting_branch():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 R3  r2e .   .   Y3  .
        3 .   .   .   .   .   .
    """, sprawlgami=True)
    assert code(state, "r:+2@e4") == "not_targeted"


def test_a_dead_controlled_tree_goes_back_to_the_colours_that_placed_it():
    state = position("""
        6 .   .   .   .   G1  .
        5 .   .   .   .   g1s .
        4 R3  r3e .   .   Y3R2 .
        3 .   .   .   .   y3s .
    """, sprawlgami=True)
    assert sq("e4") in state.dead and state.controller(sq("e4")) == 0
    score = breakdown(state)
    red, yellow = score["seats"][0], score["seats"][1]
    assert red["dead"] == ["e4"] and yellow["dead"] == []
    assert sorted((r["square"], r["size"]) for r in red["returned"]) == [("e4", 2)]
    assert sorted((r["square"], r["size"]) for r in yellow["returned"]) == [("e3", 3), ("e4", 3)]
    assert yellow["stash"] == 30
    assert score["seats"][2]["tie_breaks"]["neutralized_pips"] == 5   # credited to green


OVERLOAD = """
    6 .   .   .   .   R32 .
    5 .   .   .   .   r2s .
    4 .   .   .   .   .   .
    3 R32 r3e .   .   .   .
    2 .   .   .   .   {e2} .
    1 .   .   .   .   {e1} .
"""


def test_overload_builds_one_per_further_targeting_branch():
    plain = position(OVERLOAD.format(e2=".", e1="."))
    assert code(plain, "r:3@e3+2") == "overload_off"
    state = position(OVERLOAD.format(e2=".", e1="."), overload=True)
    spores = {t for t in legal_texts(state) if t.startswith("r:") and "@e3" in t and t[2] != "+"
              and t[3] == "@"}
    assert spores == {"r:3@e3", "r:3@e3+2", "r:2@e3", "r:2@e3+1", "r:1@e3"}
    assert code(state, "r:3@e3+2+1") == "overload_count"
    assert code(state, "r:3@e3+1") == "build_size"
    after = play_as(state, "r:3@e3+2")
    assert after.tw[sq("e3")] == ((3, 0), (2, 0))
    assert after.stash[0] == (5, 1, 1)


def test_overload_neutralization_test_looks_at_the_spored_piece_alone():
    state = position(OVERLOAD.format(e2="r1n", e1="R21"), overload=True)
    # three red branches target e3 (b3's 3, e5's 2, e2's 1); e2's 1 also attacks e3
    assert code(state, "r:3@e3+2+1") == "spore_neutralized"
    assert code(state, "r:2@e3+1") == "spore_neutralized"
    assert code(state, "r:1@e3") is None
