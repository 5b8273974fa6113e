"""The game review's search for City Blocks: the search levels' own values, in points.

The review's level (expert) is the game-generic search with City Blocks' hooks, read
directly by :class:`~shared.gamekit.review_search.ReviewSearch` (the root's statistics,
a search of its own for a position after a move). Its values are each seat's squashed
forecast final-score margin over the others (:func:`~.forecast.forecast_values`, which
the expert level judges by).

Two changes make them read as points, to the end of the game:

- a finished position is worth each seat's real margin, squashed the same way (the
  playing levels value it as a win or a loss, ±1, which would end every review at the
  same figure whatever the score);
- a value is unsquashed (``atanh``) and scaled so that a seat's lead over another is
  their difference of points: a seat's margin is its total less the others' mean, so two
  seats' margins differ by n/(n-1) times their difference of totals.

A seat that has left counts as last (the lowest value of those still playing), so it
never stands for "the best other seat" and its line stays in the graph's range.
"""

from __future__ import annotations

import math
from typing import Any

from shared.gamekit.review_search import ReviewSearch, Values

from .forecast import SCALE, forecast_values
from .state import CityState

EDGE = 1.0 - 1e-15      # the largest squashed value unsquashed (about 210 points a seat)


def margins(state: CityState) -> tuple[float, ...]:
    """Every seat's squashed margin: the forecast while the game runs, the real totals
    once it is over; a seat that left, the lowest of the seats still in."""
    if state.over:
        totals = state.seat_totals()
        n, whole = len(totals), sum(totals)
        values = [math.tanh((t - (whole - t) / (n - 1)) / SCALE) for t in totals]
    else:
        values = list(forecast_values(state))
    playing = [v for seat, v in enumerate(values) if seat not in state.left]
    if playing:
        values = [min(playing) if seat in state.left else v for seat, v in enumerate(values)]
    return tuple(values)


class CityBlocksReviewSearch(ReviewSearch):
    """The generic reading of the search, finished games valued by their margins, in points."""

    def searcher(self, iterations: int) -> Any:
        search = super().searcher(iterations)
        if search is not None:
            search.evaluate = margins
        return search

    def scaled(self, values: Any) -> Values:
        seats = len(values)
        rate = SCALE * (seats - 1) / seats
        return tuple(rate * math.atanh(max(-EDGE, min(EDGE, float(v)))) for v in values)


__all__ = ["CityBlocksReviewSearch", "margins"]
