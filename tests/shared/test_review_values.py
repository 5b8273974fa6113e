"""The review's losses and analysis from the search's own values, and the hints, for the
games whose search levels are the game-generic search (City Blocks, Sprawl): a loss is
the lead of the best move less the lead of the move played, both by the same search,
whatever the game's static guess says; the analysis gives a position's best three moves
by value; a hint is a legal move with the value the level's search expects."""

from __future__ import annotations

import pytest

from shared.gamekit.advice import advise
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import DIGITS, ReviewSettings, Step, lead, move_values, review_record, review_turn
from shared.gamekit.review_search import lead_of

GAMES = [("city-blocks", {"players": 2}), ("sprawl", {"players": 3})]


def opening(game_id: str, options: dict, seed: int, plies: int):
    """A position after ``plies`` moves of the easy level."""
    spec = builtin_games().get(game_id)
    state = spec.new_state(spec.options(options), seed)
    bot = spec.make_bot("easy", seed)
    for _ in range(plies):
        state, _ = state.play(bot.choose(state))
    return spec, state


def step_of(state, move, ply: int = 1) -> Step:
    return Step(ply, state, move, state.play(move)[0])


@pytest.mark.parametrize("game_id,options", GAMES)
def test_the_loss_is_the_best_lead_less_the_played_lead_by_the_same_search(game_id, options):
    spec, state = opening(game_id, options, 5, 6)
    settings = ReviewSettings(iterations=40, seed=3).for_spec(spec)
    search = spec.review_search(settings)
    best = search.search(state, include=()).best
    moves = [m for m in state.legal_moves() if m != best][:3]
    for move in moves:
        step = step_of(state, move)
        best_value, played_value, best_text = move_values(search, step)
        turn = review_turn(spec, step, settings, search=search)
        seat = state.to_move
        expected = max(0.0, lead(best_value, seat) - lead(played_value, seat))
        if best_text == spec.move_text(move):  # the search liked the move played best after all
            assert turn.was_best and turn.loss == 0.0
        else:
            assert turn.loss == pytest.approx(expected, abs=3 * 10**-DIGITS)   # four values and the loss kept rounded
            assert turn.best == best_text
    own = review_turn(spec, step_of(state, best), settings, search=search)
    assert own.was_best and own.loss == 0.0


def test_a_pass_with_placements_left_is_a_loss_though_the_static_guess_sees_none(monkeypatch):
    """City Blocks: passing early gives the board away; the game's projection (the static
    guess the old review compared) is made blind here, the search's values still see it."""
    spec, state = opening("city-blocks", {"players": 2}, 7, 4)
    assert state.legal_count() > 0
    monkeypatch.setattr(type(spec), "projection", lambda self, s: (0.0,) * s.players)
    settings = ReviewSettings(iterations=60, seed=2)
    turn = review_turn(spec, step_of(state, state.pass_move(), 5), settings)
    assert turn.played == spec.move_text(state.pass_move()) and not turn.was_best
    assert turn.loss >= 1.0 and turn.after != (0.0, 0.0)   # the graph: the search's values too
    assert lead(turn.before, turn.seat) - lead(turn.after, turn.seat) == pytest.approx(turn.loss, abs=2e-3)


def test_random_moves_lose_by_the_search_when_the_static_guess_is_blind(monkeypatch):
    """Sprawl: with the projection flat, losses can only come from the search's values."""
    spec, state = opening("sprawl", {"players": 3}, 4, 6)
    monkeypatch.setattr(type(spec), "projection", lambda self, s: (0.0,) * s.n)
    settings = ReviewSettings(iterations=40, seed=1)
    search = spec.review_search(settings.for_spec(spec))
    losses = [review_turn(spec, step_of(state, m), settings, search=search).loss
              for m in list(state.legal_moves())[:8]]
    assert max(losses) > 0.0 and min(losses) >= 0.0


@pytest.mark.parametrize("game_id,options", GAMES + [("alien-city", {})])
def test_the_analysis_gives_three_distinct_legal_moves_best_first(game_id, options):
    spec, state = opening(game_id, options, 3, 6)
    search = spec.review_search(ReviewSettings(iterations=60, seed=4).for_spec(spec))
    top = search.top(state, 3)
    moves = [m for m, _ in top]
    assert len(top) == 3 and len({spec.move_text(m) for m in moves}) == 3
    assert all(state.why_not(m) is None for m in moves)
    leads = [lead_of(v, state.to_move) for _, v in top]
    assert leads == sorted(leads, reverse=True)
    assert all(len(v) == state.seat_count for _, v in top)
    assert search.top(state, 3) == top  # seeded: the same analysis again


