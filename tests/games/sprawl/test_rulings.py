"""Every ruling of the spec on small pictures (see helpers.position for the notation)."""

from __future__ import annotations

from shared.sprawl import SPRAWL, parse_move

from .helpers import code, legal_texts, play_as, position, reason, sq, with_turn


def branch_squares(state) -> set[str]:
    return {t.split("@")[1] for t in legal_texts(state) if t[2] in "123" and t[3] in "nesw"}


# -- towers and the first turn ----------------------------------------------------------
def test_first_turn_is_any_size_on_any_vacant_square_and_nothing_else():
    state = SPRAWL.new_state({"players": 3}, seed=4)
    legal = legal_texts(state)
    assert len(legal) == 3 * 5 * 6
    c = "rygbkwpo"[state.to_move]
    assert f"{c}:3@e6" in legal and f"{c}:1@a1" in legal
    assert code(state, f"{c}:3@f1") == "off_board"          # 5 files on a 3-player board
    assert code(state, f"{c}:+2@a1") == "first_tower"
    assert code(state, f"{c}:3n@a1") == "first_tower"


def test_boards_per_player_count():
    for players, (files, ranks) in {3: (5, 6), 4: (6, 6), 6: (6, 6), 7: (8, 8), 8: (8, 8)}.items():
        state = SPRAWL.new_state({"players": players}, 0)
        assert (state.geo.files, state.geo.ranks) == (files, ranks)
        assert len(state.legal_moves()) == 3 * files * ranks


def test_a_first_tower_may_stand_where_it_is_at_once_neutralized():
    state = position("""
        4 .   .   .   .
        3 .   Y3  y2e .
        2 .   .   .   .
    """, to_move="r")
    state = with_turn(state, "r")
    state.started = (False,) + state.started[1:]
    after = state.play(parse_move("r:3@d3"))[0]
    assert sq("d3") in after.dead


def test_tower_branches_point_straight_away_any_size():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   R3  .   .   .
        3 .   .   .   .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    legal = legal_texts(state)
    assert {t for t in legal if "@" in t and t[3:4] in set("nesw")} == {
        f"r:{k}{d}@{s}" for k in (1, 2, 3) for d, s in (("n", "c5"), ("e", "d4"), ("s", "c3"),
                                                          ("w", "b4"))}
    assert "r:+2@c4" in legal and len(legal) == 13
    assert code(state, "r:2e@c5") == "direction"
    assert "straight away" in reason(state, "r:2e@c5")


def test_a_branch_must_point_at_a_square_on_the_board():
    state = position("""
        2 .   .   .
        1 R3  .   .
    """, players=4)
    assert code(state, "r:2s@a2") is not None
    assert code(state, "r:2e@b1") is None
    state = position("""
        2 R3  .   .
        1 .   .   .
    """)
    assert code(state, "r:2s@a1") == "points_off"


# -- growing from branches -------------------------------------------------------------
TIP = """
    6 .   .   .   .   .   .
    5 .   .   .   .   .   .
    4 .   .   r3n .   .   .
    3 .   .   R32 .   .   .
    2 .   .   .   .   .   .
    1 .   .   .   .   .   .
"""
def test_tip_may_turn_but_not_point_back():
    state = position(TIP)
    for d in "new":
        assert code(state, f"r:2{d}@c5") is None, d
    assert code(state, "r:2s@c5") == "points_back"
    assert "may not point back" in reason(state, "r:2s@c5")


def test_strict_branching_keeps_the_tip_straight():
    state = position(TIP, strict_branching=True)
    assert code(state, "r:2n@c5") is None
    assert code(state, "r:2e@c5") == "strict_branching"
    assert code(state, "r:2w@c5") == "strict_branching"
    assert code(state, "r:2e@d4") is None                  # sides are not affected


def test_side_branches_point_straight_away_from_their_branch():
    state = position(TIP)
    assert code(state, "r:2e@d4") is None and code(state, "r:2w@b4") is None
    assert code(state, "r:2n@d4") == "direction"
    assert code(state, "r:1e@d4") == "size"
    assert reason(state, "r:1e@d4").startswith("A 1 may only grow from a 2")


