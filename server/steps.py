"""Stored steps a match did not make itself: replayed at a restart, or stored by another
writer (another node of a cluster) and caught up with. Part of
:class:`server.match.Match` (a mixin, so the match module stays small).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from shared.wire import ErrorCode

from .store import RESIGN, End, MoveRecord, StoreError

if TYPE_CHECKING:
    from shared.gamekit import GameSpec, State

log = logging.getLogger("alien_city.server")


class StoredSteps:
    """Applying stored steps to a match's position (see :class:`server.match.Match`)."""

    spec: "GameSpec"
    moves: Any  # server.game.MoveReader
    state: "State"
    version: int
    code: str
    record_id: int | None
    store: Any
    resigned: list[int]
    live: bool
    computers: Any
    behind: bool
    clock: Any

    async def _caught_up(self, refuse: Callable[..., None], failed: str) -> bool:
        """After a :class:`StaleVersion`: apply what the other writer stored. ``True`` if
        the match still runs (the caller refuses or retries on the new version); else a
        refusal was answered (the match ended meanwhile, or the store failed)."""
        try:
            await self.catch_up()
        except StoreError as exc:
            log.error("match %s: cannot read the steps another node stored: %s", self.code, exc)
            refuse(ErrorCode.SERVER_ERROR, f"{failed}, so it was not played. Try again later.")
            return False
        return self._running(refuse, "The match has not started: waiting for players.")

    async def catch_up(self) -> int:
        """Apply and announce the steps stored after this copy's version by another
        writer (another node of a cluster). Call with the lock held; how many were
        applied. Raises :class:`StoreError` when the store cannot be read."""
        applied = 0
        for step in await self.store.steps_since(self.record_id, self.version):
            if not self.live or step.version != self.version + 1:
                break
            self.apply_remote(step)
            applied += 1
        self.behind = False
        return applied

    def apply_remote(self, step: MoveRecord, end: End | None = None) -> None:
        """A step another writer stored for version ``self.version + 1``: played on the
        position and announced exactly like a step of this copy's own (``moved``, then
        ``ended`` if it ended the match). ``end`` is the stored end, if known; else the
        game says. Call with the lock held."""
        if step.kind == RESIGN:
            state, events = self.state.resign(step.seat)
            if end is None and state.is_over():
                end = self._end_of(state, "resigned")
            self._apply_resign(step.seat, state, events, end)
            return
        move, text = self.moves.read(step.move)
        state, events = self.state.play(move, step.seat)
        if self.clock is not None:  # the mover's node's clock, the next turn from now
            self.clock.follow(step.seat, state.to_move, step.clock)
        self._accept(step.seat, step.mid, state, events, text)
        end = end if end is not None else self._end_of(state, "finished")
        if end is not None:
            self._end(end)
        else:
            self.computers.wake()

    # -- restoring ------------------------------------------------------------------------
    def replay(self, steps: list[MoveRecord]) -> None:
        """Rebuild the position and the catch-up log from stored steps, on the game."""
        for m in steps:
            if m.version != self.version + 1:
                raise ValueError(f"stored steps jump from {self.version} to {m.version}")
            if m.kind == RESIGN:  # no announcements: nobody is attached yet
                state, events = self.state.resign(m.seat)
                self.resigned.append(m.seat)
                if state.is_over():
                    self.state = state
                else:
                    self._accept(m.seat, None, state, events, None, RESIGN)
                continue
            move, text = self.moves.read(m.move)
            state, events = self.state.play(move, m.seat)
            self._accept(m.seat, m.mid, state, events, text)
