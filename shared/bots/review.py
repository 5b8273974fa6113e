"""The game review's search for Alien City: the Monte-Carlo tree's own statistics.

The review's level (expert) is :class:`~shared.bots.mcts.MctsBot`'s search; this module
runs the same search on a position (the bot's seeded random numbers, its ``iterate``, the
same budget: the best move is the one the bot would play, tests check it) and keeps the
tree. Each child of the root holds the mean win chance of the player who moved into it;
the review reads the best move's and the played move's means from there. A played move
the search visited fewer than ``enough`` times gets a small search of its own from the
position after it (the mean over that tree's first moves).

Win chances are turned back into points through the bots' own squashing
(:func:`~shared.bots.mcts.win_chance`: a margin of ``SCALE`` points is 73 %), so the
review still counts in points: ``SCALE * log(p / (1 - p))``, kept within ``CAP`` points
(a certain win or loss is worth ``CAP``). A finished game is valued by its exact margin.

(A ``search(state, clock) -> root`` method on ``MctsBot``, used by its ``pick``, would
make the mirror below unnecessary.)
"""

from __future__ import annotations

import math
import threading

from shared.aliencity import GameState, Phase, Player
from shared.gamekit.review_search import ReviewCancelled, ReviewSearch, Searched, Values

from .base import Clock
from .evaluate import margin
from .mcts import SCALE, MctsBot, Node, win_chance

CAP = 60.0              # points: what a sure win or a sure loss is worth in the review
MIN_VISITS = 10         # a child needs this many visits (or 1/30 of the budget) to be read


def margin_from(p_black: float) -> float:
    """Black's margin (points) that a win chance for Black stands for, within ``CAP``."""
    low = 1.0 / (1.0 + math.exp(CAP / SCALE))
    p = min(1.0 - low, max(low, p_black))
    return SCALE * math.log(p / (1.0 - p))


def values_of(black_margin: float) -> Values:
    """(Black, White) around zero: only the difference counts for the review's lead."""
    m = max(-CAP, min(CAP, black_margin))
    return (m / 2.0, -m / 2.0)


class AlienCityReviewSearch(ReviewSearch):
    """Reads the expert's tree (levels without a tree use the generic way)."""

    def engine_bot(self, iterations: int) -> MctsBot | None:
        bot = self.bot(iterations)
        inner = getattr(bot, "bot", bot)   # the contract's AlienCityBot wraps the engine's
        return inner if isinstance(inner, MctsBot) else None

    @property
    def enough(self) -> int:
        return max(MIN_VISITS, self.settings.iterations // 30)

    def grow(self, bot: MctsBot, state: GameState, cancel: threading.Event | None) -> Node:
        """The bot's search of ``state`` (as its ``pick`` runs it), the tree kept."""
        rng = bot.rng(state)
        root = Node(state, None, rng)
        clock = Clock(None, cancel)
        for _ in range(bot.iterations):
            if clock.expired():
                break
            bot.iterate(root, rng)
        if clock.expired():
            raise ReviewCancelled()
        return root

    def search(self, state, cancel: threading.Event | None = None) -> Searched:
        bot = self.engine_bot(self.settings.iterations)
        if bot is None:
            return super().search(state, cancel)
        position = state.state
        root = self.grow(bot, position, cancel)
        best = max(root.children, key=lambda n: (n.visits, n.total))
        black = position.to_move is Player.BLACK
        values = {}
        for child in root.children:
            if child is best or child.visits >= self.enough:
                values[child.move] = self.child_values(child, black)
        return Searched(best.move, values)

    @staticmethod
    def child_values(child: Node, mover_is_black: bool) -> Values:
        if child.state.phase is Phase.OVER:
            return values_of(margin(child.state))
        p = child.total / child.visits
        return values_of(margin_from(p if mover_is_black else 1.0 - p))

    def value_after(self, after, mover: int, cancel: threading.Event | None = None) -> Values:
        position = after.state
        if position.phase is Phase.OVER:
            return values_of(margin(position))
        bot = self.engine_bot(self.top_up)
        if bot is None:
            return super().value_after(after, mover, cancel)
        root = self.grow(bot, position, cancel)
        visits = sum(c.visits for c in root.children)
        if not visits:
            return values_of(margin_from(win_chance(position)))
        p = sum(c.total for c in root.children) / visits   # for the player to move there
        return values_of(margin_from(p if position.to_move is Player.BLACK else 1.0 - p))


__all__ = ["AlienCityReviewSearch", "CAP", "margin_from", "values_of"]
