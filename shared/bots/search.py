"""Game-generic computer players over the contract of :mod:`shared.gamekit.api`.

``MctsBot`` is UCT Monte-Carlo tree search that backs up a returns *vector* (one value
per seat), so one search plays any registered game with any number of seats. Every
game-specific judgement is a hook passed in:

- ``evaluate(state) -> per-seat values`` cuts a playout short (default: the state's
  provisional ranking, which every game offers);
- ``policy(state, rng) -> move`` plays the playout moves (default: a random legal move);
  ``playout_plies=0`` judges each new leaf by ``evaluate`` alone;
- ``candidates(state, rng) -> moves`` orders a node's moves best first (or samples the
  few worth trying out of a huge list); children then grow in that order, otherwise
  they are sampled with ``legal.random(rng)``; ``root_candidates`` may look wider at the
  root, where the answer is chosen. Either way a node grows only about
  ``widen_base + widen * sqrt(visits)`` children (progressive widening; ``widen=None``:
  try every candidate once before choosing among them). ``order_after=n`` asks a deeper
  node for its candidates only once it has ``n`` visits (ordering may cost many
  evaluations): until then its children are sampled at random;
- ``expand(state, rng, skip) -> [(move, values, after), ...]`` is ``candidates`` that also
  hands over the position after each move and its values, judged while ordering: a child
  grown from it is not played or judged again (with ``playout_plies=0`` its values are its
  leaf's); ``skip`` holds the moves already grown at random (before ``order_after``
  visits), which it need not judge again; it replaces ``candidates`` and
  ``root_candidates``;
- ``replies(state) -> [(move, value, after or None), ...]`` models the other seats:
  with it, a node where another seat than the searching one is to move is a chance
  node, whose reply is the best value after fresh noise (``reply_noise``) each visit,
  as sensible opponents and the easy levels play; without it every seat picks its own
  best by its own entry (max-n), which wastes most of a multi-seat budget on replies
  nobody makes. A leaf is then always a position where the searching seat is to move
  (or the end), so each value backed up is read right before it acts;
- ``solver(state) -> per-seat values or None`` gives a position's exact values when it
  can (an end-game solver); such a node is not searched further;
- ``advance(state, move) -> state`` plays a move inside the search (default
  ``state.play(move)[0]``; a game may pass a cheaper one without events or records);
- ``decide(state, seconds, stop) -> move or None`` is tried before the search, with
  ``decide_share`` of the time (``None``: untimed): a move it returns is played without
  searching (an exact end-game solver that proves a win or a draw), ``None`` leaves the
  rest of the time to the search.

Values are per seat, so a two-player game may back up (p, 1 - p) for a win chance p; a
node's value is read for the seat to move there.

City Blocks' and Sprawl's search levels are this search with their hooks
(``shared/cityblocks/hooks.py``, ``shared/sprawl/hooks.py``), Alien City's too
(``shared/aliencity/bots/hooks.py``).

The clock (:class:`shared.bots.clock.Clock`'s timer: wall time, or CPU time in a
benchmark) is read before each node is worked out, so an answer comes within a few
milliseconds of the time given; ``stop`` is read before each iteration. Everything random
comes from the bot's seed and the position: a fixed ``iterations`` budget gives the same
move in the same position.
"""

from __future__ import annotations

import math
import random
import threading
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Collection, Sequence

from shared.gamekit.api import State, returns_from_places

from .clock import Clock

Evaluate = Callable[[State], Sequence[float]]
Policy = Callable[[State, random.Random], Any]
Candidates = Callable[[State, random.Random], Sequence[Any]]
Replies = Callable[[State], Sequence[tuple[Any, float, Any]]]
Solver = Callable[[State], Sequence[float] | None]
Advance = Callable[[State, Any], State]
Expand = Callable[[State, random.Random, Collection[Any]],
                  Sequence[tuple[Any, Sequence[float], State]]]
Decide = Callable[[State, float | None, threading.Event | None], Any]


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


def noisy_best(scores: Sequence[float], noise: float, rng: random.Random) -> int:
    """The index of the best score after fresh uniform noise of +-``noise`` on each (the
    first on a tie): how a modelled seat picks its reply, each visit anew."""
    pick, best = 0, -math.inf
    for i, v in enumerate(scores):
        v += rng.uniform(-noise, noise)
        if v > best:
            pick, best = i, v
    return pick


def _play(state: State, move: Any) -> State:
    return state.play(move)[0]


