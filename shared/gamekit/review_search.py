"""How the game review values a move: by the strongest level's search, not a static guess.

:mod:`shared.gamekit.review` asks a :class:`ReviewSearch` two things about each position:

- :meth:`~ReviewSearch.search`: the best move the level finds, and its own values for the
  moves its search looked at hard enough (a tree search's child statistics);
- :meth:`~ReviewSearch.value_after`: the value of a position right after a move, by a
  fixed-budget search of its own, for a move the first search hardly looked at.

Values are one number per seat in the game's ``review_unit``, so the review compares a
seat's lead (its value less the best other seat's) after the best and the played move.

A level whose bot offers its search (``bot.searcher()``: the game-generic search of
:mod:`shared.bots.search`, City Blocks' and Sprawl's hard and expert) is read directly:
the root's statistics give the best move and the values of the moves it visited enough
(the move played is always among the root's moves), and a position after a move is
valued by a search of its own for the mover (``value_after``). Values are the search's
own, times the game's ``value_scale`` (review units per unit of search value). So the
loss of a move is a difference of search values, never of static guesses.

A bot without a search (a lower level) is asked for its move only, and a move is valued
by letting the same level (with a fifth of the budget) answer for every other seat until
the mover is to move again, then reading the game's projection. A game whose search is
its own returns its own subclass from ``GameSpec.review_search`` (Alien City:
:mod:`shared.aliencity.bots.review`). Everything is seeded (the same settings give the
same values) and every search stops at once when ``cancel`` is set (:class:`ReviewCancelled`).

:meth:`ReviewSearch.top` is the review's analysis: a position's best few moves with their
values, best first.
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

    value_scale = 1.0           # review units per unit of the search's values
    graph_values = True         # the review graphs these values (else the game's projection)
    min_visits = 10             # a root move needs this many visits (or 1/30 of the budget) to be read

    def __init__(self, spec: GameSpec, settings: "ReviewSettings") -> None:
        self.spec = spec
        self.settings = settings

    @property
    def top_up(self) -> int:
        """The budget of a search of the position after a move (here: each answer's)."""
        return max(MIN_TOP_UP, self.settings.iterations // TOP_UP_SHARE)

    @property
    def enough(self) -> int:
        """The visits a root move needs before its mean value is trusted."""
        return max(self.min_visits, self.settings.iterations // 30)

    def projection(self, state: State, cancel: threading.Event | None = None) -> Values:
        """The graph's value of ``state``: here the game's projection; a search that
        knows better (an end game searched to the end) says so instead."""
        return tuple(float(v) for v in self.spec.projection(state))

    def bot(self, iterations: int) -> Bot:
        return self.spec.make_bot(self.settings.level, self.settings.seed, iterations=iterations,
                                  think_s=NO_CLOCK_S)

    def searcher(self, iterations: int) -> Any:
        """The level's search (``analyse``, ``value_for``), or None: a level without one."""
        find = getattr(self.bot(iterations), "searcher", None)
        return find() if find is not None else None

    def scaled(self, values: Any) -> Values:
        return tuple(float(v) * self.value_scale for v in values)

    def search(self, state: State, cancel: threading.Event | None = None,
               include: tuple[Any, ...] = ()) -> Searched:
        """The level's move in ``state`` with the review's budget, and the search's values
        of the root moves it visited enough (``include``: moves the root must try)."""
        search = self.searcher(self.settings.iterations)
        if search is None:
            move = self.bot(self.settings.iterations).choose(state, stop=cancel)
            check(cancel)
            return Searched(move)
        found = search.analyse(state, stop=cancel, include=include)
        check(cancel)
        best = found[0]
        return Searched(best.move, {m.move: self.scaled(m.values) for m in found
                                    if m is best or m.visits >= self.enough})

    def value_after(self, after: State, mover: int,
                    cancel: threading.Event | None = None) -> Values:
        """``after`` (the position right after ``mover``'s move) as the level sees it: its
        search for ``mover`` from there with the ``top_up`` budget; a level without a search
        lets the other seats answer with its moves until ``mover`` is to move again (or the
        game ends), then reads the :meth:`projection` of where that leads."""
        search = self.searcher(self.top_up)
        if search is not None:
            values = search.value_for(after, mover, stop=cancel)
            check(cancel)
            return self.scaled(values)
        state, bot = after, None
        for _ in range(2 * after.seat_count):   # a round, with room for seats that move twice
            if state.is_over() or state.to_move == mover:
                break
            bot = bot or self.bot(self.top_up)
            move = bot.choose(state, stop=cancel)
            check(cancel)
            state, _ = state.play(move)
        return self.projection(state, cancel)

    def end_values(self, state: State) -> Values | None:
        """A finished position's values as the level's search scores it (in the review's
        unit), or None: a level without a search."""
        search = self.searcher(MIN_TOP_UP)
        return self.scaled(search.evaluate(state)) if search is not None else None

    def top(self, state: State, count: int = 3,
            cancel: threading.Event | None = None) -> list[tuple[Any, Values]]:
        """The analysis: ``state``'s best ``count`` moves with their values, best first
        (the mover's lead). Moves the search visited enough, topped up with the most
        visited; a level without a search gives its one move, valued by ``value_after``."""
        mover = state.to_move
        assert mover is not None, "a finished game has no moves to analyse"
        search = self.searcher(self.settings.iterations)
        if search is None:
            move = self.search(state, cancel).best
            return [(move, self.value_after(state.play(move)[0], mover, cancel))]
        found = search.analyse(state, stop=cancel)
        check(cancel)
        sure = [m for m in found if m.visits >= self.enough]
        picked = sure + [m for m in found if m not in sure][:max(0, count - len(sure))]
        ranked = sorted(((m.move, self.scaled(m.values)) for m in picked),
                        key=lambda mv: -lead_of(mv[1], mover))
        return ranked[:count]


def lead_of(values: Values, seat: int) -> float:
    """``seat``'s value less the best other seat's."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - max(others) if others else 0.0


__all__ = ["NO_CLOCK_S", "ReviewCancelled", "ReviewSearch", "Searched", "Values", "check", "lead_of"]
