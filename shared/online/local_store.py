"""The local ratings' file: the rating per game, its last ``HISTORY`` rated games and the
rated games under way.

One JSON file in the client's data folder. Written atomically (a temporary file, then a
rename), and the previous good file is copied to ``<name>.bak`` first. A damaged file is
never thrown away: it is renamed ``<name>.damaged-<stamp>``, the backup is read instead
(or the ratings start afresh when there is none) and ``warning`` says what happened, in
words for the player.

A rated game is registered when it starts (``begin``: its id, level and seats) and settled
once: with its result (``finish``) or as a loss when it is abandoned (``abandon``). An id
settled before is ignored, so a game is never counted twice. Every time is passed in
(``when``, an ISO date and time): nothing here reads the clock.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.gamekit.levels import LevelRating

from . import local_ratings
from .ratings import Rating, RatingError

FORMAT = 1
HISTORY = 50  # rated games kept per game (the plot shows them)


class StoreError(ValueError):
    """A ratings file this client cannot read: the message says why."""


@dataclass
class GameRatings:
    """One game's local rating, its history (oldest first) and its rated games under way."""

    rating: Rating = field(default_factory=lambda: local_ratings.START)
    history: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"rating": self.rating.to_dict(), "history": self.history, "pending": self.pending}

    @classmethod
    def from_dict(cls, data: Any) -> GameRatings:
        if not isinstance(data, dict):
            raise StoreError(f"a game's entry is an object, not {type(data).__name__}")
        history, pending = data.get("history", []), data.get("pending", {})
        if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
            raise StoreError("a game's history is a list of objects")
        if not isinstance(pending, dict) or not all(isinstance(p, dict) for p in pending.values()):
            raise StoreError("a game's rated games under way are a map of objects")
        try:
            rating = Rating.from_dict(data.get("rating", local_ratings.START.to_dict()))
        except RatingError as exc:
            raise StoreError(str(exc)) from None
        return cls(rating, history[-HISTORY:], dict(pending))


def parse(text: str) -> dict[str, GameRatings]:
    """The games of a ratings file's text; raises ``StoreError`` naming what is wrong."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StoreError(f"not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        raise StoreError(f"not a local ratings file of format {FORMAT}")
    return {str(game): GameRatings.from_dict(entry) for game, entry in data["games"].items()}


class LocalRatings:
    """The ratings file at ``path`` (read at once; every change is written at once)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak")
        self.damaged = ""        # the name a damaged file was kept under ("" when none was)
        self.damage = ""         # what was wrong with it
        self.from_backup = False  # whether the backup was read instead
        self.games: dict[str, GameRatings] = self._load()

    # -- reading ----------------------------------------------------------------------------
    def _load(self) -> dict[str, GameRatings]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise StoreError(f"{self.path} cannot be read: {exc.strerror or exc}") from None
        try:
            return parse(text)
        except StoreError as exc:
            reason = str(exc)
        self.damaged, self.damage = self._keep_damaged().name, reason
        try:
            games = parse(self.backup.read_text(encoding="utf-8"))
        except (OSError, StoreError):
            return {}
        self.from_backup = True
        return games

    @property
    def warning(self) -> str:
        """What happened to a damaged file, in English (the client says it in its words)."""
        if not self.damaged:
            return ""
        then = f"the backup {self.backup.name} was read instead" if self.from_backup else "the ratings start afresh"
        return f"{self.path.name} was damaged ({self.damage}); it is kept as {self.damaged} and {then}."

    def _keep_damaged(self) -> Path:
        """The damaged file renamed beside it (never overwritten by the next write)."""
        stamp = int(self.path.stat().st_mtime)
        kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while kept.exists():
            kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
            n += 1
        os.replace(self.path, kept)
        return kept

    def game(self, game: str) -> GameRatings:
        """A game's entry (a fresh one, not yet written, for a game never rated)."""
        return self.games.get(game) or GameRatings()

    def rating(self, game: str) -> Rating:
        return self.game(game).rating

    # -- writing ----------------------------------------------------------------------------
    def save(self) -> None:
        """Write the file atomically, keeping the previous one as the backup."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"format": FORMAT, "games": {g: e.to_dict() for g, e in sorted(self.games.items())}}
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        if self.path.exists():
            shutil.copyfile(self.path, self.backup)
        os.replace(tmp, self.path)

    def begin(self, game: str, game_id: str, level: LevelRating, seats: int, when: str) -> None:
        """A rated game starts: it counts from now on (finished, or abandoned as a loss)."""
        entry = self.games.setdefault(game, self.game(game))
        entry.pending[game_id] = {"level": level.level, "level_rating": level.rating, "low": level.low,
                                  "high": level.high, "level_games": level.games, "seats": seats,
                                  "started": when}
        self.save()

    def is_pending(self, game: str, game_id: str) -> bool:
        return game_id in self.game(game).pending

    def finish(self, game: str, game_id: str, ranking: list[int], seat: int,
               when: str) -> local_ratings.Outcome | None:
        """A rated game ended with ``ranking`` (one place per seat) and the player in
        ``seat``: the new rating, or None when the game was settled before (or never begun)."""
        return self._settle(game, game_id, when, ranking, seat)

    def abandon(self, game: str, game_id: str, when: str) -> local_ratings.Outcome | None:
        """A rated game left unfinished for good: a loss (None if settled before)."""
        return self._settle(game, game_id, when, None, 0)

    def _settle(self, game: str, game_id: str, when: str, ranking: list[int] | None,
                seat: int) -> local_ratings.Outcome | None:
        entry = self.games.get(game)
        if entry is None or game_id not in entry.pending:
            return None
        started = entry.pending[game_id]
        try:
            level = LevelRating(str(started["level"]), float(started["level_rating"]), float(started["low"]),
                                float(started["high"]), int(started["level_games"]))
            seats = int(started["seats"])
        except (KeyError, TypeError, ValueError):
            raise StoreError(f"the rated game {game_id} is stored without its level and seats") from None
        if ranking is None:
            outcome = local_ratings.loss(entry.rating, level, seats)
        else:
            outcome = local_ratings.rate_ranking(entry.rating, level, ranking, seat)
        entry.rating = outcome.after
        del entry.pending[game_id]
        entry.history.append({"date": when, "level": level.level, "level_rating": level.rating,
                              "seats": seats, "place": outcome.place,
                              "shared": ranking is not None and list(ranking).count(outcome.place) > 1,
                              "abandoned": ranking is None,
                              "rating": outcome.after.display(), "change": outcome.change})
        entry.history[:] = entry.history[-HISTORY:]
        self.save()
        return outcome
