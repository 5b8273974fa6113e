"""One or more tests per ruling of RULINGS.md on building and the road (rules 1 to 6, road
distance), on small positions drawn as board pictures (see ``rulings_common``); scoring,
claims, turn order and the end are in ``test_rulings_scoring``."""

from __future__ import annotations

import random

import pytest

from shared.aliencity import IllegalMoveError, Piece, Road, parse_move

from .helpers import (
    ALL_LOTS,
    articulation_points,
    components,
    empty_lots,
    lot,
    name,
    neighbours,
    oracle_legal_builds,
    position,
    road_distances,
    structure_distance,
)
from .rulings_common import BLACK, COLOURED, EMPTY, WALL, WALL_BARE, legal, rule, why


# -- 1. the lot is empty ----------------------------------------------------------------
def test_building_on_a_taken_lot_is_refused_naming_the_structure():
    """Rule 1: one structure per lot; the reason names the lot and what stands there."""
    s = position(EMPTY.replace(" 5  . . . .", " 5  . . . R"))
    assert s.piece_at(lot("d5")) == Piece.parse("Tr")
    reason = why(s, "Dk@d5")
    assert reason.rule == "occupied"
    assert "d5" in reason.text and "red tower" in reason.text
    with pytest.raises(IllegalMoveError) as err:
        s.play(parse_move("Dk@d5"))
    assert err.value.rule == "occupied" and "Dk@d5" in str(err.value)


# -- 2. the road --------------------------------------------------------------------------
WALL_WITH_GAP = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  k k k . k k k k
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . . . . . . . .
"""


def test_building_that_splits_the_road_in_two_is_refused():
    """Rule 2a: a wall with one gap; closing the gap (or its ends) splits the road."""
    s = position(WALL_WITH_GAP)
    reason = why(s, "Dk@d5")
    assert reason.rule == "road_split"
    assert "d5" in reason.text and "32 lots" in reason.text  # rows 1-4 would be cut off
    assert rule(s, "Tr@d4") == "road_split" and rule(s, "Tr@d6") == "road_split"
    assert {name(x) for x in ALL_LOTS if s.road.splitting >> x & 1} == {"d4", "d5", "d6"}
    assert why(s, "Tr@d3") is None and why(s, "Tr@f6") is None


def test_building_that_cuts_off_a_single_road_lot_is_refused_naming_it():
    """Rule 2a: no segment may be cut off, not even one lot (a1 behind a2 and b1)."""
    s = position(EMPTY.replace(" 2  . .", " 2  k ."))
    reason = why(s, "Tr@b1")
    assert reason.rule == "road_split"
    assert "a1" in reason.text and "b1" in reason.text
    assert {name(x) for x in ALL_LOTS if s.road.splitting >> x & 1} == {"b1"}
    assert why(s, "Tr@a1") is None  # filling the dead end itself is fine


def test_a_single_lot_cut_off_in_the_middle_of_the_board_is_refused():
    """Rule 2a: d5 hangs on d4 alone; building on d4 would isolate d5."""
    s = position(EMPTY.replace(" 6  . . . .", " 6  . . . k").replace(" 5  . . . . .", " 5  . . k . k"))
    reason = why(s, "Db@d4")
    assert reason.rule == "road_split" and "cut d5 off" in reason.text
    assert why(s, "Dk@d5") is None


def test_building_that_leaves_a_structure_without_road_is_refused_naming_it():
    """Rule 2b: the red tower on a1 has b1 as its only road lot."""
    s = position(EMPTY.replace(" 2  .", " 2  k").replace(" 1  .", " 1  R"))
    reason = why(s, "Dk@b1")
    assert reason.rule == "cuts_off"
    assert "red tower on a1" in reason.text and "b1" in reason.text
    assert s.road.cut_off_by(lot("b1")) == [lot("a1")]
    assert why(s, "Dk@c1") is None


def test_the_new_structure_itself_needs_a_road_lot_beside_it():
    """Rule 2b for S itself: the last empty lot of the board has no road beside it."""
    full = "\n".join(" ".join(["k"] * 8) for _ in range(10))
    s = position(full[:-1] + ".", stocks={BLACK: {"Dk": 3}})
    reason = why(s, "Dk@h1")
    assert reason.rule == "no_road"
    assert "h1" in reason.text


def test_an_isolated_empty_lot_is_not_buildable_because_the_structure_has_no_road():
    """Rule 2b: an empty lot enclosed on four sides gives its structure no road."""
    s = position(EMPTY.replace(" 6  . . . .", " 6  . . . k")
                 .replace(" 5  . . . . .", " 5  . . k . k")
                 .replace(" 4  . . . .", " 4  . . . k"))
    assert rule(s, "Dk@d5") == "no_road"


# -- 3. icon lot last ------------------------------------------------------------------------
def test_an_icon_lot_is_closed_while_other_lots_of_its_tile_are_buildable():
    """Rule 3: c4 is the icon of tile c3-d4; the reason names the lots still open."""
    s = position(EMPTY)
    reason = why(s, "Tr@c4")
    assert reason.rule == "icon_last"
    assert "c4" in reason.text and all(x in reason.text for x in ("c3", "d3", "d4"))
    assert "c4" not in legal(s, "Tr") and "c3" in legal(s, "Tr")


def test_an_icon_lot_opens_once_the_rest_of_its_tile_is_built():
    """Rule 3: with c3, d3 and d4 built, the icon lot c4 may be built."""
    s = position(EMPTY.replace(" 4  . . . .", " 4  . . . k").replace(" 3  . . . .", " 3  . . k k"))
    assert why(s, "Tr@c4") is None


def test_an_icon_lot_opens_when_the_other_empty_lots_fail_the_road_test():
    """Rule 3 as in the 2004 D6/F4 example: c3 is empty but would cut b3 off, so c4 opens."""
    s = position("""
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . k . k . . . .
 3  k R . k . . . .
 2  . k . . . . . .
 1  . . . . . . . .
