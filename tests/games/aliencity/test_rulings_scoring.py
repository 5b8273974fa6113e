"""One or more tests per ruling of RULINGS.md on scoring (customers, competition, green
bonuses, the location variant), claims, who builds next, the end and who starts, on small
positions drawn as board pictures (see ``rulings_common``)."""

from __future__ import annotations

import random

import pytest

from shared.aliencity import (
    Build,
    Claim,
    ClaimDeclined,
    Claimed,
    Colour,
    GameOver,
    IllegalMoveError,
    Pass,
    Phase,
    Piece,
    PlayerSkipped,
    Ruleset,
    WrongPlayerError,
    diagram,
    new_game,
    parse_move,
)

from .helpers import ALL_LOTS, make_city, name, no_stock, position
from .rulings_common import BLACK, EMPTY, WALL, WHITE, rule, whole_turn, why

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
