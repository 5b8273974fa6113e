"""The game review's search for City Blocks: the search levels' own values.

The review's level (expert) is the game-generic search with City Blocks' hooks, read
directly by :class:`~shared.gamekit.review_search.ReviewSearch` (the root's statistics,
a search of its own for a position after a move). Its values are each seat's squashed
final-score margin over the others (:func:`~shared.cityblocks.hooks.estimates`); the
review counts them in points at the rate of an even game, halved because every seat's
value is already its margin over the others (two seats: one lead, counted twice).
"""

from __future__ import annotations

from shared.gamekit.review_search import ReviewSearch

from .hooks import SCALE


class CityBlocksReviewSearch(ReviewSearch):
    """The generic reading of the search, in points."""

    value_scale = SCALE / 2.0


__all__ = ["CityBlocksReviewSearch"]
