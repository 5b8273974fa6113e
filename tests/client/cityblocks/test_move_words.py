"""A City Blocks move in the list of moves names the box its piece fills, corner to
corner ("T5 on n8–p10"): every square of the piece lies in that box and the piece touches
each of its sides (the first and last squares of the record's list said less: "n8–o10"
for a T whose box runs to p)."""

from client.games.cityblocks.review_board import list_text
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.moves import parse_square

from .helpers import random_game


def test_a_move_is_named_by_the_corners_of_the_box_its_piece_fills():
    moves = [m for m in random_game(4, 7).history if not m.is_pass]
    moves += [m for m in list(CITY_BLOCKS.new_state({"players": 2}, 1).legal_moves())[:300] if not m.is_pass]
    wider = 0
    for move in moves:
        corners = [parse_square(c) for c in list_text(move).rsplit(" on ", 1)[1].split("\u2013")]
        (x0, y0), (x1, y1) = corners[0], corners[-1]
        xs, ys = [x for x, _ in move.squares], [y for _, y in move.squares]
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in move.squares), list_text(move)
        assert (min(xs), min(ys), max(xs), max(ys)) == (x0, y0, x1, y1), list_text(move)
        wider += (max(xs), max(ys)) != move.squares[-1]
    assert wider, "some piece's last listed square is not its box's far corner"
