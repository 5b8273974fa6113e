"""One or more tests per ruling of RULINGS.md, on small positions drawn as board pictures.

Pictures are read by ``shared.aliencity.diagram.position``: rows 10 down to 1, columns
a to h; ``.`` empty, ``R B G`` towers, ``r b g k`` domes, a tower followed by ``b``/``w``
claimed by Black/White. The default city is twenty black null tiles with their icon in
the top-left lot, so icon lots are a2 c2 e2 g2, a4 c4 ... g10 (columns a c e g, even rows).
"""

from __future__ import annotations

import random

import pytest

from shared.aliencity import (Build, Claim, ClaimDeclined, Claimed, Colour, GameOver,
                              IllegalMoveError, Pass, Phase, Piece, Player, PlayerSkipped,
                              Road, Ruleset, WrongPlayerError, new_game, parse_move)
from shared.aliencity import diagram

from .helpers import (ALL_LOTS, articulation_points, components, empty_lots, lot, make_city,
                      name, neighbours, no_stock, oracle_legal_builds, position, road_distances,
                      structure_distance)

BLACK, WHITE = Player.BLACK, Player.WHITE

EMPTY = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . . . . . . . .
"""

# A city with one tile of each guild colour; the rest black. Tile c3-d4 red, a7-b8 blue,
# c7-d8 green, all with their icon top-left (c4, a8, c8).
COLOURED = make_city(c3="Sn^", a7="An^", c7="Cn^")


def why(state, text):
    """The engine's reason (or None) for the move ``text`` by the player to move."""
    return state.why_not(parse_move(text))


def rule(state, text):
    reason = why(state, text)
    return None if reason is None else reason.rule


def legal(state, piece_code, player=None):
    """Names of the lots where ``piece_code`` may be built now."""
    return {name(x) for x in state.legal_lots(Piece.parse(piece_code), player)}


def whole_turn(state, text):
    """Play a build, then pass if a claim step follows; return (state, all events)."""
    step = state.play(parse_move(text))
    events = list(step.events)
    state = step.state
    if state.phase is Phase.CLAIM:
        step = state.play(Pass())
        events += step.events
        state = step.state
    return state, events


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

# Column e is a wall from e1 to e9; the road goes round it through e10.
WALL_BARE = """
10  . . . . . . . .
 9  . . . . k . . .
 8  . . . . k . . .
 7  . . . . k . . .
 6  . . . . k . . .
 5  . . . . k . . .
 4  . . . . k . . .
 3  . . . . k . . .
 2  . . . . k . . .
 1  . . . B G . . .
"""
WALL = (WALL_BARE.replace(" 4  . . . . k .", " 4  . . . . k b")
        .replace(" 3  . . . .", " 3  . . . R"))


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


# -- scoring: customers and competition -------------------------------------------------------
CORRIDOR = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . . . . . . . .
 3  k r k k k k k .
 2  . . . . . . . .
 1  Rb b g k k k k R
"""


def test_customer_base_counts_other_colours_at_road_distance_one_or_two():
    """Customers of a1: a3 (1) and b1 (2); not the red dome b3 (2), nor c1/c3 (3)."""
    s = position(CORRIDOR)
    t = s.score().towers_of(BLACK)[0]
    assert name(t.lot) == "a1" and t.colour is Colour.RED
    assert {name(c.lot): c.distance for c in t.customers} == {"a3": 1, "b1": 2}
    assert {name(c.lot): (c.kind.text(), c.colour.text()) for c in t.customers} == {
        "a3": ("dome", "black"), "b1": ("dome", "blue")}


def test_customer_base_is_measured_along_the_road_only():
    """The tower on d3 touches e3 and is near f4, but the road to them goes round the wall."""
    s = position(WALL.replace(" 3  . . . R", " 3  . . . Rb"))
    t = s.score().towers_of(BLACK)[0]
    customers = {name(c.lot): c.distance for c in t.customers}
    assert "e3" not in customers and "f4" not in customers
    assert customers == {"d1": 1, "e2": 1, "e4": 1, "e5": 2}


def test_distance_to_the_competition_is_the_road_distance_to_the_nearest_same_colour_tower():
    """a1's nearest other red tower is h1, 8 road lots away: 2 customers x 8 = 16."""
    s = position(CORRIDOR)
    t = s.score().towers_of(BLACK)[0]
    assert name(t.competitor) == "h1" and t.competition == 8
    assert t.points == 16
    assert len(t.path) == 8
    assert s.score().totals[BLACK] == 16


