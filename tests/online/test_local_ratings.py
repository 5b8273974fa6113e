"""Rated games against the computer: the level chosen, the rating's update, the store."""

from __future__ import annotations

import json

import pytest

from shared.gamekit.levels import LevelRating
from shared.online import local_ratings as lr
from shared.online.local_store import HISTORY, LocalRatings, StoreError
from shared.online.ratings import PROVISIONAL_GAMES, Rating, RatingError

LEVELS = {
    "random": LevelRating("random", 1000.0, 1000.0, 1000.0, 40),
    "easy": LevelRating("easy", 1529.2, 1456.6, 1582.4, 40),
    "medium": LevelRating("medium", 2058.5, 2005.4, 2099.2, 40),
}


def at(display: int, games: int = 20) -> Rating:
    """A settled player shown as ``display``."""
    return Rating(lr.level_mu(display), 2.0, games)


# -- which level ---------------------------------------------------------------------------
def test_new_player_starts_provisional_at_1500_and_meets_the_closest_level() -> None:
    assert lr.START.display() == 1500 and lr.START.provisional
    levels = lr.rated_levels(("random", "easy", "medium", "hard"), LEVELS)
    assert list(levels) == ["easy", "medium"]  # measured only, no random mover, weakest first
    assert lr.choose_level(lr.START, levels) == "easy"


def test_the_level_follows_the_rating() -> None:
    levels = lr.rated_levels(("random", "easy", "medium"), LEVELS)
    assert lr.choose_level(at(1200), levels) == "easy"
    assert lr.choose_level(at(1790), levels) == "easy"    # 261 from easy, 268 from medium
    assert lr.choose_level(at(1800), levels) == "medium"
    assert lr.choose_level(at(2600), levels) == "medium"  # the strongest measured caps it


def test_the_random_mover_only_in_a_game_with_no_other_level_and_none_measured_refuses() -> None:
    assert list(lr.rated_levels(("random",), {"random": LEVELS["random"]})) == ["random"]
    assert list(lr.rated_levels(("random", "easy"), {"random": LEVELS["random"]})) == []
    with pytest.raises(RatingError, match="no computer level with a measured rating"):
        lr.choose_level(lr.START, lr.rated_levels(("easy", "hard"), {}))


def test_a_level_becomes_a_fixed_opponent_on_the_model_scale() -> None:
    easy = lr.anchor(LEVELS["easy"])
    assert easy.display() == 1529
    assert easy.sigma == pytest.approx((1582.4 - 1456.6) / 2 / 1.96 / 30)
    assert lr.anchor(LEVELS["random"]).sigma == lr.ANCHOR_SIGMA_MIN  # measured exactly: floor


# -- the update ----------------------------------------------------------------------------
def test_win_raises_loss_lowers_and_a_provisional_rating_moves_more() -> None:
    easy = LEVELS["easy"]
    win = lr.rate_ranking(lr.START, easy, [1, 2], 0)
    lost = lr.rate_ranking(lr.START, easy, [2, 1], 0)
    assert 50 < win.change < 200 and -200 < lost.change < -50
    assert win.after.games == 1 and win.after.sigma < lr.START.sigma
    settled = lr.rate_ranking(at(1500), easy, [1, 2], 0)
    assert 0 < settled.change < win.change / 2


def test_beating_a_much_weaker_level_is_worth_little_and_losing_to_it_a_lot() -> None:
    player = at(2000)
    win = lr.rate_ranking(player, LEVELS["easy"], [1, 2], 0).change
    lost = lr.rate_ranking(player, LEVELS["easy"], [2, 1], 0).change
    assert 0 <= win < 10 and lost < -3 * max(win, 1)


def test_draw_pulls_towards_the_level_and_places_count_with_more_seats() -> None:
    above, below = at(1700), at(1300)
    assert lr.rate_ranking(above, LEVELS["easy"], [1, 1], 0).change < 0
    assert lr.rate_ranking(below, LEVELS["easy"], [1, 1], 1).change > 0
    changes = [lr.rate_ranking(at(1500), LEVELS["easy"], ranking, 2).change
               for ranking in ([2, 3, 1, 4], [1, 3, 2, 4], [1, 2, 3, 4], [1, 2, 4, 3])]
    assert changes[0] > changes[1] > changes[2] > changes[3]  # 1st, 2nd, 3rd, 4th of four
    assert changes[0] > 0 > changes[3]


