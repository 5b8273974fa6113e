"""A hint for any game: the best move a computer level finds, with the value its search
expects for the seat to move.

:class:`Adviser` wraps a level's bot and answers ``choose`` with an :class:`Advice` (not
a move), so the client's worker threads run it like any computer player. A level whose
bot offers its search (``bot.searcher()``, see :mod:`shared.bots.search`) gives its
root's best move with that move's mean value per seat; a level without one gives its
move alone (no value). Seeded like the bot: the same seed and a fixed budget give the
same advice.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from .api import GameSpec, State
from .review_search import NO_CLOCK_S


@dataclass(frozen=True)
class Advice:
    """The hinted move for ``seat``, and the search's values per seat after it (None: the
    level has no search to read)."""

    move: Any
    seat: int
    values: tuple[float, ...] | None = None

    @property
    def value(self) -> float | None:
        """The seat's own expected value (the game's search unit, usually -1..1)."""
        return None if self.values is None else self.values[self.seat]


class Adviser:
    """A hint in the making: ``choose(state)`` answers the :class:`Advice` of ``bot``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        find = getattr(bot, "searcher", None)
        self.search = find() if find is not None else None

    def choose(self, state: State, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Advice:
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: there is no move to hint")
        found = [] if self.search is None else self.search.analyse(state, deadline_s=deadline_s, stop=stop)
        if not found:  # no search, or stopped before it looked at anything
            return Advice(self.bot.choose(state, deadline_s=deadline_s, stop=stop), seat)
        return Advice(found[0].move, seat, tuple(float(v) for v in found[0].values))


def advise(spec: GameSpec, state: State, level: str, seed: int = 0, *, iterations: int | None = None,
           stop: threading.Event | None = None) -> Advice:
    """The hint of ``level`` in ``state`` (``iterations``: a fixed budget, no clock)."""
    bot = spec.make_bot(level, seed, iterations=iterations, think_s=NO_CLOCK_S if iterations else None)
    return Adviser(bot).choose(state, stop=stop)


__all__ = ["Advice", "Adviser", "advise"]