def test_the_nearest_of_several_competitors_counts():
    """A second red tower on e3 (5 road lots away: a2..e2) is nearer than h1 (8)."""
    s = position(CORRIDOR.replace(" 3  k r k k k", " 3  k r k k R"))
    t = [t for t in s.score().towers if name(t.lot) == "a1"][0]
    assert name(t.competitor) == "e3" and t.competition == 5
    assert t.points == 2 * 5


def test_a_tower_with_no_other_tower_of_its_colour_scores_zero():
    """No other red tower on the board: distance to the competition 0, points 0."""
    s = position(CORRIDOR.replace("k k k k R", "k k k k k"))
    t = s.score().towers_of(BLACK)[0]
    assert t.competitor is None and t.competition == 0 and t.points == 0
    assert len(t.customers) == 2
    assert s.score().totals == {BLACK: 0, WHITE: 0}


def test_towers_of_other_colours_are_not_competition():
    """Blue and green towers do not compete with a red tower."""
    s = position(CORRIDOR.replace("k k k k R", "B G k k k"))
    t = s.score().towers_of(BLACK)[0]
    assert t.competition == 0


# -- scoring: green bonuses ---------------------------------------------------------------
def corridor_with(row3: str, row1: str) -> str:
    """The corridor of row 2 between a full row 1 and a row 3 open only at h3."""
    return EMPTY.replace(" 3  . . . . . . . .", " 3  " + row3).replace(" 1  . . . . . . . .", " 1  " + row1)


def bonuses(state, colour=None):
    out = [b for b in state.score().bonuses if colour is None or b.colour is colour]
    return out


@pytest.mark.parametrize("where, distance, points", [
    ("a3", 1, 8), ("b1", 2, 6), ("c1", 3, 4), ("d1", 4, 2), ("e1", 5, 0)])
def test_an_unclaimed_green_tower_pays_ten_minus_twice_the_distance_up_to_four(where, distance, points):
    """Green bonus: 10 - 2d to the owner of the nearest red tower, only when d <= 4."""
    row3 = ["k"] * 7 + ["."]
    row1 = ["G"] + ["k"] * 7
    if where == "a3":
        row3[0] = "Rb"
    else:
        row1["abcdefgh".index(where[0])] = "Rb"
    s = position(corridor_with(" ".join(row3), " ".join(row1)))
    (bonus,) = bonuses(s, Colour.RED)
    assert name(bonus.green) == "a1" and [name(t) for t in bonus.towers] == [where]
    assert bonus.distance == distance
    assert bonus.points == points
    assert bonus.paid_to == (BLACK if points else None)
    if not points:
        assert bonus.reason == "too_far"
    assert s.score().bonuses_of(BLACK) == ([bonus] if points else [])


def test_a_claimed_green_tower_pays_no_bonus():
    """Only unclaimed green towers pay bonuses."""
    s = position(corridor_with("Rb k k k k k k .", "Gw k k k k k k k"))
    assert bonuses(s) == []


def test_an_unclaimed_nearest_tower_pays_nothing_even_if_a_claimed_one_is_next():
    """The nearest red tower b1 is unclaimed: no red bonus, though c1 is Black's."""
    s = position(corridor_with("k k k k k k k .", "G R Rb k k k k k"))
    (bonus,) = bonuses(s, Colour.RED)
    assert [name(t) for t in bonus.towers] == ["b1"]
    assert bonus.paid_to is None and bonus.points == 0 and bonus.reason == "unclaimed"


