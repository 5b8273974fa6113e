"""Who holds a City Blocks game: the shell's ``LocalMatch`` (this machine: history for
undo, records) and ``ViewMatch`` (an online match: the server's position through the
chrome), writing ``.cbr`` records. Every move goes through the engine's ``play``; the
client never decides a rule."""

from __future__ import annotations

from pathlib import Path

from client.scenes import holders
from shared.cityblocks import CITY_BLOCKS


class LocalMatch(holders.LocalMatch):
    spec, stem, suffix = CITY_BLOCKS, "city-blocks", ".cbr"
    can_undo_online = True


class ViewMatch(holders.ViewMatch):
    spec, stem, suffix = CITY_BLOCKS, "city-blocks", ".cbr"


def save_record(text: str, folder: Path | None = None) -> Path:
    """A ``.cbr`` record into the records folder under a fresh name."""
    return LocalMatch.save_text(text, folder)
