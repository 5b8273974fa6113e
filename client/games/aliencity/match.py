"""Who holds the game: a LocalMatch for play on this machine (undo, records), a
ViewMatch for an online match (the server's position through the chrome), and the
attract mode's quick bot.

The client never decides a rule: every move goes through ``GameState.play`` and every
"why not" comes from ``GameState.why_not``. A match only keeps history for undo.
"""

from __future__ import annotations

import datetime as _dt
import random
from pathlib import Path

from client.records import save_record
from shared.aliencity import Build, Claim, GameState, Move, Pass, Phase, Step
from shared.aliencity.ppn import write_ppn


class LocalMatch:
    """Both players on this machine. ``turn_starts`` holds the state before each build."""

    def __init__(self, state: GameState, names: tuple[str, str] | None = None) -> None:
        self.state = state
        self.turn_starts: list[GameState] = []
        self.names = names  # the seats' names for the record (Black, White)

    def play(self, move: Move) -> Step:
        before = self.state
        step = before.play(move)
        if isinstance(move, Build):
            self.turn_starts.append(before)
        self.state = step.state
        return step

    @property
    def can_undo(self) -> bool:
        return bool(self.turn_starts)

    def undo(self) -> GameState:
        """Back to the start of the last turn (its build and any claim are taken back)."""
        self.state = self.turn_starts.pop()
        return self.state

    def record(self) -> str:
        extra = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        if self.names:
            extra["Black"], extra["White"] = self.names
        if self.state.is_over():
            score = self.state.score()
            extra["Result"] = f"Black {score.totals[0]}, White {score.totals[1]}"
        return write_ppn(self.state, extra)

    def save(self, folder: Path | None = None) -> Path:
        """Write the record to the records folder; returns the file written."""
        return save_record(self.record(), "alien-city", ".ppn", folder)


class ViewMatch:
    """An online match's position as the match screen reads it: whatever the chrome last
    heard from the server (no undo: the server keeps the history)."""

    can_undo = False
    turn_starts: list = []

    def __init__(self, chrome) -> None:
        self.chrome = chrome

    @property
    def state(self) -> GameState:
        return self.chrome.state.state

    def record(self) -> str:
        return write_ppn(self.state, self.chrome.record_headers())

    def save(self, folder: Path | None = None) -> Path:
        names = (self.chrome.seat_label(0), self.chrome.seat_label(1))
        return LocalMatch(self.state, names).save(folder)


class RandomBot:
    """Plays a uniformly random legal move (the engine lists them); claims eagerly-ish."""

    def __init__(self, seed: int | str | None = None, claim_chance: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.claim_chance = claim_chance

    def choose(self, state) -> Move:
        """A move for the engine state (or the contract's position wrapping one)."""
        state = getattr(state, "state", state)
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            if claims and self.rng.random() < self.claim_chance:
                return Claim(self.rng.choice(claims))
            return Pass()
        builds = state.legal_builds()
        return builds[self.rng.randrange(len(builds))]
