"""The running order of a score show, for any game.

A game's final count is a list of beats (a tower scored, a bonus paid, the totals...).
:class:`BeatSequence` plays them one after another on the scene's timeline, with a short
intro and a pause between beats; Space (``step``) finishes the beat on show and starts
the next, S (``skip``) counts every remaining beat silently and lands on the final board,
``start`` runs the show again from the top. The game supplies what a beat does
(``steps``: timeline steps that animate it) and hears when a beat is done and when the
show ends; it never re-implements the stepping.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..anim import Callback, Timeline
from ..anim.timeline import Step

INTRO = 1.3      # seconds before the first beat
BEAT_GAP = 0.45  # seconds between beats


class BeatSequence:
    def __init__(self, beats: Sequence[Any], timeline: Timeline, *,
                 steps: Callable[[Any, int], list[Step]],
                 on_done: Callable[[Any], None] = lambda beat: None,
                 on_finish: Callable[[bool], None] = lambda quiet: None,
                 intro: float = INTRO, gap: float = BEAT_GAP) -> None:
        self.beats = list(beats)
        self.timeline = timeline
        self.steps, self.on_done, self.on_finish = steps, on_done, on_finish
        self.intro, self.beat_gap = intro, gap
        self.stage = "show"   # "show" while beats run, "final" after
        self.index = -1       # the beat on show (or last shown)
        self.done = True      # the beat on show has finished
        self.wait = intro     # seconds until the next beat starts
        self.muted = False    # skipping: beats count without sound

    @property
    def beat(self) -> Any:
        return self.beats[self.index] if 0 <= self.index < len(self.beats) else None

    def start(self) -> None:
        """From the top: the first beat after the intro."""
        self.stage, self.index, self.done, self.wait = "show", -1, True, self.intro

    def next(self) -> None:
        """Start the next beat, or end the show after the last."""
        self.index += 1
        if self.index >= len(self.beats):
            self.finish()
            return
        beat = self.beats[self.index]
        self.done = False
        self.timeline.sequence(*self.steps(beat, self.index), Callback(lambda: self._finished(beat)))

    def _finished(self, beat: Any) -> None:
        self.done, self.wait = True, self.beat_gap
        self.on_done(beat)

    def step(self) -> None:
        """Space: finish the beat on show at once and start the next."""
        if self.stage != "show":
            return
        self.timeline.finish_all()
        if self.done:
            self.next()

    def skip(self) -> None:
        """S: every remaining beat counted silently, then the final board."""
        if self.stage != "show":
            return
        self.muted = True
        try:
            for _ in range(len(self.beats) + 2):
                if self.stage != "show":
                    break
                self.step()
        finally:
            self.muted = False
        if self.stage == "show":  # a beat that never finished: should not happen
            self.finish(quiet=True)

    def finish(self, quiet: bool = False) -> None:
        self.stage, self.index, self.done = "final", len(self.beats), True
        self.on_finish(quiet)

    def update(self, dt: float) -> None:
        """``dt`` already scaled by the animation speed."""
        if self.stage == "show" and self.done:
            self.wait -= dt
            if self.wait <= 0:
                self.next()
