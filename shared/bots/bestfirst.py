"""Hard: best-first minimax search on the static guess.

The tree grows one node at a time. Expanding a node plays every legal move from it and
scores each new position with the static guess of ``evaluate``; a node's value is the
best of its children for the player to move there (values are Black's margin, so Black
maximises and White minimises). Each step expands the leaf at the end of the principal
variation: the line both players would play if the tree were all there is. A move that
looks best one ply deep is thus checked against the opponent's best answer, then against
our best answer to that, and so on, as deep as the time allows, while a line whose value
falls hands the turn to the next best one. Evaluations are the budget unit.
"""

from __future__ import annotations

from shared.aliencity import GameState, Move, Phase, Player

from .base import Bot, Clock, position_key
from .evaluate import DEFAULT, Weights, margin


class Node:
    __slots__ = ("state", "move", "value", "children", "black")

    def __init__(self, state: GameState, move: Move | None, value: float) -> None:
        self.state = state
        self.move = move
        self.value = value  # Black's guessed margin, backed up from the leaves
        self.children: list[Node] | None = None  # None: not expanded yet
        self.black = state.to_move is Player.BLACK

    def best(self) -> "Node":
        kids = self.children
        return max(kids, key=_value) if self.black else min(kids, key=_value)


def _value(node: Node) -> float:
    return node.value


class BestFirstBot(Bot):
    """Best-first minimax on the static guess; ``iterations`` counts evaluations."""

    level = "hard"
    default_iterations = 6000
    default_think_s = 1.7
    weights: Weights = DEFAULT
    reuse = False  # keep the tree between moves (answers then depend on earlier calls)

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        super().__init__(seed, iterations=iterations if iterations is not None else self.default_iterations,
                         think_s=think_s if think_s is not None else self.default_think_s)
        self.tree: Node | None = None

    def forget(self) -> None:
        self.tree = None

    def pick(self, state: GameState, clock: Clock) -> Move:
        rng = self.rng(state)
        root = self.find(state) if self.reuse else None
        if root is None:
            root = Node(state, None, 0.0)
        budget = self.iterations
        while not clock.expired() and budget > 0:
            leaf = root
            path = [root]
            while leaf.children:
                leaf = leaf.best()
                path.append(leaf)
            if leaf.state.phase is Phase.OVER:
                break  # the principal variation reaches the end: nothing left to learn
            spent = self.expand(leaf, rng, clock)
            if spent < 0:
                break
            budget -= spent
            for node in reversed(path):
                if node.children:
                    node.value = node.best().value
        self.tree = root
        if not root.children:
            moves = state.legal_moves()
            return moves[rng.randrange(len(moves))]
        return root.best().move

    def expand(self, node: Node, rng, clock: Clock) -> int:
        """Score every child of ``node``; -1 if stopped midway (the node stays a leaf)."""
        moves = list(node.state.legal_moves())
        rng.shuffle(moves)  # equal values: the seed decides, not the engine's order
        kids = []
        w = self.weights
        for move in moves:
            if clock.expired():
                return -1
            after = node.state.apply(move)
            kids.append(Node(after, move, margin(after, w=w)))
        node.children = kids
        return len(kids)

    def find(self, state: GameState) -> Node | None:
        """The node for ``state`` in the tree kept from the last move, if it is there."""
        if self.tree is None:
            return None
        key = position_key(state)
        frontier = [self.tree]
        for _ in range(4):  # our move, our claim, their move, their claim
            nxt = []
            for node in frontier:
                if position_key(node.state) == key:
                    return node
                nxt.extend(node.children or ())
            frontier = nxt
        return None
