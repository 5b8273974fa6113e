"""The game review over the contract: deterministic for a seed, stoppable at once, a big
loss where a move throws points away (with the better move named) measured by the
search's own values, no loss for the move the search itself plays, a cache that finds a
review again (never one made the old way), and every registered game reviewed the same
way."""

from __future__ import annotations

import json
import threading

import msgpack
import pytest

from shared.aliencity import Phase, Player, parse_move
from shared.aliencity.diagram import position
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.gamekit.api import Record, RecordError
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import (
    DEFAULT_ITERATIONS,
    Review,
    ReviewCancelled,
    ReviewSettings,
    lead,
    record_hash,
    review_record,
    steps,
)
from shared.gamekit.review_cache import ReviewCache, cache_key, cached_review
from shared.gamekit.review_search import NO_CLOCK_S
from tests.games.aliencity.test_bots import OBVIOUS  # e5: a claim worth 42 points, nobody can spoil it


def hand_made(second: str) -> Record:
    """Black builds Dk@h10, then plays ``second`` (``pass`` or ``claim@e5``)."""
    start = AlienCityPosition(position(OBVIOUS, stocks={Player.BLACK: {"Tr": 0},
                                                        Player.WHITE: {"Tr": 0}}))
    state = start
    for text in ("Dk@h10", second):
        state, _ = state.play(parse_move(text))
    return Record(state, ("Dk@h10", second), start=start)


def played_game(game_id: str, options: dict, seed: int, plies: int | None = None) -> tuple:
    """A game between random computers (cut after ``plies`` moves), as its record."""
    spec = builtin_games().get(game_id)
    state = spec.new_state(spec.options(options), seed)
    start = state
    bots = [spec.make_bot("random", s) for s in range(state.seat_count)]
    moves = []
    while not state.is_over() and (plies is None or len(moves) < plies):
        move = bots[state.to_move].choose(state)
        moves.append(spec.move_text(move))
        state, _ = state.play(move)
    return spec, Record(state, tuple(moves), start=start)


def test_skipping_a_claim_worth_42_points_is_a_big_loss_with_the_claim_named():
    """At the review screen's budget, the search's own values see the pass give the claim
    away (a budget of a few dozen iterations cannot judge a build step: too noisy)."""
    review = review_record(ALIEN_CITY, hand_made("pass"), ReviewSettings(iterations=DEFAULT_ITERATIONS, seed=3))
    build, skipped = review.turns
    assert skipped.seat == Player.BLACK and skipped.played == "pass"
    assert skipped.best == "claim@e5" and not skipped.was_best
    assert skipped.loss >= 30.0
    assert skipped.lead_before() - skipped.lead_after() == pytest.approx(skipped.loss, abs=1e-6)
    assert review.worst(1) == [skipped]
    assert review.unit == "points" and review.settings.level == ALIEN_CITY.computer_levels[-1]


@pytest.mark.parametrize("enough", [0, 10**6])
def test_the_loss_comes_from_the_search_not_the_static_guess(monkeypatch, enough):
    """The projection (the graph's static guess) says nothing here: the loss is still
    the search's, whether it reads the pass from the tree's statistics (every child read)
    or gives the pass a small search of its own (no child visited enough)."""
    from shared.aliencity.bots.review import AlienCityReviewSearch
    monkeypatch.setattr(AlienCityReviewSearch, "enough", enough)
    monkeypatch.setattr(type(ALIEN_CITY), "projection", lambda self, state: (0.0, 0.0))
    review = review_record(ALIEN_CITY, hand_made("pass"), ReviewSettings(iterations=DEFAULT_ITERATIONS, seed=3))
    skipped = review.turns[1]
    assert skipped.best == "claim@e5" and skipped.loss >= 30.0
    assert skipped.after == (0.0, 0.0) and skipped.before == (skipped.loss, 0.0)