@pytest.mark.parametrize("edition, owners, paid", [
    (2002, ("b", "b"), None),
    (2004, ("b", "b"), BLACK),
    (2004, ("w", "w"), WHITE),
    (2004, ("b", "w"), None),
    (2004, ("b", ""), None),
    (2002, ("b", ""), None),
])
def test_tied_nearest_towers_pay_by_the_edition_rule(edition, owners, paid):
    """Tie at distance 2 (b1 and b3): 2002 never pays; 2004 pays once if one player owns all."""
    row3 = f"k R{owners[1]} k k k k k ."
    row1 = f"G R{owners[0]} k k k k k k"
    s = position(corridor_with(row3, row1), ruleset=Ruleset(edition))
    (bonus,) = bonuses(s, Colour.RED)
    assert sorted(name(t) for t in bonus.towers) == ["b1", "b3"] and bonus.distance == 2
    assert bonus.paid_to is paid
    assert bonus.points == (6 if paid is not None else 0)
    if paid is None:
        assert bonus.reason == "tie"
    paid_points = sum(b.points for b in s.score().bonuses if b.paid_to is not None)
    assert paid_points == (6 if paid is not None else 0)  # paid once, not per tower


def test_one_player_may_take_both_the_red_and_the_blue_bonus_of_one_green_tower():
    """Black owns the nearest red (a3, d=1) and blue (b1, d=2) towers: 8 + 6."""
    s = position(corridor_with("Rb k k k k k k .", "G Bb k k k k k k"))
    mine = s.score().bonuses_of(BLACK)
    assert sorted((b.colour.text(), b.distance, b.points) for b in mine) == [
        ("blue", 2, 6), ("red", 1, 8)]
    towers = sum(t.points for t in s.score().towers_of(BLACK))
    assert s.score().totals[BLACK] == towers + 14


def test_green_bonus_reports_a_colour_with_no_tower_as_unpaid():
    """No blue tower at all: the blue bonus of the green tower is unpaid (no_tower)."""
    s = position(corridor_with("Rb k k k k k k .", "G k k k k k k k"))
    (blue,) = bonuses(s, Colour.BLUE)
    assert blue.paid_to is None and blue.reason == "no_tower" and blue.towers == ()


# -- scoring: location variant -------------------------------------------------------------
RANKED = make_city(a1="M3^", e1="M4^", a5="M3^", e5="M4^", c9="Ma^")
LOCATION = """
10  . . . . . . . .
 9  . . . . . . . .
 8  . . . . . . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . . . . .
 1  . Rb . . . Bw . .
"""


def location_points(state):
    return {name(t.lot): t.location for t in state.score().towers}


def test_location_variant_adds_the_tile_rank_of_each_claimed_tower():
    """b1 on a rank-3 tile, f1 on a rank-4 tile: +3 for Black, +4 for White."""
    s = position(LOCATION, RANKED, ruleset=Ruleset(location_bonus=True))
    assert location_points(s) == {"b1": 3, "f1": 4}
    assert s.score().totals == {BLACK: 3, WHITE: 4}  # both towers have no competition
    off = position(LOCATION, RANKED)
    assert location_points(off) == {"b1": 0, "f1": 0}
    assert off.score().totals == {BLACK: 0, WHITE: 0}


def test_location_bonus_is_cancelled_for_claimed_towers_on_tiles_of_the_same_rank():
    """A white tower claimed on b5 (rank 3 too) cancels b1's and its own bonus."""
    s = position(LOCATION.replace(" 5  . .", " 5  . Gw"), RANKED, ruleset=Ruleset(location_bonus=True))
    assert location_points(s) == {"b1": 0, "b5": 0, "f1": 4}


