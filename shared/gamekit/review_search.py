"""How the game review values a move: by the strongest level's search, not a static guess.

:mod:`shared.gamekit.review` asks a :class:`ReviewSearch` two things about each position:

- :meth:`~ReviewSearch.search`: the best move the level finds, and its own values for the
  moves its search looked at hard enough (a tree search's child statistics);
- :meth:`~ReviewSearch.value_after`: the value of a position right after a move, by a
  fixed-budget search of its own, for a move the first search hardly looked at.

Values are one number per seat in the game's ``review_unit``, so the review compares a
seat's lead (its value less the best other seat's) after the best and the played move.

The game-generic default knows nothing of a bot's insides: the level's bot names the best
move, and a move is valued by letting the same level (with a fifth of the budget) answer
for every other seat until the mover is to move again, then reading the game's
projection: the strongest level's view of what the move leads to. A game whose bot keeps search
statistics returns its own subclass from ``GameSpec.review_search`` (Alien City:
:mod:`shared.aliencity.bots.review`). Everything is seeded (the same settings give the same values)
and every search stops at once when ``cancel`` is set (:class:`ReviewCancelled`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from .api import Bot, GameSpec, State
    from .review import ReviewSettings

Values = tuple[float, ...]
NO_CLOCK_S = 1e9            # a time limit no review reaches: the budget alone decides
TOP_UP_SHARE = 5            # a small search spends 1/5 of the review's budget per position
MIN_TOP_UP = 8              # ... and never fewer iterations than this


class ReviewCancelled(Exception):
    """The review was asked to stop (``cancel`` set) before it finished."""


def check(cancel: threading.Event | None) -> None:
    """Raise :class:`ReviewCancelled` when the review was asked to stop."""
    if cancel is not None and cancel.is_set():
        raise ReviewCancelled()


@dataclass(frozen=True)
class Searched:
    """One position searched: the best move and the search's values (per seat, in the
    review unit) of the moves it looked at enough; empty when the search keeps none."""

    best: Any
    values: Mapping[Any, Values] = field(default_factory=dict)


class ReviewSearch:
    """The game-generic review search (see the module text)."""

    def __init__(self, spec: GameSpec, settings: "ReviewSettings") -> None:
        self.spec = spec
        self.settings = settings

    @property
    def top_up(self) -> int:
        """The budget of a search of the position after a move (here: each answer's)."""
        return max(MIN_TOP_UP, self.settings.iterations // TOP_UP_SHARE)

    def projection(self, state: State, cancel: threading.Event | None = None) -> Values:
        """The graph's value of ``state``: here the game's projection; a search that
        knows better (an end game searched to the end) says so instead."""
        return tuple(float(v) for v in self.spec.projection(state))

    def bot(self, iterations: int) -> Bot:
        return self.spec.make_bot(self.settings.level, self.settings.seed, iterations=iterations,
                                  think_s=NO_CLOCK_S)

    def search(self, state: State, cancel: threading.Event | None = None) -> Searched:
        """The level's move in ``state`` with the review's budget (no values kept)."""
        move = self.bot(self.settings.iterations).choose(state, stop=cancel)
        check(cancel)
        return Searched(move)

    def value_after(self, after: State, mover: int,
                    cancel: threading.Event | None = None) -> Values:
        """``after`` (the position right after ``mover``'s move) as the level sees it: the
        other seats answer with its moves until ``mover`` is to move again (or the game
        ends), then the :meth:`projection` of where that leads."""
        state, bot = after, None
        for _ in range(2 * after.seat_count):   # a round, with room for seats that move twice
            if state.is_over() or state.to_move == mover:
                break
            bot = bot or self.bot(self.top_up)
            move = bot.choose(state, stop=cancel)
            check(cancel)
            state, _ = state.play(move)
        return self.projection(state, cancel)


__all__ = ["NO_CLOCK_S", "ReviewCancelled", "ReviewSearch", "Searched", "Values", "check"]
