"""Alien City's own MCTS as it played before its levels became the game-generic search
(kept for bench/bots.py's ``old*`` levels, the yardstick the new levels are measured
against until they are proven; see ``OLD`` at the end).

Medium and Hard: Monte-Carlo tree search over builds and claims, with light playouts.
The levels differ in how long they search: Medium 60 iterations (its moves ordered by
the static guess, then a short look at the best), Hard as many as 1.75 s allow
(hundreds to thousands, with the machine's load), judging new nodes by the static guess
without a playout.

Each iteration walks the tree by UCT, adds one node, then plays a short playout: random
builds, and claims by a simple rule (take the best tower standing if it scores well or
if the claims would otherwise be lost). The playout stops after a few plies and the
static guess of ``evaluate``, squashed into a win chance, is backed up (a finished game
backs up its result). Build and claim steps are separate nodes; each node's value is
seen from the player who moved into it.

Measured (``python3 bench/bots.py --pairs hard-medium``, 100 games, 2 workers, load
average 3-6 on 2 cores, 2026-11-26): Hard beats Medium 0.800 [0.711, 0.867] (79-2-19),
Hard's move p95 1.85 s. Hard's exploration constant is what changed from 0.660 [0.563,
0.745] (exploration 0.5).

Expert (``python3 bench/bots.py --pairs expert-hard --cpu-clock``, 100 games, city seeds
1..50 with seats swapped, think time in CPU seconds, 2026-11-26): Expert beats Hard 0.855
[0.773, 0.911] (84-3-13), mean score 62.9 to 52.0; Expert's move p95 10.45 CPU s,
Hard's 1.84.
"""

from __future__ import annotations

import math
import random

from shared.aliencity import City, GameState, Move, Phase, Player, Ruleset
from shared.aliencity.bots.base import Bot, Clock
from shared.aliencity.bots.endgame import Table
from shared.aliencity.bots.evaluate import DEFAULT, EXPERT, Weights, margin
from shared.aliencity.bots.hooks import EndGame, playout_claim, win_chance


class Node:
    __slots__ = ("state", "move", "children", "untried", "after", "visits", "total", "guess")

    def __init__(self, state: GameState, move: Move | None, rng: random.Random,
                 guess: float | None = None) -> None:
        self.state = state
        self.move = move
        self.guess = guess  # Black's guessed margin, when the parent's ordering computed it
        self.children: list[Node] = []
        self.untried: list[Move] = [] if state.phase is Phase.OVER else list(state.legal_moves())
        rng.shuffle(self.untried)
        self.after: dict[Move, tuple[GameState, float]] | None = None  # once ordered
        self.visits = 0
        self.total = 0.0  # sum of results for the player who moved into this node

    def order(self, weights: Weights = DEFAULT) -> None:
        """Sort the untried moves by the static guess after them, the best last (it is
        grown next); equal guesses keep the seeded shuffle's order. The guesses are kept
        with the states, so a child grown from them is not judged twice."""
        sign = 1.0 if self.state.to_move is Player.BLACK else -1.0
        after = {}
        scored = []
        for i, move in enumerate(self.untried):
            state = self.state.apply(move)
            guess = margin(state, w=weights)
            after[move] = state, guess
            scored.append((sign * guess, -i, move))
        scored.sort(key=_first_two)
        self.untried = [move for _, _, move in scored]
        self.after = after

    def grow(self, rng: random.Random) -> "Node":
        move = self.untried.pop()
        if self.after is not None:
            state, guess = self.after.pop(move)
        else:
            state, guess = self.state.apply(move), None
        child = Node(state, move, rng, guess)
        self.children.append(child)
        return child

    def select(self, c: float) -> "Node":
        log_n = math.log(self.visits)
        best, best_v = self.children[0], float("-inf")
        for child in self.children:
            v = child.total / child.visits + c * math.sqrt(log_n / child.visits)
            if v > best_v:
                best, best_v = child, v
        return best


def _first_two(item: tuple[float, int, Move]) -> tuple[float, int]:
    return item[0], item[1]


