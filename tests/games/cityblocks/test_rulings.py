"""Every ruling of the spec on a drawn position: corner rule, covered corner, 3-player blue,
passes and the end, leaving, area with diagonal contacts, edges against the same colour,
the board edge and the centre; and the sentences ``why_not`` says."""

from __future__ import annotations

import pytest

from shared.cityblocks import new_state, parse_move
from shared.gamekit.api import IllegalMove

from .pictures import position

ALL = "I2 I3 V3 I4 L4 O4 T4 Z4 F5 I5 L5 N5 P5 T5 U5 V5 W5 X5 Y5 Z5".split()


def why(state, text):
    reason = state.why_not(parse_move(text))
    return None if reason is None else (reason.code, reason.text)


# -- corner rule ---------------------------------------------------------------------------------
def test_the_first_piece_must_cover_the_own_corner():
    state = new_state(4, 0, first=0)                          # blue to move, nothing played
    assert why(state, "b:V3:a1,a2,b1") is None
    assert why(state, "b:V3:a2,a3,b2") == ("corner", "The first blue piece must cover a1.")
    # surrounding the corner without covering it is not covering it
    assert why(state, "b:V3:a2,b1,b2")[0] == "corner"
    # every opening placement covers a1 (the count is the brute-force referee's too)
    moves = [m for m in state.legal_moves() if not m.is_pass]
    assert moves and all((0, 0) in m.squares for m in moves)
    after, _ = state.play(parse_move("b:V3:a1,a2,b1"))
    green = after
    assert why(green, "g:I2:a20,b20") is None and why(green, "g:I2:a19,b19")[0] == "corner"


def test_after_the_first_piece_a_piece_goes_anywhere_touching_nothing():
    state = position("""
        b.
        bb
    """, played={"b": ["V3"]})
    assert why(state, "b:I5:p5,p6,p7,p8,p9") is None       # far from everything
    assert why(state, "b:I2:b2,c2") is None                 # touching its own side: fine too


def test_each_colour_has_its_own_corner():
    for first, text, corner in ((1, "g:I2:a20,b20", "a20"), (2, "r:I2:s20,t20", "t20"),
                                (3, "y:I2:s1,t1", "t1")):
        state = new_state(4, 0, first=first)
        assert why(state, text) is None
        assert f"must cover {corner}" in why(state, text.replace("20", "18").replace(":s1,t1", ":s3,t3"))[1]


# -- covered corner ------------------------------------------------------------------------------
def test_a_covered_corner_leaves_only_the_pass():
    state = position("""
        y.
        yy
    """, played={"y": ["V3", "I2"]})                           # yellow sits on a1; blue unplayed
    legal = state.legal_moves()
    assert legal.count == 0 and len(legal) == 1
    assert list(legal) == [parse_move("b:pass")]
    assert why(state, "b:V3:a1,a2,b1") == ("covered", "a1 is already covered (yellow).")
    code, text = why(state, "b:I2:e5,f5")
    assert code == "corner_covered" and "a1 is covered" in text and "pass" in text
    assert why(state, "b:pass") is None


def test_another_colour_may_cover_your_corner():
    state = position("y", at="t1", played={"y": ["I2"]}, first=3)   # yellow has started
    assert why(state, "y:V3:a1,a2,b1") is None


# -- three players and the shared blue -----------------------------------------------------------
def test_three_players_place_their_own_colour_or_blue():
    state = new_state(3, 0, first=0)                              # seat red to move
    assert state.turn()["colours"] == ["red", "blue"] and state.to_move == 0
    assert why(state, "b:V3:a1,a2,b1") is None                  # blue's first piece: a1
    assert why(state, "b:V3:a2,a3,b2") == ("corner", "The first blue piece must cover a1.")
    assert why(state, "r:I2:s20,t20") is None
    assert why(state, "g:I2:a20,b20")[0] == "wrong_colour"
    assert why(state, "b:pass")[0] == "wrong_colour"           # b:pass is not a move
    assert why(state, "r:pass") is None
    state, _ = state.play(parse_move("b:V3:a1,a2,b1"))
    assert state.turn()["colours"] == ["green", "blue"] and state.to_move == 1
    assert why(state, "b:I5:p5,p6,p7,p8,p9") is None            # green may place blue anywhere
    assert why(state, "b:V3:c1,c2,d1")[0] == "piece_played"
    assert [s["colours"] for s in state.score()["seats"]] == [["red"], ["green"], ["yellow"]]