@pytest.mark.parametrize("game_id,options", GAMES)
def test_a_hint_is_a_legal_move_with_the_value_its_search_expects(game_id, options):
    spec, state = opening(game_id, options, 9, 5)
    advice = advise(spec, state, "hard", 3, iterations=30)
    assert state.why_not(advice.move) is None and advice.seat == state.to_move
    assert advice.values is not None and len(advice.values) == state.seat_count
    assert -1.0 <= advice.value <= 1.0
    assert advise(spec, state, "hard", 3, iterations=30) == advice   # seeded
    bot = spec.make_bot("hard", 3, iterations=30, think_s=1e9)
    assert advice.move == bot.choose(state)   # the move the level itself plays


def test_a_level_without_a_search_hints_its_move_without_a_value():
    spec, state = opening("sprawl", {"players": 3}, 2, 4)
    advice = advise(spec, state, "easy", 1)
    assert state.why_not(advice.move) is None and advice.values is None and advice.value is None


@pytest.mark.parametrize("game_id,options", GAMES)
def test_a_well_searched_move_is_read_from_the_roots_statistics(game_id, options):
    """The loss of a move the search visited enough is the lead of the root's best move
    less the lead of that move, both the root's own means (in the review's unit)."""
    spec, state = opening(game_id, options, 8, 6)
    settings = ReviewSettings(iterations=120, seed=5).for_spec(spec)
    search = spec.review_search(settings)
    root = search.searcher(settings.iterations).analyse(state)
    seat = state.to_move
    best, second = root[0], next(m for m in root[1:] if m.visits >= search.enough)
    turn = review_turn(spec, step_of(state, second.move), settings, search=search)
    expected = lead_of(search.scaled(best.values), seat) - lead_of(search.scaled(second.values), seat)
    assert not turn.was_best and turn.best == spec.move_text(best.move)
    assert turn.loss == pytest.approx(expected, abs=2 * 10**-DIGITS) and turn.loss > 0   # values kept rounded


@pytest.mark.parametrize("game_id,options", GAMES + [("alien-city", {})])
def test_a_turns_card_comes_from_the_search_that_gave_its_loss(game_id, options):
    """The turn's card (the analysis the review screen shows) holds the best move and the
    move played, and its two leads differ by exactly the turn's loss: one search, one
    set of numbers for the position."""
    spec, state = opening(game_id, options, 5, 6)
    settings = ReviewSettings(iterations=40, seed=3).for_spec(spec)
    search = spec.review_search(settings)
    checked = 0
    moves = list(state.legal_moves())
    for move in moves[::max(1, len(moves) // 6)][:6]:   # spread over the list: unlike moves
        turn = review_turn(spec, step_of(state, move), settings, search=search)
        texts = [text for text, _ in turn.top]
        assert turn.played in texts and turn.best in texts and len(set(texts)) == len(texts)
        assert turn.top[0][0] == turn.best   # the card's first move is the better move named
        leads = [value for _, value in turn.top[1:3]]
        assert leads == sorted(leads, reverse=True)
        assert turn.card_lead(turn.best) - turn.card_lead(turn.played) == pytest.approx(turn.loss, abs=1e-6)
        checked += not turn.was_best
    assert checked   # some move of the six was not the best


@pytest.mark.parametrize("players", [2, 3])
def test_a_city_blocks_review_ends_at_the_real_margin(players):
    """The review counts City Blocks in points to the end: a finished game's last value is
    each seat's real lead in points (its total less the best other's), not the search's
    win-or-loss figure that once ended every review at the same ±12."""
    spec = builtin_games().get("city-blocks")
    state = spec.new_state(spec.options({"players": players}), 40 + players)
    bots = [spec.make_bot("medium" if seat == 0 else "easy", seat) for seat in range(players)]
    while not state.is_over():
        state, _ = state.play(bots[state.to_move].choose(state))
    record = spec.read_record(spec.write_record(state))
    review = review_record(spec, record, ReviewSettings(iterations=8, seed=2))
    totals = state.seat_totals()
    for seat in range(players):
        real = totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
        assert lead(review.turns[-1].after, seat) == pytest.approx(real, abs=2 * 10**-DIGITS)
    assert max(abs(lead(review.turns[-1].after, seat)) for seat in range(players)) > 12


def test_a_city_blocks_seat_that_left_is_valued_last_not_off_the_scale():
    from shared.cityblocks.review import margins
    spec, state = opening("city-blocks", {"players": 4}, 6, 8)
    gone = state.to_move
    state, _ = state.resign(gone)
    values = margins(state)
    assert values[gone] == min(v for seat, v in enumerate(values) if seat != gone)
    assert all(-1.0 < v < 1.0 for v in values)
