"""A timed match's clocks as the client shows them: the server's *clock* (``left_ms`` per
seat, the ``running`` seat) counted down locally between the server's updates.

Why locally: the server sends the clock only with each step (``moved``/``sync``); a
clock that stood still between moves would be no clock. The server stays the truth: each
update replaces what we counted. Correspondence clocks are shown in days and hours (only
the seat to move has a deadline). No pygame here; times are passed in (monotonic
seconds), so tests use plain numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.online.clock import format_clock, format_days_hours

LOW_MS = 20_000  # a live clock under this is drawn in the warning colour
TICK_MS = 10_000  # under this, our own clock ticks audibly each second


@dataclass(frozen=True)
class SeatTime:
    """One seat's clock as drawn."""

    seat: int
    text: str
    running: bool
    low: bool
    out: bool


class ClockView:
    """The last clock the server sent and when it arrived."""

    def __init__(self) -> None:
        self.wire: dict | None = None
        self.at = 0.0
        self.stopped = False

    def update(self, wire: object, now: float) -> None:
        """A ``moved``/``sync`` clock (anything else is ignored)."""
        if isinstance(wire, dict) and isinstance(wire.get("left_ms"), list):
            self.wire, self.at, self.stopped = wire, now, False

    def stop(self, seat_names: list[str], now: float) -> None:
        """The match ended: freeze the running clock where it is."""
        if self.wire is not None and not self.stopped:
            left = [self.left_ms(seat_names, i, now) for i in range(len(self.wire["left_ms"]))]
            self.wire, self.at, self.stopped = dict(self.wire, left_ms=left, running=None), now, True

    @property
    def timed(self) -> bool:
        return self.wire is not None

    @property
    def control(self) -> str:
        return str(self.wire.get("control") or "") if self.wire else ""

    @property
    def correspondence(self) -> bool:
        return self.control.startswith("corr:")

    def left_ms(self, seat_names: list[str], seat: int, now: float) -> int | None:
        """Milliseconds ``seat`` has now (None: no number for it, as correspondence's
        waiting seats)."""
        if self.wire is None:
            return None
        left = self.wire.get("left_ms") or []
        value = left[seat] if seat < len(left) else None
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        if seat < len(seat_names) and self.wire.get("running") == seat_names[seat]:
            value -= (now - self.at) * 1000
        return max(0, int(value))

    def shown(self, seat_names: list[str], now: float) -> list[SeatTime]:
        """Every seat's clock as drawn, in seat order (empty for an untimed match)."""
        if self.wire is None:
            return []
        out = set(self.wire.get("out") or [])
        running = self.wire.get("running")
        shown = []
        for i, name in enumerate(seat_names):
            ms = self.left_ms(seat_names, i, now)
            if self.correspondence:
                text = format_days_hours(ms / 1000) if ms is not None else ""
                low = ms is not None and ms < 6 * 3600_000
            else:
                text = format_clock(ms) if ms is not None else ""
                low = ms is not None and ms < LOW_MS
            shown.append(SeatTime(i, text, running == name, low, name in out))
        return shown
