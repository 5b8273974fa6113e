"""The engine says why an unplayed piece fits nowhere (the tray's dimmed piece on hover),
and says nothing for a piece that fits or was played."""

import random

from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import PIECES


def positions(seed: int, players: int = 4):
    state = CITY_BLOCKS.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.over:
        yield state
        state, _ = state.play(state.legal_moves().random_placement(rng))


def test_a_reason_exactly_for_the_unplayed_pieces_that_fit_nowhere():
    reasons = set()
    for seed in range(4):
        for state in positions(seed):
            if state.ply % 7:
                continue
            for colour in state.colours_to_move:
                left, fits = set(state.pieces_left(colour)), state.placeable_pieces(colour)
                for piece in PIECES:
                    reason = state.why_no_place(colour, piece)
                    assert (reason is not None) == (piece in left and piece not in fits), (colour, piece)
                    if reason is not None:
                        assert bool(state.placements_for(colour, piece)) is False
                        reasons.add(reason.code)
                        assert piece in reason.text or reason.code == "corner_covered"
    assert "no_room" in reasons, "late positions have pieces with no room left"


def test_a_first_piece_that_cannot_reach_its_corner_says_so():
    """The X (a plus) cannot cover a corner square: it is the one first piece with a reason."""
    state = CITY_BLOCKS.new_state({"players": 4}, 1)
    colour = state.colours_to_move[0]
    said = {p: state.why_no_place(colour, p) for p in PIECES}
    assert [p for p, r in said.items() if r is not None] == ["X5"]
    assert said["X5"].code == "corner" and "X5" in said["X5"].text and "must cover" in said["X5"].text
