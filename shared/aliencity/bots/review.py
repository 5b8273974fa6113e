"""The game review's search for Alien City: the Monte-Carlo tree's own statistics.

The review's level (expert) is the generic search with Alien City's hooks
(:mod:`.hooks`); this module runs the same search on a position
(:meth:`shared.bots.search.MctsBot.search`: the bot's seeded random numbers, the same
budget: the best move is the one the bot would play, tests check it) and keeps the tree.
A position's value is read as the search would go on from it: the mean win chance of its
most visited move (the move the search would play there; a node's own mean also counts
the replies it only tried, which sways small trees). The review reads the best move's
and the played move's positions from the root's children; a played move the search
visited fewer than ``enough`` times gets a search of its own from the position after it,
with the review's budget (a build step offers some fifty moves: a fifth of the budget
left each answer a handful of visits and read nothing but noise).

Win chances are counted in points at the rate the bots' squashing
(:func:`~shared.aliencity.bots.hooks.win_chance`) has in an even game, where one point of margin
is worth ``1 / (4 * SCALE)`` of win chance: a move's value is ``4 * SCALE * (p - 1/2)``
points, between -24 and +24. So a move that throws points away in a game already won
(or lost) costs little, as the search sees it, and turning a sure win into a sure loss
costs 48. (Inverting the squashing instead, ``SCALE * log(p / (1 - p))``, blew small
changes of near-certain win chances up to dozens of points late in a game.) A finished
game's margin is squashed the same way as a guess, so the last claim still tells a
small win from a big one.

In the end game (from Expert's ``solve_from`` pieces left) the review does not guess: it
searches every line to the end (:mod:`.endgame`) and values a position by its exact final
margin with best play, squashed the same way, and names the move that keeps the most
points (where Expert itself plays any move that secures the win). The search has a node
budget of ``SOLVE_NODES`` per iteration of the review's budget (so its results do not
depend on the machine), shares one table over the positions of the game (after the
first, each takes a few hundred positions at most), and a position it cannot finish in
its budget is read from the tree as before. The graph then shows the exact margins too,
where the game's projection is a guess.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any, cast

from shared.aliencity import City, GameState, Move, Phase, Player, Ruleset
from shared.aliencity.position import AlienCityPosition as Position
from shared.bots.search import Node
from shared.gamekit.api import GameSpec
from shared.gamekit.review_search import ReviewCancelled, ReviewSearch, Searched, Values

from .base import Clock
from .endgame import OutOfTime, Solver, Table, pieces_left, trim
from .evaluate import margin
from .hooks import SCALE, EndGame, SearchBot, win_chance

if TYPE_CHECKING:
    from shared.aliencity.spec import AlienCityPosition
    from shared.gamekit.review import ReviewSettings

POINTS_PER_CHANCE = 4.0 * SCALE   # points a whole win chance is worth (at even odds)
SOLVE_NODES = 100       # an exact end-game search's nodes per iteration of the budget:
                        # 30,000 at the screen's 300, some 3 s at ten pieces left


def values_of(p_black: float) -> Values:
    """(Black, White) in points from Black's win chance, around zero: only the
    difference counts for the review's lead (Black's lead is ``POINTS_PER_CHANCE *
    (p - 1/2)``)."""
    lead = POINTS_PER_CHANCE * (p_black - 0.5)
    return (lead / 2.0, -lead / 2.0)


def squashed(black_margin: float) -> float:
    """Black's chance from a final margin known for sure (a finished game, or an end game
    searched to the end), squashed as the bots squash a guess, where the search itself
    backs up a flat win or loss."""
    m = max(-40.0, min(40.0, black_margin / SCALE))
    return 1.0 / (1.0 + math.exp(-m))


def finished(state: GameState) -> float:
    """Black's chance in a finished game: its exact margin, squashed."""
    return squashed(margin(state))


def black_chance(node: Node, bot: SearchBot | None = None) -> float:
    """Black's win chance at ``node`` as the search goes on from it: the mean of its most
    visited move; a node with no moves grown yet gives its own mean, a root its static
    guess (``bot``'s weights). The search backs up (Black, White) values: Black's is the
    first; equal visits are told apart by the mean of the player to move there, as the
    search itself chooses (Black's mean would flatter Black's moves on White's turn)."""
    state = cast(Position, node.state).state
    if state.phase is Phase.OVER:
        return finished(state)
    if node.children:
        seat = int(state.to_move)  # type: ignore[arg-type]  # not over: someone is to move
        top = max(node.children, key=lambda n: (n.visits, n.totals[seat] / n.visits))
        return top.totals[0] / top.visits
    if not node.visits:
        return win_chance(state, weights=bot.weights) if bot is not None else win_chance(state)
    return node.totals[0] / node.visits


