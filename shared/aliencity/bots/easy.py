"""The two levels without search: Random (a baseline for the benchmark) and Easy.

Easy looks one move ahead with the static guess of ``evaluate`` and then blurs it: it
sees only part of its builds and adds noise to every value, so it plays sensible-looking
moves but misses many good ones and never reads the opponent's reply.
"""

from __future__ import annotations

from shared.aliencity import GameState, Move, Phase, Player

from .base import Bot, Clock
from .evaluate import DEFAULT, Weights, margin


class RandomBot(Bot):
    """Uniformly random legal moves: the floor every level must beat."""

    level = "random"

    def pick(self, state: GameState, clock: Clock) -> Move:
        moves = state.legal_moves()
        return moves[self.rng(state).randrange(len(moves))]


class OnePlyBot(Bot):
    """Best move by the static guess after it, with noise (``noise`` in score points)
    and only a ``sample`` share of the builds looked at."""

    level = "greedy"
    noise: float = 0.0
    sample: float = 1.0
    weights: Weights = DEFAULT

    def pick(self, state: GameState, clock: Clock) -> Move:
        rng = self.rng(state)
        moves = list(state.legal_moves())
        if state.phase is Phase.BUILD and self.sample < 1.0:
            moves = rng.sample(moves, max(1, round(len(moves) * self.sample)))
        sign = 1.0 if state.to_move is Player.BLACK else -1.0
        best, choice = float("-inf"), moves[0]
        for move in moves:
            if clock.expired():
                break
            value = sign * margin(state.apply(move), w=self.weights)
            if self.noise:
                value += rng.gauss(0.0, self.noise)
            if value > best:
                best, choice = value, move
        return choice


class EasyBot(OnePlyBot):
    """A loose one-ply player: a beginner who reads the board a little can beat it."""

    level = "easy"
    noise = 8.0
    sample = 0.4
