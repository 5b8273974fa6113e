"""Hard: a selective two-ply search on the static guess ("what is my best move against
the opponent's best answer?").

Every own move is looked at one ply deep; the most promising are then checked against
every build the opponent could answer with, which is where a claimed tower gets attacked
by a rival of its colour, a road gets cut, or a tower we hoped to claim gets taken. The
search is anytime: candidates are refuted best-first and a stopped search answers with
the best move fully checked so far.
"""

from __future__ import annotations

from shared.aliencity import GameState, Move, Phase, Player

from .base import Bot, Clock
from .evaluate import DEFAULT, Weights, margin


class Budget:
    """Counts static evaluations against the iteration budget and watches the clock."""

    __slots__ = ("left", "clock", "done")

    def __init__(self, evaluations: int | None, clock: Clock) -> None:
        self.left = evaluations
        self.clock = clock
        self.done = False

    def spend(self) -> bool:
        """Account one evaluation; False once the budget or time is used up."""
        if self.done:
            return False
        if self.left is not None:
            self.left -= 1
            if self.left < 0:
                self.done = True
                return False
        if self.clock.expired():
            self.done = True
            return False
        return True


class ReplyBot(Bot):
    """Best own move against the opponent's best build in reply (two plies, static guess)."""

    level = "hard"
    default_iterations = 4000  # static evaluations per move
    default_think_s = 1.6
    width = 24  # own candidates checked against every reply, at most
    soft = 1  # a move's value: the mean of this many worst answers (1: plain minimax)
    cutoff = 1  # stop checking candidates whose one-ply value cannot beat the best
    weights: Weights = DEFAULT

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        super().__init__(seed, iterations=iterations if iterations is not None else self.default_iterations,
                         think_s=think_s if think_s is not None else self.default_think_s)

    def value(self, state: GameState, me: Player) -> float:
        m = margin(state, w=self.weights)
        return m if me is Player.BLACK else -m

    def pick(self, state: GameState, clock: Clock) -> Move:
        me = state.to_move
        budget = Budget(self.iterations, clock)
        rng = self.rng(state)
        moves = list(state.legal_moves())
        rng.shuffle(moves)  # ties break by the seed, not by the engine's move order
        first: list[tuple[float, int, Move, GameState]] = []
        for i, move in enumerate(moves):
            after = state.apply(move)
            if not budget.spend() and first:
                break
            first.append((self.value(after, me), i, move, after))
        first.sort(key=lambda x: (-x[0], x[1]))
        best_value, best = float("-inf"), first[0][2]
        for rank, (static, _, move, after) in enumerate(first[: self.width]):
            if budget.done or (self.cutoff and static <= best_value):
                break  # the answer can only lower a move's value
            checked = self.answered(after, me, budget, best_value)
            if checked is None:
                break
            if checked > best_value:
                best_value, best = checked, move
        return best

    def own_claim(self, state: GameState, me: Player, budget: Budget) -> GameState:
        """After our build: the claim (or pass) the static guess likes best."""
        best_v, best_s = float("-inf"), state
        for move in state.legal_moves():
            after = state.apply(move)
            if not budget.spend():
                return best_s if best_v > float("-inf") else after
            v = self.value(after, me)
            if v > best_v:
                best_v, best_s = v, after
        return best_s

    def answered(self, state: GameState, me: Player, budget: Budget, beat: float) -> float | None:
        """Value for ``me`` of ``state`` after the opponent's best build (and its claim,
        which the guess's draft foresees). ``None`` when the budget ran out midway."""
        if state.phase is Phase.CLAIM and state.to_move is me:
            state = self.own_claim(state, me, budget)
        if state.phase is Phase.OVER or state.to_move is me:
            return self.value(state, me)
        if self.soft > 1:
            values = []
            for reply in state.legal_moves():
                if not budget.spend():
                    return None
                values.append(self.value(state.apply(reply), me))
            values.sort()
            worst_few = values[: self.soft]
            return sum(worst_few) / len(worst_few)
        worst = float("inf")
        for reply in state.legal_moves():
            if not budget.spend():
                return None
            v = self.value(state.apply(reply), me)
            if v < worst:
                worst = v
                if worst <= beat:
                    return worst  # refuted: no better than the best move so far
        return worst