class AlienCityReviewSearch(ReviewSearch):
    """Reads the expert's tree, or its exact end game (levels without a tree use the
    generic way)."""

    graph_values = False   # the graph keeps the projection: exact margins in the end game

    # The Alien City spec reviews only its own positions, so the methods below take
    # AlienCityPosition where ReviewSearch says State: "type: ignore[override]" marks them.
    def __init__(self, spec: GameSpec, settings: ReviewSettings) -> None:
        super().__init__(spec, settings)
        self.table: Table = {}      # end-game positions solved so far, of ``table_game``
        self.history: dict[Move, int] = {}
        self.table_game: tuple[Ruleset, City] | None = None

    def solved(self, position: GameState, cancel: threading.Event | None) -> tuple[int, object] | None:
        """(Black's final margin with best play, the move that keeps the most points for
        the player to move), or None: not in Expert's end game, or not finished in the
        budget. Raises :class:`ReviewCancelled` when asked to stop."""
        bot = self.engine_bot(self.settings.iterations)
        if bot is None or bot.endgame is None or pieces_left(position) > EndGame.solve_from:
            return None
        game = (position.ruleset, position.city)
        if self.table_game != game:
            self.table, self.history, self.table_game = {}, {}, game
        solver = Solver(Clock(None, cancel), SOLVE_NODES * self.settings.iterations,
                        table=self.table, history=self.history)
        try:
            value, move = solver.exact(position)
        except OutOfTime:
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled() from None
            return None
        finally:
            trim(self.table, EndGame.table_cap, pieces_left(position))
        return (value if position.to_move is Player.BLACK else -value), move

    def projection(self, state: AlienCityPosition,  # type: ignore[override]
                   cancel: threading.Event | None = None) -> Values:
        """The graph's value: in the end game the exact final margin with best play in
        place of the static guess (split around the same mean of the totals)."""
        guess = super().projection(state, cancel)
        position = state.state
        solved = None if position.phase is Phase.OVER else self.solved(position, cancel)
        if solved is None:
            return guess
        mid = (guess[0] + guess[1]) / 2.0
        return (mid + solved[0] / 2.0, mid - solved[0] / 2.0)

    def engine_bot(self, iterations: int) -> SearchBot | None:
        bot = self.bot(iterations)
        return bot if isinstance(bot, SearchBot) else None

    @property
    def top_up(self) -> int:
        return self.settings.iterations

    def grow(self, bot: SearchBot, state: GameState, cancel: threading.Event | None) -> Node:
        """The bot's search of ``state`` (the one its ``pick`` runs), the tree kept."""
        root = bot.engine.search(Position(state), stop=cancel)
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled()
        return root

    def search(self, state: AlienCityPosition,  # type: ignore[override]
               cancel: threading.Event | None = None, include: tuple[Any, ...] = ()) -> Searched:
        """The tree's best move and values (it grows every move: ``include`` is moot)."""
        bot = self.engine_bot(self.settings.iterations)
        if bot is None:
            return super().search(state, cancel)
        position = state.state
        solved = self.solved(position, cancel)
        if solved is not None:
            black_margin, move = solved
            return Searched(move, {move: values_of(squashed(black_margin))})
        root = self.grow(bot, position, cancel)
        seat = int(position.to_move)  # type: ignore[arg-type]  # a review step: someone is to move
        best = max(root.children, key=lambda n: (n.visits, n.totals[seat] / n.visits))
        values = {}
        for child in root.children:
            if child is best or child.visits >= self.enough:
                values[child.move] = values_of(black_chance(child))
        return Searched(best.move, values)

    def top(self, state: AlienCityPosition, count: int = 3,  # type: ignore[override]
            cancel: threading.Event | None = None) -> list[tuple[Any, Values]]:
        """The analysis from the expert's tree: the moves it visited enough (topped up
        with the most visited), by the mover's win chance, best first."""
        bot = self.engine_bot(self.settings.iterations)
        if bot is None:
            return super().top(state, count, cancel)
        position = state.state
        root = self.grow(bot, position, cancel)
        seat = int(position.to_move)  # type: ignore[arg-type]  # analysed: someone is to move
        by_visits = sorted(root.children, key=lambda n: (-n.visits, -n.totals[seat] / max(n.visits, 1)))
        sure = [n for n in by_visits if n.visits >= self.enough]
        picked = sure + [n for n in by_visits if n not in sure][:max(0, count - len(sure))]
        sign = 1.0 if seat == 0 else -1.0
        ranked = sorted(((n.move, values_of(black_chance(n))) for n in picked),
                        key=lambda mv: -sign * mv[1][0])
        return ranked[:count]

    def value_after(self, after: AlienCityPosition, mover: int,  # type: ignore[override]
                    cancel: threading.Event | None = None) -> Values:
        position = after.state
        if position.phase is Phase.OVER:
            return values_of(finished(position))
        bot = self.engine_bot(self.top_up)
        if bot is None:
            return super().value_after(after, mover, cancel)
        solved = self.solved(position, cancel)
        if solved is not None:
            return values_of(squashed(solved[0]))
        return values_of(black_chance(self.grow(bot, position, cancel), bot=bot))


__all__ = ["AlienCityReviewSearch", "POINTS_PER_CHANCE", "SOLVE_NODES", "black_chance", "finished",
           "squashed", "values_of"]