def test_location_bonus_is_not_cancelled_by_an_unclaimed_tower():
    """An unclaimed tower on the other rank-4 tile (e5) does not cancel f1's bonus."""
    s = position(LOCATION.replace(" 5  . . . . .", " 5  . . . . G"), RANKED,
                 ruleset=Ruleset(location_bonus=True))
    assert location_points(s) == {"b1": 3, "f1": 4}


def test_location_bonus_is_cancelled_for_two_claimed_towers_on_one_tile():
    """Two claimed towers on the same rank-3 tile cancel each other's bonus."""
    s = position(LOCATION.replace(" 2  . .", " 2  . Bw"), RANKED, ruleset=Ruleset(location_bonus=True))
    assert location_points(s) == {"b1": 0, "b2": 0, "f1": 4}


# -- claims --------------------------------------------------------------------------------
def first_tower_lot(state, piece_code="Tb"):
    return state.legal_lots(Piece.parse(piece_code))[0]


def test_a_player_may_claim_the_tower_just_built():
    """A turn: build, then claim any unclaimed tower, the new one included."""
    s = new_game(Ruleset(), seed=3)
    where = first_tower_lot(s)
    step = s.play(Build(Piece.parse("Tb"), where))
    assert step.state.phase is Phase.CLAIM and step.state.to_move is BLACK
    assert step.state.legal_claims() == [where]
    assert Pass() in step.state.legal_moves()
    step = step.state.play(Claim(where))
    assert step.events[0] == Claimed(BLACK, where)
    assert step.state.owner_at(where) is BLACK and step.state.to_move is WHITE


def test_claiming_is_optional_and_any_unclaimed_tower_may_be_claimed_later():
    """Passing leaves the tower free; the opponent may claim it after building a dome."""
    s = new_game(Ruleset(), seed=3)
    where = first_tower_lot(s)
    s = s.apply(Build(Piece.parse("Tb"), where))
    step = s.play(Pass())
    assert step.events == (ClaimDeclined(BLACK),)
    s = step.state
    assert s.owner_at(where) is None and s.to_move is WHITE
    dome = s.legal_lots(Piece.parse("Dk"))[0]
    s = s.apply(Build(Piece.parse("Dk"), dome))
    assert s.phase is Phase.CLAIM and s.legal_claims() == [where]
    s = s.apply(Claim(where))
    assert s.owner_at(where) is WHITE


def test_claims_are_refused_on_domes_claimed_towers_and_outside_the_claim_step():
    """why_not names: not_a_tower, already_claimed, wrong_phase."""
    s = new_game(Ruleset(), seed=3)
    tower = first_tower_lot(s)
    assert why(s, f"claim@{name(tower)}").rule == "wrong_phase"
    s = s.apply(Build(Piece.parse("Tb"), tower)).apply(Claim(tower))  # Black's
    s = s.apply(Build(Piece.parse("Tr"), first_tower_lot(s, "Tr"))).apply(Pass())  # White's
    dome = s.legal_lots(Piece.parse("Dk"))[0]
    s = s.apply(Build(Piece.parse("Dk"), dome))
    assert s.phase is Phase.CLAIM and s.to_move is BLACK
    assert rule(s, f"claim@{name(dome)}") == "not_a_tower"
    empty = next(x for x in ALL_LOTS if not s.board[x])
    assert rule(s, f"claim@{name(empty)}") == "not_a_tower"
    reason = why(s, f"claim@{name(tower)}")
    assert reason.rule == "already_claimed" and name(tower) in reason.text and "black" in reason.text
    assert rule(s, "Dk@h10") == "wrong_phase"


def test_a_player_claims_at_most_three_towers():
    """After three claims, a player's builds are no longer followed by a claim step."""
    rng = random.Random(5)
    s = new_game(Ruleset(), seed=5)
    checked = 0
    while not s.is_over():
        if s.phase is Phase.CLAIM:
            assert s.claims_left(s.to_move) > 0
            s = s.apply(Claim(rng.choice(s.legal_claims())) if s.legal_claims() else Pass())
            continue
        who = s.to_move
        towers = [m for m in s.legal_builds() if m.piece.kind.text() == "tower"]
        move = towers[0] if towers else s.legal_builds()[0]
        after = s.apply(move)
        if len(s.claimed(who)) == 3:
            assert after.phase is not Phase.CLAIM
            assert not any(isinstance(m, Claim) for m in after.legal_moves())
            checked += 1
        s = after
    assert len(s.claimed(BLACK)) == 3 and len(s.claimed(WHITE)) == 3
    assert checked > 0