def test_the_review_search_finds_the_move_the_level_plays():
    """The review keeps the expert's tree, but its best move is the bot's own choice."""
    spec, record = played_game("alien-city", {}, 8, plies=20)
    settings = ReviewSettings(iterations=40, seed=2).for_spec(spec)
    search = spec.review_search(settings)
    for step in steps(spec, record):
        if len(step.before.legal_moves()) > 1:
            bot = spec.make_bot(settings.level, settings.seed, iterations=40, think_s=NO_CLOCK_S)
            found = search.search(step.before)
            assert found.best == bot.choose(step.before)
            assert found.best in found.values


@pytest.mark.parametrize("game_id,options", [("alien-city", {}), ("city-blocks", {"players": 2}),
                                             ("sprawl", {"players": 3})])
def test_a_game_played_by_the_review_level_itself_loses_nothing(game_id, options):
    """Every move is the one the review's level chooses with the review's seed and budget:
    each is the best found, with no loss."""
    spec = builtin_games().get(game_id)
    settings = ReviewSettings(iterations=10, seed=6).for_spec(spec)
    bot = spec.make_bot(settings.level, settings.seed, iterations=10, think_s=NO_CLOCK_S)
    state = start = spec.new_state(spec.options(options), 3)
    moves = []
    while not state.is_over() and len(moves) < 12:
        move = bot.choose(state)
        moves.append(spec.move_text(move))
        state, _ = state.play(move)
    review = review_record(spec, Record(state, tuple(moves), start=start), settings)
    assert [t.played for t in review.turns] == moves
    assert all(t.was_best and t.loss == 0.0 and t.before == t.after for t in review.turns)
    assert review.worst() == [] and all(review.total_loss(s) == 0.0 for s in range(review.seats))


def test_taking_the_claim_loses_nothing():
    review = review_record(ALIEN_CITY, hand_made("claim@e5"), ReviewSettings(iterations=60, seed=3))
    claim = review.turns[1]
    assert claim.was_best and claim.loss == 0.0 and claim.before == claim.after
    assert review.worst() == [] or all(t.ply != 2 for t in review.worst())


def test_reviews_are_deterministic_for_a_seed_and_survive_json():
    spec, record = played_game("alien-city", {}, 11)
    settings = ReviewSettings(iterations=12, seed=5)
    first = review_record(spec, record, settings)
    second = review_record(spec, record, settings)
    assert first.to_dict() == second.to_dict()
    assert first.seed == 5 and first.to_dict()["settings"]["seed"] == 5
    again = Review.from_dict(json.loads(json.dumps(first.to_dict())))
    assert again == first
    assert Review.from_dict(msgpack.unpackb(msgpack.packb(first.to_dict()))) == first
    assert len(first.turns) == len(record.moves)
    assert all(t.loss >= 0 for t in first.turns)
    assert first.leads(0) == [-v for v in first.leads(1)]  # two seats: one lead, mirrored


def test_progress_counts_every_position():
    spec, record = played_game("alien-city", {}, 2, plies=6)
    seen = []
    review_record(spec, record, ReviewSettings(iterations=4), progress=lambda d, n: seen.append((d, n)))
    assert seen == [(i, 6) for i in range(7)]


def test_cancel_set_before_a_position_stops_before_searching_it():
    spec, record = played_game("alien-city", {}, 4, plies=8)
    cancel = threading.Event()
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            cancel.set()
    with pytest.raises(ReviewCancelled):
        review_record(spec, record, ReviewSettings(iterations=4), progress=progress, cancel=cancel)
    assert seen == [0, 1, 2]


def test_cancel_stops_a_search_that_would_run_for_hours():
    """A budget of ten million iterations per position: only the stop can end it."""
    spec, record = played_game("alien-city", {}, 4, plies=8)
    cancel, started = threading.Event(), threading.Event()
    outcome = []

    def run() -> None:
        try:
            review_record(spec, record, ReviewSettings(iterations=10**7), cancel=cancel,
                          progress=lambda d, n: started.set())
        except ReviewCancelled:
            outcome.append("cancelled")
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    assert started.wait(60)
    cancel.set()
    worker.join(120)  # a hang guard, not a timing: without the stop this runs for hours
    assert not worker.is_alive() and outcome == ["cancelled"]


