"""Saving a game record: any game's text into the records folder under a fresh name.

Names are ``<game>-<date>-<time>[-n]<suffix>`` (``alien-city-20260126-143000.ppn``), so the
replay browser lists them newest first and two saves in one second never collide.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from .config import records_dir


def save_record(text: str, stem: str, suffix: str, folder: Path | None = None) -> Path:
    """Write ``text`` as a new record file; returns the file written."""
    folder = folder or records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}{suffix}"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{stamp}-{n}{suffix}"
    path.write_text(text, encoding="utf-8")
    return path
