"""The game review's search for City Blocks: the look-ahead of
:class:`~shared.cityblocks.bots.HardBot`.

The search levels (hard, expert) spend ~0.1 s on each node of their tree, far too much
for a review of every position, so a review at those levels uses the look-ahead over
their shortlist instead: it judges its best few placements by letting the next seats
answer greedily for the rest of the round (:meth:`~shared.cityblocks.bots.HardBot.answer_round`)
and valuing the position then. The review judges the best move found and the move played
the same way, then reads each seat's projected total (``CitySpec.projection``) there. The
random sample of the answers comes from the review's seed and the position.
"""

from __future__ import annotations

import threading
from typing import cast

from shared.gamekit.api import Bot, State
from shared.gamekit.review_search import ReviewSearch, Values, check

from .bots import SEARCH, HardBot, decision_rng
from .state import CityState


class CityBlocksReviewSearch(ReviewSearch):
    """The look-ahead's round of answers (other levels: the generic way)."""

    def bot(self, iterations: int) -> Bot:
        if self.settings.level in SEARCH:
            return HardBot(self.settings.seed, iterations)  # type: ignore[return-value]  # a City Blocks bot
        return super().bot(iterations)

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