def test_no_claim_follows_the_last_play_of_the_game():
    """A build after which neither player can build ends the game with no claim step."""
    s = position(EMPTY.replace(" 5  . . . .", " 5  . . . B"), to_move=BLACK,
                 stocks={BLACK: no_stock(Tr=1), WHITE: no_stock()})
    step = s.play(parse_move("Tr@f1"))
    end = step.state
    assert end.is_over() and end.phase is Phase.OVER and end.to_move is None
    assert isinstance(step.events[-1], GameOver)
    assert len(end.legal_moves()) == 0
    assert end.claims_left(BLACK) == 3
    assert why(end, "pass").rule == "game_over"
    assert why(end, "claim@f1").rule == "game_over"
    with pytest.raises(IllegalMoveError) as err:
        end.play(parse_move("claim@f1"))
    assert err.value.rule == "game_over"


@pytest.mark.parametrize("picture, stocks, claimable", [
    # an unclaimed tower stands on the board; the stocks are the diagram's full ones
    (EMPTY.replace(" 5  . . . .", " 5  . . . R"), None, ["d5"]),
    # no tower on the board at all, though both players' tower stocks are used up
    (EMPTY, {BLACK: no_stock(Dk=3), WHITE: no_stock(Dk=3)}, []),
], ids=["tower-on-board-full-stocks", "no-tower-on-board-stocks-used"])
def test_the_claim_step_follows_a_build_exactly_when_an_unclaimed_tower_stands_on_the_board(
        picture, stocks, claimable):
    """Rule "A turn" 2: the claim is offered iff there is an unclaimed tower to claim."""
    s = position(picture, stocks=stocks)
    after = s.apply(parse_move("Dk@f3"))
    if claimable:
        assert after.phase is Phase.CLAIM and after.to_move is BLACK
        assert [name(x) for x in after.legal_claims()] == claimable
    else:
        assert after.phase is Phase.BUILD and after.to_move is WHITE


# -- who builds next, and the end --------------------------------------------------------------
def test_a_player_who_cannot_build_is_skipped_and_the_other_builds_again():
    """White has nothing left: after Black's turn Black builds again (PlayerSkipped)."""
    s = position(EMPTY, stocks={BLACK: no_stock(Dk=3), WHITE: no_stock()})
    s, events = whole_turn(s, "Dk@f1")
    assert PlayerSkipped(WHITE) in events
    assert s.to_move is BLACK and s.phase is Phase.BUILD
    s, events = whole_turn(s, "Dk@h1")
    assert PlayerSkipped(WHITE) in events and s.to_move is BLACK


def test_a_player_blocked_by_the_colour_rules_is_skipped():
    """In an all-red city no tile holds two structures: White's blue towers fit nowhere."""
    red_city = diagram.uniform_city(Colour.RED)
    s = position(EMPTY, red_city, stocks={BLACK: no_stock(Dr=3), WHITE: no_stock(Tb=2)})
    assert len(s.legal_builds(WHITE)) == 0
    s, events = whole_turn(s, "Dr@b1")
    assert PlayerSkipped(WHITE) in events and s.to_move is BLACK


def test_the_opponent_builds_next_whenever_they_can():
    """No skip while both can build: the turn passes to the opponent."""
    s = position(EMPTY, stocks={BLACK: no_stock(Dk=3), WHITE: no_stock(Dk=1)})
    s, events = whole_turn(s, "Dk@f1")
    assert not any(isinstance(e, PlayerSkipped) for e in events)
    assert s.to_move is WHITE


