"""Game clocks: real-time (initial time + Fischer increment, such as 5+3) and
correspondence (days per move).

Why pure values with an injected ``now``: the server's clock is the truth, and it is the
server's event loop that knows the time; tests pass plain numbers. Every method returns
a new value, so a rejected move leaves the clock as it was.

Real time (``Clock``): the seat to move has its time running from the moment the server
started its turn. When its move arrives, the time charged is the time the server
measured minus a lag compensation the client claims, bounded as lichess bounds it: each
seat has a quota (2 s at the start, 1 s more after each move, at most 5 s, at most 3 s
spent on one move); whatever is compensated comes out of the quota. A client claiming
impossible lag (more than the time the move took, or far more than its quota) gains at
most its quota, and the quota only refills a second a move. The same bound gives the
grace before a flag: the server declares a flag only once the seat's time is gone even
with the most compensation its next move could claim, so a move in flight at that
moment would have been late anyway.

A flag ends a 2-seat match; with 3 or more seats the caller resigns the flagged seat and
the clock runs on for the others (``flag`` reports it, ``start`` hands the turn on).

Crash: ``to_dict`` keeps the times of the last acknowledged step and whose turn it is,
never a start instant (a monotonic clock means nothing in another process). A restored
clock is paused; ``resume(now)`` starts the turn again with the time the player had at
that step. The downtime, and the thinking before the crash, is nobody's: charged to no
seat.

Correspondence (``Correspondence``): each move must come within N days (the clock
resets on each move; wall-clock time, since a turn spans restarts); there is no
away-from-the-table rule (``away_rule`` is False), and a server that was down can
``excuse`` the downtime.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("online")

MAX_SEATS = 8
DAY_S = 86400.0
HOUR_S = 3600.0


class ClockError(ValueError):
    """A time control, clock step or stored clock that does not make sense."""


@dataclass(frozen=True)
class TimeControl:
    """Initial time and Fischer increment, both in milliseconds."""

    initial_ms: int
    increment_ms: int

    def __post_init__(self) -> None:
        if not 0 < self.initial_ms <= 24 * 3600_000 or not 0 <= self.increment_ms <= 600_000:
            raise ClockError(f"a time control has 1 ms to 24 h and an increment of 0 to 600 s, "
                             f"not {self.initial_ms} ms + {self.increment_ms} ms")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"5+3"``: 5 minutes and 3 seconds a move (minutes may be 0.5, 1.5, ...)."""
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+)\s*", str(text))
        if not found:
            raise ClockError(f"a time control reads minutes+seconds, such as 5+3, not {text!r}")
        return cls(round(float(found.group(1)) * 60_000), int(found.group(2)) * 1000)

    def text(self) -> str:
        minutes = self.initial_ms / 60_000
        shown = f"{minutes:g}" if minutes != int(minutes) else str(int(minutes))
        return f"{shown}+{self.increment_ms // 1000}"


@dataclass(frozen=True)
class LagQuota:
    """The lag compensation bound, per seat (lichess's numbers)."""

    start_ms: int = 2000
    gain_ms: int = 1000
    max_ms: int = 5000
    per_move_ms: int = 3000


@dataclass(frozen=True)
class Step:
    """What one move did to the mover's clock."""

    seat: int
    elapsed_ms: int  # as the server measured it
    compensation_ms: int  # forgiven as network lag
    used_ms: int  # charged
    remaining_ms: int  # after the increment; 0 when flagged
    flagged: bool


def _elapsed_ms(since: float, now: float) -> int:
    return max(0, round((now - since) * 1000))


def _claimed(lag_ms: float) -> float:
    return lag_ms if isinstance(lag_ms, (int, float)) and math.isfinite(lag_ms) and lag_ms > 0 else 0.0


