"""Where a game branched off another: the ``BranchedFrom`` header of a record.

"Play from here" starts a new game at a position of a replay or a review. Its record
keeps every move from the start (the earlier game's moves up to the branch point, then
the new ones) and says where it came from in one header line, the same in every game's
format (a PPN header key, a ``.cbr``/``.spr`` header line)::

    BranchedFrom: alien-city-20261127-150102.ppn, move 12

The value is the source record's name (its file name, or "Match K7QXAD" for an online
match's record) and the move number the source's screens showed ("Move 12 of 40"). Readers
that do not know the key ignore it, as every one of our formats allows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

BRANCH_KEY = "BranchedFrom"
_MOVE = re.compile(r"^(?P<source>.*?),\s*move\s+(?P<move>\d+)\s*$", re.IGNORECASE)
SOURCE_LEN = 80  # characters of a source name kept in the header


@dataclass(frozen=True)
class Branch:
    """A game begun at move ``move`` (0: the start) of the record named ``source``."""

    source: str
    move: int

    def text(self) -> str:
        """The header's value: ``<source>, move <n>``."""
        return f"{clean_source(self.source)}, move {int(self.move)}"

    def headers(self) -> dict[str, str]:
        return {BRANCH_KEY: self.text()}

    def to_dict(self) -> dict[str, object]:
        return {"source": self.source, "move": int(self.move)}

    @classmethod
    def from_dict(cls, data: object) -> "Branch | None":
        """A branch kept in a saved game (None for anything else)."""
        if not isinstance(data, Mapping):
            return None
        source, move = data.get("source"), data.get("move")
        if not isinstance(source, str) or not isinstance(move, int) or isinstance(move, bool) or move < 0:
            return None
        return cls(source, move)


def clean_source(name: str) -> str:
    """A source name fit for one header line of every format: one line, no ``#`` (a
    comment in ``.cbr``/``.spr``), no quotes or braces (PPN's YAML), not too long."""
    text = " ".join(re.sub(r"[#\"{}\[\]]", " ", str(name)).split())
    return text[:SOURCE_LEN] or "?"


def parse_branch(value: str) -> Branch | None:
    """``"<source>, move <n>"`` read back (None when the value says something else)."""
    match = _MOVE.match(str(value).strip().strip('"'))
    if match is None:
        return None
    return Branch(match.group("source").strip() or "?", int(match.group("move")))


def branch_of(headers: Mapping[str, object]) -> Branch | None:
    """The branch a record's headers name (the key in any case: Sprawl's reader
    capitalises keys), or None."""
    for key, value in headers.items():
        if str(key).lower() == BRANCH_KEY.lower() and isinstance(value, str):
            return parse_branch(value)
    return None