def test_sizes_shrink_by_one_and_nothing_grows_from_a_one():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   r2n .   .   .
        3 .   .   R32 .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    assert code(state, "r:1n@c5") is None
    assert reason(state, "r:2n@c5").startswith("A 2 may only grow from a 3")
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   r1n .   .   .
        3 .   .   R32 .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    assert code(state, "r:1n@c5") == "size"
    assert "nothing can grow from a 1" in reason(state, "r:1n@c5").lower()


def test_depth_limit_is_the_tower_height():
    picture = """
        7 .   .   .   .   .   .   .   .
        6 .   .   .   .   .   .   .   .
        5 .   .   .   .   .   .   .   .
        4 .   .   .   r3n .   .   .   .
        3 .   .   .   {t} .   .   .   .
        2 .   .   .   .   .   .   .   .
        1 .   .   .   .   .   .   .   .
    """
    one = position(picture.format(t="R3"), players=7)
    assert reason(one, "r:2n@d5") == "d5 is beyond this tower's reach: it is 1 high."
    assert branch_squares(one) <= {"c3", "e3", "d2"}
    two = position(picture.format(t="R32"), players=7)
    assert code(two, "r:2n@d5") is None
    deeper = play_as(two, "r:2n@d5")
    assert deeper.br[sq("d5")][4] == 2
    assert code(deeper, "r:1n@d6") == "reach"
    three = position(picture.format(t="R321").replace("4 .   .   .   r3n", "4 .   .   .   r3n")
                     .replace("5 .   .   .   .", "5 .   .   .   r2n"), players=7)
    assert code(three, "r:1n@d6") is None


def test_reach_counts_four_and_twelve():
    """A 1-high tower supports 4 branches, a 2-high one 12 (the text's counts)."""
    one = position("""
        5 .   .   .   .   .
        4 .   .   r3n .   .
        3 .   r3w R3  r3e .
        2 .   .   r3s .   .
        1 .   .   .   .   .
    """, players=4)
    assert branch_squares(one) == set()
    two = position("""
        6 .   .   .   .   .   .
        5 .   .   .   r2n .   .
        4 .   .   r2w r3n r2e .
        3 .   r2w r3w R32 r3e r2e
        2 .   .   r2w r3s r2e .
        1 .   .   .   r2s .   .
    """, players=4)
    pieces = [q for q in range(64) if two.br[q] is not None]
    assert len(pieces) == 12 and all(two.br[q][3] == sq("d3") for q in pieces)
    assert branch_squares(two) == set()
    assert code(two, "r:1n@b4") == "reach"


def test_a_move_joins_the_tree_of_its_lowest_source_then_file_then_rank():
    state = position("""
        7 .   .   R32 .   .   .
        6 .   .   r3s .   .   .
        5 R32 r3e .   .   .   .
        4 .   .   .   .   .   .
    """, players=4)
    after = play_as(state, "r:2s@c5")       # c5 is the tip of b5 (east) and of c6 (south)
    assert after.br[sq("c5")][3:] == (sq("a5"), 2)     # b5 comes before c6 by file
    towered = position("""
        4 R32 r3e .   .   .   .
        3 .   .   R32 .   .   .
    """, players=4)
    towered = play_as(towered, "r:2n@c4")   # tip of b4 (depth 1) and beside the tower c3
    assert towered.br[sq("c4")][3:] == (sq("c3"), 1)


# -- spores ------------------------------------------------------------------------------
def test_spores_land_where_branches_target_through_pieces():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   .   .   .   .
        3 R3  r3e Y3  .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    # the 3 on b3 attacks c3 (yellow's tower) and targets e3, past it
    spores = {t for t in legal_texts(state) if t[3:4] == "@"}
    assert spores == {"r:3@e3", "r:2@e3", "r:1@e3"}
    assert code(state, "r:3@d3") == "not_targeted"


