"""Who holds a Sprawl game: the shell's ``LocalMatch`` (this machine: history for undo,
records) and ``ViewMatch`` (an online match: the server's position through the chrome),
writing ``.spr`` records. Every move goes through the engine's ``play``; the client never
decides a rule."""

from __future__ import annotations

from pathlib import Path

from client.scenes import holders
from shared.sprawl import SPRAWL


class LocalMatch(holders.LocalMatch):
    spec, stem, suffix = SPRAWL, "sprawl", ".spr"


class ViewMatch(holders.ViewMatch):
    spec, stem, suffix = SPRAWL, "sprawl", ".spr"


def save_record(text: str, folder: Path | None = None) -> Path:
    """A ``.spr`` record into the records folder under a fresh name."""
    return LocalMatch.save_text(text, folder)
