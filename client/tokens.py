"""What lets a closed client get back into its online matches: per server, the session
token and the seat tokens of unfinished matches, in the user's data folder (mode 0600:
a seat token is as good as the seat).

A damaged or unreadable file is set aside and the client starts with none (never a
crash); every write goes to a temporary file first, then replaces the old one.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("online")

FILE_NAME = "online-tokens.json"
MAX_MATCHES = 50  # per server; the oldest are dropped beyond this


@dataclass(frozen=True)
class SavedSeat:
    """A seat in an unfinished online match, enough to take it again."""

    server: str
    match: str
    seat: str
    seat_token: str
    game: str = "alien-city"
    opponents: tuple[str, ...] = ()
    updated: float = 0.0
    turn: str = ""  # as last seen, in English: "your turn", "Bob's turn", "waiting for an opponent"
    deadline: float = 0.0  # a timed match, our turn: when our time runs out (seconds since 1970)

    def turn_text(self) -> str:
        """The saved turn words in the language in use."""
        if self.turn in ("your turn", "waiting for an opponent"):
            return _("your turn") if self.turn == "your turn" else _("waiting for an opponent")
        if self.turn.endswith("'s turn"):
            return _("{name}'s turn").format(name=self.turn[: -len("'s turn")])
        return self.turn

    def label(self) -> str:
        """``match K7QXAD vs Bob (your turn)``, for the title screen's Continue button."""
        names, turn = ", ".join(opponent_text(o) for o in self.opponents), self.turn_text()
        if names and turn:
            return _("match {code} vs {names} ({turn})").format(code=self.match, names=names, turn=turn)
        if names:
            return _("match {code} vs {names}").format(code=self.match, names=names)
        if turn:
            return _("match {code} ({turn})").format(code=self.match, turn=turn)
        return _("match {code}").format(code=self.match)


def opponent_text(saved: str) -> str:
    """A saved opponent as shown: ``computer:<level>`` in the language in use, a name as is."""
    if saved.startswith("computer:"):
        from .computer import level_name
        return _("Computer ({level})").format(level=level_name(saved[len("computer:"):]))
    return saved


class TokenStore:
    """Tokens per server URL, kept in ``folder/online-tokens.json``."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME
        self.problem: str | None = None
        self._data = self._load()

    # -- reading ----------------------------------------------------------------------------
    def _load(self) -> dict:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self.problem = f"cannot read {self.path}: {exc.strerror or exc}"
            return {}
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
                raise ValueError("not a map of servers")
            return data
        except ValueError as exc:
            self.problem = f"{self.path} was damaged ({exc}); set aside as .bad"
            try:
                self.path.replace(self.path.with_suffix(".bad"))
            except OSError:
                pass
            return {}

    def session(self, server: str) -> str | None:
        token = self._data.get(server, {}).get("session")
        return token if isinstance(token, str) else None

    def seats(self, server: str | None = None) -> list[SavedSeat]:
        """Saved seats (of one server, or all), most recently used first."""
        out = []
        for url, entry in self._data.items():
            if server is not None and url != server:
                continue
            for code, seat in (entry.get("matches") or {}).items():
                try:
                    out.append(SavedSeat(url, code, str(seat["seat"]), str(seat["seat_token"]),
                                         str(seat.get("game", "alien-city")),
                                         tuple(str(o) for o in seat.get("opponents", ())),
                                         float(seat.get("updated", 0.0)), str(seat.get("turn", "")),
                                         float(seat.get("deadline") or 0.0)))
                except (KeyError, TypeError, ValueError):
                    continue  # one bad entry does not hide the others
        return sorted(out, key=lambda s: -s.updated)

    # -- writing ----------------------------------------------------------------------------
    def set_session(self, server: str, token: str) -> None:
        entry = self._data.setdefault(server, {})
        if entry.get("session") != token:
            entry["session"] = token
            self._save()

    def remember_seat(self, server: str, match: str, seat: str, seat_token: str, *,
                      game: str = "alien-city", opponents: tuple[str, ...] = ()) -> None:
        matches = self._data.setdefault(server, {}).setdefault("matches", {})
        matches[match] = {"seat": seat, "seat_token": seat_token, "game": game,
                          "opponents": list(opponents), "updated": time.time()}
        if len(matches) > MAX_MATCHES:
            oldest = sorted(matches, key=lambda c: matches[c].get("updated", 0.0))
            for code in oldest[: len(matches) - MAX_MATCHES]:
                del matches[code]
        self._save()

    def touch(self, server: str, match: str, *, opponents: tuple[str, ...] | None = None,
              turn: str | None = None, deadline: float | None = None) -> None:
        """Mark a saved seat as just used (and update who it is against, whose turn, when
        our time to move runs out: 0 for none)."""
        seat = self._data.get(server, {}).get("matches", {}).get(match)
        if seat is not None:
            seat["updated"] = time.time()
            if opponents is not None:
                seat["opponents"] = list(opponents)
            if turn is not None:
                seat["turn"] = turn
            if deadline is not None:
                seat["deadline"] = deadline
            self._save()

    def seat_token(self, server: str, match: str) -> str | None:
        seat = self._data.get(server, {}).get("matches", {}).get(match)
        token = seat.get("seat_token") if isinstance(seat, dict) else None
        return token if isinstance(token, str) else None

    def forget_match(self, server: str, match: str) -> None:
        """The match ended (or the seat is gone): nothing left to continue."""
        matches = self._data.get(server, {}).get("matches", {})
        if matches.pop(match, None) is not None:
            self._save()

    def _save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_suffix(".tmp")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(self._data, handle, indent=1)
            os.chmod(temp, 0o600)
            os.replace(temp, self.path)
        except OSError as exc:
            self.problem = f"cannot save {self.path}: {exc.strerror or exc}"
