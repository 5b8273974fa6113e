"""Alien City's hooks for the game-generic search (:mod:`shared.bots.search`), and its
search levels built on them.

- values: Black's win chance ``p`` from the static guess of the final margin
  (:func:`win_chance`), backed up as ``(p, 1 - p)``;
- ``expand``: the moves ordered by the guess after them, best first, the positions and
  their values handed over so a child is not judged twice; the root is ordered at once,
  a deeper node after ``order_after`` visits (ordering fifty builds costs fifty guesses);
- playouts (Medium only): random builds, claims by :func:`playout_claim`;
- ``decide`` (Expert only): the exact end-game solver (:mod:`.endgame`), whose table of
  solved positions lives on between the moves of one game.

Build and claim steps are separate nodes.
"""

from __future__ import annotations

import math
import random
import threading
from typing import Any, Collection

from shared.aliencity import City, GameState, Move, Phase, Player, Ruleset
from shared.aliencity.position import AlienCityPosition
from shared.bots.search import MctsBot

from .base import Bot, Clock
from .board import Board
from .endgame import OutOfTime, Solver, Table, pieces_left, trim
from .evaluate import DEFAULT, EXPERT, Weights, margin

SCALE = 12.0  # score points that make a win chance of about 73% (logistic)


def win_chance(state: GameState, black_margin: float | None = None, weights: Weights = DEFAULT) -> float:
    """Black's chance to win: the result when the game is over, else squashed guess."""
    if state.phase is Phase.OVER:
        w = state.winner
        return 0.5 if w is None else (1.0 if w is Player.BLACK else 0.0)
    m = margin(state, w=weights) if black_margin is None else black_margin
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, m / SCALE))))


def playout_claim(state: GameState, rng: random.Random) -> Move:
    """Claim the best standing tower when it is worth it or claims would go to waste."""
    me = int(state.to_move)  # type: ignore[arg-type]  # a claim step: someone is to move
    towers = [t for t in Board(state).towers if t.owner < 0]
    best = max(towers, key=lambda t: t.points, default=None)
    moves = state.legal_moves()
    if best is None:
        return moves[-1]
    builds_left = sum(state.stocks[me])
    urgent = state.claims_left(state.to_move) >= builds_left  # type: ignore[arg-type]  # as above
    if urgent or best.points >= 12 or (best.points > 0 and rng.random() < 0.15):
        for move in moves:
            if getattr(move, "lot", None) == best.lot:
                return move
    return moves[-1]  # Pass is listed last


def advance(position: AlienCityPosition, move: Move) -> AlienCityPosition:
    """A move inside the search: the engine's step, without the contract's events."""
    return AlienCityPosition(position.state.apply(move))


