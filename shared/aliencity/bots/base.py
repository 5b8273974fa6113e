"""The bot interface shared by every level, and what makes bots reproducible and stoppable.

A bot's choice depends only on its seed, its settings and the position (plus, for a
bot that keeps its search tree, the positions it was shown before), never on the clock,
as long as the iteration budget runs out before the time limit: tests set a budget and
no time limit. The clock and the stop event only ever cut a search short.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod

from shared.aliencity import GameState, Move, Phase
from shared.aliencity.position import AlienCityPosition
from shared.bots.clock import Clock as Clock  # the levels take their clock from here


def position_key(state: GameState) -> str:
    """A text naming the position (board, claims, stocks, whose step): seeds the bot's
    random numbers so the same seed and position give the same move in any process."""
    mover = -1 if state.to_move is None else int(state.to_move)
    board = "".join(str(c) for c in state.board)
    caps = "".join(str(c) for c in state.caps)
    stocks = ",".join(str(n) for row in state.stocks for n in row)
    return f"{board}/{caps}/{stocks}/{mover}/{state.phase.value}"


class Bot(ABC):
    """A computer player. ``choose`` returns a legal move for the player to move.

    ``think_s`` is the level's default time limit per move and ``iterations`` its search
    budget (``None``: the level's default; levels without search ignore both)."""

    level: str = "?"

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        self.seed = seed
        self.iterations = iterations
        self.think_s = think_s

    def rng(self, state: GameState) -> random.Random:
        return random.Random(f"{self.level}:{self.seed}:{position_key(state)}")

    def choose(self, state: GameState | AlienCityPosition, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Move:
        """The move to play in an engine state or the contract's position (the contract's
        ``Bot``). ``deadline_s``: seconds this call may think, counted from now, at most
        the level's ``think_s`` (``None``: ``think_s``). ``stop``: set it to get a move at
        once (within about 0.1 s). Raises ``ValueError`` if the game is over."""
        if isinstance(state, AlienCityPosition):
            state = state.state
        if state.phase is Phase.OVER:
            raise ValueError("the game is over: there is no move to choose")
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seconds = self.think_s if deadline_s is None else (
            deadline_s if self.think_s is None else min(deadline_s, self.think_s))
        return self.pick(state, Clock(seconds, stop))

    @abstractmethod
    def pick(self, state: GameState, clock: Clock) -> Move:
        """Choose among two or more legal moves (the game is not over)."""

    def forget(self) -> None:
        """Drop anything kept from earlier moves (a new game starts)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level} seed={self.seed}>"
