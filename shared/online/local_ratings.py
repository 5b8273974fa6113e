"""Rated games against the computer (as Pentobi has them): a local rating per game.

The player is rated with the online model (:mod:`shared.online.ratings`, Weng-Lin
Plackett-Luce) against the computer level they played. A level's strength is the rating
``bench/ratings.py`` measured for it (``level_ratings.json``, Elo scale, Random = 1000):
an anchor that never moves. The two scales meet through the model's display scale
(1500 + 30 points a unit of mu, which is Elo's spread for a two-player game: 200 points
apart wins about 3 games in 4), so a level rated 1650 is mu = 25 + 150 / 30 = 30.

- **Start.** A new player starts where the online model starts a newcomer: mu 25, shown
  as 1500 with a "?" while provisional (fewer than ``PROVISIONAL_GAMES`` rated games).
  On the level scale 1500 is a player who beats City Blocks' Easy about half the time.
- **Which level.** The measured level whose rating is closest to the player's shown
  rating (a tie goes to the weaker level). Only measured levels are offered: a level
  without a measured rating (one the bench has not measured yet, every level of a game
  with no ``level_ratings.json``) is never guessed at, so a rated game's
  opponent always has an honest number. A game with no measured level has no rated games.
  The random mover is left out when the game has other levels (the picker never offers
  it either); a player far above the strongest measured level keeps meeting that level
  and gains less and less from beating it.
- **Result.** The player's place among the seats (1 = first, shared places repeat); every
  other seat is the level. Two seats: a win, a loss or a draw.
- **Anchor's spread.** A level's sigma is its measured 95 % interval's half width in mu
  (at least ``ANCHOR_SIGMA_MIN``): a loosely measured level moves the player less.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shared.gamekit.levels import LevelRating

from .ratings import DISPLAY_BASE, DISPLAY_SCALE, MU, PROVISIONAL_GAMES, Rating, RatingError, rate

START = Rating()
ANCHOR_SIGMA_MIN = 0.5  # mu units (15 display points): no level is known exactly
Z95 = 1.96


def level_mu(elo: float) -> float:
    """A level's Elo-scale rating as the model's mu."""
    return MU + (elo - DISPLAY_BASE) / DISPLAY_SCALE


def anchor(level: LevelRating) -> Rating:
    """A level as a fixed opponent for the model: its measured rating and spread."""
    half = (level.high - level.low) / 2.0 / Z95 / DISPLAY_SCALE
    return Rating(level_mu(level.rating), max(ANCHOR_SIGMA_MIN, half), PROVISIONAL_GAMES)


def rated_levels(offered: Sequence[str], measured: Mapping[str, LevelRating]) -> dict[str, LevelRating]:
    """The levels a rated game may play, weakest first: the offered levels with a measured
    rating, without the random mover when the game has other levels (as the picker)."""
    levels = {name: measured[name] for name in offered if name in measured}
    if any(name != "random" for name in offered):
        levels.pop("random", None)
    return dict(sorted(levels.items(), key=lambda item: item[1].rating))


def choose_level(rating: Rating, levels: Mapping[str, LevelRating]) -> str:
    """The level whose rating is closest to the player's shown rating (ties: the weaker).
    Raises ``RatingError`` when the game has no measured level."""
    if not levels:
        raise RatingError("this game has no computer level with a measured rating")
    shown = rating.display()
    return min(levels.values(), key=lambda lv: (abs(lv.rating - shown), lv.rating)).level


def place_of(ranking: Sequence[int], seat: int) -> int:
    """The player's place (1 = first) among the game's final ranking."""
    if not 0 <= seat < len(ranking):
        raise RatingError(f"no seat {seat} in a game of {len(ranking)} seats")
    return int(ranking[seat])


@dataclass(frozen=True)
class Outcome:
    """One rated game's effect on the player's rating."""

    before: Rating
    after: Rating
    place: int
    seats: int

    @property
    def change(self) -> int:
        """The shown rating's change (what the end of the game says: +38)."""
        return self.after.display() - self.before.display()


def rate_ranking(player: Rating, level: LevelRating, ranking: Sequence[int], seat: int) -> Outcome:
    """The player's rating after a finished game given its ranking (one place per seat,
    shared places repeat) and the player's seat: the computer seats keep their places."""
    places = [int(p) for p in ranking]
    place_of(places, seat)
    order = [places[seat]] + [p for i, p in enumerate(places) if i != seat]
    after = rate([player] + [anchor(level)] * (len(places) - 1), order)[0]
    return Outcome(player, after, places[seat], len(places))


def loss(player: Rating, level: LevelRating, seats: int) -> Outcome:
    """An abandoned rated game: last place, below every computer seat."""
    ranking = [seats] + list(range(1, seats))
    return rate_ranking(player, level, ranking, 0)