def test_three_player_legal_set_is_own_colour_and_blue():
    state = new_state(3, 0, first=1)                              # green
    colours = {m.colour for m in state.legal_moves() if not m.is_pass}
    assert colours == {0, 1}


# -- passes and the end -------------------------------------------------------------------------
@pytest.mark.parametrize("players,round_", [(4, 4), (2, 4), (3, 3)])
def test_a_full_round_of_passes_ends_the_game(players, round_):
    state = new_state(players, 0)
    for i in range(round_ - 1):
        state, events = state.play(state.pass_move())
        assert not state.is_over() and events[0]["type"] == "passed"
    # a placement resets the round
    placed = state.legal_moves().placement(0)
    state, _ = state.play(placed)
    for i in range(round_ - 1):
        state, _ = state.play(state.pass_move())
    assert not state.is_over()
    state, events = state.play(state.pass_move())
    assert state.is_over() and events[-1]["type"] == "game_over"
    assert state.to_move is None and len(state.legal_moves()) == 0
    assert why(state, "b:pass")[0] == "game_over"
    with pytest.raises(IllegalMove):
        state.play(parse_move("b:pass"))


def test_two_players_alternate_colours_and_pass_with_the_colour_to_move():
    state = new_state(2, 0)
    seen = []
    for _ in range(4):
        seen.append((state.to_move, state.turn()["colour"]))
        state, _ = state.play(state.pass_move())
    assert seen == [(0, "blue"), (1, "green"), (0, "red"), (1, "yellow")]
    state = new_state(2, 0)
    assert why(state, "r:pass")[0] == "wrong_colour"
    assert why(new_state(2, 0), "g:I2:a20,b20")[0] == "wrong_colour"


def test_a_colour_with_no_pieces_left_still_passes_and_counts():
    state = position(played={"b": ALL}, passes=3, first=0)
    assert state.legal_moves().count == 0
    state, _ = state.play(parse_move("b:pass"))
    assert state.is_over()


def test_another_seat_may_not_move():
    state = new_state(4, 0, first=0)
    reason = state.why_not(parse_move("b:V3:a1,a2,b1"), seat=2)
    assert reason.code == "not_your_turn" and "Blue" in reason.text


# -- leaving ----------------------------------------------------------------------------------
def test_a_seat_that_leaves_passes_and_ranks_last():
    state = new_state(4, 0, first=0)
    state, _ = state.play(parse_move("b:V3:a1,a2,b1"))          # green to move
    state, events = state.resign(2)                             # red leaves
    assert [e["type"] for e in events] == ["resigned"]
    state, _ = state.play(parse_move("g:I2:a20,b20"))           # red's turn passes by itself
    assert state.turn()["colour"] == "yellow"
    assert state.history[-1].text() == "r:pass" and len(state.tokens) == 2
    state, _ = state.resign(0)                                  # blue leaves later: ranks higher
    places = state.ranking()
    assert places[2] == 4 and places[0] == 3
    state, events = state.resign(1)                             # one seat left: over at once
    assert state.is_over() and state.ranking() == (3, 2, 4, 1)
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [3]
    with pytest.raises(IllegalMove):
        state.resign(3)


def test_leaving_with_two_players_ends_the_game():
    state, _ = new_state(2, 0).resign(0)
    assert state.is_over() and state.ranking() == (2, 1) and state.returns() == (-1.0, 1.0)


# -- scoring ------------------------------------------------------------------------------------
def test_diagonal_contact_does_not_join_areas():
    state = position("""
        ...b
        ..bb
        bb..
        b...
    """, at="c3", centre=False)
    blue = state.score()["colours"]["blue"]
    assert blue["area"] == 3 and blue["other_groups"] == [3]
    assert sorted(blue["area_squares"]) == ["c3", "c4", "d4"]


