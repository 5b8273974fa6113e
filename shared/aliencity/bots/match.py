"""Bot-against-bot games: one shared loop for the benchmark, the tests and a future CLI."""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.aliencity import GameState, Player, Ruleset, new_game

from .base import Bot, Clock


@dataclass
class GameRecord:
    """How one game went: the final state, and each bot's think times (seconds)."""

    final: GameState
    think: dict[Player, list[float]] = field(default_factory=lambda: {Player.BLACK: [], Player.WHITE: []})

    @property
    def winner(self) -> Player | None:
        return self.final.winner


def play_game(black: Bot, white: Bot, seed: int, ruleset: Ruleset = Ruleset()) -> GameRecord:
    """Play a whole game from ``new_game(ruleset, seed)`` (in the 2004 rules Black
    builds first, so swapping the bots' seats also swaps who starts)."""
    state = new_game(ruleset, seed=seed)
    bots = {Player.BLACK: black, Player.WHITE: white}
    for bot in bots.values():
        bot.forget()
    record = GameRecord(state)
    while not state.is_over():
        who = state.to_move
        assert who is not None  # the game runs
        start = Clock.timer()  # the bots' own clock: wall time, or CPU time in a benchmark
        move = bots[who].choose(state)
        record.think[who].append(Clock.timer() - start)
        state = state.apply(move)
    record.final = state
    return record
