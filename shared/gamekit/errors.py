"""The errors every game raises about its input (re-exported by :mod:`shared.gamekit.api`).

They live apart from the contract's shapes so the modules the contract calls (``analyze``,
the review search, the record reports) can raise and catch them without importing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .api import Rejection


class GameError(ValueError):
    """Base of every error a game raises about its input."""


class BadOptions(GameError):
    """Options a caller sent that the game does not accept; the text names the option."""


class MalformedMove(GameError):
    """Move text that cannot be read at all (not a rule question). Quotes the text."""


class IllegalMove(GameError):
    """A well-formed move the rules forbid now. ``rejection`` says which rule."""

    def __init__(self, move_text: str, rejection: "Rejection") -> None:
        super().__init__(f"{move_text!r}: {rejection.text}")
        self.move_text = move_text
        self.rejection = rejection


class RecordError(GameError):
    """A game record that cannot be used. ``illegal`` is False for a file that is not a
    readable record (the CLI exits 2) and True for a readable one with a forbidden move
    (exit 1); ``ply``/``token``/``rule`` locate the problem when known."""

    def __init__(self, message: str, *, illegal: bool = False, ply: int | None = None,
                 token: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.illegal = illegal
        self.ply = ply
        self.token = token
        self.rule = rule
