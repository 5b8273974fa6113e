"""The game review's search for City Blocks: the hard computer's own look-ahead.

The hard level judges its best few placements by letting the next seats answer greedily
for the rest of the round (:meth:`~shared.cityblocks.bots.HardBot.answer_round`) and
valuing the position then. The review judges the best move found and the move played the
same way, then reads each seat's projected total (``CitySpec.projection``) there. The
random sample of the answers comes from the review's seed and the position.
"""

from __future__ import annotations

import threading
from typing import cast

from shared.gamekit.api import State
from shared.gamekit.review_search import ReviewSearch, Values, check

from .bots import decision_rng
from .state import CityState


class CityBlocksReviewSearch(ReviewSearch):
    """The hard level's round of answers (other levels: the generic way)."""

    def value_after(self, after: State, mover: int,
                    cancel: threading.Event | None = None) -> Values:
        bot = self.bot(self.settings.iterations)
        if not hasattr(bot, "answer_round"):
            return super().value_after(after, mover, cancel)
        check(cancel)
        mine = cast(CityState, after)  # the City Blocks spec's own review
        answered = bot.answer_round(mine, mover, decision_rng(self.settings.seed, mine))
        check(cancel)
        return tuple(float(v) for v in self.spec.projection(answered))


__all__ = ["CityBlocksReviewSearch"]
