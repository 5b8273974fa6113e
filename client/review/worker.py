"""A review made in the thinking process (:mod:`client.thinking`), waited for in a worker
thread, so the window keeps drawing while the search runs and the search's memory leaves
with the process.

The screen polls ``done``/``total`` for its progress bar, ``seconds_left`` for its
estimate (the pace so far: the time since the first position over the positions done)
and ``finished`` to show the result; ``stop()`` sets the search's stop event, which ends it at once (the thread then
only unwinds). Finished reviews go to the cache, found again next time.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

from shared.gamekit.api import GameError, GameSpec, Record
from shared.gamekit.review import Review, ReviewCancelled, ReviewSettings
from shared.gamekit.review_cache import ReviewCache, cached_review

from .. import thinking
from . import words


class ReviewJob:
    """One review running (or run) in the background."""

    clock: Callable[[], float] = staticmethod(time.monotonic)   # tests set their own

    def __init__(self, spec: GameSpec, record: Record, settings: ReviewSettings,
                 cache: ReviewCache | None) -> None:
        self.spec, self.record, self.settings, self.cache = spec, record, settings, cache
        self.done = 0
        self.total = len(record.moves)
        self.review: Review | None = None
        self.cached = False
        self.error: str | None = None
        self.cancelled = False
        self.cancel = threading.Event()
        self.started: float | None = None   # when the first position's search began
        self.thread = threading.Thread(target=self._run, name="review", daemon=True)

    def start(self) -> "ReviewJob":
        self.thread.start()
        return self

    def _progress(self, done: int, total: int) -> None:
        if self.started is None:
            self.started = self.clock()
        self.done, self.total = done, total

    @property
    def seconds_left(self) -> float | None:
        """The time the rest should take at the pace so far (None: no position done yet)."""
        if self.started is None or self.done <= 0:
            return None
        pace = (self.clock() - self.started) / self.done
        return max(0.0, pace * (self.total - self.done))

    def _run(self) -> None:
        try:
            self.review, self.cached = self._review()
        except ReviewCancelled:
            self.cancelled = True
        except (GameError, ValueError) as exc:
            self.error = str(exc)
        except thinking.ProcessGone:
            self.error = words.process_ended()

    def _review(self) -> tuple[Review, bool]:
        args = (self.spec, self.record, self.settings, self.cache)
        if thinking.enabled:
            try:
                review: tuple[Review, bool] = thinking.call(
                    cached_review, args, stop=self.cancel, stop_kw="cancel", progress=self._progress,
                    progress_kw="progress")
                return review
            except thinking.Unavailable:
                pass
        return cached_review(*args, progress=self._progress, cancel=self.cancel)

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive() and (self.review is not None or self.error is not None
                                               or self.cancelled)

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0

    def stop(self) -> None:
        """Ask the search to stop now (the screen closes without waiting)."""
        self.cancel.set()
