"""The review's list of moves, numbered as the match and the replay number them.

The review searches moves only (a seat leaving is no ply of it), but a game whose
records keep leavers (Sprawl) lists a leave as a numbered line of its replay. The list
keeps that line, so the numbers run on without a gap and the reader sees why a seat stops
moving; picking it shows the position it left behind.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Iterable

from client.view.movelist import MoveEntry
from shared.gamekit.api import GameSpec
from shared.i18n import current_language

from . import words

if TYPE_CHECKING:
    from .scene import ReviewScene


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


class ReviewListing:
    """The review screen's list of moves: its lines, the line of the shown position, and
    a click on a line (a leave keeps its own line picked while its position shows)."""

    def __init__(self, scene: "ReviewScene") -> None:
        self.scene = scene
        self._rows: list[ListRow] | None = None
        self._entries: tuple[object, list[MoveEntry]] | None = None   # (language and labels, entries)
        self.picked: int | None = None   # a leave's line picked in the list

    def rows(self) -> list[ListRow]:
        """The lines as the game's other screens number them (Alien City's build and its
        claim are one move: one line; a Sprawl seat leaving is a line of its own)."""
        if self._rows is None:
            self._rows = list_rows(self.scene.spec, self.scene.tokens, self.scene.move_number)
        return self._rows

    def picked_leave(self) -> ListRow | None:
        """The leave picked in the list (its line), while its position is shown."""
        return self.rows()[self.picked - 1] if self.picked is not None else None

    def row_of(self, ply: int) -> int:
        """The line of ``ply`` (0: the start); a picked leave keeps its own line."""
        if self.picked is not None:
            return self.picked
        return next((i for i, row in enumerate(self.rows(), start=1) if ply in row.plies), 0)

    def pick_row(self, row: int) -> None:
        """A click on a line shows the position after that move, as in the match and the
        replay (the move's last ply; a leave, the position it left; the start line, the start)."""
        rows = self.rows()
        self.scene.select(rows[row - 1].at if 0 < row <= len(rows) else 0)
        if 0 < row <= len(rows) and rows[row - 1].leaver is not None:
            self.picked = row
            self.scene.better_button.enabled = False   # a leave has no better move to show

    def move_entries(self) -> list[MoveEntry]:
        """A line per move, numbered and worded as the game's other screens list it; worded
        again only when the language or a seat's label changes (the screen asks each frame)."""
        seats = self.scene.seats()
        key = (current_language(), tuple(seat.label for seat in seats))
        if self._entries is None or self._entries[0] != key:
            self._entries = (key, self._worded(seats))
        return self._entries[1]

    def _worded(self, seats) -> list[MoveEntry]:
        scene = self.scene
        entries = []
        for row in self.rows():
            if row.leaver is not None:
                seat = seats[row.leaver] if 0 <= row.leaver < len(seats) else None
                entries.append(MoveEntry(row.number, words.left_game(seat.label if seat else "?"),
                                         seat.colour if seat else None))
                continue
            first = scene.steps[row.plies[0] - 1]
            mover = first.before.to_move
            moves = [scene.steps[p - 1].move for p in row.plies]
            colour = scene.board.row_colour(moves) or (
                seats[mover].colour if mover is not None and 0 <= mover < len(seats) else None)
            text, short = scene.board.row_texts(scene.spec, moves, first.before)
            entries.append(MoveEntry(row.number, text, colour, short=short))
        return entries


__all__ = ["ListRow", "ReviewListing", "list_rows"]
