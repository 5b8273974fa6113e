"""When a search must stop, for any game's computer players."""

from __future__ import annotations

import threading
import time


class Clock:
    """When a search must stop: time used up, or someone set the stop event.

    ``timer`` is wall time; a benchmark on a shared machine may set it to the process's
    CPU time (``time.process_time``) so other programs' load cannot cut searches short."""

    __slots__ = ("end", "stop")
    timer = staticmethod(time.perf_counter)

    def __init__(self, seconds: float | None, stop: threading.Event | None) -> None:
        self.end = None if seconds is None else Clock.timer() + seconds
        self.stop = stop

    def expired(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return True
        return self.end is not None and Clock.timer() >= self.end