class Budget:
    """Iterations and/or seconds, and a stop event: whichever ends first."""

    def __init__(self, iterations: int | None, seconds: float | None,
                 stop: threading.Event | None) -> None:
        self.left = iterations
        self.end = None if seconds is None else Clock.timer() + seconds  # a benchmark may set CPU time
        self.stop = stop

    def spend(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return False
        if self.left is not None:
            if self.left <= 0:
                return False
            self.left -= 1
        return self.end is None or Clock.timer() < self.end

    def expired(self) -> bool:
        return self.end is not None and Clock.timer() >= self.end

    def seconds_left(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - Clock.timer())


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


@dataclass(frozen=True)
class MoveValue:
    """A root move after a search: how often it was visited and its mean value per seat."""

    move: Any
    visits: int
    values: tuple[float, ...]


class _Node:
    __slots__ = (
        "afters",
        "children",
        "exact",
        "full",
        "guess",
        "guesses",
        "move",
        "next",
        "order",
        "over",
        "replies",
        "scores",
        "seat",
        "state",
        "totals",
        "tried",
        "visits",
    )

    def __init__(self, state: State, move: Any) -> None:
        self.state = state
        self.move = move
        self.seat = state.to_move
        self.children: list[_Node] = []
        self.visits = 0
        self.totals: list[float] = [0.0] * state.seat_count
        self.tried: set[Any] = set()   # the moves grown into children (moves are any value)
        self.over = state.is_over()
        self.order: Sequence[Any] | None = None   # candidates, best first (once asked)
        self.next = 0                               # the next candidate not grown yet
        self.replies: list[Any] | None = None     # chance node: the replies worth modelling
        self.scores: list[float] = []             # ... their values for the seat to move
        self.afters: list[Any] = []               # ... and the positions after them
        self.exact: Sequence[float] | None = None  # the solver's values (or a finished game's)
        self.full = False                           # every move grown: no widening check
        self.guess: Sequence[float] | None = None  # values judged by the parent's ``expand``
        self.guesses: list[Sequence[float]] = []   # ... the values of ``order``'s moves


Node = _Node  # the tree :meth:`MctsBot.search` grows, for its readers


class MctsBot:
    """UCT with progressive widening, evaluation-cut playouts and per-game hooks (see the
    module text), for any game."""

    level = "mcts"
    default_iterations = 400
    default_think_s = 1.5

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None, evaluate: Evaluate = ranking_values,
                 policy: Policy | None = None, playout_plies: int = 8, explore: float = 0.7,
                 widen: float | None = 2.0, level: str | None = None,
                 candidates: Candidates | None = None, replies: Replies | None = None,
                 reply_noise: float = 0.0, solver: Solver | None = None,
                 advance: Advance = _play, root_candidates: Candidates | None = None,
                 widen_base: float = 0.0, order_after: int = 1, expand: Expand | None = None,
                 decide: Decide | None = None, decide_share: float = 1.0) -> None:
        self.seed = seed
        self.iterations = iterations
        # a fixed budget decides the move alone (tests): no clock unless asked
        self.think_s = think_s if think_s is not None else (None if iterations else self.default_think_s)
        self.evaluate = evaluate
        self.policy = policy
        self.playout_plies = playout_plies
        self.explore = explore
        self.widen = widen
        self.candidates = candidates
        self.root_candidates = root_candidates or candidates
        self.replies = replies
        self.reply_noise = reply_noise
        self.solver = solver
        self.advance = advance
        self.widen_base = widen_base
        self.order_after = order_after
        self.expand = expand
        self.decide = decide
        self.decide_share = decide_share
        self.hero = -1
        if level:
            self.level = level

    def choose(self, state: State, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Any:
        rng = random.Random(stable_seed(self.seed, state))
        legal = state.legal_moves()
        if len(legal) == 1:
            return next(iter(legal))
        budget = self._budget(deadline_s, stop)
        if self.decide is not None:
            left = budget.seconds_left()
            decided = self.decide(state, None if left is None else self.decide_share * left, stop)
            if decided is not None:
                return decided
        return self.best(self._search(state, rng, budget), rng)

    def search(self, state: State, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> _Node:
        """The tree ``choose`` would grow (without ``decide``), for readers of its
        statistics (a game review): each node's ``move``, ``visits``, ``totals`` per
        seat and ``children``."""
        rng = random.Random(stable_seed(self.seed, state))
        return self._search(state, rng, self._budget(deadline_s, stop))

    def _budget(self, deadline_s: float | None, stop: threading.Event | None) -> Budget:
        seconds = self.think_s
        if deadline_s is not None:
            seconds = deadline_s if seconds is None else min(seconds, deadline_s)
        iterations = self.iterations
        if iterations is None and seconds is None:
            iterations = self.default_iterations
        return Budget(iterations, seconds, stop)

    def _search(self, state: State, rng: random.Random, budget: Budget,
                include: Sequence[Any] = ()) -> _Node:
        """The tree of one decision (``include``: root moves tried even when the
        candidates leave them out, so the review can read the move played)."""
        self.hero = state.to_move  # type: ignore[assignment]  # asked only while the game runs
        root = _Node(state, None)
        stop = budget.stop
        if not (stop is not None and stop.is_set()):
            if self.expand is not None:
                self._order(root, rng)
            elif self.root_candidates is not None:
                root.order = self.root_candidates(state, rng)
        if include:
            order = list(root.order) if root.order is not None else []
            extra = [m for m in include if m not in order]
            if root.order is None or self.expand is not None:
                # no candidates, or candidates with their positions: the included moves
                # are grown at once, the others follow in order
                root.tried.update(extra)
                root.children.extend(self._child(root, m) for m in extra)
            else:
                root.order = order + extra
        while budget.spend():
            self._iterate(root, rng, budget)
        return root

    def searcher(self) -> "MctsBot":
        """The search behind this player (itself): the review and the hints read its values."""
        return self

    def analyse(self, state: State, *, deadline_s: float | None = None,
                stop: threading.Event | None = None, include: Sequence[Any] = ()) -> list[MoveValue]:
        """The search of ``state`` as its root's moves, most visited first (the first is
        the move :meth:`choose` plays with the same budget), each with its visits and its
        mean value per seat. ``include``: moves that must be among them."""
        rng = random.Random(stable_seed(self.seed, state))
        root = self._search(state, rng, self._budget(deadline_s, stop), include)
        seat: int = root.seat  # type: ignore[assignment]  # the root: a seat is to move
        first = self.best(root, rng) if root.children else None
        out = [MoveValue(c.move, c.visits, tuple(t / c.visits for t in c.totals) if c.visits else
                         tuple(self.evaluate(c.state))) for c in root.children]
        out.sort(key=lambda m: (m.move != first, -m.visits, -m.values[seat]))
        return out

    def value_for(self, state: State, seat: int, *, stop: threading.Event | None = None) -> tuple[float, ...]:
        """``state`` (typically right after ``seat`` moved) searched for ``seat`` with this
        bot's budget: the mean value per seat of the lines the search follows from it."""
        if state.is_over():
            return tuple(float(v) for v in self.evaluate(state))
        rng = random.Random(stable_seed(self.seed, state) ^ (seat + 1))
        budget = self._budget(None, stop)
        self.hero = seat
        root = _Node(state, None)
        if state.to_move == seat:
            if self.expand is not None:
                self._order(root, rng)
            elif self.root_candidates is not None:
                root.order = self.root_candidates(state, rng)
        while budget.spend():
            self._iterate(root, rng, budget)
        if not root.visits:
            return tuple(float(v) for v in self.evaluate(state))
        return tuple(t / root.visits for t in root.totals)

    def best(self, root: _Node, rng: random.Random) -> Any:
        """The most visited root move (ties: the better mean); without any, the first
        candidate or a random move."""
        if not root.children:  # stopped before thinking: still answer at once
            if root.order:
                return root.order[0]
            return root.state.legal_moves().random(rng)
        seat: int = root.seat  # type: ignore[assignment]  # the root: a seat is to move
        top = max(root.children, key=lambda c: (c.visits, c.totals[seat] / max(c.visits, 1)))
        return top.move

    # -- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: _Node, rng: random.Random, budget: Budget) -> None:
        """One descent to a new leaf and its values backed up; given up (nothing backed
        up) when the clock runs out before a node is worked out."""
        path = [root]
        node = root
        modelled = self.replies is not None
        while not node.over and node.exact is None:
            if modelled and node.seat != self.hero:
                if node.replies is None:
                    if budget.expired():
                        return
                    self._model(node)
                node = self._reply(node, rng)
                path.append(node)
                if node.visits == 0 and (node.seat == self.hero or node.over):
                    break
                continue
            if not node.full and self._may_grow(node):
                if node.order is None and (self.candidates or self.expand) is not None:
                    if node is not root and node.visits == 0:
                        break               # a new leaf: judge it first
                    if node.visits >= self.order_after:
                        if budget.expired():
                            return
                        self._order(node, rng)
                child = self._grow(node, rng)
                if child is not None:
                    path.append(child)
                    node = child
                    if modelled and child.seat != self.hero and not child.over:
                        continue            # walk the others' replies to our next turn
                    break
            if not node.children:
                break
            node = self._select(node)
            path.append(node)
        if node.exact is not None:
            values = node.exact
        elif node.guess is not None and self.playout_plies == 0:
            values = node.guess
        elif node.over:  # judged once: its next visits (often thousands late on) reuse it
            values = node.exact = tuple(self.evaluate(node.state))
        else:
            values = self._rollout(node.state, rng)
        for each in path:
            each.visits += 1
            totals = each.totals
            for i, v in enumerate(values):
                totals[i] += v

    def _may_grow(self, node: _Node) -> bool:
        if self.widen is None:
            return True
        return len(node.children) < max(1.0, self.widen_base + self.widen * math.sqrt(node.visits + 1))

    def _order(self, node: _Node, rng: random.Random) -> None:
        """A node's candidates, best first (with their positions and values from
        ``expand``)."""
        if self.expand is None:
            node.order = self.candidates(node.state, rng)  # type: ignore[misc]  # one of the two
            return
        scored = self.expand(node.state, rng, node.tried)
        node.order = [m for m, _, _ in scored]
        node.guesses = [v for _, v, _ in scored]
        node.afters = [a for _, _, a in scored]

    def _child(self, node: _Node, move: Any, after: State | None = None) -> _Node:
        child = _Node(after if after is not None else self.advance(node.state, move), move)
        if self.solver is not None and not child.over:
            child.exact = self.solver(child.state)
        node.children.append(child)
        return child

    def _grow(self, node: _Node, rng: random.Random) -> _Node | None:
        if node.order is not None:
            order = node.order
            while node.tried and node.next < len(order) and order[node.next] in node.tried:
                node.next += 1      # grown at random before the node was ordered
            if node.next >= len(order):
                node.full = True
                return None
            i = node.next
            node.next += 1
            if not node.afters:
                return self._child(node, order[i])
            child = self._child(node, order[i], node.afters[i])
            child.guess = node.guesses[i]
            return child
        legal = node.state.legal_moves()
        count = len(legal)
        if len(node.tried) >= count:
            node.full = True
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
        return self._child(node, move)

    def _model(self, node: _Node) -> None:
        """A chance node's replies: those within twice the noise of the best."""
        scored = list(self.replies(node.state))  # type: ignore[misc]  # modelled: a hook
        if not scored:
            scored = [(node.state.legal_moves().random(random.Random(0)), 0.0, None)]
        top = max(v for _, v, _ in scored)
        keep = [r for r in scored if r[1] >= top - 2 * self.reply_noise]
        node.replies = [m for m, _, _ in keep]
        node.scores = [v for _, v, _ in keep]
        node.afters = [a for _, _, a in keep]
        node.children = [None] * len(keep)  # type: ignore[list-item]  # made when drawn

    def _reply(self, node: _Node, rng: random.Random) -> _Node:
        """The reply drawn this visit: the best value after fresh noise."""
        scores = node.scores
        pick = noisy_best(scores, self.reply_noise, rng) if len(scores) > 1 else 0
        child: _Node | None = node.children[pick]
        if child is None:
            replies: list[Any] = node.replies  # type: ignore[assignment]  # modelled above
            child = _Node(node.afters[pick] if node.afters[pick] is not None
                          else self.advance(node.state, replies[pick]), replies[pick])
            if self.solver is not None and not child.over:
                child.exact = self.solver(child.state)
            node.children[pick] = child
        return child

    def _select(self, node: _Node) -> _Node:
        seat: int = node.seat  # type: ignore[assignment]  # a node with children: not over
        log_n = math.log(node.visits + 1)
        c = self.explore
        sqrt = math.sqrt
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            n = child.visits
            if n == 0:
                return child
            score = child.totals[seat] / n + c * sqrt(log_n / n)
            if score > best_score:
                best, best_score = child, score
        return best

    def _rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        for _ in range(self.playout_plies):
            if state.is_over():
                break
            move = self.policy(state, rng) if self.policy else state.legal_moves().random(rng)
            state = self.advance(state, move)
        return self.evaluate(state)