def test_abandoning_is_a_last_place() -> None:
    assert lr.loss(at(1500), LEVELS["easy"], 4).change == \
        lr.rate_ranking(at(1500), LEVELS["easy"], [1, 2, 3, 4], 3).change
    assert lr.loss(at(1500), LEVELS["easy"], 2).change < 0


def test_bad_places_are_refused_with_a_reason() -> None:
    with pytest.raises(RatingError, match="no seat 2"):
        lr.rate_ranking(lr.START, LEVELS["easy"], [1, 2], 2)


def test_provisional_ends_after_ten_games() -> None:
    rating = lr.START
    for i in range(PROVISIONAL_GAMES):
        assert rating.provisional
        rating = lr.rate_ranking(rating, LEVELS["easy"], [1, 2] if i % 2 else [2, 1], 0).after
    assert not rating.provisional


# -- the store ----------------------------------------------------------------------------
def test_store_round_trip_and_a_game_counts_once(tmp_path) -> None:
    path = tmp_path / "local-ratings.json"
    store = LocalRatings(path)
    assert store.rating("city-blocks") == lr.START and not path.exists()
    store.begin("city-blocks", "g1", LEVELS["easy"], 2, "2026-11-27T15:00:00")
    assert store.is_pending("city-blocks", "g1")
    outcome = store.finish("city-blocks", "g1", [1, 2], 0, "2026-11-27T15:20:00")
    assert outcome is not None and outcome.change > 0
    assert store.finish("city-blocks", "g1", [1, 2], 0, "2026-11-27T15:21:00") is None  # counted once
    again = LocalRatings(path)
    assert again.warning == ""
    assert again.rating("city-blocks") == outcome.after
    (entry,) = again.game("city-blocks").history
    assert entry == {"date": "2026-11-27T15:20:00", "level": "easy", "level_rating": 1529.2, "seats": 2,
                     "place": 1, "shared": False, "abandoned": False,
                     "rating": outcome.after.display(), "change": outcome.change}
    assert again.game("city-blocks").pending == {}


def test_abandoned_game_is_a_loss_and_history_keeps_the_last_fifty(tmp_path) -> None:
    store = LocalRatings(tmp_path / "r.json")
    store.begin("sprawl", "a", LEVELS["easy"], 4, "2026-11-27T10:00:00")
    outcome = store.abandon("sprawl", "a", "2026-11-27T10:05:00")
    assert outcome is not None and outcome.change < 0 and outcome.place == 4
    assert store.game("sprawl").history[-1]["abandoned"] is True
    for i in range(HISTORY + 5):
        store.begin("sprawl", f"g{i}", LEVELS["easy"], 4, "2026-11-27T11:00:00")
        store.finish("sprawl", f"g{i}", [1, 2, 3, 4], i % 4, f"2026-11-27T11:{i:02d}:00")
    history = LocalRatings(tmp_path / "r.json").game("sprawl").history
    assert len(history) == HISTORY and history[-1]["date"] == f"2026-11-27T11:{HISTORY + 4:02d}:00"
    assert store.rating("sprawl").games == HISTORY + 6  # the count is not cut with the history


def test_damaged_file_is_kept_and_the_backup_read(tmp_path) -> None:
    path = tmp_path / "r.json"
    store = LocalRatings(path)
    store.begin("city-blocks", "g1", LEVELS["easy"], 2, "t0")
    store.finish("city-blocks", "g1", [1, 2], 0, "t1")  # the backup now holds the file before this
    path.write_text('{"format": 1, "games": {"city-blocks": [', encoding="utf-8")
    reread = LocalRatings(path)
    assert "damaged" in reread.warning and "backup" in reread.warning
    kept = list(tmp_path.glob("r.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"format": 1')  # not lost
    # the backup is the file before the last write: the game begun, not yet finished
    assert list(reread.game("city-blocks").pending) == ["g1"] and reread.rating("city-blocks") == lr.START
    assert not path.exists()  # nothing written until the next change


def test_damaged_file_without_backup_starts_afresh_and_says_so(tmp_path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": 1, "games": {"sprawl": {"rating": {"mu": "x", "sigma": 1}}}}))
    store = LocalRatings(path)
    assert "start afresh" in store.warning and store.games == {}
    assert list(tmp_path.glob("r.json.damaged-*"))


def test_parse_names_what_is_wrong() -> None:
    from shared.online.local_store import parse
    with pytest.raises(StoreError, match="not JSON"):
        parse("{")
    with pytest.raises(StoreError, match="format 1"):
        parse('{"format": 9, "games": {}}')
    with pytest.raises(StoreError, match="history is a list"):
        parse('{"format": 1, "games": {"x": {"history": 3}}}')
