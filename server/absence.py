"""Abandonment: in a match of 3 or more seats, a person away too long is resigned.

With two seats an absent player only holds up their one opponent, who may leave; this is
how protocol 1 behaved and Alien City keeps it (no timer). With more seats one vanished
player would hold up everyone else for good, so a seat whose person has been offline for
``Limits.abandon_after`` seconds while the match is playing is resigned by the server,
through the game's own rule (``state.resign``), exactly as if they had sent ``resign``.
Coming back in time cancels it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("alien_city.server")

MIN_SEATS_FOR_ABANDONMENT = 3


class AbsenceWatch:
    """One timer per absent person's seat of one match."""

    def __init__(self, match: "Match") -> None:
        self.match = match
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()

    @property
    def applies(self) -> bool:
        m = self.match
        return len(m.seats) >= MIN_SEATS_FOR_ABANDONMENT and m.limits.abandon_after is not None

    def back(self, seat: int) -> None:
        """The seat's player is here again: no abandonment."""
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def check(self) -> None:
        """Start a timer for every absent person's seat of a playing match (after someone
        left, the match started, or the server restarted)."""
        m = self.match
        if not self.applies or m.status != "playing":
            return
        for seat, held in enumerate(m.seats):
            if held is None or held.computer is not None or seat in m.resigned:
                continue
            if m.online(seat):
                self.back(seat)
            elif seat not in self._timers:
                loop = asyncio.get_running_loop()
                self._timers[seat] = loop.call_later(m.limits.abandon_after, self._due, seat)

    def close(self) -> None:
        """Forget every timer (the server is stopping; a restart starts them again)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in self._tasks:
            task.cancel()

    def _due(self, seat: int) -> None:
        self._timers.pop(seat, None)
        task = asyncio.get_running_loop().create_task(self._abandon(seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _abandon(self, seat: int) -> None:
        m = self.match
        async with m.lock:
            if m.status != "playing" or m.online(seat) or seat in m.resigned:
                return

            def refuse(code: str, text: str, **extra: Any) -> None:
                log.error("match %s: abandoned seat %s not resigned: %s: %s", m.code,
                          m.seat_names[seat], code, text)
            if not await m.give_up(seat, refuse):
                self.check()  # try again after another wait
            else:
                log.info("match %s: seat %s abandoned (away %.0f s): resigned", m.code,
                         m.seat_names[seat], m.limits.abandon_after)