class Hooks:
    """The judgement of one level (``weights``: the static guess's knobs)."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights

    def evaluate(self, position: AlienCityPosition) -> tuple[float, float]:
        p = win_chance(position.state, weights=self.weights)
        return (p, 1.0 - p)

    def expand(self, position: AlienCityPosition, rng: random.Random,
               skip: Collection[Move] = ()) -> list[tuple[Move, tuple[float, float], AlienCityPosition]]:
        """Every move but those in ``skip`` (grown already) with the position after it and
        its guessed values, best guess first for the player to move (equal guesses in a
        seeded random order)."""
        state = position.state
        sign = 1.0 if state.to_move is Player.BLACK else -1.0
        moves = [m for m in state.legal_moves() if m not in skip] if skip else list(state.legal_moves())
        rng.shuffle(moves)
        scored = []
        for move in moves:
            after = state.apply(move)
            guess = margin(after, w=self.weights)
            p = win_chance(after, guess)
            scored.append((sign * guess, move, (p, 1.0 - p), AlienCityPosition(after)))
        scored.sort(key=lambda t: -t[0])   # stable: ties keep the shuffle
        return [(m, v, a) for _, m, v, a in scored]

    def policy(self, position: AlienCityPosition, rng: random.Random) -> Move:
        state = position.state
        if state.phase is Phase.CLAIM:
            return playout_claim(state, rng)
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


class EndGame:
    """Expert's exact end game: from ``solve_from`` pieces left, a move that wins or draws
    against best play, if the solver proves one in the time it is given. The table of
    solved positions is kept for the game's next moves (a new game clears it)."""

    solve_from = 10
    table_cap = 100_000  # positions kept for the next moves (about 35 MB)

    def __init__(self, node_limit: int | None) -> None:
        self.node_limit = node_limit  # with an iteration budget (tests): a node budget too
        self.table: Table = {}
        self.history: dict[Move, int] = {}
        self.game: tuple[Ruleset, City] | None = None

    def __call__(self, position: AlienCityPosition, seconds: float | None,
                 stop: threading.Event | None) -> Move | None:
        """The generic search's ``decide`` hook."""
        return self.solve(position.state, seconds, stop)

    def solve(self, state: GameState, seconds: float | None, stop: threading.Event | None) -> Move | None:
        """Each call has its own clock (a stopped think must not run on under the next
        one's) and shares the table of the game with the calls before it."""
        if pieces_left(state) > self.solve_from:
            self.forget()  # a new game (or one taken back): the table is of no use
            return None
        game = (state.ruleset, state.city)
        if self.game != game:
            self.forget()
            self.game = game
        solver = Solver(Clock(seconds, stop), self.node_limit, table=self.table, history=self.history)
        try:
            outcome, move = solver.solve(state)
        except OutOfTime:
            return None
        finally:
            trim(self.table, self.table_cap, pieces_left(state))
        return move if outcome >= 0 else None

    def forget(self) -> None:
        self.table, self.history, self.game = {}, {}, None


class SearchBot(Bot):
    """A search level: the generic search with Alien City's hooks. Medium plays short
    playouts for 60 iterations; Hard judges each new node by the guess alone, for as many
    iterations as 1.75 s allow, with little exploration (thousands of iterations without
    playout noise make a narrow search pay); Expert has 10 s, the fitted blend of the
    guess (``evaluate.EXPERT``) and the exact end game in up to ``solve_share`` of its
    time."""

    level = "medium"
    default_iterations = 60
    default_think_s = 0.8
    explore = 0.5
    playout_plies = 6
    weights: Weights = DEFAULT
    widen, widen_base, order_after = 1.5, 3.0, 4
    solve_share: float | None = None  # None: no exact end game

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        super().__init__(seed, iterations=iterations if iterations is not None else self.default_iterations,
                         think_s=think_s if think_s is not None else self.default_think_s)
        hooks = Hooks(self.weights)
        self.endgame: EndGame | None = None
        extra: dict[str, Any] = {}
        if self.solve_share is not None:
            # with an iteration budget (tests) the solver gets a node budget, so the move
            # never depends on the machine's speed
            self.endgame = EndGame(None if iterations is None else 50 * iterations)
            extra = {"decide": self.endgame, "decide_share": self.solve_share}
        if self.playout_plies:
            extra["policy"] = hooks.policy
        self.engine = MctsBot(seed, iterations=self.iterations, level=self.level,
                              evaluate=hooks.evaluate, expand=hooks.expand,  # type: ignore[arg-type]
                              advance=advance,  # type: ignore[arg-type]  # positions of this game
                              playout_plies=self.playout_plies, explore=self.explore,
                              widen=self.widen, widen_base=self.widen_base,
                              order_after=self.order_after, **extra)

    def pick(self, state: GameState, clock: Clock) -> Move:
        left = None if clock.end is None else max(0.0, clock.end - Clock.timer())
        move: Move = self.engine.choose(AlienCityPosition(state), deadline_s=left, stop=clock.stop)
        if self.endgame is not None and state.apply(move).phase is Phase.OVER:
            self.endgame.forget()
        return move

    def forget(self) -> None:
        if self.endgame is not None:
            self.endgame.forget()


class HardSearchBot(SearchBot):
    level = "hard"
    default_iterations = 10**7
    default_think_s = 1.75
    playout_plies = 0
    explore = 0.15


class ExpertSearchBot(HardSearchBot):
    level = "expert"
    default_think_s = 10.0
    weights = EXPERT
    solve_share = 0.7
