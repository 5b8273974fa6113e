"""Who holds a match, for any game whose engine state plays as ``state.play(move) ->
(state, events)``: :class:`LocalMatch` (every seat on this machine: history for undo,
records) and :class:`ViewMatch` (an online match: the server's position through the
chrome). A plug-in subclasses both with its ``spec`` (``write_record``) and its record
file's ``stem`` and ``suffix``. Every move goes through the engine; the client never
decides a rule."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from ..records import save_record


class _Records:
    spec: Any = None          # the game's spec: ``write_record(state, headers)``
    stem = "game"             # record file names: ``<stem>-<date>-<time><suffix>``
    suffix = ".txt"

    @classmethod
    def save_text(cls, text: str, folder: Path | None = None) -> Path:
        """``text`` as a new record file in the records folder."""
        return save_record(text, cls.stem, cls.suffix, folder)

    def save(self, folder: Path | None = None) -> Path:
        return self.save_text(self.record(), folder)


class LocalMatch(_Records):
    """Every seat on this machine. ``history`` holds the state before each move."""

    def __init__(self, state) -> None:
        self.state = state
        self.history: list = []
        self.moves: list = []       # the move played from each state of ``history``

    def play(self, move) -> list[dict]:
        before = self.state
        self.state, events = before.play(move)
        self.history.append(before)
        self.moves.append(move)
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self):
        self.state = self.history.pop()
        if self.moves:  # a game continued from a save has its undo trail but not its moves
            self.moves.pop()
        return self.state

    def record(self, headers: dict | None = None) -> str:
        extra = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        extra.update(headers or {})
        return self.spec.write_record(self.state, extra)


class ViewMatch(_Records):
    """An online match's position: what the chrome last heard from the server."""

    can_undo = False
    history: list = []

    def __init__(self, chrome) -> None:
        self.chrome = chrome

    @property
    def state(self):
        return self.chrome.state

    def record(self) -> str:
        return self.spec.write_record(self.state, self.chrome.record_headers())