""")
    reason = why(s, "Dk@c3")
    assert reason.rule == "cuts_off" and "b3" in reason.text
    assert why(s, "Tr@c4") is None
    assert why(s, "Dk@c4") is None


def test_an_icon_lot_stays_closed_when_the_other_lots_fail_only_the_colour_rule():
    """Rule 3 uses the road test alone: on an empty red tile a blue tower fits nowhere."""
    s = position(EMPTY, COLOURED)
    assert rule(s, "Tb@c3") == "first_two"
    assert rule(s, "Tb@c4") == "icon_last"
    assert rule(s, "Tr@c4") == "icon_last"
    assert not legal(s, "Tb") & {"c3", "c4", "d3", "d4"}


# -- 4. first two, and 6. any tower once a tile holds two ------------------------------------
def test_the_first_two_structures_on_a_tile_must_be_its_colour():
    """Rule 4: an empty red tile takes red towers and red domes only."""
    s = position(EMPTY, COLOURED)
    assert why(s, "Tr@c3") is None and why(s, "Dr@d3") is None
    reason = why(s, "Tb@c3")
    assert reason.rule == "first_two"
    assert "red" in reason.text and "holds 0" in reason.text and "c3" in reason.text
    assert rule(s, "Tg@d3") == "first_two"
    assert rule(s, "Db@c3") == "first_two"


def test_the_second_structure_on_a_tile_must_still_be_its_colour():
    """Rule 4: a red tile holding one structure still refuses a blue tower."""
    s = position(EMPTY.replace(" 3  . . . .", " 3  . . . r"), COLOURED)
    reason = why(s, "Tb@c3")
    assert reason.rule == "first_two" and "holds 1" in reason.text


def test_towers_of_any_colour_go_on_a_tile_that_holds_two_structures():
    """Rule 6: after two structures, any tower; domes still follow the dome rule."""
    s = position(EMPTY.replace(" 4  . . . .", " 4  . . . r").replace(" 3  . . . .", " 3  . . . r"),
                 COLOURED)
    assert why(s, "Tb@c3") is None and why(s, "Tg@c3") is None and why(s, "Tr@c3") is None
    reason = why(s, "Db@c3")
    assert reason.rule == "dome_colour"
    assert "blue" in reason.text and any(x in reason.text for x in ("a7", "b7", "b8"))


def test_towers_of_any_colour_may_always_go_on_a_black_tile():
    """Rule 4 exception: an empty black tile takes any tower, but only black domes."""
    s = position(EMPTY, COLOURED)
    for code in ("Tr", "Tb", "Tg", "Dk"):
        assert why(s, f"{code}@f1") is None, code
    reason = why(s, "Dr@f1")
    assert reason.rule == "first_two" and "black" in reason.text


# -- 5. dome colour and its fallback ---------------------------------------------------------
def test_a_dome_goes_only_on_a_tile_of_its_colour_while_one_has_a_legal_lot():
    """Rule 5: the only blue tile is a7-b8 (icon a8), so blue domes go on a7, b7, b8."""
    s = position(EMPTY, COLOURED)
    assert legal(s, "Db") == {"a7", "b7", "b8"}
    assert legal(s, "Dg") == {"c7", "d7", "d8"}
    assert legal(s, "Dr") == {"c3", "d3", "d4"}


def test_a_dome_with_no_legal_lot_of_its_colour_may_go_on_any_lot_passing_rules_1_to_3():
    """Rule 5 fallback: the blue tile is full, so blue domes go anywhere, first-two lifted."""
    s = position(EMPTY.replace(" 8  . .", " 8  b b").replace(" 7  . .", " 7  b b"), COLOURED)
    db = legal(s, "Db")
    assert "c3" in db  # an empty red tile: the first-two rule does not block the fallback
    assert why(s, "Db@c3") is None
    assert "c4" not in db and rule(s, "Db@c4") == "icon_last"  # rule 3 still holds
    assert db == {name(x) for code, x in oracle_legal_builds(s, BLACK) if code == "Db"}
    assert legal(s, "Dr") == {"c3", "d3", "d4"}  # other colours keep their rule


def test_the_dome_fallback_applies_when_the_free_lots_of_its_colour_fail_the_road_test():
    """Rule 5 fallback: b7 is the blue tile's only free lot and would cut b6 off."""
    s = position("""
10  . . . . . . . .
 9  . . . . . . . .
 8  b b . . . . . .
 7  b . . . . . . .
 6  k R k . . . . .
 5  . k . . . . . .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . . . . . . . .
""", COLOURED)
    assert rule(s, "Db@b7") == "cuts_off"
    assert why(s, "Db@c3") is None
    assert why(s, "Db@f1") is None


