"""The small interface between a match and the game it runs.

A :class:`~server.match.Match` knows seats, versions, turns and the store; it never
knows the rules. Everything game-specific goes through :class:`GameRules` (options and
new games) and :class:`Game` (one immutable position), so another game can be served by
writing one more adapter like :mod:`server.alien_city` and passing it to the lobby.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol


class BadOptions(ValueError):
    """Game options a client sent that this game does not accept (text for people)."""


class BadMove(ValueError):
    """A move that cannot even be read (not a rule question): text for people."""


class Game(Protocol):
    """One position of one game; playing a move returns a new value."""

    def to_move(self) -> int | None:
        """The seat index to move, ``None`` when nobody may (game over)."""

    def is_over(self) -> bool: ...

    def turn(self) -> dict:
        """Small msgpack-safe facts about whose turn and which step (sent with moves)."""

    def parse_move(self, raw: Any) -> Any:
        """Move text or map from a client -> a move object. Raises :class:`BadMove`."""

    def check(self, move: Any, seat: int) -> tuple[str, str] | None:
        """``(rule, text)`` if ``seat`` may not play ``move`` now, else ``None``."""

    def play(self, move: Any, seat: int) -> tuple["Game", list[dict], str]:
        """The next position, what happened (event dicts) and the move's canonical text."""

    def snapshot(self) -> dict:
        """The whole position as msgpack-safe primitives (for snapshots and clients)."""

    def score(self) -> dict:
        """The score breakdown of this position (final once the game is over)."""

    def winner(self) -> int | None:
        """Winning seat of a finished game; ``None`` for a draw or a game still running."""

    def record(self, names: list[str | None], extra: dict[str, str]) -> str:
        """The game record in the game's own notation."""


class Computer(Protocol):
    """A computer player for one seat of one match (it may keep what it learnt between
    moves). ``choose`` is a blocking call: the match runs it in a worker thread."""

    level: str

    def choose(self, game: Game, deadline_s: float, stop: threading.Event) -> Any:
        """A move for the player to move in ``game``, as move text or a move map, as a
        client would send it. Thinks at most about ``deadline_s`` seconds and answers at
        once when ``stop`` is set."""


class GameRules(Protocol):
    """A kind of game the server can host."""

    kind: str
    seats: tuple[str, ...]
    computer_levels: tuple[str, ...]  # levels of computer players; () if the game has none

    def computer_name(self, level: str) -> str:
        """The name a computer seat of ``level`` is shown with (``'Computer (hard)'``)."""

    def computer(self, level: str, seed: int, iterations: int | None = None) -> Computer:
        """A computer player of one of ``computer_levels``; the seed decides all its
        random choices. ``iterations`` overrides the level's search budget (tests)."""

    def options(self, raw: dict | None) -> dict:
        """Validated, complete options from what a client sent. Raises :class:`BadOptions`."""

    def describe(self, options: dict) -> str:
        """Options in a few words for lobby lists (``'2004+location'``)."""

    def start(self, options: dict, seed: int) -> Game:
        """A new game; the seed decides everything random in it."""
