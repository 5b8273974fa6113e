"""Finished game reviews kept on disk, so reviewing the same game again is instant.

A review is stored as JSON in a folder (the client's config folder, ``reviews/``), named
by the record's content hash and the review's settings and method version: the same
game reviewed the same way is found again however the record was saved or titled, and
a change of settings or method reviews it afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from .api import GameSpec, Record
from .review import VERSION, Progress, Review, ReviewSettings, record_hash, review_record


def cache_key(spec: GameSpec, record: Record, settings: ReviewSettings) -> str:
    """The file stem of a review: record content + settings + method version."""
    settings = settings.for_spec(spec)
    parts = [spec.id, record_hash(spec, record), settings.level, str(settings.iterations),
             str(settings.seed), f"v{VERSION}"]
    return hashlib.sha256("|".join(parts).encode("utf-8")).hexdigest()[:40]


class ReviewCache:
    """Reviews in ``folder`` (made when the first review is stored)."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def get(self, key: str) -> Review | None:
        """The stored review, or None (missing, unreadable or from another version)."""
        try:
            review = Review.from_dict(json.loads(self.path(key).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None
        return review if review.version == VERSION else None

    def put(self, key: str, review: Review) -> bool:
        """Store a review (written aside, then renamed: never half a file). False when the
        folder cannot be written (the review is still shown, just not kept)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.path(key).with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_text(json.dumps(review.to_dict(), separators=(",", ":")), encoding="utf-8")
            os.replace(tmp, self.path(key))
            return True
        except OSError:
            return False


def cached_review(spec: GameSpec, record: Record, settings: ReviewSettings, cache: ReviewCache | None,
                  *, progress: Progress | None = None, cancel: threading.Event | None = None
                  ) -> tuple[Review, bool]:
    """The review of ``record``: from the cache when it holds one (``True``), else made
    now and stored (``False``)."""
    key = cache_key(spec, record, settings) if cache is not None else ""
    if cache is not None:
        found = cache.get(key)
        if found is not None:
            if progress is not None:
                progress(len(found.turns), len(found.turns))
            return found, True
    review = review_record(spec, record, settings, progress=progress, cancel=cancel)
    if cache is not None:
        cache.put(key, review)
    return review, False
