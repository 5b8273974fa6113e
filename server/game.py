"""The small interface between a match and the game it runs.

A :class:`~server.match.Match` knows seats, versions, turns and the store; it never
knows the rules. Everything game-specific goes through :class:`GameRules` (options and
new games) and :class:`Game` (one immutable position), so another game can be served by
writing one more adapter like :mod:`server.alien_city` and passing it to the lobby.
"""

from __future__ import annotations

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


class GameRules(Protocol):
    """A kind of game the server can host."""

    kind: str
    seats: tuple[str, ...]

    def options(self, raw: dict | None) -> dict:
        """Validated, complete options from what a client sent. Raises :class:`BadOptions`."""

    def describe(self, options: dict) -> str:
        """Options in a few words for lobby lists (``'2004+location'``)."""

    def start(self, options: dict, seed: int) -> Game:
        """A new game; the seed decides everything random in it."""