def test_pieces_of_one_colour_along_a_side_join_one_area():
    state = position("""
        bbb
        bb.
    """, at="c3", centre=False)
    assert state.score()["colours"]["blue"]["area"] == 5


def test_sides_against_the_same_colour_score_nothing():
    state = position("""
        bb
        bb
    """, at="e5", centre=False)
    blue = state.score()["colours"]["blue"]
    assert blue["edges"] == 8 and blue["area"] == 4 and blue["total"] == 12
    against_red = position("""
        bbr
        bbr
    """, at="e5", centre=False)
    assert against_red.score()["colours"]["blue"]["edges"] == 6
    assert against_red.score()["colours"]["red"]["edges"] == 4


def test_the_board_edge_scores_nothing():
    state = position("bb", at="a1", centre=False)
    blue = state.score()["colours"]["blue"]
    assert blue["edges"] == 3                                  # a2, b2 above, c1 beside
    assert sorted(map(tuple, blue["free_edges"])) == [("a1", "n"), ("b1", "e"), ("b1", "n")]


def test_the_centre_squares_count_like_any_other():
    state = new_state(4, 0)
    for colour in ("blue", "green", "red", "yellow"):
        c = state.score()["colours"][colour]
        assert (c["area"], c["edges"], c["total"]) == (1, 2, 3)
    assert state.score()["winners"] == [0, 1, 2, 3]
    # a piece joined to the centre square makes one area with it
    joined = position("bb", at="h10")                          # h10 i10 + centre j10
    assert joined.score()["colours"]["blue"]["area"] == 3


def test_two_player_seats_add_their_colours_and_ties_share():
    state = position("b", at="e5", players=2, centre=True)
    seats = state.score()["seats"]
    assert seats[0]["colours"] == ["blue", "red"] and seats[1]["colours"] == ["green", "yellow"]
    assert seats[0]["total"] == state.score()["colours"]["blue"]["total"] + 3


# -- what why_not says ----------------------------------------------------------------------------
def test_why_not_speaks_plainly():
    state = position("""
        .....
        .....
        ..r..
        ..r..
    """, at="d6", played={"b": ["L5", "V3"], "r": ["I2"]})
    assert why(state, "b:I3:f7,f8,f9") == ("covered", "f7 is already covered (red).")
    assert why(state, "b:I3:s3,t3,u3") == ("off_board", "The piece would leave the board at u3.")
    assert why(state, "b:L5:a5,a6,a7,a8,b5") == ("piece_played", "Blue has already played the L5.")
    code, text = why(state, "b:L4:a10,a11,b10,b11")
    assert code == "wrong_shape" and "O4" in text
    assert why(state, "b:I2:a10,a10")[0] == "wrong_shape"
    assert why(state, "b:I2:a10,c10")[0] == "wrong_shape"


# -- helpers the client uses -----------------------------------------------------------------------
def test_the_largest_area_comes_in_flood_order():
    state = position("""
        bbbb
        b..b
        bbbb
    """, at="c3", centre=False)
    squares = state.score()["colours"]["blue"]["area_squares"]
    assert squares[0] == "c3" and len(squares) == len(set(squares)) == 10

    def touching(a, b):
        return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1

    for i, square in enumerate(squares[1:], 1):
        assert any(touching(square, earlier) for earlier in squares[:i])


def test_where_a_piece_fits_and_which_pieces_fit():
    import random
    rng = random.Random(4)
    state = new_state(4, 4)
    for _ in range(24):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    colour = state.colour
    legal = [m for m in state.legal_moves() if not m.is_pass]
    for piece in ("I2", "L5", "X5"):
        assert sorted(state.placements_for(colour, piece)) == sorted(m for m in legal if m.piece == piece)
    assert state.placeable_pieces(colour) == {m.piece for m in legal}
    blocked = position("y", at="a1", played={"y": ["I2"]})
    assert blocked.placeable_pieces(0) == set() and blocked.placements_for(0, "I2") == []
