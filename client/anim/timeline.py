"""A per-scene Timeline of steps driven by dt in seconds (no global clock, no frame counts).

Steps are small objects with ``update(dt) -> leftover`` (``None`` while running, else the
unused part of dt, so a sequence hands leftover time to its next step and stays exact at
any frame rate) and ``finish()`` (jump to the end, run every callback: skipping and tests).
Tweens write into view objects through a setter; ``draw`` only reads those values.
"""

from __future__ import annotations

from typing import Callable

from .easing import EASINGS


class Step:
    """Base step. ``blocking`` steps lock the scene's input while they run."""

    blocking = True

    def update(self, dt: float) -> float | None:
        raise NotImplementedError

    def finish(self) -> None:
        raise NotImplementedError


class Tween(Step):
    """Calls ``setter(eased progress)`` every update for ``duration`` seconds."""

    def __init__(self, duration: float, setter: Callable[[float], None],
                 easing: str = "out_cubic", blocking: bool = True) -> None:
        self.duration = max(0.0, duration)
        self.setter = setter
        self.curve = EASINGS[easing]
        self.elapsed = 0.0
        self.started = False
        self.blocking = blocking

    def update(self, dt: float) -> float | None:
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.setter(1.0)
            return self.elapsed - self.duration
        self.setter(self.curve(self.elapsed / self.duration))
        return None

    def finish(self) -> None:
        self.elapsed = self.duration
        self.setter(1.0)


class Delay(Step):
    def __init__(self, duration: float, blocking: bool = True) -> None:
        self.remaining = max(0.0, duration)
        self.blocking = blocking

    def update(self, dt: float) -> float | None:
        self.remaining -= dt
        return -self.remaining if self.remaining <= 0 else None

    def finish(self) -> None:
        self.remaining = 0.0


class Callback(Step):
    """Runs ``fn`` once, taking no time (so it never locks input on its own)."""

    blocking = False

    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float | None:
        self.finish()
        return dt

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.fn()


class Sequence(Step):
    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.index = 0
        self.blocking = any(s.blocking for s in steps)

    def update(self, dt: float) -> float | None:
        left: float | None = dt
        while self.index < len(self.steps):
            left = self.steps[self.index].update(left)
            if left is None:
                return None
            self.index += 1
        return left

    def finish(self) -> None:
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1


class Parallel(Step):
    """Runs its steps side by side; done when the longest is, with its leftover."""

    def __init__(self, *steps: Step) -> None:
        self.running = list(steps)
        self.blocking = any(s.blocking for s in steps)
        self.leftover = 0.0

    def update(self, dt: float) -> float | None:
        still = []
        least = None
        for step in self.running:
            left = step.update(dt)
            if left is None:
                still.append(step)
            else:
                least = left if least is None else min(least, left)
        self.running = still
        if still:
            return None
        return dt if least is None else least

    def finish(self) -> None:
        for step in self.running:
            step.finish()
        self.running = []


class Timeline:
    """Tracks that run in parallel; each added step is its own track."""

    def __init__(self) -> None:
        self.tracks: list[Step] = []

    def add(self, step: Step) -> Step:
        self.tracks.append(step)
        return step

    def sequence(self, *steps: Step) -> Step:
        return self.add(Sequence(*steps))

    def parallel(self, *steps: Step) -> Step:
        return self.add(Parallel(*steps))

    def delay(self, seconds: float, then: Callable[[], None] | None = None) -> Step:
        steps: list[Step] = [Delay(seconds)]
        if then is not None:
            steps.append(Callback(then))
        return self.add(Sequence(*steps))

    def callback(self, fn: Callable[[], None]) -> Step:
        return self.add(Callback(fn))

    def tween(self, duration: float, setter: Callable[[float], None], easing: str = "out_cubic",
              blocking: bool = True) -> Step:
        return self.add(Tween(duration, setter, easing, blocking))

    def update(self, dt: float) -> None:
        # Callbacks may add tracks while we run: iterate over a snapshot, keep survivors
        # and anything new, never removing from the list being iterated.
        current, self.tracks = self.tracks, []
        survivors = [track for track in current if track.update(dt) is None]
        self.tracks = survivors + self.tracks

    def finish_all(self) -> None:
        """Run every track to its end (callbacks included, and any tracks they add)."""
        for _ in range(100):
            if not self.tracks:
                return
            current, self.tracks = self.tracks, []
            for track in current:
                track.finish()
        self.tracks = []

    @property
    def busy(self) -> bool:
        """True while a blocking step runs: the scene locks or queues input."""
        return any(t.blocking for t in self.tracks)

    def __len__(self) -> int:
        return len(self.tracks)