@dataclass(frozen=True)
class Clock:
    """A real-time clock for 2-8 seats. ``turn`` is the seat whose time runs while
    ``since`` (server monotonic seconds) is set; ``since`` None is a paused clock."""

    control: TimeControl
    remaining_ms: tuple[int, ...]
    quota_ms: tuple[int, ...]
    turn: int | None = None
    since: float | None = None
    out: frozenset[int] = frozenset()
    lag: LagQuota = LagQuota()

    away_rule = True  # a player away from a live match loses after the server's grace

    @classmethod
    def new(cls, control: TimeControl, seats: int, lag: LagQuota = LagQuota()) -> Clock:
        if not 2 <= seats <= MAX_SEATS:
            raise ClockError(f"a clock has 2 to {MAX_SEATS} seats, not {seats}")
        return cls(control, (control.initial_ms,) * seats, (lag.start_ms,) * seats, lag=lag)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(self.remaining_ms):
            raise ClockError(f"no seat {seat!r} on a clock of {len(self.remaining_ms)} seats")
        if seat in self.out:
            raise ClockError(f"seat {seat} is out of time")

    def start(self, now: float, seat: int) -> Clock:
        """Start ``seat``'s turn now (the first turn, or the next after a flag)."""
        self._check_seat(seat)
        return replace(self, turn=seat, since=now)

    def resume(self, now: float) -> Clock:
        """Start the paused turn again (after a restore): its seat has the time it had."""
        if self.turn is None:
            raise ClockError("no turn to resume: the clock was stopped")
        return replace(self, since=now)

    def time_left(self, seat: int, now: float) -> int:
        """Milliseconds ``seat`` has now (never below 0), as clients show it."""
        left = self.remaining_ms[seat]
        if seat == self.turn and self.since is not None:
            left -= _elapsed_ms(self.since, now)
        return max(0, left)

    def _grace_ms(self, seat: int) -> int:
        return min(self.quota_ms[seat], self.lag.per_move_ms)

    def deadline(self) -> float | None:
        """Server time at which the running seat flags (for the server's timer)."""
        if self.turn is None or self.since is None:
            return None
        return self.since + (self.remaining_ms[self.turn] + self._grace_ms(self.turn)) / 1000

    def flagged(self, now: float) -> int | None:
        """The running seat if its time is gone, grace included; else None."""
        deadline = self.deadline()
        return self.turn if deadline is not None and now >= deadline else None

    def flag(self, now: float) -> tuple[Clock, int]:
        """Record the running seat's flag: its time is 0, it is out, the clock stops.
        The caller ends a 2-seat match, or resigns the seat and ``start``s the next."""
        seat = self.flagged(now)
        if seat is None:
            raise ClockError("no seat is out of time")
        return self._out(seat), seat

    def _out(self, seat: int) -> Clock:
        remaining = list(self.remaining_ms)
        remaining[seat] = 0
        return replace(self, remaining_ms=tuple(remaining), turn=None, since=None,
                       out=self.out | {seat})

    def move(self, now: float, next_seat: int | None, lag_ms: float = 0.0) -> tuple[Clock, Step]:
        """The running seat moved; ``lag_ms`` is the network lag its client claims for
        this move. Charges the move, adds the increment and starts ``next_seat`` (None:
        the match ended with this move). A move that came too late flags instead: the
        seat is out and the clock stops (``step.flagged``)."""
        seat, since = self.turn, self.since
        if seat is None or since is None:
            raise ClockError("no seat's time is running")
        if next_seat is not None:
            self._check_seat(next_seat)
        elapsed = _elapsed_ms(since, now)
        comp = min(round(_claimed(lag_ms)), self.quota_ms[seat], self.lag.per_move_ms, elapsed)
        used = elapsed - comp
        quotas = list(self.quota_ms)
        quotas[seat] = min(quotas[seat] + self.lag.gain_ms - comp, self.lag.max_ms)
        if used >= self.remaining_ms[seat]:
            stopped = replace(self._out(seat), quota_ms=tuple(quotas))
            return stopped, Step(seat, elapsed, comp, used, 0, True)
        remaining = list(self.remaining_ms)
        remaining[seat] += self.control.increment_ms - used
        after = replace(self, remaining_ms=tuple(remaining), quota_ms=tuple(quotas),
                        turn=next_seat, since=None if next_seat is None else now)
        return after, Step(seat, elapsed, comp, used, remaining[seat], False)

    def stop(self, now: float) -> Clock:
        """The match ended otherwise (resignation, agreement): charge the running seat's
        time so far, no increment, and stop."""
        if self.turn is None or self.since is None:
            return replace(self, turn=None, since=None)
        remaining = list(self.remaining_ms)
        remaining[self.turn] = max(0, remaining[self.turn] - _elapsed_ms(self.since, now))
        return replace(self, remaining_ms=tuple(remaining), turn=None, since=None)

    def to_dict(self) -> dict[str, object]:
        """The clock at its last step, for the store (no start instant: see the module)."""
        return {"kind": "live", "initial_ms": self.control.initial_ms,
                "increment_ms": self.control.increment_ms,
                "remaining_ms": list(self.remaining_ms), "quota_ms": list(self.quota_ms),
                "turn": self.turn, "out": sorted(self.out)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], lag: LagQuota = LagQuota()) -> Clock:
        """A stored clock, paused: ``resume(now)`` restarts the turn it was at."""
        try:
            if data["kind"] != "live":
                raise ClockError(f"not a live clock: {data['kind']!r}")
            control = TimeControl(_int(data["initial_ms"]), _int(data["increment_ms"]))
            remaining = tuple(_int(v) for v in _list(data["remaining_ms"]))
            quotas = tuple(_int(v) for v in _list(data["quota_ms"]))
            out = frozenset(_int(v) for v in _list(data["out"]))
            turn = data["turn"]
        except KeyError as exc:
            raise ClockError(f"a stored clock lacks {exc.args[0]!r}") from exc
        seats = len(remaining)
        if not 2 <= seats <= MAX_SEATS or len(quotas) != seats \
                or not out <= set(range(seats)) or min(remaining) < 0:
            raise ClockError(f"a stored clock does not add up: {dict(data)!r}")
        clock = cls(control, remaining, quotas, out=out, lag=lag)
        if turn is not None:
            clock._check_seat(_int(turn))
            clock = replace(clock, turn=_int(turn))
        return clock


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ClockError(f"a stored clock holds whole numbers, not {value!r}")
    return value


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ClockError(f"a stored clock holds lists, not {value!r}")
    return value


