"""Abandonment: a person away too long from a playing match is resigned by the server.

Each absent person's seat of a playing match has a clock of ``Limits.abandon_after``
seconds (5 minutes by default), started when its last connection left the match (or
when the server restarted), cancelled when it comes back. Clients show it: *presence*
and *match info* carry ``abandon_in``, the seconds left (``nil`` = no clock).

- **3 or more seats**: when the clock runs out the seat is resigned through the game's
  rule (``state.resign``), exactly as if its player had sent ``resign``: one vanished
  player would otherwise hold everyone up for good.
- **2 seats** (version 2 of the protocol): the clock runs the same, but the seat is
  resigned only while its opponent, a person, is connected to the match: someone is
  waiting, and they win. When both are away the match waits, and whoever comes back
  first after the other's clock ran out wins at once. A person playing the server's
  computer is never resigned (nobody is waiting for them).

In a cluster every node holding the match runs the clocks (presence crosses nodes), and
one node resigns: the one that takes the match's lease (:mod:`server.cluster.leases`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from shared.wire import ErrorCode

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("alien_city.server")

MIN_SEATS_WITHOUT_WITNESS = 3  # from this many seats no opponent needs to be there


class AbsenceWatch:
    """One clock per absent person's seat of one match."""

    def __init__(self, match: "Match") -> None:
        self.match = match
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._since: dict[int, float] = {}   # seat -> monotonic time it went away
        self._tasks: set[asyncio.Task] = set()

    def _clocked(self, seat: int) -> bool:
        """Does this seat have a clock at all (a person's, still playing, rule applies)?"""
        m = self.match
        held = m.seats[seat]
        if m.limits.abandon_after is None or m.status != "playing" or held is None \
                or held.computer is not None or seat in m.resigned \
                or (m.clock is not None and not m.clock.away_rule):  # correspondence
            return False
        if len(m.seats) >= MIN_SEATS_WITHOUT_WITNESS:
            return True
        return all(s is not None and s.computer is None for s in m.seats)  # person vs person

    def _witnessed(self, seat: int) -> bool:
        """May ``seat`` be resigned now: 3+ seats always; 2 seats while a person who plays
        on is connected to the match."""
        m = self.match
        if len(m.seats) >= MIN_SEATS_WITHOUT_WITNESS:
            return True
        return any(i != seat and s is not None and s.computer is None and i not in m.resigned
                   and m.online(i) for i, s in enumerate(m.seats))

    def abandon_in(self, seat: int) -> float | None:
        """Seconds until the seat is resigned (0: as soon as its opponent is there), or
        ``None`` when it has no clock running."""
        since = self._since.get(seat)
        if since is None or not self._clocked(seat):
            return None
        left = since + self.match.limits.abandon_after - time.monotonic()
        return round(max(0.0, left), 1)

    def back(self, seat: int) -> None:
        """The seat's player is here again: no abandonment."""
        self._since.pop(seat, None)
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def check(self) -> None:
        """Start a clock for every absent person's seat of a playing match (after someone
        left or came back, the match started, or the server restarted); a clock already
        run out is acted on now (its opponent may just have come back)."""
        m = self.match
        if m.status != "playing" or m.limits.abandon_after is None:
            return
        now = time.monotonic()
        loop = asyncio.get_running_loop()
        for seat in range(len(m.seats)):
            if not self._clocked(seat) or m.online(seat):
                self.back(seat)
                continue
            since = self._since.setdefault(seat, now)
            if seat not in self._timers:
                delay = max(0.0, since + m.limits.abandon_after - now)
                self._timers[seat] = loop.call_later(delay, self._due, seat)

    def close(self) -> None:
        """Forget every clock (the match ended, or the server is stopping; a restart
        starts them again)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        self._since.clear()
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
            if m.behind:  # a cluster node that skipped steps nobody here watched
                await m.steps.catch_up()
            if m.status != "playing" or m.online(seat) or not self._clocked(seat):
                return
            if not self._witnessed(seat):
                return  # 2 seats, nobody waiting: check() comes back here when someone is
            if m.relay is not None and not await self._decided_here(seat):
                return

            def refuse(code: str, text: str, **extra: Any) -> None:
                log.log(logging.INFO if code == ErrorCode.SEAT_TAKEN else logging.ERROR,
                        "match %s: abandoned seat %s not resigned: %s: %s", m.code,
                        m.seat_names[seat], code, text)
            if not await m.give_up(seat, refuse, away=True):
                self._since[seat] = time.monotonic()  # try again after another full wait
                self.check()
            else:
                log.info("match %s: seat %s abandoned (away %.0f s): resigned", m.code,
                         m.seat_names[seat], m.limits.abandon_after)

    async def _decided_here(self, seat: int) -> bool:
        """A cluster: does this node resign the seat (it took the match's lease)? If not,
        ask again soon: the node that holds it may die, or the player come back."""
        from .cluster.leases import RETRY_S, may_abandon
        if await may_abandon(self.match, seat):
            return True
        if seat not in self._timers:
            self._timers[seat] = asyncio.get_running_loop().call_later(RETRY_S, self._due, seat)
        return False
