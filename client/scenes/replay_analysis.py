"""The analysis in any game's replay: the best three moves of the position shown, found
in the background by the game review's search, numbered on the board and listed with
their values (the review's words), the move the record plays next marked "(played)".

:class:`AnalysisPart` is a part a replay screen holds beside its list of moves
(:class:`~client.scenes.move_listing.ReplayMoves`, whose events and drawing it wraps):
key T or the "Top moves (T)" tab at the top bar's right (left of the list of moves' tab)
turns it on and off (A is Sprawl's
attacks overlay, so the replays share T). While it is on, each position the replay
steps to is analysed (the search of the one left behind stops; a position seen before
shows its finished analysis again); leaving the replay, or covering it (the final count,
the review, Play from here), stops the search. The list of moves gives up the foot of
its column to the analysis card.

The screen gives ``positions`` (a state per ply, its own kind), ``analysis_next`` (the
contract move the record plays there) and ``draw_analysis_marks`` (the ranked moves on its
board), and may give ``position`` (the contract state of a position: Alien City wraps its
own). Its ``handle_event``, ``draw`` and ``top_right_room`` call the part's; the part is in
its ``parts`` (the stack and the app call its lifecycle hooks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from shared.gamekit.api import GameSpec, State

from .. import theme
from ..review import words
from ..view.widgets import Button, draw_orbit, draw_panel
from .base import Part

if TYPE_CHECKING:
    from ..app import App
    from ..review.analysis import Analyses, AnalysisJob
    from .move_listing import MoveListPart
    from .replay_controls import ReplayControls

KEY = pygame.K_t
BUSY_FPS = 10.0   # the card's orbit while the search runs, and its moves the moment they come


class AnalysedReplay(Protocol):
    """What the replay screen gives the analysis."""

    @property
    def app(self) -> "App": ...
    @property
    def controls(self) -> "ReplayControls": ...
    @property
    def positions(self) -> Sequence[Any]: ...
    @property
    def margin(self) -> int: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def bottom_rect(self) -> pygame.Rect: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def analysis_next(self, index: int) -> Any | None:
        """The contract move the record plays in position ``index`` (None: none there)."""

    def draw_analysis_marks(self, surface: pygame.Surface, marks: Sequence[tuple[Any, int]]) -> None:
        """Number ``marks`` ((move, rank 1-3)) on the screen's board."""


