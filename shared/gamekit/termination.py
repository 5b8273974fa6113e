"""The ``Termination`` line of a game record, written alike by the server and the client:
the seats that left before the rules ended the game, in order and by label ("Black
resigned"). A clock that runs out ends a match as a resignation does; the record says so
of the seat whose time ending the match ran out ("White lost on time")."""

from __future__ import annotations

from typing import Sequence

TIME = "time"  # the end reason of a match whose last leaver lost on time


def termination(labels: Sequence[str], reason: str | None = None) -> str | None:
    """The line for the seats that resigned (``labels``, in order), or None when nobody
    did; ``reason`` is the match's end reason once it is over."""
    if not labels:
        return None
    words = [f"{label} resigned" for label in labels]
    if reason == TIME:
        words[-1] = f"{labels[-1]} lost on time"
    return ", ".join(words)
