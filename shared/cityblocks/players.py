"""City Blocks' computer levels by name: random, easy and medium from :mod:`.bots`, hard
and expert the game-generic search with City Blocks' hooks (:mod:`.hooks`).

Apart from :mod:`.bots` so that the hooks, which build on the bots' valuation, and the
levels, which choose between the two, import in one direction.
"""

from __future__ import annotations

from .bots import LEVELS, SEARCH, CityBot
from .hooks import search_bot


def make_bot(level: str, seed: int = 0, *, iterations: int | None = None,
             think_s: float | None = None) -> CityBot:
    if level not in LEVELS:
        raise ValueError(f"unknown City Blocks level {level!r}: {', '.join(LEVELS)}")
    cls = LEVELS[level]
    if cls is None:
        seconds, width, cap = SEARCH[level]
        if think_s is None and iterations is None:
            think_s = seconds
        return search_bot(seed, level, iterations=iterations, think_s=think_s,
                          width=width, cap=cap)
    if think_s is None and level == "medium" and iterations is None:
        think_s = 1.5
    bot = cls(seed, iterations, think_s)
    bot.level = level
    return bot
