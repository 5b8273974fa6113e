"""Who holds an Alien City game: the shell's holders (:mod:`client.scenes.holders`)
over the engine's own states, which the screen draws; records go through the contract's
positions. A build and its claim are one turn: undo takes both back. Also the attract
mode's quick bot.

The client never decides a rule: every move goes through ``GameState.play`` and every
"why not" comes from ``GameState.why_not``.
"""

from __future__ import annotations

import random

from client.scenes import holders
from shared.aliencity import Claim, GameState, Move, Pass, Phase
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition


class _AlienCity:
    spec, stem, suffix = ALIEN_CITY, "alien-city", ".ppn"
    position = staticmethod(AlienCityPosition)

    @staticmethod
    def held(position: AlienCityPosition) -> GameState:
        return position.state

    @staticmethod
    def follow_up(state: GameState) -> bool:
        """The claim step belongs to the build before it."""
        return state.phase is Phase.CLAIM


class LocalMatch(_AlienCity, holders.LocalMatch):
    """Both players on this machine."""


class ViewMatch(_AlienCity, holders.ViewMatch):
    """An online match: the server's position (the engine state inside it)."""


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
