"""Player ratings for matches of 2 to 8 seats, with shared places.

Why this model: Elo and Glicko rate pairs, but Sprawl seats up to eight players and City
Blocks four, and places can be shared. Weng and Lin's Bayesian approximation (JMLR 12,
2011, "A Bayesian Approximation Method for Online Ranking") rates a whole ranking at
once; its Plackett-Luce variant is what the MIT-licensed ``openskill`` package ships.
This is our own small implementation of that update (one player per seat: the platform
has no team games), with openskill's defaults so its numbers can be checked against it.

Each player's skill is a normal belief N(mu, sigma^2), starting at mu = 25, sigma = 25/3.
One match, seats i with places r_i (1 = first; equal places are shared):

- each sigma first widens by the dynamics term tau (skill drifts between matches),
- c^2 = sum over seats of (sigma_i^2 + beta^2); beta = 25/6 is the luck of one match,
- for each place q, S_q = sum of exp(mu_s / c) over the seats s placed at q or worse,
  and A_q = how many seats share place q,
- p_{i,q} = exp(mu_i / c) / S_q: the chance that i is chosen first among those seats,
- omega_i = sigma_i^2 / c * sum over seats q placed at or above i of
  ([q == i] - p_{i,q}) / A_q,
- delta_i = gamma_i * sigma_i^2 / c^2 * sum over the same q of p_{i,q} (1 - p_{i,q}) / A_q,
  with gamma_i = sigma_i / c,
- mu_i += omega_i and sigma_i *= sqrt(max(1 - delta_i, kappa)).

A shared place is evidence that the players are close: the stronger one of a drawn pair
loses a little and the weaker one gains (the paper's update, and openskill's numbers).

What players see: ``display()`` puts mu on the scale of the sites they know, 1500 for a
newcomer and about 30 points a unit of mu (so 200 points apart means about 3 wins in 4,
as with Elo), with a "?" while ``provisional`` (fewer than PROVISIONAL_GAMES games).
Leaderboards sort by the cautious ``conservative()`` value, mu - 3 sigma, so a newcomer's
lucky first wins do not top them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0  # spread of one match's performance around the skill
KAPPA = 0.0001  # floor of the variance's shrink factor, so sigma never reaches zero
TAU = 25.0 / 300.0  # skill drift added to sigma before each match
MIN_SEATS, MAX_SEATS = 2, 8
PROVISIONAL_GAMES = 10
DISPLAY_BASE = 1500
DISPLAY_SCALE = 30.0  # display points per unit of mu


class RatingError(ValueError):
    """A match that cannot be rated: the message names what is wrong."""


@dataclass(frozen=True)
class Rating:
    """One player's rating for one game: belief N(mu, sigma^2) after ``games`` rated
    matches. Immutable: ``rate`` returns new values, the store keeps the history."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.mu) and math.isfinite(self.sigma)) or self.sigma <= 0:
            raise RatingError(f"a rating needs a finite mu and a positive sigma, "
                              f"not mu={self.mu!r}, sigma={self.sigma!r}")
        if self.games < 0:
            raise RatingError(f"games played cannot be negative ({self.games})")

    @property
    def provisional(self) -> bool:
        """True while too few matches are rated for the number to mean much."""
        return self.games < PROVISIONAL_GAMES

    def conservative(self) -> float:
        """mu - 3 sigma: the skill the player very probably has at least (leaderboards)."""
        return self.mu - 3.0 * self.sigma

    def display(self) -> int:
        """The number shown beside the name: 1500 for a newcomer."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * (self.mu - MU))

    def label(self) -> str:
        """``display()`` with a "?" while provisional, like other sites show it."""
        return f"{self.display()}?" if self.provisional else str(self.display())

    def to_dict(self) -> dict[str, float | int]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rating:
        try:
            mu, sigma, games = data["mu"], data["sigma"], data.get("games", 0)
        except (KeyError, TypeError, AttributeError) as exc:
            raise RatingError(f"a stored rating needs mu and sigma: {data!r}") from exc
        if not isinstance(mu, (int, float)) or not isinstance(sigma, (int, float)) \
                or not isinstance(games, int) or isinstance(games, bool):
            raise RatingError(f"a stored rating has numbers, not {data!r}")
        return cls(float(mu), float(sigma), games)


def _check_places(count: int, places: Sequence[int]) -> None:
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise RatingError(f"a rated match has {MIN_SEATS} to {MAX_SEATS} seats, not {count}")
    if len(places) != count:
        raise RatingError(f"{count} seats need {count} places, got {len(places)}")
    for place in places:
        if not isinstance(place, int) or isinstance(place, bool) or place < 1:
            raise RatingError(f"places are whole numbers from 1, not {place!r}")


def rate(ratings: Sequence[Rating], places: Sequence[int], *, tau: float = TAU,
         beta: float = BETA, kappa: float = KAPPA) -> list[Rating]:
    """The ratings after one match, seat by seat. ``places[i]`` is seat i's place
    (1 = first; shared places repeat, as in (1, 2, 2) or (1, 1, 3); only their order
    counts). Each returned rating has one more game."""
    _check_places(len(ratings), places)
    variances = [r.sigma ** 2 + tau ** 2 for r in ratings]
    c = math.sqrt(sum(v + beta ** 2 for v in variances))
    strength = [math.exp(r.mu / c) for r in ratings]
    n = len(ratings)
    # S_q and A_q for every seat q (seats sharing a place share both numbers)
    below = [sum(strength[s] for s in range(n) if places[s] >= places[q]) for q in range(n)]
    sharing = [sum(1 for s in range(n) if places[s] == places[q]) for q in range(n)]
    changes: list[float] = []
    sigmas: list[float] = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if places[q] > places[i]:
                continue
            p = strength[i] / below[q]
            omega += ((1.0 if q == i else 0.0) - p) / sharing[q]
            delta += p * (1.0 - p) / sharing[q]
        variance = variances[i]
        gamma = math.sqrt(variance) / c
        changes.append(variance / c * omega)
        shrink = 1.0 - gamma * variance / c ** 2 * delta
        sigmas.append(math.sqrt(variance) * math.sqrt(max(shrink, kappa)))
    return [Rating(r.mu + change, sigma, r.games + 1)
            for r, change, sigma in zip(ratings, changes, sigmas)]


def places_with_resignations(ranking: Sequence[int], resigned: Iterable[int]) -> tuple[int, ...]:
    """The places to rate from a finished match's ranking (one place per seat, 1 = first)
    and the seats that resigned, abandoned or lost on time, in the order they left.

    Leaving is a loss: every seat that left is placed below every seat that stayed, and
    the first to leave is last (two seats leaving a Sprawl table: the earlier one loses
    more). The seats that stayed keep their order from ``ranking``. The result is a
    competition ranking: (1, 2, 2, 4)."""
    count = len(ranking)
    left = list(resigned)
    for seat in left:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
            raise RatingError(f"no seat {seat!r} in a match of {count} seats")
    if len(set(left)) != len(left):
        raise RatingError(f"a seat can leave once: {left}")
    _check_places(count, ranking)
    stayed = [s for s in range(count) if s not in left]
    # sort keys: stayed seats by their place, then the leavers latest-first
    key = {s: (0, ranking[s]) for s in stayed}
    for order, seat in enumerate(reversed(left)):
        key[seat] = (1, order)
    places = [0] * count
    for seat in range(count):
        places[seat] = 1 + sum(1 for other in range(count) if key[other] < key[seat])
    return tuple(places)


def leaderboard(ratings: Mapping[str, Rating], *, include_provisional: bool = False) \
        -> list[tuple[str, Rating]]:
    """Players best first by ``conservative()``, ties by name; provisional ratings are
    left out unless asked for."""
    rows = [(name, r) for name, r in ratings.items() if include_provisional or not r.provisional]
    return sorted(rows, key=lambda row: (-row[1].conservative(), row[0]))

