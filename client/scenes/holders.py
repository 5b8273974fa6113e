"""Who holds a match, for any game whose engine state plays as ``state.play(move) ->
(state, events)``: :class:`LocalMatch` (every seat on this machine: history for undo,
records) and :class:`ViewMatch` (an online match: the server's position through the
chrome). A plug-in subclasses both with its ``spec`` (``write_record``) and its record
file's ``stem`` and ``suffix``; a screen that holds its engine's own states (not the
contract's positions) says how to wrap and unwrap them (``position``, ``held``), and a
game whose turn has a follow-up step (a claim after a build) says which states are one
(``follow_up``: undo goes through them back to the turn's start). Every move goes
through the engine; the client never decides a rule."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from shared.gamekit.errors import GameError
from shared.gamekit.review import steps

from ..records import save_record


class _Records:
    spec: Any = None          # the game's spec: ``write_record(state, headers)``
    stem = "game"             # record file names: ``<stem>-<date>-<time><suffix>``
    suffix = ".txt"
    ended: Any = None         # the contract's position a resignation ended (the rules did not)
    resigned: tuple[int, ...] = ()   # the seats that resigned here, in order

    @staticmethod
    def follow_up(state: Any) -> bool:
        """Whether ``state`` is a later step of a turn (undo and the list's look back never
        stop there)."""
        return False

    @staticmethod
    def position(state: Any) -> Any:
        """The contract's state for a held state (the same, unless the screen holds the
        engine's own states)."""
        return state

    @staticmethod
    def held(position: Any) -> Any:
        """The held state for a contract state (``position``'s inverse)."""
        return position

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

    def resign(self, seat: int) -> list:
        """``seat`` gives up, by the game's own rule (``IllegalMove`` when it cannot). A
        game that ends keeps that position in ``ended`` (a screen holding its engine's own
        states could not say so); a game that plays on without the seat holds the position
        after it. No undo goes back over a resignation. Returns the game's events."""
        after, events = self.position(self.state).resign(seat)
        self.resigned += (seat,)
        if after.is_over():
            self.ended = after
        self.state = self.held(after)
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and not self.resigned

    @property
    def over(self) -> bool:
        """The game has ended: by the rules, or by a resignation here."""
        return self.ended is not None or self.state.is_over()

    def play(self, move) -> Any:
        """The move through the engine; what it says happened (its events)."""
        before = self.state
        self.state, events = before.play(move)
        self.history.append(before)
        self.moves.append(move)
        return events

    @property
    def turn_starts(self) -> list:
        """The states undo can go back to, oldest first: the start of each turn."""
        return [s for s in self.history if not self.follow_up(s)]

    def undo(self):
        """Back to the start of the last turn (any follow-up step is taken back with it)."""
        self._pop()
        while self.follow_up(self.state) and self.history:
            self._pop()
        return self.state

    def _pop(self) -> None:
        self.state = self.history.pop()
        if self.moves:  # a game continued from a save has its undo trail but not its moves
            self.moves.pop()

    def record(self, headers: dict | None = None) -> str:
        extra = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        extra.update(headers or {})
        return self.spec.write_record(self.position(self.state), extra)


class ViewMatch(_Records):
    """An online match's position: what the chrome last heard from the server."""

    can_undo = False
    history: list = []   # no undo trail online (the moves played are in ``played``)

    def __init__(self, chrome) -> None:
        self.chrome = chrome
        self._played: tuple[Any, list, list] = (None, [], [])  # (the position read, befores, moves)

    @property
    def state(self):
        return self.held(self.chrome.state)

    @property
    def over(self) -> bool:
        """The server's position has ended by the rules (the chrome hears of the rest)."""
        position = self.chrome.state
        return position is not None and position.is_over()

    def played(self) -> tuple[list, list]:
        """The held state before each move and the moves (the contract's), read from the
        server's position's own record once per position: a match joined halfway lists
        every move all the same."""
        position = self.chrome.state
        if position is None:
            return [], []
        if self._played[0] is not position:
            try:
                record = self.spec.read_record(self.spec.write_record(position), lenient=True)
                replayed = list(steps(self.spec, record))
            except (GameError, ValueError):  # a position whose record does not read back: no list
                replayed = []
            self._played = (position, [self.held(s.before) for s in replayed], [s.move for s in replayed])
        return self._played[1], self._played[2]

    @property
    def turn_starts(self) -> list:
        """The states that start a turn, oldest first (as a local match's)."""
        return [s for s in self.played()[0] if not self.follow_up(s)]

    def record(self) -> str:
        return self.spec.write_record(self.chrome.state, self.chrome.record_headers())
