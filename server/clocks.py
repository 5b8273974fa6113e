"""A match's clock on the server: real time (``"5+3"``) or correspondence (``"corr:2"``,
days a move), timed by the server, flagged on its own timer, kept across restarts.

The server's clock is the truth: a real-time turn runs on the event loop's monotonic
time from the moment the server started it, and the time charged for a move is what the
server measured minus the lag the client reports (``move.lag``, bounded by the seat's
``LagQuota``: shared/online/clock.py). A correspondence turn runs on wall-clock time
(it spans restarts and days).

A seat out of time is resigned through the match's own resignation (``give_up`` with
reason ``"time"``): with 2 seats the match ends and the flagged seat loses; with more,
the others play on as the game's resignation rule says, and the clock runs on for them.
A move that arrives after the time is gone (grace included) flags instead of playing.

Per move the match calls :meth:`MatchClock.tick` (pure arithmetic), stores the step
with the clock after it (``MoveRecord.clock``, in the step's own row or script: no second
write), then :meth:`MatchClock.commit` puts it in force; the flag timer is moved only when
the new deadline is earlier than the armed one (a timer that fires early looks and sets
itself again). The start of play, a resignation and a flag save the clock apart (the
accounts store's ``clocks`` row; server/archive.py), and a restart takes the newer of
that and the last step's. After a restart (kill -9 included) the clock resumes with the
time its player had at the last acknowledged step: the downtime, and the thinking
before it, is nobody's.

On a cluster every node holding the match has a copy of its clock: a move's step carries
the clock after it as the mover's node measured it (``MoveRecord.clock``), and the other
nodes follow it (:meth:`MatchClock.follow`: the next turn runs from when they applied
the step, milliseconds later). Each copy arms its own flag timer; the first node whose
timer finds the seat out of time stores the resignation and the others, refused that
version, catch up with it: a flag is decided once (the store's compare-and-append), and
a flag that loses to a move is not tried again on the next version.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from shared.online.clock import Clock, ClockError, Correspondence, TimeControl

from .store import StoreError

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("alien_city.server")

CORRESPONDENCE = "corr:"
AnyClock = Clock | Correspondence


def parse_clock(text: str, seats: int) -> str:
    """The canonical text of a clock a match asks for (``"5+3"``, ``"corr:2"``), or
    :class:`ClockError` saying what is wrong."""
    if text.startswith(CORRESPONDENCE):
        days = text[len(CORRESPONDENCE):]
        if not days.isdigit():
            raise ClockError(f"correspondence reads corr:DAYS, such as corr:2, not {text!r}")
        return f"{CORRESPONDENCE}{Correspondence(int(days), seats).days}"
    Clock.new(TimeControl.parse(text), seats)
    return TimeControl.parse(text).text()


def new_clock(spec: str, seats: int) -> AnyClock:
    if spec.startswith(CORRESPONDENCE):
        return Correspondence(int(spec[len(CORRESPONDENCE):]), seats)
    return Clock.new(TimeControl.parse(spec), seats)


class MatchClock:
    """One match's clock, its flag timer and its saving (see the module's docstring)."""

    def __init__(self, match: Match, spec: str, clock: AnyClock | None = None) -> None:
        self.match = match
        self.spec = spec
        self.clock: AnyClock = clock if clock is not None else new_clock(spec, len(match.seats))
        self.live = isinstance(self.clock, Clock)
        self.started = clock is not None
        self.save: Callable[[str, int, dict[str, object]], None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0  # the armed timer's deadline (the clock's own time)
        self._unsaved: int | None = None  # the version whose clock waits to be written
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def away_rule(self) -> bool:
        """Does the away-from-the-table rule apply (not in correspondence)?"""
        return self.clock.away_rule

    def now(self) -> float:
        return time.monotonic() if self.live else time.time()

    # -- the match's steps -----------------------------------------------------------------
    def begin(self) -> None:
        """The match is playing: the first turn starts now."""
        seat = self.match.state.to_move
        if self.started or seat is None:
            return
        self.started = True
        self.clock = self.clock.start(self.now(), seat)
        self._saved(self.match.version)

    def tick(self, seat: int, next_seat: int | None, lag_ms: int) -> tuple[AnyClock, bool]:
        """The clock after ``seat``'s move (``next_seat`` to move next, None: the move
        ends the match), and whether the move came too late: then the clock has the
        seat out, and the caller flags it (:meth:`flagged`) instead of playing."""
        now, clock = self.now(), self.clock
        if clock.turn != seat:  # (never started: a match whose start was not seen)
            clock = clock.start(now, seat)
        if isinstance(clock, Correspondence):
            if clock.expired(now) is not None:
                return clock.flag(now)[0], True
            return clock.move(now, next_seat), False
        after, step = clock.move(now, next_seat, lag_ms)
        return after, step.flagged

    def commit(self, clock: AnyClock) -> None:
        """A ticked clock whose step was stored: in force, its timer armed. Not saved
        apart: the step was stored with this very clock (``MoveRecord.clock``), which a
        restart resumes, so a move costs no second write."""
        self.clock = clock
        self._arm()

    def follow(self, seat: int, next_seat: int | None, data: dict[str, Any] | None) -> None:
        """Another node of a cluster stored ``seat``'s move: its clock after the step,
        as that node measured it (``data``, carried by the step), in force here with the
        next turn running from now; without ``data``, charged here as if it came now.
        Not saved (the mover's node did)."""
        if data is None:
            clock, _late = self.tick(seat, next_seat, 0)
        else:
            clock = Correspondence.from_dict(data) if self.spec.startswith(CORRESPONDENCE) \
                else Clock.from_dict(data)
            if isinstance(clock, Clock) and clock.turn is not None:
                clock = clock.resume(self.now())
        self.clock, self.started = clock, True
        self._arm()

    def after_resign(self, seat: int, next_seat: int | None) -> None:
        """``seat`` resigned (or flagged, or was abandoned): its time stops; the next
        seat's turn starts if the turn moved on."""
        now, clock = self.now(), self.clock
        if next_seat is None:
            self.stop()
            return
        if clock.turn == seat or clock.turn is None:
            if isinstance(clock, Clock):
                clock = clock.stop(now)
            clock = clock.start(now, next_seat)
        self.clock = clock
        self._saved(self.match.version + 1)

    def stop(self) -> None:
        """The match ended: the running time is charged and nothing is timed any more."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if isinstance(self.clock, Clock):
            self.clock = self.clock.stop(self.now())
        else:
            self.clock = replace(self.clock, turn=None, deadline=None)

    def close(self) -> None:
        self._flush()
        if self._timer is not None:
            self._timer.cancel()
        for task in self._tasks:
            task.cancel()

    # -- what clients see ------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """``clock`` of ``moved``, ``sync`` and *match info*: milliseconds left per seat
        (correspondence: the seat to move only, others nil) and the running seat."""
        names, clock, now = self.match.seat_names, self.clock, self.now()
        if isinstance(clock, Clock):
            left: list[int | None] = [clock.time_left(i, now) for i in range(len(names))]
            running = clock.turn if clock.since is not None else None
        else:
            left = [round(clock.time_left(now) * 1000) if i == clock.turn else None
                    for i in range(len(names))]
            running = clock.turn
        return {"control": self.spec, "left_ms": left,
                "running": None if running is None else names[running],
                "out": [names[i] for i in sorted(clock.out)]}

    # -- saving and restoring --------------------------------------------------------------
    def _saved(self, version: int) -> None:
        """The clock of ``version`` is in force: written on the loop's next turn (the
        latest one then), and the flag timer armed for it."""
        if self.save is not None:
            if self._unsaved is None:
                asyncio.get_running_loop().call_soon(self._flush)
            self._unsaved = version
        self._arm()

    def _flush(self) -> None:
        version, self._unsaved = self._unsaved, None
        if version is not None and self.save is not None:
            self.save(self.match.code, version, self.clock.to_dict())

    @classmethod
    def restored(cls, match: Match, spec: str, version: int,
                 data: dict[str, Any] | None) -> MatchClock:
        """The saved clock of a match rebuilt at start-up (``data`` None: it had not
        started), its turn running again from now: call :meth:`arm` in the event loop."""
        if data is None:
            return cls(match, spec)
        stored: AnyClock = Correspondence.from_dict(data) if spec.startswith(CORRESPONDENCE) \
            else Clock.from_dict(data)
        clock = cls(match, spec, stored)
        seat = match.state.to_move if match.status == "playing" else None
        if seat is not None:
            if version != match.version or stored.turn != seat:  # one step behind
                clock.clock = stored.start(clock.now(), seat)
            elif isinstance(stored, Clock):
                clock.clock = stored.resume(clock.now())
        return clock

    # -- the flag timer ----------------------------------------------------------------------
    def _arm(self) -> None:
        deadline = self.clock.deadline() if isinstance(self.clock, Clock) else self.clock.deadline
        if self._timer is not None:
            if deadline is not None and self._timer_at <= deadline:
                return  # it fires first, finds no flag and arms itself again
            self._timer.cancel()
            self._timer = None
        if deadline is None:
            return
        self._timer_at = deadline
        delay = max(0.0, deadline - self.now())
        self._timer = asyncio.get_running_loop().call_later(delay, self._due)

    def arm(self) -> None:
        """A restored match: the first turn starts if it had not, the flag timer runs."""
        if not self.started and self.match.status == "playing":
            self.begin()
        else:
            self._arm()

    def _due(self) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self.flag())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flag(self) -> None:
        """The timer fired: if the running seat's time is gone, it is resigned on time."""
        m = self.match
        async with m.lock:
            if m.behind and m.live:  # a cluster node that skipped steps: it follows first
                try:
                    await m.steps.catch_up()
                except StoreError as exc:
                    log.error("match %s: clock not checked: %s", m.code, exc)
                    self._arm()
                    return
            if not m.live:
                return
            clock, now = self.clock, self.now()
            seat = clock.flagged(now) if isinstance(clock, Clock) else clock.expired(now)
            if seat is None:
                self._arm()  # (woken early)
                return
            await self.flagged(seat)

    async def flagged(self, seat: int, clock: AnyClock | None = None) -> None:
        """``seat`` is out of time (``clock``: as a late move found it; else the timer
        says so now): resigned with reason ``time``. Call with the lock held."""
        m = self.match
        self.clock = clock if clock is not None else self.clock.flag(self.now())[0]

        def refuse(code: str, text: str, **extra: Any) -> None:
            settled = not m.live or seat in m.resigned  # (another node flagged it first)
            (log.info if settled else log.error)(
                "match %s: flagged seat %s not resigned: %s: %s", m.code, m.seat_names[seat],
                code, text)
        if await m.give_up(seat, refuse, reason="time"):
            log.info("match %s: seat %s out of time", m.code, m.seat_names[seat])