class MctsBot(Bot):
    """UCT with short light playouts cut off by the static guess.

    Moves are grown best-guess first: the root's moves at once, a deeper node's once it
    has ``order_after`` visits, are sorted by the static guess after them. A node grows a
    new child only while it has fewer than ``widen_base + widen * sqrt(visits)``
    (progressive widening), so the search spends its iterations on the likely moves
    instead of trying each of fifty builds once."""

    level = "medium"
    default_iterations = 60
    default_think_s = 0.8
    explore = 0.5
    playout_plies = 6
    order_after: int | None = 4  # None: grow in random order, every move before selecting
    iterations: int              # the level's default when none is given (see __init__)
    widen = 1.5
    widen_base = 3
    weights: Weights = DEFAULT  # the static guess's knobs

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        super().__init__(seed, iterations=iterations if iterations is not None else self.default_iterations,
                         think_s=think_s if think_s is not None else self.default_think_s)

    def search(self, state: GameState, clock: Clock) -> Node:
        """The search tree of ``state`` after the budget or the clock ran out (the game
        review reads its statistics)."""
        rng = self.rng(state)
        root = Node(state, None, rng)
        for _ in range(self.iterations):
            if clock.expired():
                break
            self.iterate(root, rng)
        return root

    def pick(self, state: GameState, clock: Clock) -> Move:
        root = self.search(state, clock)
        if not root.children:
            return root.untried[0]
        return max(root.children, key=lambda n: (n.visits, n.total)).move  # type: ignore[return-value]  # a child's move

    def may_grow(self, node: Node) -> bool:
        if not node.untried:
            return False
        if self.order_after is None:
            return True
        return len(node.children) < self.widen_base + self.widen * math.sqrt(node.visits)

    def iterate(self, root: Node, rng: random.Random) -> None:
        node, path = root, [root]
        while not self.may_grow(node) and node.children:
            node = node.select(self.explore)
            path.append(node)
        if node.untried:
            if (self.order_after is not None and node.after is None
                    and (node is root or node.visits >= self.order_after)):
                node.order(self.weights)
            node = node.grow(rng)
            path.append(node)
        if self.playout_plies == 0 and node.guess is not None:
            black = win_chance(node.state, node.guess)  # the ordering's guess, not redone
        else:
            black = self.playout(node.state, rng)
        for parent, child in zip(path, path[1:]):
            child.visits += 1
            child.total += black if parent.state.to_move is Player.BLACK else 1.0 - black
        root.visits += 1

    def playout(self, state: GameState, rng: random.Random) -> float:
        for _ in range(self.playout_plies):
            if state.phase is Phase.OVER:
                break
            if state.phase is Phase.CLAIM:
                state = state.apply(playout_claim(state, rng))
            else:
                moves = state.legal_moves()
                state = state.apply(moves[rng.randrange(len(moves))])
        return win_chance(state, weights=self.weights)


class HardBot(MctsBot):
    """The same search, given its time: the clock, not the iteration budget, ends it.
    No playout: each new node is judged by the static guess at once, which costs a
    fraction of a playout and is less noisy, so the time buys many more iterations."""

    level = "hard"
    default_iterations = 10**7
    default_think_s = 1.75
    playout_plies = 0
    # With thousands of iterations and no playout noise, a narrow search pays: against
    # Medium at a fixed 1,000 iterations, 0.15 won 0.90 of the games where 0.5 won 0.80.
    explore = 0.15


class ExpertBot(HardBot):
    """Hard's search with more time (10 s a move), a finer static guess (the fitted blend
    ``evaluate.EXPERT``), and the end of the game played exactly:
    from ``solve_from`` pieces left it first tries to search every line to the end (see
    :mod:`.endgame`) in up to ``solve_share`` of its time, and plays the win or draw it
    proves; a position it proves lost, or could not finish, goes to the search. For
    people who want the strongest opponent, and for hints and the game review, where
    waiting is expected. (Going on from the previous move's search tree was tried and
    dropped: it reused about an eighth of the iterations, kept tens of MB between moves,
    and its tree slowed the other bot's search in a shared process by the garbage
    collector's passes over it.)"""

    level = "expert"
    default_think_s = 10.0
    weights = EXPERT
    solve_from = EndGame.solve_from
    solve_share = 0.7
    table_cap = EndGame.table_cap

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        super().__init__(seed, iterations=iterations, think_s=think_s)
        # With an iteration budget (tests), the solver gets a node budget too, so the
        # move never depends on the machine's speed.
        self.endgame = EndGame(None if iterations is None else 50 * iterations)

    @property
    def table(self) -> Table:
        return self.endgame.table

    @property
    def table_game(self) -> tuple[Ruleset, City] | None:
        return self.endgame.game

    def pick(self, state: GameState, clock: Clock) -> Move:
        seconds = None if clock.end is None else self.solve_share * max(0.0, clock.end - Clock.timer())
        move = self.endgame.solve(state, seconds, clock.stop)
        if move is None:
            move = super().pick(state, clock)
        if state.apply(move).phase is Phase.OVER:
            self.forget()
        return move

    def forget(self) -> None:
        self.endgame.forget()


OLD: dict[str, type[Bot]] = {"oldmedium": MctsBot, "oldhard": HardBot, "oldexpert": ExpertBot}
