"""The review's list of moves, numbered as the match and the replay number them.

The review searches moves only (a seat leaving is no ply of it), but a game whose
records keep leavers (Sprawl) lists a leave as a numbered line of its replay. The list
keeps that line, so the numbers run on without a gap and the reader sees why a seat stops
moving; picking it shows the position it left behind.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable

from shared.gamekit.api import GameSpec


@dataclass(frozen=True)
class ListRow:
    """One numbered line: the review's plies it holds (a build and its claim share one),
    or a seat that left (``leaver``, with no ply); ``at`` is the ply whose position a
    click shows (0: the start)."""

    number: int
    plies: tuple[int, ...]
    at: int
    leaver: int | None = None


def list_rows(spec: GameSpec, tokens: Iterable[str], move_number: Callable[[int], int]) -> list[ListRow]:
    """The record's tokens as lines: moves grouped by ``move_number(ply)``, each leave a
    line of its own numbered after the line before it."""
    rows: list[ListRow] = []
    ply = 0
    for token in tokens:
        leaver = spec.leaver(token)
        if leaver is not None:
            rows.append(ListRow((rows[-1].number if rows else 0) + 1, (), ply, leaver))
            continue
        ply += 1
        number = move_number(ply)
        last = rows[-1] if rows else None
        if last is not None and last.leaver is None and last.number == number:
            rows[-1] = replace(last, plies=last.plies + (ply,), at=ply)
        else:
            rows.append(ListRow(number, (ply,), ply))
    return rows


__all__ = ["ListRow", "list_rows"]
