"""Who holds a Sprawl game: ``LocalMatch`` (this machine: history for undo, records) and
``ViewMatch`` (an online match: the server's position through the chrome). Every move
goes through the engine's ``play``; the client never decides a rule."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from shared.sprawl import SPRAWL

from client.records import save_record as _save


class LocalMatch:
    """Every seat on this machine. ``history`` holds the state before each move."""

    def __init__(self, state) -> None:
        self.state = state
        self.history: list = []

    def play(self, move) -> list[dict]:
        before = self.state
        self.state, events = before.play(move)
        self.history.append(before)
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self):
        self.state = self.history.pop()
        return self.state

    def record(self, headers: dict | None = None) -> str:
        extra = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        extra.update(headers or {})
        return SPRAWL.write_record(self.state, extra)

    def save(self, folder: Path | None = None) -> Path:
        return save_record(self.record(), folder)


class ViewMatch:
    """An online match's position: what the chrome last heard from the server."""

    can_undo = False
    history: list = []

    def __init__(self, chrome) -> None:
        self.chrome = chrome

    @property
    def state(self):
        return self.chrome.state

    def record(self) -> str:
        return SPRAWL.write_record(self.state, self.chrome.record_headers())

    def save(self, folder: Path | None = None) -> Path:
        return save_record(self.record(), folder)


def save_record(text: str, folder: Path | None = None) -> Path:
    """A ``.spr`` record into the records folder under a fresh name."""
    return _save(text, "sprawl", ".spr", folder)
