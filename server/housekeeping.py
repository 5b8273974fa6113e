"""Housekeeping: what a server running for months must do now and then.

- A waiting match nobody joined is cancelled after ``Limits.waiting_expiry`` (1 h by
  default; its ``end_reason`` is ``"expired"``): otherwise abandoned rooms would fill
  the lobby, hold their creators' match allowance and stay in memory for good.
- A client that leaves ``Limits.stall_bytes`` unread for ``stall_timeout`` seconds is
  dropped (1008), even when nothing more is sent to it (``max_queued`` catches the rest).
- The per-address table forgets addresses whose created matches have ended.

Finished matches are not touched: they leave memory when nobody watches them (the lobby
does that) and stay in the store, readable by room code (``get_record``) and
rematchable, across restarts.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .match import CANCELLED, WAITING
from .store import StoreError

if TYPE_CHECKING:
    from .lobby import Lobby
    from .match import Match

log = logging.getLogger("alien_city.server")

EXPIRED = "expired"  # the end_reason of a waiting match that expired


class Housekeeper:
    """A periodic sweep over the lobby (every minute, or sooner for short expiries)."""

    def __init__(self, lobby: "Lobby") -> None:
        self.lobby = lobby
        self._task: asyncio.Task | None = None

    @property
    def interval(self) -> float:
        limits = self.lobby.limits
        waits = [60.0, limits.stall_timeout / 2] + ([limits.waiting_expiry / 4]
                                                    if limits.waiting_expiry else [])
        return max(0.05, min(waits))

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="housekeeping")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.sweep()
            except Exception:  # a bug here must not stop the next sweep
                log.exception("housekeeping failed")

    async def sweep(self, now: float | None = None) -> int:
        """One round; returns how many waiting matches expired."""
        lobby = self.lobby
        now = time.time() if now is None else now
        expiry = lobby.limits.waiting_expiry
        expired = 0
        if expiry:
            for match in [m for m in lobby.matches.values() if m.status == WAITING]:
                if now - match.created_at >= expiry and await self._expire(match):
                    expired += 1
        clock = time.monotonic()
        for conn in list(lobby.connections):
            conn.check_stalled(clock, lobby.limits)
        lobby.addresses.prune(lambda code: (m := lobby.matches.get(code)) is not None and m.live)
        return expired

    async def _expire(self, match: "Match") -> bool:
        async with match.lock:
            if match.status != WAITING:
                return False
            try:
                await match.store.set_status(match.record_id, CANCELLED, EXPIRED)
            except StoreError as exc:
                log.error("match %s: expiry not saved: %s", match.code, exc)
                return False
            match.status, match.end_reason = CANCELLED, EXPIRED
            log.info("match %s expired: nobody joined", match.code)
            match.changed()  # the audience sees status cancelled; lobby watchers lobby_gone
            for conn in list(match.audience):
                match.detach(conn)
            self.lobby.forget(match)
        return True

    async def close(self) -> None:
        await cancel(self._task)
        self._task = None


async def cancel(task: asyncio.Task | None) -> None:
    """Cancel a background task and wait until it has stopped (it may be ``None``)."""
    if task is not None:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
