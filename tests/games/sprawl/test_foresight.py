"""The engine warns before a move that ends the game or leaves a seat without a legal
action, and says why a finished game ended."""

import random

from shared.sprawl import SPRAWL
from shared.sprawl.foresight import ended_text, move_warning, stranded_after


def games(count: int, players: int = 4):
    for seed in range(count):
        state = SPRAWL.new_state({"players": players}, seed)
        rng = random.Random(seed)
        positions = [state]
        while not state.is_over():
            state = state.play(state.legal_moves().random(rng))[0]
            positions.append(state)
        yield positions


def test_the_move_that_ends_a_game_by_a_stuck_seat_is_warned_about_beforehand():
    seen = 0
    for positions in games(30):
        final = positions[-1]
        if final.ended[0] != "stuck":
            continue
        seen += 1
        before = positions[-2]
        last = SPRAWL.parse_move(final.history[-1])
        stuck = final.ended[1]
        assert stranded_after(before, last)[0] == stuck
        warning = move_warning(before, last)
        assert warning == f"This move ends the game: {ended_colour(stuck)} will have no legal move."
        said = ended_text(final)
        assert said.startswith(f"{ended_colour(stuck)} had no legal move (") and said.endswith("), so the game ended.")
        if not any(final.stash[stuck]):
            assert "stash is empty" in said
        elif not any(t not in final.dead and final.controller(t) == stuck for t in final.towers):
            assert "none of its trees is alive" in said
        else:
            assert "no room" in said
    assert seen >= 5, "enough games ended by a stuck seat"


def ended_colour(seat: int) -> str:
    return ("Red", "Yellow", "Green", "Blue", "Black", "White", "Purple", "Orange")[seat]


def test_a_warned_move_strands_exactly_the_seats_named_and_an_unwarned_one_none():
    rng = random.Random(5)
    for positions in games(6, players=3):
        for state in positions[-6:-1]:
            moves = list(state.legal_moves())
            for move in rng.sample(moves, min(len(moves), 25)):
                after = state.play(move)[0]
                stuck = [s for s in range(state.n) if s not in after.left and not after._generate(s)]
                assert sorted(stranded_after(state, move)) == stuck
                assert (move_warning(state, move) is None) == (not stuck)
                if not stuck:
                    assert not after.is_over() or after.ended[0] != "stuck"


def test_an_illegal_move_is_not_warned_about_and_a_running_game_has_no_end_text():
    state = SPRAWL.new_state({"players": 3}, 1)
    illegal = next(m for m in SPRAWL.new_state({"players": 3}, 2).legal_moves() if state.why_not(m) is not None)
    assert stranded_after(state, illegal) == () and move_warning(state, illegal) is None
    assert ended_text(state) is None