@pytest.mark.parametrize("game_id,options", [("alien-city", {}), ("sprawl", {"players": 3})])
def test_cancel_stops_a_search_of_its_own_too(monkeypatch, game_id, options):
    """The search that values a played move (ten million iterations here) stops at once."""
    from shared.aliencity.bots.review import AlienCityReviewSearch
    from shared.gamekit.review_search import ReviewSearch
    started = threading.Event()
    for cls in (ReviewSearch, AlienCityReviewSearch):
        original = cls.__dict__["value_after"]

        def value_after(self, *args, _original=original, **kwargs):
            started.set()
            return _original(self, *args, **kwargs)
        monkeypatch.setattr(cls, "value_after", value_after)
        monkeypatch.setattr(cls, "top_up", 10**7)
    spec, record = played_game(game_id, options, 4, plies=8)
    cancel = threading.Event()
    outcome = []

    def run() -> None:
        try:
            review_record(spec, record, ReviewSettings(iterations=6), cancel=cancel)
        except ReviewCancelled:
            outcome.append("cancelled")
        outcome.append("ended")
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    assert started.wait(600)  # a hang guard: random moves are not all the best one
    cancel.set()
    worker.join(120)  # a hang guard, not a timing: without the stop this runs for hours
    assert not worker.is_alive() and outcome == ["cancelled", "ended"]


def test_the_cache_finds_a_review_again_and_only_with_the_same_settings(tmp_path):
    spec, record = played_game("alien-city", {}, 6, plies=10)
    cache = ReviewCache(tmp_path / "reviews")
    settings = ReviewSettings(iterations=6, seed=2)
    first, hit = cached_review(spec, record, settings, cache)
    assert not hit and len(list((tmp_path / "reviews").glob("*.json"))) == 1
    calls = []
    second, hit = cached_review(spec, record, settings, cache, progress=lambda d, n: calls.append(d))
    assert hit and second == first and calls == [len(first.turns)]
    # the same game saved again (other headers) is the same record
    again = spec.read_record(spec.write_record(record.state, {"Event": "a rematch"}))
    assert cache_key(spec, again, settings) == cache_key(spec, record, settings)
    assert cached_review(spec, again, settings, cache)[1]
    other = ReviewSettings(iterations=6, seed=3)
    assert cache_key(spec, record, other) != cache_key(spec, record, settings)
    assert not cached_review(spec, record, other, cache)[1]


def test_a_review_made_the_old_way_is_not_found_again(tmp_path, monkeypatch):
    """Reviews cached before the losses came from the search (version 1) are redone."""
    import shared.gamekit.review_cache as cache_module
    spec, record = played_game("alien-city", {}, 6, plies=4)
    cache = ReviewCache(tmp_path)
    settings = ReviewSettings(iterations=4)
    review, _ = cached_review(spec, record, settings, cache)
    assert review.version == cache_module.VERSION >= 2
    key = cache_key(spec, record, settings)
    old = dict(review.to_dict(), version=1)
    cache.path(key).write_text(json.dumps(old), encoding="utf-8")
    assert cache.get(key) is None and not cached_review(spec, record, settings, cache)[1]
    monkeypatch.setattr(cache_module, "VERSION", 1)
    assert cache_module.cache_key(spec, record, settings) != key


def test_a_damaged_cache_file_is_reviewed_again(tmp_path):
    spec, record = played_game("alien-city", {}, 6, plies=4)
    cache = ReviewCache(tmp_path)
    settings = ReviewSettings(iterations=4)
    review, _ = cached_review(spec, record, settings, cache)
    cache.path(cache_key(spec, record, settings)).write_text("{not json", encoding="utf-8")
    again, hit = cached_review(spec, record, settings, cache)
    assert not hit and again == review


@pytest.mark.parametrize("game_id,options", [("city-blocks", {"players": 2}),
                                             ("city-blocks", {"players": 4}),
                                             ("sprawl", {"players": 3})])
