"""The review's analysis: a position's best three moves by the review's search, with
their values, found in a worker thread (the window keeps drawing) and kept per position.

A reviewed position's analysis is its turn's card (:class:`TurnCard`: the moves and
values of the search that gave the turn's loss), so the panel's loss and the card's
numbers agree; a replay's position (or a review kept without cards) is searched by an
``AnalysisJob``, which runs :meth:`shared.gamekit.review_search.ReviewSearch.top` once with the
review's settings (seeded: the same position gives the same three moves); ``stop()``
ends it at once. The screen polls ``finished``. :class:`Analyses` keeps a screen's jobs
by position (the review's and the replays'), one search running at a time.
"""

from __future__ import annotations

import threading
from typing import Any, Hashable

from shared.gamekit.api import GameError, GameSpec, State
from shared.gamekit.review import ReviewCancelled, ReviewSettings
from shared.gamekit.review_search import Values, lead_of

COUNT = 3


class AnalysisJob:
    """The top moves of one position, searched in the background."""

    def __init__(self, spec: GameSpec, state: State, settings: ReviewSettings) -> None:
        self.spec, self.state, self.settings = spec, state, settings
        self.top: list[tuple[Any, Values]] | None = None
        self.error: str | None = None
        self.cancel = threading.Event()
        self.thread = threading.Thread(target=self._run, name="review-analysis", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            search = self.spec.review_search(self.settings.for_spec(self.spec))
            self.top = search.top(self.state, COUNT, self.cancel)
        except ReviewCancelled:
            pass
        except (GameError, ValueError) as exc:
            self.error = str(exc)

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive()

    def leads(self) -> list[tuple[Any, float]]:
        """Each top move with the mover's lead after it (the review's unit)."""
        seat = self.state.to_move
        assert seat is not None  # a position with moves to analyse
        return [(move, lead_of(values, seat)) for move, values in self.top or []]

    def stop(self) -> None:
        self.cancel.set()


class TurnCard:
    """A reviewed turn's card as an analysis: finished at once, its moves and the mover's
    leads those of the review's own search (``TurnReview.top``)."""

    finished = True
    error: str | None = None

    def __init__(self, spec: GameSpec, state: State, top: tuple[tuple[str, float], ...]) -> None:
        self.state = state
        self.rows = [(spec.parse_move(text), value) for text, value in top]
        self.top = self.rows

    def leads(self) -> list[tuple[Any, float]]:
        return list(self.rows)

    def stop(self) -> None:
        """Nothing runs."""


class Analyses:
    """A screen's analyses by position: stepping on stops the search still running (the
    machine's cores are shared), coming back shows the finished one again."""

    def __init__(self, spec: GameSpec, settings: ReviewSettings) -> None:
        self.spec, self.settings = spec, settings
        self.jobs: dict[Hashable, AnalysisJob] = {}

    def of(self, key: Hashable, state: State) -> AnalysisJob:
        """The analysis of ``state`` (known as ``key``), started when first asked (again
        when an earlier one was stopped before it finished)."""
        job = self.jobs.get(key)
        if job is not None and job.finished and job.top is None and job.error is None:
            job = None   # stopped half way (the screen was left or covered): search again
        if job is None:
            self.pause()
            job = self.jobs[key] = AnalysisJob(self.spec, state, self.settings)
        return job

    def pause(self) -> None:
        """Stop the search still running (its position is searched again when asked)."""
        for key, running in list(self.jobs.items()):
            if not running.finished:
                running.stop()
                del self.jobs[key]

    def stop(self) -> None:
        """Stop every search (the screen is left)."""
        for job in self.jobs.values():
            job.stop()
