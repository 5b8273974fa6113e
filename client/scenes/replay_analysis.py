"""The analysis in any game's replay: the best three moves of the position shown, found
in the background by the game review's search, numbered on the board and listed with
their values (the review's words), the move the record plays next marked "(played)".

:class:`ReplayAnalysis` is a mixin placed first in a replay screen's bases (before
:class:`~client.scenes.move_listing.MoveListing`): key T or the "Top moves (T)" tab at the
top bar's right (left of the list of moves' tab) turns it on and off (A is Sprawl's
attacks overlay, so the replays share T). While it is on, each position the replay
steps to is analysed (the search of the one left behind stops; a position seen before
shows its finished analysis again); leaving the replay, or covering it (the final count,
the review, Play from here), stops the search. The list of moves gives up the foot of
its column to the analysis card.

The screen gives ``positions`` (a state per ply, its own kind) and may override
``analysis_position`` (the contract state of a position: Alien City wraps its own),
``analysis_next`` (the contract move the record plays there) and ``draw_analysis_marks``
(the ranked moves on its board).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from shared.gamekit.api import GameSpec, State

from .. import theme
from ..review import words
from ..view.widgets import Button, draw_orbit, draw_panel

if TYPE_CHECKING:
    from ..app import App
    from ..review.analysis import Analyses, AnalysisJob
    from .replay_controls import ReplayControls

KEY = pygame.K_t
BUSY_FPS = 10.0   # the card's orbit while the search runs, and its moves the moment they come


class ReplayAnalysis:
    analysis_on = False
    analysis_covered = False   # a screen over the replay: no search starts meanwhile
    # what the replay screen has (its other bases and its own __init__ set them)
    app: "App"
    controls: "ReplayControls"
    positions: Sequence[Any]
    margin: int
    size: tuple[int, int]
    bottom_rect: pygame.Rect

    # -- what the screen gives ------------------------------------------------------------------
    def analysis_position(self, index: int) -> State:
        """Position ``index`` as a contract state (the screen's ``positions`` by default)."""
        return self.positions[index]

    def analysis_next(self, index: int) -> Any | None:
        """The contract move the record plays in position ``index`` (None: none there)."""
        return None

    def draw_analysis_marks(self, surface: pygame.Surface, marks: Sequence[tuple[Any, int]]) -> None:
        """Number ``marks`` ((move, rank 1-3)) on the screen's board."""

    # -- state ----------------------------------------------------------------------------------
    @cached_property
    def analysis_tab(self) -> Button:
        return Button(words.ANALYSIS_KEYED, self.toggle_analysis, tr=words._)

    @cached_property
    def analyses(self) -> "Analyses":
        from ..review import scene as review_scene  # the search loads when first asked
        from ..review.analysis import Analyses
        state = self.analysis_position(0)
        return Analyses(state.spec, review_scene.SETTINGS)

    @property
    def analysis_spec(self) -> GameSpec:
        return self.analyses.spec

    def toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        if not self.analysis_on:
            self.analyses.pause()
        self.app.sounds.play("select")

    def analysis_job(self) -> "AnalysisJob | None":
        """The analysis of the position shown, started when first asked (None: off, or a
        finished game's end, where nobody moves)."""
        if not self.analysis_on:
            return None
        index = self.controls.index
        if self.analysis_covered:
            return self.analyses.jobs.get(index)
        state = self.analysis_position(index)
        if state.is_over():
            return None
        return self.analyses.of(index, state)

    def analysis_marks(self) -> list[tuple[Any, int]]:
        """The finished analysis's moves with their ranks (1: the best), for the board."""
        job = self.analysis_job()
        if job is None or not job.finished:
            return []
        return [(move, rank) for rank, (move, _) in enumerate(job.top or [], start=1)]

    # -- the screen's hooks ---------------------------------------------------------------------
    def moves_event(self, event: pygame.event.Event) -> bool:
        """T and the tab first, then the list of moves' own events."""
        self.layout_moves()
        if self.analysis_tab.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == KEY and not event.mod & pygame.KMOD_CTRL:
            self.toggle_analysis()
            return True
        return super().moves_event(event)

    def layout_moves(self) -> None:
        super().layout_moves()
        tab, moves = self.analysis_tab, self.moves_tab
        t = self.app.text
        bw = t.font(int(moves.rect.h * 0.46), True).size(tab.text)[0] + moves.rect.h
        tab.rect = pygame.Rect(0, moves.rect.y, bw, moves.rect.h)
        tab.rect.right = moves.rect.x - self.margin // 2
        card = self.analysis_card()
        if card is not None:
            self.move_list.rect.h = max(0, card[0].y - self.margin // 2 - self.move_list.rect.y)

    def top_right_room(self) -> int:
        room = super().top_right_room()
        return room + self.analysis_tab.rect.w + self.margin // 2 if room else 0

    def draw_moves(self, surface: pygame.Surface) -> None:
        """The marks on the board, the list of moves, then the tab and the card."""
        self.draw_analysis_marks(surface, self.analysis_marks())
        card = self.analysis_card()
        if card is not None and self.moves_shown:  # one backing for list and card: the seat panel
            self.layout_moves()                    # under the gap between them stays hidden
            draw_panel(surface, self.move_list.rect.union(card[0]), alpha=255)
        super().draw_moves(surface)
        self.analysis_tab.draw(surface, self.app.text, focus=self.analysis_on)
        card = self.analysis_card()
        if card is not None:
            self.draw_analysis_card(surface, *card)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.analysis_job()   # stepped on (or played on): the new position's search starts

    def frame_rate(self) -> float:
        ask = getattr(super(), "frame_rate", None)
        rate = ask() if ask is not None else (60.0 if len(self.timeline) else 0.0)
        job = self.analysis_job()
        return max(rate, BUSY_FPS) if job is not None and not job.finished else rate

    def pause(self) -> None:
        super().pause()
        self.analysis_covered = True
        if "analyses" in self.__dict__:
            self.analyses.pause()

    def resume(self) -> None:
        super().resume()
        self.analysis_covered = False

    def exit(self) -> None:
        super().exit()
        if "analyses" in self.__dict__:
            self.analyses.stop()

    # -- the card -------------------------------------------------------------------------------
    def analysis_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The card's lines: (text, colour, bold)."""
        if not self.analysis_on:
            return []
        index = self.controls.index
        head = (words.analysis_heading(index + 1), theme.ACCENT, True)
        job = self.analysis_job()
        if job is None:
            return [(words.analysis_over(), theme.TEXT_DIM, False)]
        if not job.finished:
            return [head, (words.analysis_busy(), theme.TEXT_DIM, False)]
        if job.error is not None:
            return [head, (words.analysis_failed(job.error), theme.BAD, False)]
        spec = self.analysis_spec
        played = self.analysis_next(index)
        said = spec.move_text(played) if played is not None else None
        lines = [head]
        for rank, (move, lead) in enumerate(job.leads(), start=1):
            text = spec.move_text(move)
            lines.append((words.analysis_row(rank, text, lead, spec.review_unit, text == said),
                          theme.ACCENT_2 if rank == 1 else theme.TEXT, False))
        return lines

    def analysis_card(self) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int], bool]], int] | None:
        """The card at the foot of the column right of the board: its box, wrapped lines,
        text size (None: the analysis is off)."""
        lines = self.analysis_lines()
        if not lines:
            return None
        t, m = self.app.text, self.margin
        w, _h = self.size
        x = self.board_right() + m
        width = max(80, w - m - x)
        size = max(12, int(self.size[1] * 0.021))
        wrapped = [(part, colour, bold) for text, colour, bold in lines
                   for part in t.wrap(text, size, width - 2 * m, bold)]
        step = t.font(size).get_linesize() + 2
        box = pygame.Rect(x, 0, width, len(wrapped) * step + m + 8)
        box.bottom = self.bottom_rect.top - m // 2
        return box, wrapped, size

    def draw_analysis_card(self, surface: pygame.Surface, box: pygame.Rect,
                           lines: list[tuple[str, tuple[int, int, int], bool]], size: int) -> None:
        t, m = self.app.text, self.margin
        draw_panel(surface, box, edge=theme.ACCENT_2, alpha=235)
        y = box.y + m // 2 + 4
        step = t.font(size).get_linesize() + 2
        for text, colour, bold in lines:
            surface.blit(t.render(text, size, colour, bold), (box.x + m, y))
            y += step
        job = self.analysis_job()
        if job is not None and not job.finished:
            draw_orbit(surface, (box.right - m - size // 2, box.y + m // 2 + 4 + size // 2), max(5, size // 3),
                       self.app.clock_time, theme.ACCENT_2)