def test_other_games_are_reviewed_through_the_contract(game_id, options):
    spec, record = played_game(game_id, options, 9, plies=14)
    settings = ReviewSettings(iterations=6, seed=4)
    review = review_record(spec, record, settings)
    assert review.game == game_id and review.unit == spec.review_unit
    assert review.seats == record.start.seat_count and review.settings.level == spec.computer_levels[-1]
    assert [t.ply for t in review.turns] == list(range(1, len(record.moves) + 1))
    for step, turn in zip(steps(spec, record), review.turns):
        assert turn.seat == step.before.to_move and turn.played == spec.move_text(step.move)
        best = spec.parse_move(turn.best)
        assert step.before.why_not(best) is None           # the better move is legal there
        assert turn.loss >= 0 and len(turn.after) == review.seats
        assert turn.loss == pytest.approx(max(0.0, lead(turn.before, turn.seat) - lead(turn.after, turn.seat)),
                                          abs=1e-6)
    assert review_record(spec, record, settings).to_dict() == review.to_dict()
    assert Review.from_dict(json.loads(json.dumps(review.to_dict()))) == review


def test_the_record_hash_ignores_headers_but_not_moves():
    spec, record = played_game("city-blocks", {"players": 2}, 3, plies=6)
    shorter = Record(record.state, record.moves[:-1], start=record.start)
    assert record_hash(spec, record) != record_hash(spec, shorter)


def test_bad_input_gets_clear_errors():
    spec, record = played_game("alien-city", {}, 3, plies=4)
    with pytest.raises(ValueError, match="no computer level 'grandmaster'"):
        review_record(spec, record, ReviewSettings(level="grandmaster"))
    with pytest.raises(RecordError, match="no start position"):
        review_record(spec, Record(record.state, record.moves))
    with pytest.raises(ValueError, match="not a game review"):
        Review.from_dict({"game": "alien-city"})
    broken = Record(record.state, record.moves[:1] + record.moves[:1], start=record.start)
    with pytest.raises(RecordError, match="ply 2"):
        review_record(spec, broken, ReviewSettings(iterations=2))


def test_the_claim_step_is_a_turn_of_its_own():
    """Alien City's build and claim are separate moves, each reviewed."""
    record = hand_made("pass")
    kinds = [step.before.state.phase for step in steps(ALIEN_CITY, record)]
    assert kinds == [Phase.BUILD, Phase.CLAIM]


@pytest.mark.parametrize("game_id,options,plies,expected", [
    ("city-blocks", {"players": 2}, 12, 2), ("city-blocks", {"players": 4}, 12, 4),
    ("sprawl", {"players": 3}, 12, 3), ("alien-city", {}, 24, 4)])
def test_the_graph_averages_each_lead_over_a_round(game_id, options, plies, expected):
    """A round is every seat's turn once (Alien City: build and claim are one turn); the
    smoothed lead at each ply is the mean of the raw leads over the last round."""
    spec, record = played_game(game_id, options, 12, plies=plies)
    review = review_record(spec, record, ReviewSettings(iterations=2))
    assert review.round_length() == expected
    raw, smooth = review.leads(0), review.smoothed_leads(0)
    assert len(smooth) == len(raw) and smooth[0] == raw[0]
    for i in range(len(raw)):
        window = raw[max(0, i - expected + 1):i + 1]
        assert smooth[i] == pytest.approx(sum(window) / len(window), abs=1e-3)


@pytest.mark.parametrize("game_id,options", [("alien-city", {}), ("city-blocks", {"players": 3}),
                                             ("sprawl", {"players": 5})])
def test_every_game_projects_one_number_per_seat(game_id, options):
    """The contract's projection: a float per seat at the start, midway and at the end,
    in the game's unit (values stay within [-1, 1])."""
    spec, record = played_game(game_id, options, 5)
    states = [record.start] + [step.after for step in steps(spec, record)]
    assert states[-1].is_over()
    for state in (states[0], states[len(states) // 2], states[-1]):
        values = spec.projection(state)
        assert len(values) == state.seat_count and all(isinstance(v, float) for v in values)
        if spec.review_unit == "value":
            assert all(-1.0 <= v <= 1.0 for v in values)
    assert spec.review_unit in ("points", "value")