# -- road distance ----------------------------------------------------------------------------
SIDE_BY_SIDE = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . B . . .
 5  . . . R B . G .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . . . . . . . .
"""

def test_structures_side_by_side_facing_one_road_lot_each_are_two_apart():
    """v1.0 example: side by side on adjacent lots facing the same road = 2."""
    s = position(SIDE_BY_SIDE)
    assert s.road.distance(lot("d5"), lot("e5")) == 2
    assert s.road.distance(lot("e5"), lot("d5")) == 2


def test_structures_touching_the_same_road_lot_are_one_apart():
    """v1.0 example: both touching one road lot = 1 (d5/e6 share d6; e5/g5 share f5)."""
    s = position(SIDE_BY_SIDE)
    assert s.road.distance(lot("d5"), lot("e6")) == 1
    assert s.road.distance(lot("e5"), lot("g5")) == 1


def test_neighbours_with_no_road_between_them_are_far_apart_not_zero():
    """Road distance walks the road: d1 and e1 touch, but the road between goes round e10."""
    s = position(WALL_BARE)
    assert s.road.distance(lot("d1"), lot("e1")) == 9 + 1 + 10  # d2..d10, e10, f10..f1
    s = position(WALL)
    # e3 stands right beside the tower on d3 but is reached only from f3
    assert s.road.distance(lot("d3"), lot("e3")) > 2


def test_road_path_is_a_shortest_walk_of_empty_lots_between_the_two_structures():
    """Road.path: empty lots, each next to the one before, from a's side to b's side."""
    s = position(WALL_BARE)
    a, b = lot("d1"), lot("e1")
    path = s.road.path(a, b)
    assert len(path) == s.road.distance(a, b) == 20
    assert all(not s.board[x] for x in path)
    assert path[0] in neighbours(a) and path[-1] in neighbours(b)
    assert all(q in neighbours(p) for p, q in zip(path, path[1:]))
    assert [name(x) for x in path] == ([f"d{r}" for r in range(2, 11)] + ["e10"]
                                       + [f"f{r}" for r in range(10, 0, -1)])


def test_road_distances_from_and_layers_match_a_breadth_first_search():
    """Road.distances_from and Road.layers agree with an independent BFS."""
    s = position(WALL)
    for source in (lot("d1"), lot("d3"), lot("f4"), lot("e5")):
        expected = road_distances(s.board, source)
        assert s.road.distances_from(source) == expected
        layers = s.road.layers(source)
        for d, mask in enumerate(layers, start=1):
            assert {x for x in ALL_LOTS if mask >> x & 1} == {x for x, v in expected.items() if v == d}
        assert len(layers) == max(expected.values())


def test_road_distance_is_none_between_structures_the_road_does_not_join():
    """A wall across the whole board leaves no road between its two sides."""
    s = position(EMPTY.replace(" 5  . . . . . . . .", " 5  k k k k k k k k")
                 .replace(" 7  . . .", " 7  . . R").replace(" 2  . . .", " 2  . . B"))
    assert s.road.distance(lot("c7"), lot("c2")) is None
    assert s.road.path(lot("c7"), lot("c2")) is None
    assert s.road.distance(lot("c7"), lot("c5")) == 1


def test_road_splitting_matches_articulation_points_on_random_connected_boards():
    """Road.splitting, cut_off_by and distance agree with brute force on random boards."""
    rng = random.Random(20240)
    for _ in range(60):
        board = [0] * 80
        order = list(ALL_LOTS)
        rng.shuffle(order)
        target = rng.randint(5, 60)
        for x in order:
            if sum(1 for v in board if v) >= target:
                break
            board[x] = 7
            if len(components(empty_lots(board))) > 1:
                board[x] = 0
        occupied = sum(1 << x for x in ALL_LOTS if board[x])
        road = Road(occupied)
        empty = empty_lots(board)
        assert {x for x in ALL_LOTS if road.splitting >> x & 1} == articulation_points(empty)
        for x in empty:
            lonely = [s for s in neighbours(x) if board[s]
                      and [n for n in neighbours(s) if not board[n]] == [x]]
            assert sorted(road.cut_off_by(x)) == sorted(lonely)
        structures = [x for x in ALL_LOTS if board[x]]
        for a in rng.sample(structures, min(5, len(structures))):
            dist = road_distances(board, a)
            for b in structures:
                if b != a:
                    assert road.distance(a, b) == structure_distance(board, dist, b)
