"""Marks that fade out after a move: Alien City's ring round a lot just built on, City
Blocks' outline round a piece just placed.

Both screens started, timed and dropped such a mark the same way, so that lives here
once: ``FadingMarks.start`` puts a mark on the scene's timeline (not blocking input),
its ``p`` goes 0 -> 1 and the mark is gone at 1. Each game still draws its marks its
own way (a circle, a piece's outline), reading ``p`` and ``alpha``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from ..anim import Callback, Timeline, Tween


@dataclass(eq=False)
class FadingMark:
    """One fading mark: ``where`` and ``colour`` in the game's own terms (a lot and an
    RGB, a colour index and a piece's squares); ``p`` 0 (fresh) -> 1 (gone)."""

    where: Any
    colour: Any
    p: float = 0.0

    def alpha(self, peak: int = 255) -> int:
        """The mark's opacity now: ``peak`` when fresh, down to 0."""
        return int(peak * (1.0 - self.p))


class FadingMarks:
    """The marks fading on one screen (``draw`` iterates them)."""

    def __init__(self) -> None:
        self.marks: list[FadingMark] = []

    def start(self, timeline: Timeline, where: Any, colour: Any, seconds: float) -> FadingMark:
        """A new mark that fades out over ``seconds`` of ``timeline``, then is dropped."""
        mark = FadingMark(where, colour)
        self.marks.append(mark)

        def done() -> None:
            if mark in self.marks:
                self.marks.remove(mark)

        timeline.sequence(Tween(seconds, lambda p: setattr(mark, "p", p), "out_quad", blocking=False),
                          Callback(done))
        return mark

    def __iter__(self) -> Iterator[FadingMark]:
        return iter(list(self.marks))

    def __len__(self) -> int:
        return len(self.marks)
