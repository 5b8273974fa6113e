"""How a record names its computer seats, the same whatever the language that wrote it.

A record keeps each computer seat twice, in every game's format (a PPN header key, a
``.cbr``/``.spr`` header line):

- its level in the header ``Levels``, one entry per seat in seat order, ``human`` for a
  person: ``Levels: human, easy, easy``;
- a name in the seat's own header (``Seats``, or PPN's ``Black``/``White``, and
  ``Result``) that reads the same in any language: ``Computer (Easy)``, numbered in seat
  order when two computers share a level: ``Computer (Easy) 1``, ``Computer (Easy) 2``.

A screen names the computer again in its own language from the level (``Levels`` wins
over the written name); a record without ``Levels`` (written before it existed, or by
another program) shows its names as written. Readers that do not know the key ignore it.
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

LEVELS_KEY = "Levels"
HUMAN = "human"
_LEVEL = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")
MAX_SEATS = 16


def numbers(levels: Sequence[str | None]) -> list[int | None]:
    """Each computer seat's number among the computers of its level (1, 2, ... in seat
    order), None for a person and for a computer whose level no other seat has."""
    counts: dict[str, int] = {}
    for level in levels:
        if level:
            counts[level] = counts.get(level, 0) + 1
    seen: dict[str, int] = {}
    out: list[int | None] = []
    for level in levels:
        if level and counts[level] > 1:
            seen[level] = seen.get(level, 0) + 1
            out.append(seen[level])
        else:
            out.append(None)
    return out


def record_names(levels: Sequence[str | None]) -> list[str | None]:
    """The names a record writes for its computer seats (None for a person): English,
    the same in every language, numbered when two share a level."""
    out: list[str | None] = []
    for level, number in zip(levels, numbers(levels)):
        if not level:
            out.append(None)
            continue
        name = f"Computer ({level.replace('_', ' ').title()})"
        out.append(f"{name} {number}" if number else name)
    return out


def levels_header(levels: Sequence[str | None]) -> dict[str, str]:
    """The ``Levels`` header of a game's seats (None: a person); none without a computer."""
    if not any(levels):
        return {}
    return {LEVELS_KEY: ", ".join(level or HUMAN for level in levels)}


def levels_of(headers: Mapping[str, object]) -> list[str | None] | None:
    """Each seat's computer level from a record's headers (None: a person), or None when
    the record says nothing usable (no ``Levels``, or a value that is not a list of levels)."""
    value = next((v for k, v in headers.items() if str(k).lower() == LEVELS_KEY.lower()), None)
    if not isinstance(value, str):
        return None
    parts = [part.strip().lower() for part in value.split(",")]
    if not 1 <= len(parts) <= MAX_SEATS or not all(_LEVEL.match(part) for part in parts):
        return None
    return [None if part == HUMAN else part for part in parts]


__all__ = ["HUMAN", "LEVELS_KEY", "levels_header", "levels_of", "numbers", "record_names"]
