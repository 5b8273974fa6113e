"""Game-generic computer players over the contract of :mod:`shared.gamekit.api`.

``MctsBot`` is UCT Monte-Carlo tree search that backs up a returns *vector* (one value
per seat), so one search plays any registered game with any number of seats: at each
node the seat to move picks by its own entry. Two things make it usable on games with
huge move lists (City Blocks opens with ~29,000 placements):

- progressive widening: a node only grows children sampled with ``legal.random(rng)``,
  about ``widen * sqrt(visits)`` of them, never the whole list;
- short playouts cut off by an evaluation (``evaluate(state) -> per-seat values``), with
  an optional game-specific playout policy.

Games plug in their own ``evaluate`` and ``policy``; the default evaluation reads the
state's provisional ranking, which every game offers.
"""

from __future__ import annotations

import math
import random
import threading
import time
import zlib
from typing import Any, Callable, Sequence

from shared.gamekit.api import State, returns_from_places

Evaluate = Callable[[State], Sequence[float]]
Policy = Callable[[State, random.Random], Any]


def ranking_values(state: State) -> tuple[float, ...]:
    """Returns of a finished game; otherwise half-weight returns from the ranking as it
    stands (a cheap, game-independent guess)."""
    if state.is_over():
        return tuple(state.returns())
    return tuple(0.5 * v for v in returns_from_places(state.ranking()))


def stable_seed(seed: int, state: State) -> int:
    """A seed for one decision that is the same in every process (``hash`` of text is
    salted per process; crc32 is not)."""
    return zlib.crc32(repr(state.key()).encode()) ^ (seed * 0x9E3779B1 & 0xFFFFFFFF)


class Budget:
    """Iterations and/or seconds, and a stop event: whichever ends first."""

    def __init__(self, iterations: int | None, seconds: float | None,
                 stop: threading.Event | None) -> None:
        self.left = iterations
        self.end = None if seconds is None else time.perf_counter() + seconds
        self.stop = stop

    def spend(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return False
        if self.left is not None:
            if self.left <= 0:
                return False
            self.left -= 1
        return self.end is None or time.perf_counter() < self.end


class RandomBot:
    """Plays a uniformly random legal move: the baseline every level must beat."""

    level = "random"
    think_s: float | None = None

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        self.seed = seed

    def choose(self, state: State, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Any:
        return state.legal_moves().random(random.Random(stable_seed(self.seed, state)))


class _Node:
    __slots__ = ("state", "move", "seat", "children", "visits", "totals", "tried", "over")

    def __init__(self, state: State, move: Any) -> None:
        self.state = state
        self.move = move
        self.seat = state.to_move
        self.children: list[_Node] = []
        self.visits = 0
        self.totals: list[float] = [0.0] * state.seat_count
        self.tried: set[Any] = set()   # the moves grown into children (moves are any value)
        self.over = state.is_over()


class MctsBot:
    """UCT with progressive widening and evaluation-cut playouts, for any game."""

    level = "mcts"
    default_iterations = 400
    default_think_s = 1.5

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None, evaluate: Evaluate = ranking_values,
                 policy: Policy | None = None, playout_plies: int = 8, explore: float = 0.7,
                 widen: float = 2.0, level: str | None = None) -> None:
        self.seed = seed
        self.iterations = iterations
        # a fixed budget decides the move alone (tests): no clock unless asked
        self.think_s = think_s if think_s is not None else (None if iterations else self.default_think_s)
        self.evaluate = evaluate
        self.policy = policy
        self.playout_plies = playout_plies
        self.explore = explore
        self.widen = widen
        if level:
            self.level = level

    def choose(self, state: State, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Any:
        rng = random.Random(stable_seed(self.seed, state))
        legal = state.legal_moves()
        if len(legal) == 1:
            return next(iter(legal))
        seconds = self.think_s
        if deadline_s is not None:
            seconds = deadline_s if seconds is None else min(seconds, deadline_s)
        iterations = self.iterations
        if iterations is None and seconds is None:
            iterations = self.default_iterations
        budget = Budget(iterations, seconds, stop)
        root = _Node(state, None)
        while budget.spend():
            self._iterate(root, rng)
        if not root.children:  # stopped before thinking: still answer at once
            return legal.random(rng)
        best = max(root.children, key=lambda c: (c.visits, c.totals[root.seat] / max(c.visits, 1)))  # type: ignore[index]  # the root: a seat is to move
        return best.move

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: _Node, rng: random.Random) -> None:
        path = [root]
        node = root
        while not node.over:
            if self._may_grow(node):
                child = self._grow(node, rng)
                if child is not None:
                    path.append(child)
                    node = child
                    break
            if not node.children:
                break
            node = self._select(node)
            path.append(node)
        values = self._rollout(node.state, rng)
        for each in path:
            each.visits += 1
            totals = each.totals
            for i, v in enumerate(values):
                totals[i] += v

    def _may_grow(self, node: _Node) -> bool:
        return len(node.children) < max(1.0, self.widen * math.sqrt(node.visits + 1))

    def _grow(self, node: _Node, rng: random.Random) -> _Node | None:
        legal = node.state.legal_moves()
        count = len(legal)
        if len(node.tried) >= count:
            return None
        for _ in range(8):  # sample a move not tried yet
            move = legal.random(rng)
            if move not in node.tried:
                break
        else:
            if count > 64:
                return None
            move = next((m for m in legal if m not in node.tried), None)
            if move is None:
                return None
        node.tried.add(move)
        after, _ = node.state.play(move)
        child = _Node(after, move)
        node.children.append(child)
        return child

    def _select(self, node: _Node) -> _Node:
        seat: int = node.seat  # type: ignore[assignment]  # a node with children: not over
        log_n = math.log(node.visits + 1)
        c = self.explore
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.visits == 0:
                return child
            score = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        for _ in range(self.playout_plies):
            if state.is_over():
                break
            move = self.policy(state, rng) if self.policy else state.legal_moves().random(rng)
            state, _ = state.play(move)
        return self.evaluate(state)