def test_a_target_off_the_board_does_not_exist():
    state = position("""
        3 .   .   .   .   .   .
        2 .   .   .   .   .   .
        1 .   .   R3  r3e .   .
    """)
    assert not any(t[3:4] == "@" for t in legal_texts(state))


SPORE = """
    6 .   .   .   .   .   .
    5 .   .   .   .   Y3  .
    4 .   .   .   .   y2s .
    3 R3  r3e .   .   .   .
    2 .   .   .   .   .   .
    1 .   .   .   .   .   .
"""


def test_no_spore_where_it_would_at_once_be_neutralized():
    state = position(SPORE)
    # e3 is targeted by red's 3 on b3 and attacked by yellow's 2 on e4
    assert code(state, "r:2@e3") is None
    assert code(state, "r:3@e3") == "spore_neutralized"
    assert "yellow's 2 on e4" in reason(state, "r:3@e3")


def test_superior_forces_spores_and_sums():
    state = position(SPORE, superior_forces=True)
    assert code(state, "r:3@e3") is None and code(state, "r:2@e3") is None
    assert code(state, "r:1@e3") == "spore_neutralized"
    towers = position("""
        4 .   .   .   .   .   .
        3 Y3  y1e R2  r2w R2  .
        2 .   .   y1n .   .   .
        1 .   .   Y3  .   .   .
    """, superior_forces=True)
    # c3 (2 pips) is attacked by 1 + 1 + red's own 2 = 4 pips: neutralized
    assert sq("c3") in towers.dead
    assert "4 attacking pips against its 2" in reason(towers, "r:+1@c3")


# -- neutralization ----------------------------------------------------------------------
def test_neutralized_by_a_size_missing_from_the_tower():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   R3  y1w Y1  .
        3 .   .   .   .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    assert state.dead == {sq("c4")}
    assert reason(state, "r:+2@c4") == ("This tree is dead: its tower on c4 is neutralized "
                                        "by yellow's 1 on d4.")


def test_a_three_two_one_tower_cannot_be_neutralized():
    state = position("""
        4 .   .   .   .   .   .
        3 Y3  y3e R321 r2w R2 .
        2 .   .   y1n .   .   .
        1 .   .   Y3  .   .   .
    """)
    assert sq("c3") not in state.dead


def test_own_branches_attack_too():
    state = position("""
        4 .   .   .   .   .   .
        3 .   .   R3  r2w R2  .
        2 .   .   .   .   .   .
    """)
    assert sq("c3") in state.dead
    assert "red's 2 on d3" in reason(state, "r:+2@c3")


def test_dead_trees_are_frozen_but_still_attack():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   r3n .   .   .
        4 .   .   R32 y1w Y1  .
        3 .   .   .   .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   .   .   .
    """)
    assert state.dead == {sq("c4")}
    assert code(state, "r:+1@c4") == "dead_tree"
    assert code(state, "r:2e@c6") == "dead_tree"
    assert code(state, "r:3@c8") is not None
    assert legal_texts(state) == set()                 # red would be stuck
    assert sq("c6") in state.attacked()                # the dead 3 still attacks


def test_the_game_ends_at_the_start_of_a_stuck_players_turn():
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   R3  .   .   .
        3 .   .   .   .   .   Y1
        2 .   .   .   .   .   .
        1 .   .   .   G1  .   .
    """, players=4, to_move="b")
    after, events = state.play(parse_move("b:1@e4"))
    assert not after.is_over() and after.to_move == 0
    state = position("""
        6 .   .   .   .   .   .
        5 .   .   .   .   .   .
        4 .   .   R3  y1w Y1  .
        3 .   .   .   .   .   .
        2 .   .   .   .   .   .
        1 .   .   .   G1  .   B1
    """, players=4, to_move="b")
    assert len(legal_texts(state)) > 0
    assert legal_texts(with_turn(state, "r")) == set()       # red's tree is dead
    after, events = state.play(next(iter(state.legal_moves())))
    assert after.is_over() and after.ended == ("stuck", 0)
    assert events[-1]["type"] == "game_over" and events[-1]["seat"] == "red"
