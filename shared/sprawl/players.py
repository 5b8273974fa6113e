"""Sprawl's computer levels: random, easy and medium (a round's look ahead) from
:mod:`.bots`' judgement, hard and expert the game-generic search with Sprawl's hooks
(:mod:`.hooks`).

Apart from :mod:`.bots` so that the hooks, which build on the bots' judgement, and the
levels, which choose between the two, import in one direction.
"""

from __future__ import annotations

import random
from typing import Any

from shared.bots.search import MctsBot

from .bots import DEFAULT_THINK_S, EASY_NOISE, MEDIUM_NOISE, greedy, lookahead
from .hooks import search_bot
from .state import SprawlState

SEARCH_LEVELS = ("hard", "expert")


class SprawlBot:
    """A computer player of one level (see the module text)."""

    def __init__(self, level: str, seed: int = 0, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        if level not in DEFAULT_THINK_S:
            raise ValueError(f"unknown Sprawl computer level {level!r}: "
                             f"{', '.join(DEFAULT_THINK_S)}")
        self.level = level
        self.seed = seed
        self.iterations = iterations
        self.think_s = think_s if think_s is not None else (
            None if iterations is not None else DEFAULT_THINK_S[level])

    def _rng(self, state: SprawlState) -> random.Random:
        return random.Random(f"sprawl-bot:{self.level}:{self.seed}:{state.ply}:{len(state.history)}")

    def choose(self, state: SprawlState, *, deadline_s: float | None = None,
               stop: Any = None) -> Any:
        legal = state.legal_moves()
        if not len(legal):
            raise ValueError("no legal move: the game is over")
        rng = self._rng(state)
        if self.level == "random" or len(legal) == 1:
            return legal.random(rng)
        if self.level == "medium":
            return lookahead(state, rng, MEDIUM_NOISE)
        search = self.searcher()
        if search is None or (stop is not None and stop.is_set()):
            return greedy(state, rng, EASY_NOISE)
        return search.choose(state, deadline_s=deadline_s, stop=stop)


    def searcher(self) -> MctsBot | None:
        """The search behind the hard and expert levels (None for the others): the review
        and the hints read its values."""
        if self.level not in SEARCH_LEVELS:
            return None
        return search_bot(self.seed, self.level, iterations=self.iterations, think_s=self.think_s)


def make_bot(level: str, seed: int = 0, *, iterations: int | None = None,
             think_s: float | None = None) -> SprawlBot:
    return SprawlBot(level, seed, iterations, think_s)
