"""The review's analysis: a position's best three moves by the review's search, with
their values, found in a worker thread (the window keeps drawing) and kept per position.

``AnalysisJob`` runs :meth:`shared.gamekit.review_search.ReviewSearch.top` once with the
review's settings (seeded: the same position gives the same three moves); ``stop()``
ends it at once. The screen polls ``finished``.
"""

from __future__ import annotations

import threading
from typing import Any

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