class AnalysisPart(Part):
    def __init__(self, host: AnalysedReplay, listing: "MoveListPart",
                 position: Callable[[int], State] | None = None,
                 move_words: Callable[[Any], str] | None = None) -> None:
        """``move_words``: a move as the game's list of moves words it (default: its text)."""
        self.host = host
        self.listing = listing
        self._position = position
        self._words = move_words
        self.on = False
        self.covered = False   # a screen over the replay: no search starts meanwhile
        self._analyses: "Analyses | None" = None
        self.tab = Button(words.ANALYSIS_KEYED, self.toggle, tr=words._)
        listing.foot = self.list_foot
        listing.card_shown = lambda: self.on   # the card keeps the column right of the board

    def move_words(self, move: Any) -> str:
        """A move as the game's list of moves words it."""
        return self._words(move) if self._words is not None else self.spec.move_text(move)

    def position(self, index: int) -> State:
        """Position ``index`` as a contract state (the screen's ``positions`` by default)."""
        return self._position(index) if self._position is not None else self.host.positions[index]

    # -- state ----------------------------------------------------------------------------------
    @property
    def analyses(self) -> "Analyses":
        if self._analyses is None:
            from ..review import scene as review_scene  # the search loads when first asked
            from ..review.analysis import Analyses
            state = self.position(0)
            self._analyses = Analyses(state.spec, review_scene.SETTINGS)
        return self._analyses

    @property
    def spec(self) -> GameSpec:
        return self.analyses.spec

    def toggle(self) -> None:
        self.on = not self.on
        if not self.on:
            self.analyses.pause()
        self.host.resize(self.host.size)   # the column for the card (and the list) opens or closes
        self.host.app.sounds.play("select")

    def job(self) -> "AnalysisJob | None":
        """The analysis of the position shown, started when first asked (None: off, or a
        finished game's end, where nobody moves)."""
        if not self.on:
            return None
        index = self.host.controls.index
        if self.covered:
            return self.analyses.jobs.get(index)
        state = self.position(index)
        if state.is_over():
            return None
        return self.analyses.of(index, state)

    def marks(self) -> list[tuple[Any, int]]:
        """The finished analysis's moves with their ranks (1: the best), for the board."""
        job = self.job()
        if job is None or not job.finished:
            return []
        return [(move, rank) for rank, (move, _) in enumerate(job.top or [], start=1)]

    # -- the screen's hooks ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """T and the tab first, then the list of moves' own events."""
        self.layout()
        if self.tab.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == KEY and not event.mod & pygame.KMOD_CTRL:
            self.toggle()
            return True
        return self.listing.handle_event(event)

    def list_foot(self) -> int | None:
        """Where the list of moves ends: above the card (None: no card)."""
        card = self.card()
        return card[0].y - self.host.margin // 2 if card is not None else None

    def layout(self) -> None:
        self.listing.layout()
        tab, moves = self.tab, self.listing.moves_tab
        t = self.host.app.text
        bw = t.font(int(moves.rect.h * 0.46), True).size(tab.text)[0] + moves.rect.h
        tab.rect = pygame.Rect(0, moves.rect.y, bw, moves.rect.h)
        tab.rect.right = moves.rect.x - self.host.margin // 2

    def top_right_room(self) -> int:
        room = self.listing.top_right_room()
        self.layout()
        return room + self.tab.rect.w + self.host.margin // 2 if room else 0

    def draw(self, surface: pygame.Surface) -> None:
        """The marks on the board, the list of moves, then the tab and the card."""
        self.host.draw_analysis_marks(surface, self.marks())
        card = self.card()
        if card is not None and self.listing.moves_shown:  # one backing for list and card: the column
            self.layout()                                  # reads as one block, the gap between them too
            draw_panel(surface, self.listing.move_list.rect.union(card[0]), alpha=255)
        self.listing.draw(surface)
        self.layout()
        self.tab.draw(surface, self.host.app.text, focus=self.on)
        card = self.card()
        if card is not None:
            self.draw_card(surface, *card)

    def update(self, dt: float) -> None:
        """After the screen's own: stepped on (or played on), the new position's search starts."""
        self.job()

    def frame_rate(self) -> float:
        """The card's orbit while the search runs."""
        job = self.job()
        return BUSY_FPS if job is not None and not job.finished else 0.0

    def pause(self) -> None:
        self.covered = True
        if self._analyses is not None:
            self._analyses.pause()

    def resume(self) -> None:
        self.covered = False

    def exit(self) -> None:
        if self._analyses is not None:
            self._analyses.stop()

    # -- the card -------------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The card's lines: (text, colour, bold)."""
        if not self.on:
            return []
        index = self.host.controls.index
        head = (words.analysis_heading(index + 1), theme.ACCENT, True)
        job = self.job()
        if job is None:
            return [(words.analysis_over(), theme.TEXT_DIM, False)]
        if not job.finished:
            return [head, (words.analysis_busy(), theme.TEXT_DIM, False)]
        if job.error is not None:
            return [head, (words.analysis_failed(job.error), theme.BAD, False)]
        spec = self.spec
        played = self.host.analysis_next(index)
        said = spec.move_text(played) if played is not None else None
        lines = [head]
        for rank, (move, lead) in enumerate(job.leads(), start=1):
            text = spec.move_text(move)
            shown = self.move_words(move)
            lines.append((words.analysis_row(rank, shown, words.scaled(lead, spec.review_unit), text == said),
                          theme.ACCENT_2 if rank == 1 else theme.TEXT, False))
        return lines

    def card(self) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int], bool]], int] | None:
        """The card at the foot of the column right of the board (the list's): its box,
        wrapped lines, text size (None: the analysis is off)."""
        lines = self.lines()
        if not lines:
            return None
        host = self.host
        t, m = host.app.text, host.margin
        column = self.listing.column()
        width = column.w
        size = max(12, int(host.size[1] * 0.021))
        wrapped = [(part, colour, bold) for text, colour, bold in lines
                   for part in t.wrap(text, size, width - 2 * m - size, bold)]   # clear of the orbit
        step = t.font(size).get_linesize() + 2
        box = pygame.Rect(column.x, 0, width, len(wrapped) * step + m + 8)
        box.bottom = column.bottom
        return box, wrapped, size

    def draw_card(self, surface: pygame.Surface, box: pygame.Rect,
                  lines: list[tuple[str, tuple[int, int, int], bool]], size: int) -> None:
        host = self.host
        t, m = host.app.text, host.margin
        draw_panel(surface, box, edge=theme.ACCENT_2, alpha=235)
        y = box.y + m // 2 + 4
        step = t.font(size).get_linesize() + 2
        for text, colour, bold in lines:
            surface.blit(t.render(text, size, colour, bold), (box.x + m, y))
            y += step
        job = self.job()
        if job is not None and not job.finished:
            draw_orbit(surface, (box.right - m - size // 2, box.y + m // 2 + 4 + size // 2), max(5, size // 3),
                       host.app.clock_time, theme.ACCENT_2)
