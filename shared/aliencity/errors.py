"""One small error hierarchy for the whole engine.

Callers catch :class:`AlienCityError` for "anything the engine refused", or one of the
subclasses to tell malformed input (a typo, a broken file) from a well-formed move that
the rules do not allow right now.
"""

from __future__ import annotations

from .texts import _


class AlienCityError(ValueError):
    """Base of every error the engine raises on purpose."""


class MalformedError(AlienCityError):
    """Input that cannot be understood at all: bad move text, bad lot name, bad record."""


class InvalidMoveError(MalformedError):
    """A move text or move dict that does not parse."""


class RecordError(MalformedError):
    """A game record (PPN) or serialised state that is not what it claims to be."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        super().__init__(_("line {line}: {message}").format(line=line, message=message)
                         if line is not None else message)


class IllegalMoveError(AlienCityError):
    """A well-formed move that the rules do not allow in this position.

    ``reason`` is the player-facing sentence naming the rule; ``rule`` a short code
    (``occupied``, ``road_split``, ...) for programs.
    """

    def __init__(self, move_text: str, reason: str, rule: str = "illegal") -> None:
        self.move_text = move_text
        self.reason = reason
        self.rule = rule
        super().__init__(_("illegal move {move!r}: {reason}").format(move=move_text, reason=reason))


class WrongPlayerError(IllegalMoveError):
    """A move made by the player who is not to move."""


class IllegalRecordError(AlienCityError):
    """A record whose moves break the rules, read strictly. Names the ply and the move."""

    def __init__(self, ply: int, move_text: str, reason: str, rule: str) -> None:
        self.ply = ply
        self.move_text = move_text
        self.reason = reason
        self.rule = rule
        super().__init__(_("ply {ply} ({move}): {reason}").format(ply=ply, move=move_text, reason=reason))
