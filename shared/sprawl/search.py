"""Sprawl's hard search: Monte-Carlo tree search that models the other seats.

The generic max-n search (:mod:`shared.bots.search`) lets every seat pick its own best
move, but Sprawl's other seats are usually far from best play, and in a 4-player game the
max-n assumption wastes most of the budget on replies nobody makes. This search keeps
two kinds of node:

- the searching seat's own nodes pick by UCT over every legal move (each tried once first,
  in the order of a one-ply evaluation; a first tower is always of the largest size, as
  a one-piece tower dies to either other size anyway);
- every other seat's node is a chance node: its reply is drawn from a greedy player
  with noise (the one-ply judgement ``quick`` of each reply, the easy level's own
  :func:`~shared.sprawl.bots.easy_value`, is worked out once per node and kept; each
  visit adds fresh noise and takes the best), which is how sensible opponents and the
  platform's easy level play.

A leaf is always a position where the searching seat is to move (or the game's end), so
each value backed up is read right before the searching seat acts.

The clock is read before each node is worked out, so an answer comes within a few
milliseconds of the time given; ``stop`` is read before each iteration.

Everything random comes from the bot's seed and the position; a fixed ``iterations``
budget gives the same move in the same position.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Iterable

from shared.bots.search import stable_seed

from .fastplay import fast_apply
from .moves import Move, Place
from .state import SprawlState

Value = Callable[[SprawlState, int], float]


class _Node:
    __slots__ = ("state", "seat", "visits", "total", "moves", "afters", "children", "scores",
                 "next")

    def __init__(self, state: SprawlState) -> None:
        self.state = state
        self.seat = state.to_move
        self.visits = 0
        self.total = 0.0
        self.moves: list[Move] | None = None  # moves worth trying, best first
        self.afters: list[SprawlState] = []  # own node: the state after each move
        self.children: dict[Any, _Node] = {}
        self.scores: list[float] | None = None  # chance node: one-ply value per move
        self.next = 0                        # own node: the next move not tried yet


class ModelSearch:
    """UCT for one seat against noisy-greedy models of the others (see the module text)."""

    def __init__(self, seed: int, *, iterations: int | None, seconds: float | None,
                 value: Value, quick: Value, noise: float = 1.5, explore: float = 0.5) -> None:
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.value = value
        self.quick = quick
        self.noise = noise
        self.explore = explore
        self.hero = -1
        self.rng = random.Random(0)

    def choose(self, state: SprawlState, stop: Any = None) -> Any:
        hero = state.to_move
        assert hero is not None  # asked only while the game runs
        self.hero = hero
        self.rng = random.Random(stable_seed(self.seed, state))
        end = None if self.seconds is None else time.perf_counter() + self.seconds
        root = _Node(state)
        self._own_moves(root)
        left = self.iterations
        while True:
            if stop is not None and stop.is_set():
                break
            if left is not None:
                if left <= 0:
                    break
                left -= 1
            if end is not None and time.perf_counter() >= end:
                break
            self._iterate(root, end)
        if not root.children:
            assert root.moves is not None  # _own_moves(root) above
            return root.moves[0]
        best = max(root.children.items(),
                   key=lambda kv: (kv[1].visits, kv[1].total / max(kv[1].visits, 1)))
        return best[0]

    # -- nodes ------------------------------------------------------------------------------
    def _own_moves(self, node: _Node) -> None:
        """The searching seat's moves, best one-ply first (ties by text, so it is stable)."""
        state, hero, quick = node.state, self.hero, self.quick
        ranked = []
        legal = state.legal_moves()
        moves: Iterable[Move] = legal
        if not state.started[hero]:
            # a first tower of one piece dies to either other size: take the most pips
            big = max(k for q, k, _ in legal.places)
            moves = [Place(hero, k, q) for q, k, _ in legal.places if k == big]
        for move in moves:
            after = fast_apply(state, move)
            ranked.append((-quick(after, hero), move.text(), move, after))
        ranked.sort(key=lambda r: (r[0], r[1]))
        node.moves = [r[2] for r in ranked]
        node.afters = [r[3] for r in ranked]

    def _chance_moves(self, node: _Node) -> None:
        """Another seat's replies a noisy greedy player might pick, with their values."""
        state, seat = node.state, node.seat
        assert seat is not None  # a chance node: another seat is to move
        scored: list[tuple[float, Move]] = []
        afters: dict[Move, SprawlState] = {}
        for move in state.legal_moves():
            after = fast_apply(state, move)
            scored.append((self.quick(after, seat), move))
            afters[move] = after
        top = max(v for v, _ in scored)
        keep = [(v, m) for v, m in scored if v > top - 2 * self.noise]
        node.moves = [m for _, m in keep]
        node.scores = [v for v, _ in keep]
        node.children = {m: _Node(afters[m]) for m in node.moves}

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: _Node, end: float | None) -> None:
        """One descent to a new leaf and its value backed up; given up (nothing backed up)
        when the clock runs out before a node is worked out, so time is kept closely."""
        path = [root]
        node = root
        hero, rng, noise = self.hero, self.rng, self.noise
        while node.seat is not None:
            if node.seat == hero:
                if node.moves is None:
                    if node is not root and node.visits == 0:
                        break                    # a new leaf: judge it
                    if end is not None and time.perf_counter() >= end:
                        return
                    self._own_moves(node)
                if node.next < len(node.moves):  # type: ignore[arg-type]  # set just above
                    i = node.next
                    node.next += 1
                    child = _Node(node.afters[i])
                    node.children[node.moves[i]] = child  # type: ignore[index]  # set above
                    node = child
                    path.append(node)
                    if node.seat == hero or node.seat is None:
                        break
                    continue
                node = self._select(node)
                path.append(node)
            else:
                if node.moves is None:
                    if end is not None and time.perf_counter() >= end:
                        return
                    self._chance_moves(node)
                scores: list[float] = node.scores  # type: ignore[assignment]  # set above
                if len(scores) == 1:
                    pick = 0
                else:
                    pick, best = 0, -math.inf
                    for i, v in enumerate(scores):
                        v += rng.uniform(-noise, noise)
                        if v > best:
                            pick, best = i, v
                node = node.children[node.moves[pick]]  # type: ignore[index]  # set above
                path.append(node)
                if node.visits == 0 and node.seat == hero:
                    break
        value = self.value(node.state, hero)
        for each in path:
            each.visits += 1
            each.total += value

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits + 1)
        c = self.explore
        best, best_score = None, -math.inf
        for child in node.children.values():
            if not child.visits:    # left unjudged when the clock ran out
                return child
            score = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best  # type: ignore[return-value]  # every child is judged: there is one
