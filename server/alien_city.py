"""Alien City behind the server's :mod:`server.game` interface: a thin adapter, no rules.

Every rule question goes to the engine in ``shared.aliencity``; this module only converts
between the engine's values and the msgpack-safe values the server sends and stores.
"""

from __future__ import annotations

import threading
from typing import Any

from shared.aliencity import (GameState, MalformedError, Player, Ruleset, move_from_dict,
                              new_game, parse_move)
from shared.aliencity.ppn import write_ppn
from shared.bots import LEVELS, make_bot

from .game import BadMove, BadOptions

SEATS = ("black", "white")  # seat index == Player value


class AlienCityGame:
    """One Alien City position (an immutable engine state)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def to_move(self) -> int | None:
        player = self.state.to_move
        return None if player is None else int(player)

    def is_over(self) -> bool:
        return self.state.is_over()

    def turn(self) -> dict:
        player = self.state.to_move
        return {"to_move": None if player is None else player.text(),
                "phase": self.state.phase.value, "ply": self.state.ply}

    def parse_move(self, raw: Any) -> Any:
        try:
            return parse_move(raw) if isinstance(raw, str) else move_from_dict(raw)
        except MalformedError as exc:
            raise BadMove(str(exc)) from None

    def check(self, move: Any, seat: int) -> tuple[str, str] | None:
        reason = self.state.why_not(move, Player(seat))
        return None if reason is None else (reason.rule, reason.text)

    def play(self, move: Any, seat: int) -> tuple["AlienCityGame", list[dict], str]:
        step = self.state.play(move, Player(seat))
        return AlienCityGame(step.state), [event.to_dict() for event in step.events], move.text()

    def snapshot(self) -> dict:
        return self.state.to_dict()

    def score(self) -> dict:
        return self.state.score().to_dict()

    def winner(self) -> int | None:
        winner = self.state.winner
        return None if winner is None else int(winner)

    def record(self, names: list[str | None], extra: dict[str, str]) -> str:
        headers = {seat.capitalize(): name for seat, name in zip(SEATS, names) if name}
        return write_ppn(self.state, headers | extra)


class AlienCityComputer:
    """A computer player from ``shared.bots`` behind the server's Computer interface."""

    def __init__(self, level: str, seed: int, iterations: int | None = None) -> None:
        self.level = level
        self.bot = make_bot(level, seed, iterations=iterations)

    def choose(self, game: AlienCityGame, deadline_s: float, stop: threading.Event) -> str:
        limit = self.bot.think_s
        deadline = deadline_s if limit is None else min(limit, deadline_s)
        return self.bot.choose(game.state, deadline_s=deadline, stop=stop).text()


class AlienCityRules:
    """Options (edition, location variant), new games and computer players for the lobby."""

    kind = "alien-city"
    seats = SEATS
    computer_levels: tuple[str, ...] = tuple(LEVELS)

    def computer_name(self, level: str) -> str:
        return f"Computer ({level})"

    def computer(self, level: str, seed: int, iterations: int | None = None) -> AlienCityComputer:
        return AlienCityComputer(level, seed, iterations)

    def options(self, raw: dict | None) -> dict:
        raw = dict(raw or {})
        unknown = set(raw) - {"edition", "location_bonus"}
        if unknown:
            raise BadOptions(f"unknown option {sorted(unknown)[0]!r}: Alien City has "
                             "'edition' (2002 or 2004) and 'location_bonus' (true/false)")
        try:
            ruleset = Ruleset.from_dict(raw)
        except MalformedError as exc:
            raise BadOptions(str(exc)) from None
        return ruleset.to_dict()

    def describe(self, options: dict) -> str:
        return Ruleset.from_dict(options).text()

    def start(self, options: dict, seed: int) -> AlienCityGame:
        return AlienCityGame(new_game(Ruleset.from_dict(options), seed))