def test_the_game_ends_when_neither_player_can_build():
    """Black builds the last piece of either stock: GameOver, scored, nobody to move."""
    s = position(EMPTY, stocks={BLACK: no_stock(Dk=1), WHITE: no_stock()})
    step = s.play(parse_move("Dk@f1"))
    assert step.state.is_over() and step.state.to_move is None
    over = step.events[-1]
    assert isinstance(over, GameOver)
    assert (over.black, over.white, over.winner) == (0, 0, None)
    assert step.state.score().final


def test_the_game_ends_when_pieces_remain_but_no_lot_takes_them():
    """All-red city: after Black's red dome only blue towers remain, and none fits."""
    red_city = diagram.uniform_city(Colour.RED)
    s = position(EMPTY, red_city, stocks={BLACK: no_stock(Dr=1, Tb=3), WHITE: no_stock(Tb=2)})
    step = s.play(parse_move("Dr@b1"))
    assert step.state.is_over()
    assert isinstance(step.events[-1], GameOver)
    assert step.state.stock(BLACK)[Piece.parse("Tb")] == 3


def test_a_move_by_the_player_not_to_move_is_refused_as_wrong_player():
    """WrongPlayerError names the turn; why_not gives not_your_turn."""
    s = position(EMPTY)
    assert s.why_not(parse_move("Dk@f1"), WHITE).rule == "not_your_turn"
    with pytest.raises(WrongPlayerError) as err:
        s.play(parse_move("Dk@f1"), WHITE)
    assert err.value.rule == "not_your_turn" and "Dk@f1" in str(err.value)


def test_a_piece_the_player_has_run_out_of_is_refused_as_no_stock():
    """why_not: no_stock names the piece."""
    s = position(EMPTY, stocks={BLACK: {"Tr": 0}})
    reason = why(s, "Tr@f1")
    assert reason.rule == "no_stock" and "red tower" in reason.text


# -- who starts -----------------------------------------------------------------------------------
def test_black_starts_in_the_2004_edition():
    """Edition 2004: Black builds first; no dice are rolled."""
    for seed in range(20):
        s = new_game(Ruleset(2004), seed=seed)
        assert s.first_player is BLACK and s.to_move is BLACK and s.dice == ()


def test_the_2002_dice_roll_is_seeded_stored_and_decides_the_first_player():
    """Edition 2002: four dice each, higher sum starts, ties re-roll; the roll is stored."""
    starters, rerolls = set(), 0
    for seed in range(300):
        s = new_game(Ruleset(2002), seed=seed)
        assert s.dice, seed
        for black, white in s.dice:
            assert len(black) == 4 and len(white) == 4
            assert all(0 <= v <= 5 for v in black + white)
        *ties, (black, white) = s.dice
        assert all(sum(b) == sum(w) for b, w in ties)
        assert sum(black) != sum(white)
        assert s.first_player is (BLACK if sum(black) > sum(white) else WHITE)
        assert s.to_move is s.first_player
        again = new_game(Ruleset(2002), seed=seed)
        assert again.dice == s.dice and again.city == s.city
        starters.add(s.first_player)
        rerolls += len(ties) > 0
    assert starters == {BLACK, WHITE}
    assert rerolls > 0
    assert len({new_game(Ruleset(2002), seed=seed).dice for seed in range(20)}) > 10


def test_the_seed_decides_the_city():
    """Same seed, same city; different seeds, different cities; 5 tiles of each colour."""
    a, b = new_game(seed=11), new_game(seed=11)
    assert a.city == b.city and a == b and a.seed == 11
    drawn = new_game()
    assert drawn.seed is not None and new_game(seed=drawn.seed) == drawn
    assert new_game(seed=12).city != a.city
    for seed in range(30):
        city = new_game(seed=seed).city
        for colour in Colour:
            ranks = [t.rank for t in city.tiles if t.colour is colour]
            assert len(ranks) == 5 and len(set(ranks)) == 5
