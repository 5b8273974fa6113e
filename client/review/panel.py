"""The review screen's side panel: the selected turn in words (who moved, the move played,
the better move, the projected lead before and after, what it cost), the buttons that
put the played or the better move on the board, the analysis (the best three moves with
their leads) when it is on, then the biggest mistakes as rows to
click and what each seat gave away in all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.view.widgets import draw_orbit, draw_panel

from . import measure, words
from .analysis import TurnCard

if TYPE_CHECKING:
    from .scene import ReviewScene


class TurnPanel:
    def __init__(self, scene: "ReviewScene") -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.rows: list[tuple[pygame.Rect, int]] = []   # (row rect, ply) of the mistakes list
        self.hovered: int | None = None

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    @property
    def pad(self) -> int:
        return max(8, self.scene.margin)

    def mistake_at(self, pos: tuple[int, int]) -> int | None:
        return next((ply for r, ply in self.rows if r.collidepoint(pos)), None)

    def hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.mistake_at(pos)

    # -- drawing ---------------------------------------------------------------------------
    def _lines(self, surface, text: str, x: int, y: int, width: int, size: int, colour, bold=False,
               limit: int = 3) -> int:
        t = self.scene.app.text
        for line in t.wrap(text, size, width, bold)[:limit]:
            img = t.fitted(line, size, colour, width, bold)
            surface.blit(img, (x, y))
            y += img.get_height() + 2
        return y

    def draw(self, surface: pygame.Surface) -> None:
        s, r, p = self.scene, self.rect, self.pad
        draw_panel(surface, r)
        size = s.text_size
        x, width = r.x + p, r.w - 2 * p
        y = r.y + p
        seats = s.seats()
        turn = s.turn()
        review = s.review
        leave = s.listing.picked_leave()
        if leave is not None and leave.leaver is not None:
            seat = seats[leave.leaver]
            heading = words.move_heading(leave.number, s.moves, seat.label)
            y = self._dot_heading(surface, heading, seat.colour, x, y, width)
            y = self._lines(surface, words.left_game(seat.label), x, y + 2, width, size, theme.TEXT)
        elif turn is None:
            y = self._lines(surface, words.start_heading(s.moves), x, y, width, int(size * 1.15), theme.ACCENT, True)
        else:
            seat = seats[turn.seat]
            y = self._dot_heading(surface, words.move_heading(s.move_number(turn.ply), s.moves, seat.label),
                                  seat.colour, x, y, width)
            y = self._lines(surface, words.played_line(s.words_of(turn.played)), x, y + 2, width, size, theme.TEXT)
            if turn.forced:
                y = self._lines(surface, words.forced(), x, y, width, size, theme.GOOD)
            elif turn.was_best:
                y = self._lines(surface, words.best_found(), x, y, width, size, theme.GOOD)
            else:
                y = self._lines(surface, words.better_line(s.words_of(turn.best)), x, y, width, size, theme.ACCENT_2)
                best, played = s.graph.data.standing(turn.ply, turn.seat)   # as the graph draws it
                lead = words.lead_line(seat.label, words.signed(best, "points"), words.signed(played, "points"))
                y = self._lines(surface, lead, x, y + 2, width, size, theme.TEXT_DIM)
                worth = turn.loss >= review.notable
                line = words.loss_line(best - played, review.unit) if worth else words.small_loss()
                y = self._lines(surface, line, x, y, width, size, theme.BAD if worth else theme.TEXT, worth)
        y = self._draw_toggles(surface, x, y + p // 2, width, size)
        if s.analysis_on:
            y = self._draw_analysis(surface, x, y + p // 2, width, size)
        self._draw_mistakes(surface, x, y + p // 2, width, size, seats)

    def _dot_heading(self, surface, text: str, colour, x: int, y: int, width: int) -> int:
        """A turn's heading after a dot of the seat's colour."""
        size = self.scene.text_size
        dot = max(5, size // 2)
        pygame.draw.circle(surface, colour, (x + dot, y + int(size * 0.65)), dot)
        pygame.draw.circle(surface, theme.PANEL_EDGE, (x + dot, y + int(size * 0.65)), dot, 2)
        return self._lines(surface, text, x + 3 * dot, y, width - 3 * dot, int(size * 1.15), theme.ACCENT, True,
                           limit=2)

    def _draw_analysis(self, surface, x: int, y: int, width: int, size: int) -> int:
        """The analysis in words: its heading, then the three moves with their leads."""
        s = self.scene
        job = s.analysis()
        if job is None:
            return y
        index = max(1, s.ply)
        y = self._lines(surface, words.analysis_heading(s.move_number(index)), x, y, width, size, theme.ACCENT,
                        True, limit=2)
        if not job.finished:
            draw_orbit(surface, (x + width - size, y - size // 2), max(5, size // 3), s.app.clock_time,
                       theme.ACCENT_2)
            return self._lines(surface, words.analysis_busy(), x, y, width, size, theme.TEXT_DIM)
        played = s.spec.move_text(s.steps[index - 1].move)
        rows = job.leads()
        unit, offset = s.review.unit, 0
        turn = s.review.turns[index - 1]
        if isinstance(job, TurnCard) and rows:   # the turn's own card: in the graph's numbers
            offset = s.graph.data.standing(index, turn.seat)[0] - words.scaled(rows[0][1], unit)
        for rank, (move, lead) in enumerate(rows, start=1):
            text = s.spec.move_text(move)
            shown = words.scaled(lead, unit) + offset
            line = words.analysis_row(rank, s.board.move_words(s.spec, move), shown, text == played)
            y = self._lines(surface, line, x, y, width, size, theme.TEXT if rank > 1 else theme.ACCENT_2, limit=1)
        return y

    def _draw_toggles(self, surface, x: int, y: int, width: int, size: int) -> int:
        s = self.scene
        bh = max(26, int(size * 1.9))
        bw = (width - self.pad) // 2
        s.played_button.rect = pygame.Rect(x, y, bw, bh)
        s.better_button.rect = pygame.Rect(x + bw + self.pad, y, bw, bh)
        t = s.app.text
        s.played_button.draw(surface, t, focus=not s.show_better and not s.analysis_on)
        s.better_button.draw(surface, t, focus=s.show_better and not s.analysis_on)
        return y + bh

    def _draw_mistakes(self, surface, x: int, y: int, width: int, size: int, seats) -> None:
        s, r = self.scene, self.rect
        review, t = s.review, s.app.text
        bottom = r.bottom - self.pad
        self.rows = []
        totals = [words.total_line(seats[i].label, measure.total(review, i), review.unit)
                  for i in range(review.seats)]
        totals_h = (size + 4) * len(totals) if review.seats <= 4 else 0
        if y + size * 2 > bottom - totals_h:
            return
        y = self._lines(surface, words.mistakes_heading(), x, y, width, size, theme.ACCENT, True, limit=1)
        if not s.mistakes:
            y = self._lines(surface, words.no_mistakes(), x, y, width, size, theme.TEXT_DIM)
        row_h = size + 8
        numbers = [(t.seat, s.move_number(t.ply)) for t in s.mistakes]
        for turn, number in zip(s.mistakes, numbers):  # the biggest first
            if y + row_h > bottom - totals_h:
                break
            row = pygame.Rect(x, y, width, row_h - 2)
            selected = turn.ply == s.ply
            if selected or turn.ply == self.hovered:
                pygame.draw.rect(surface, (60, 70, 150) if selected else (40, 46, 96), row, border_radius=6)
            pygame.draw.circle(surface, seats[turn.seat].colour, (row.x + row.h // 2, row.centery), row.h // 4)
            pygame.draw.circle(surface, theme.BAD, (row.x + row.h // 2, row.centery), row.h // 4, 2)
            shared_number = numbers.count(number) > 1  # a build and its claim: say which
            label = words.mistake_row(number[1], seats[turn.seat].label, s.graph.data.fall(turn.ply, turn.seat),
                                      s.words_of(turn.played) if shared_number else "")
            img = t.fitted(label, size, theme.TEXT, width - row.h - 6)
            surface.blit(img, (row.x + row.h, row.centery - img.get_height() // 2))
            self.rows.append((row, turn.ply))
            y += row_h
        if totals_h:
            y = bottom - totals_h
            for line in totals:
                img = t.fitted(line, size, theme.TEXT_DIM, width)
                surface.blit(img, (x, y))
                y += size + 4

    def draw_moves_only(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """No board from the game's plug-in: the two moves in large text."""
        s = self.scene
        turn = s.turn()
        if turn is None:
            return
        t = s.app.text
        size = max(16, int(s.text_size * 1.6))
        lines = [(words.played_line(s.words_of(turn.played)), theme.TEXT)]
        if not turn.was_best:
            lines.append((words.better_line(s.words_of(turn.best)), theme.ACCENT_2))
        y = rect.centery - len(lines) * (size + 8) // 2
        for line, colour in lines:
            img = t.fitted(line, size, colour, rect.w - 20, bold=True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height() + 8
