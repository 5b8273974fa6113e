"""The game review's end game: from Expert's ``solve_from`` pieces left the review values
moves by their exact final margins with best play, not by its tree's guesses."""

from __future__ import annotations

import threading

import pytest

from shared.aliencity import Phase, Player
from shared.aliencity.bots import review as review_module
from shared.aliencity.bots.endgame import pieces_left
from shared.aliencity.bots.hooks import EndGame
from shared.aliencity.bots.review import POINTS_PER_CHANCE, squashed
from shared.aliencity.spec import ALIEN_CITY
from shared.gamekit.api import Record
from shared.gamekit.review import DIGITS, ReviewCancelled, ReviewSettings, review_record
from tests.games.aliencity.test_endgame import margin_after, plain_minimax


def easy_game(seed: int, from_left: int = 99) -> Record:
    """A seeded game between Easy computers (they leave points on the table), its record
    starting at the first position with at most ``from_left`` pieces left."""
    state = start = ALIEN_CITY.new_state(ALIEN_CITY.options({}), seed)
    bots = [ALIEN_CITY.make_bot("easy", s) for s in (1, 2)]
    moves = []
    while not state.is_over():
        move = bots[state.to_move].choose(state)
        if pieces_left(state.state) <= from_left:
            start = start if moves else state
            moves.append(ALIEN_CITY.move_text(move))
        state, _ = state.play(move)
    return Record(state, tuple(moves), start=start)


def test_late_losses_are_the_exact_points_given_away():
    """In the last builds each turn's loss is what the move played gives away against
    the best line, by a search of every line scored by the engine (squashed into the
    review's points), and the move it names keeps the most points."""
    checked = lost = 0
    for seed in (3, 4, 5, 6):
        record = easy_game(seed, from_left=6)
        review = review_record(ALIEN_CITY, record, ReviewSettings(iterations=20, seed=1))
        state = record.start
        for turn, text in zip(review.turns, record.moves):
            position = state.state
            if 0 < pieces_left(position) <= 4 and len(position.legal_moves()) > 1:
                margins = {ALIEN_CITY.move_text(m): margin_after(position, m, plain_minimax)
                           for m in position.legal_moves()}
                best = max(margins.values())
                expected = POINTS_PER_CHANCE * (squashed(best) - squashed(margins[text]))
                assert turn.loss == pytest.approx(expected, abs=2 * 10**-DIGITS), (seed, turn)  # leads are rounded
                assert margins[turn.best] == best
                checked += 1
                lost += turn.loss > 0
            state, _ = state.play(ALIEN_CITY.parse_move(text))
    assert checked >= 10 and lost >= 1  # Easy gives points away somewhere near the end


def ten_left():
    record = easy_game(4)
    state = record.start
    for text in record.moves:
        if pieces_left(state.state) == EndGame.solve_from and state.state.phase is Phase.BUILD:
            return state
        state, _ = state.play(ALIEN_CITY.parse_move(text))
    raise AssertionError("no build step with ten pieces left")


def test_a_stop_asked_during_the_exact_search_stops_the_review():
    search = ALIEN_CITY.review_search(ReviewSettings(iterations=300, seed=1).for_spec(ALIEN_CITY))
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ReviewCancelled):
        search.search(ten_left(), cancel)


def test_a_position_the_budget_cannot_finish_is_read_from_the_tree(monkeypatch):
    monkeypatch.setattr(review_module, "SOLVE_NODES", 1)
    search = ALIEN_CITY.review_search(ReviewSettings(iterations=30, seed=1).for_spec(ALIEN_CITY))
    found = search.search(ten_left())
    assert found.best in found.values and len(found.values) >= 1
    assert search.table  # it tried: the lines it finished stay for the next positions


def test_only_expert_reviews_search_to_the_end():
    search = ALIEN_CITY.review_search(ReviewSettings(level="hard", iterations=30, seed=1))
    search.search(ten_left())
    assert search.table == {}


def test_the_graph_shows_the_exact_margins_of_the_end_game():
    """Where the game's projection would guess, the graph's lead after each late move is
    the final margin with best play (a plain search of every line), and the last one
    is the game's true final margin."""
    record = easy_game(5, from_left=4)
    review = review_record(ALIEN_CITY, record, ReviewSettings(iterations=20, seed=1))
    state, checked = record.start, 0
    for turn, text in zip(review.turns, record.moves):
        state, _ = state.play(ALIEN_CITY.parse_move(text))
        position = state.state
        if position.phase is Phase.OVER:
            totals = position.score().totals
            black_margin = totals[Player.BLACK] - totals[Player.WHITE]
        else:
            black_margin = plain_minimax(position)
            black_margin = black_margin if position.to_move is Player.BLACK else -black_margin
        assert turn.after[0] - turn.after[1] == pytest.approx(black_margin, abs=2 * 10**-DIGITS)
        checked += 1
    assert checked >= 4 and review.turns[-1].after == record.state.spec.projection(record.state)