def format_clock(ms: int) -> str:
    """A live clock as shown: ``4:59``, ``1:02:03``, tenths under ten seconds (``9.4``)."""
    ms = max(0, ms)
    if ms < 10_000:
        return f"{ms // 1000}.{ms % 1000 // 100}"
    seconds = ms // 1000
    hours, minutes = divmod(seconds // 60, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds % 60:02d}"
    return f"{minutes}:{seconds % 60:02d}"


@dataclass(frozen=True)
class Correspondence:
    """Correspondence play: ``days`` per move, wall-clock seconds (``time.time()``)."""

    days: int
    seats: int
    turn: int | None = None
    deadline: float | None = None
    out: frozenset[int] = frozenset()

    away_rule = False  # days to move: being away from the table is the point

    def __post_init__(self) -> None:
        if not isinstance(self.days, int) or not 1 <= self.days <= 14:
            raise ClockError(f"correspondence allows 1 to 14 days a move, not {self.days!r}")
        if not 2 <= self.seats <= MAX_SEATS:
            raise ClockError(f"a clock has 2 to {MAX_SEATS} seats, not {self.seats}")

    def start(self, now: float, seat: int) -> Correspondence:
        """``seat`` is to move, with the full days from ``now``."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats or seat in self.out:
            raise ClockError(f"seat {seat!r} cannot move on this clock")
        return replace(self, turn=seat, deadline=now + self.days * DAY_S)

    def move(self, now: float, next_seat: int | None) -> Correspondence:
        """The seat to move did; ``next_seat`` gets the full days (None: match over)."""
        if self.turn is None:
            raise ClockError("nobody is to move")
        if self.expired(now) is not None:
            raise ClockError(f"seat {self.turn}'s time ran out before this move")
        if next_seat is None:
            return replace(self, turn=None, deadline=None)
        return self.start(now, next_seat)

    def time_left(self, now: float) -> float:
        """Seconds the seat to move has left (0 when out of time or nobody is to move)."""
        return 0.0 if self.deadline is None else max(0.0, self.deadline - now)

    def expired(self, now: float) -> int | None:
        """The seat to move if its days are over."""
        if self.deadline is None or now < self.deadline:
            return None
        return self.turn

    def flag(self, now: float) -> tuple[Correspondence, int]:
        """Record that the seat to move ran out of days (as ``Clock.flag``)."""
        seat = self.expired(now)
        if seat is None:
            raise ClockError("no seat is out of time")
        return replace(self, turn=None, deadline=None, out=self.out | {seat}), seat

    def excuse(self, seconds: float) -> Correspondence:
        """Push the deadline back by the server's downtime: nobody's time."""
        if self.deadline is None or seconds <= 0:
            return self
        return replace(self, deadline=self.deadline + seconds)

    def to_dict(self) -> dict[str, object]:
        return {"kind": "correspondence", "days": self.days, "seats": self.seats,
                "turn": self.turn, "deadline": self.deadline, "out": sorted(self.out)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Correspondence:
        try:
            if data["kind"] != "correspondence":
                raise ClockError(f"not a correspondence clock: {data['kind']!r}")
            deadline, turn = data["deadline"], data["turn"]
            clock = cls(_int(data["days"]), _int(data["seats"]),
                        out=frozenset(_int(v) for v in _list(data["out"])))
        except KeyError as exc:
            raise ClockError(f"a stored clock lacks {exc.args[0]!r}") from exc
        if (turn is None) != (deadline is None) or not (
                deadline is None or isinstance(deadline, (int, float))):
            raise ClockError(f"a stored clock does not add up: {dict(data)!r}")
        if turn is None or deadline is None:
            return clock
        if not 0 <= _int(turn) < clock.seats:
            raise ClockError(f"no seat {turn!r} on a clock of {clock.seats} seats")
        return replace(clock, turn=_int(turn), deadline=float(deadline))


def format_days_hours(seconds: float) -> str:
    """Correspondence time left in the player's language: "2 days 5 hours", "5 hours",
    "less than an hour" (hours rounded down: never more than the player has)."""
    hours_total = int(max(0.0, seconds) // HOUR_S)
    days, hours = divmod(hours_total, 24)
    day_text = ngettext("{n} day", "{n} days", days).format(n=days)
    hour_text = ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    if days and hours:
        return _("{days} {hours}").format(days=day_text, hours=hour_text)
    if days:
        return day_text
    if hours:
        return hour_text
    return _("less than an hour")
