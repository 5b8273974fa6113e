"""How strong each computer level of a game is: ratings measured by ``bench/ratings.py``.

A game's package may ship ``level_ratings.json`` (written by that bench: a round robin of
its levels, fitted on the Elo scale with Random = 1000, as Pentobi rates its levels). The
client shows the figure beside each level ("Hard, about 1650") and rated games against the
computer use it to pick a level near the player's rating. A game without the file, or a
level the file does not name, simply has no rating.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from importlib import resources
from typing import Any

FILE_NAME = "level_ratings.json"
ANCHOR = 1000.0  # the Random level's rating: the scale's zero point


@dataclass(frozen=True)
class LevelRating:
    """A level's rating and its 95 % interval, from ``games`` games of the round robin. A
    ``floor`` is a level that won every game against the levels below it: its true rating
    may be higher than the fit."""

    level: str
    rating: float
    low: float
    high: float
    games: int
    floor: bool = False

    def about(self) -> int:
        """The rating as people read it: to the nearest 50 ("about 1650"), or a floor's
        rounded down, so that "at least 1500" stays true."""
        if self.floor:
            return int(self.rating // 50 * 50)
        return int(round(self.rating / 50.0) * 50)


def parse_level_ratings(data: Any) -> dict[str, LevelRating]:
    """Ratings from the bench's JSON object; raises ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
        raise ValueError("a level ratings file is an object with a 'levels' map")
    out: dict[str, LevelRating] = {}
    for level, entry in data["levels"].items():
        try:
            out[str(level)] = LevelRating(str(level), float(entry["rating"]), float(entry["low"]),
                                          float(entry["high"]), int(entry["games"]), entry.get("floor") is True)
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"level {level!r}: needs numbers rating, low, high and games") from None
    return out


def package_of(spec: object) -> str:
    """The package a game's spec class lives in (``shared.cityblocks``)."""
    return type(spec).__module__.rpartition(".")[0]


def level_ratings(spec: object) -> dict[str, LevelRating]:
    """The measured ratings of a game's levels, or an empty map when none are shipped (or
    the shipped file is unreadable: a broken data file must not stop the game)."""
    try:
        text = resources.files(package_of(spec)).joinpath(FILE_NAME).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
        return {}
    try:
        return parse_level_ratings(json.loads(text))
    except ValueError as exc:
        print(f"warning: {package_of(spec)}/{FILE_NAME}: {exc}", file=sys.stderr)
        return {}
