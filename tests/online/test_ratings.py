"""Ratings for 2-8 seats (shared/online/ratings.py): the Weng-Lin Plackett-Luce update.

Expected numbers were computed once with the openskill package (6.2.0, PlackettLuce with
its defaults: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300) and written here;
the project does not depend on openskill. One case is worked out by hand below.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.online.ratings import BETA, MU, SIGMA, Rating, RatingError, leaderboard, places_with_resignations, rate

FRESH = Rating()


def close(rating: Rating, mu: float, sigma: float) -> None:
    assert rating.mu == pytest.approx(mu, abs=1e-9)
    assert rating.sigma == pytest.approx(sigma, abs=1e-9)


def test_two_newcomers_one_win():
    a, b = rate([FRESH, FRESH], [1, 2])
    close(a, 27.635389493140, 8.065901413544)
    close(b, 22.364610506860, 8.065901413544)
    assert (a.games, b.games) == (1, 1)


def test_four_newcomers_in_order():
    expected = [(27.795252672501135, 8.263571791259416), (26.55291815138952, 8.17961798837266),
                (24.689416369722096, 8.084127880168786), (20.962412806387245, 8.084127880168786)]
    for got, (mu, sigma) in zip(rate([FRESH] * 4, [1, 2, 3, 4]), expected):
        close(got, mu, sigma)


def test_three_newcomers_with_a_shared_second_place_matches_openskill():
    a, b, c = rate([FRESH] * 3, [1, 2, 2])
    close(a, 27.869048680749, 8.205243377398)
    close(b, 23.565475659625, 8.058224222802)
    close(c, 23.565475659625, 8.058224222802)


def test_three_players_shared_place_by_hand():
    """Three newcomers, places (1, 2, 2), without drift (tau = 0) so the numbers are exact.

    sigma^2 = (25/3)^2 = 625/9, beta^2 = (25/6)^2 = 625/36, so
    c^2 = 3 (625/9 + 625/36) = 3125/12 and c = 16.13743...
    Equal mu: every exp(mu/c) is the same E, so S_A = 3E, S_B = S_C = 2E;
    A (how many share the place) is 1 for A and 2 for B and C.
    Seat A (first) sums over q = A only: p = 1/3,
        omega = (1 - 1/3) / 1 = 2/3,  delta = (1/3)(2/3) / 1 = 2/9.
    Seat B sums over q = A, B, C: p = 1/3, 1/2, 1/2,
        omega = -1/3 + (1 - 1/2)/2 - (1/2)/2 = -1/3,
        delta = 2/9 + (1/2)(1/2)/2 + (1/2)(1/2)/2 = 17/36; seat C likewise.
    sigma^2 / c = (625/9) / 16.13743 = 4.303315, so
        mu_A = 25 + 4.303315 * 2/3 = 27.868877,  mu_B = mu_C = 25 - 4.303315/3 = 23.565562
    (the changes add up to zero: +2.868877 - 2 * 1.434438).
    gamma = sigma / c and sigma^2 / c^2 are both sqrt(4/15) = 0.516398 and 4/15, so
        sigma_A = 25/3 * sqrt(1 - 0.516398 * 4/15 * 2/9) = 25/3 * sqrt(0.969399) = 8.204837,
        sigma_B = 25/3 * sqrt(1 - 0.516398 * 4/15 * 17/36) = 25/3 * sqrt(0.934972) = 8.057830.
    """
    assert BETA == 25 / 6 and SIGMA == 25 / 3
    a, b, c = rate([FRESH] * 3, [1, 2, 2], tau=0.0)
    assert a.mu == pytest.approx(27.868877, abs=1e-6)
    assert b.mu == c.mu == pytest.approx(23.565562, abs=1e-6)
    assert a.sigma == pytest.approx(8.204837, abs=1e-6)
    assert b.sigma == c.sigma == pytest.approx(8.057830, abs=1e-6)
    assert (a.mu - MU) + (b.mu - MU) + (c.mu - MU) == pytest.approx(0, abs=1e-12)


def test_a_draw_between_unequal_players_pulls_them_together():
    strong, weak = rate([Rating(30, 3), Rating(20, 6)], [1, 1])
    close(strong, 29.743830673926343, 2.9905706247200228)
    close(weak, 21.02408477694057, 5.829241846773371)


def test_eight_seats_with_a_three_way_shared_place():
    before = [(29.1, 4.2), (21.0, 6.5), (25.0, 25 / 3), (33.3, 2.1), (18, 7), (26, 3), (24, 5),
              (30, 1.5)]
    expected = [(28.958086210927284, 4.191476054460282), (23.023273807464967, 6.489281257025337),
                (24.788713943484264, 8.211948835655562), (32.9096607506487, 2.1002512692519564),
                (19.348028150805835, 6.927205411954923), (25.934912951968208, 2.9962806709955885),
                (25.014991338233422, 4.991215687574521), (29.979028427033022, 1.5021543258884182)]
    got = rate([Rating(mu, sigma) for mu, sigma in before], [3, 1, 3, 8, 5, 6, 2, 3])
    for rating, (mu, sigma) in zip(got, expected):
        close(rating, mu, sigma)


def test_a_newcomer_beating_an_established_player_three_times():
    a, b = FRESH, Rating(30, 2)
    for _ in range(3):
        a, b = rate([a, b], [1, 2])
    close(a, 34.67944020188814, 6.921277635410087)
    close(b, 29.375959526848394, 1.999294786547517)
    assert a.games == 3 and a.provisional


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(1, 8), min_size=2, max_size=8), st.randoms(use_true_random=False))
def test_equal_uncertainty_is_zero_sum_and_order_free(places, rng):
    """With one sigma for all, the mu changes add up to zero; listing the seats in another
    order gives each seat the same new rating."""
    ratings = [Rating(rng.uniform(15, 35), 4.0) for _ in places]
    after = rate(ratings, places)
    assert sum(a.mu - b.mu for a, b in zip(after, ratings)) == pytest.approx(0, abs=1e-9)
    order = list(range(len(places)))
    rng.shuffle(order)
    shuffled = rate([ratings[i] for i in order], [places[i] for i in order])
    for new_index, seat in enumerate(order):
        assert shuffled[new_index].mu == pytest.approx(after[seat].mu, abs=1e-12)
        assert shuffled[new_index].sigma == pytest.approx(after[seat].sigma, abs=1e-12)
    for a, b in zip(after, ratings):
        assert a.sigma <= math.sqrt(b.sigma ** 2 + (25 / 300) ** 2)


def test_the_sole_winner_gains_and_the_sole_loser_loses():
    ratings = [Rating(40, 2), Rating(10, 2), Rating(25, 5)]
    after = rate(ratings, [2, 3, 1])
    assert after[2].mu > ratings[2].mu
    assert after[1].mu < ratings[1].mu


@pytest.mark.parametrize("ratings, places, words", [
    ([FRESH], [1], "2 to 8 seats"),
    ([FRESH] * 9, [1] * 9, "2 to 8 seats"),
    ([FRESH] * 3, [1, 2], "3 seats need 3 places"),
    ([FRESH] * 2, [0, 1], "whole numbers from 1"),
    ([FRESH] * 2, [1.5, 2], "whole numbers from 1"),
])
def test_bad_matches_are_refused_by_name(ratings, places, words):
    with pytest.raises(RatingError, match=words):
        rate(ratings, places)


def test_bad_ratings_are_refused():
    with pytest.raises(RatingError, match="positive sigma"):
        Rating(25, 0)
    with pytest.raises(RatingError, match="finite"):
        Rating(float("nan"), 1)
    with pytest.raises(RatingError, match="mu and sigma"):
        Rating.from_dict({"mu": 1})
    with pytest.raises(RatingError, match="numbers"):
        Rating.from_dict({"mu": "25", "sigma": 8})


def test_round_trip_and_display():
    r = Rating(27.5, 3.0, games=12)
    assert Rating.from_dict(r.to_dict()) == r
    assert FRESH.display() == 1500 and FRESH.label() == "1500?"
    assert r.display() == 1575 and r.label() == "1575" and not r.provisional
    assert r.conservative() == pytest.approx(18.5)


def test_leaderboard_is_cautious_about_newcomers():
    veteran = Rating(28, 1.0, games=50)  # conservative 25
    lucky = Rating(34, 6.0, games=3)  # higher mu, conservative 16, provisional
    steady = Rating(30, 3.0, games=20)  # conservative 21
    board = leaderboard({"vet": veteran, "lucky": lucky, "steady": steady})
    assert [name for name, _ in board] == ["vet", "steady"]
    everyone = leaderboard({"vet": veteran, "lucky": lucky, "steady": steady},
                           include_provisional=True)
    assert [name for name, _ in everyone] == ["vet", "steady", "lucky"]


def test_resigning_is_last_place():
    # 2 seats: seat 0 was ahead on the board but resigned
    assert places_with_resignations([1, 2], [0]) == (2, 1)
    # 4 seats: the ranking had 1, 2, 2, 4; seat 1 left first, then seat 3
    assert places_with_resignations([1, 2, 2, 4], [1, 3]) == (1, 4, 2, 3)
    # nobody left: the ranking stands, shared places kept
    assert places_with_resignations([2, 1, 2], []) == (2, 1, 2)
    # the stayers' shared place stays shared above the leaver
    assert places_with_resignations([3, 1, 1], [1]) == (2, 3, 1)


def test_resignation_rating_is_a_loss():
    places = places_with_resignations([1, 2], [0])
    resigner, other = rate([FRESH, FRESH], places)
    assert resigner.mu < MU < other.mu


@pytest.mark.parametrize("resigned, words", [([2], "no seat 2"), ([0, 0], "leave once"),
                                             (["0"], "no seat")])
def test_bad_resignations_are_refused(resigned, words):
    with pytest.raises(RatingError, match=words):
        places_with_resignations([1, 2], resigned)
