"""The review screen: the game reviewed in the background (a progress bar, Esc cancels),
then the evaluation graph over the whole game, the selected turn on the board with the
move played and the better move (the game's plug-in draws it: ``review_board``), and
the biggest mistakes, each a click away.

Keys: Left/Right a move, Home/End, Tab the next mistake (Shift+Tab the one before), B the
better or the played move on the board, A the analysis (the best three moves of the
position before the selected move, numbered on the board and listed with their values:
:mod:`.analysis`), P plays on from before the selected move, or after it (a new game:
:mod:`.branch`), Esc
closes (cancels while the review runs).
"""

from __future__ import annotations

import pygame

from client import theme
from client.config import config_dir
from client.games.base import ReviewBoard
from client.scenes.base import Scene
from client.scenes.layout import margin_of, moves_rect, moves_width
from client.view.bars import band
from client.view.movelist import MoveList
from client.view.widgets import Button, draw_orbit, draw_panel
from shared.gamekit.api import GameError, State
from shared.gamekit.review import ReviewSettings, Step, TurnReview, steps
from shared.gamekit.review_cache import ReviewCache

from . import measure, words
from .analysis import Analyses, AnalysisJob, TurnCard
from .branch import play_here, play_here_button
from .graph import EvalGraph, GraphData
from .panel import TurnPanel
from .rows import ReviewListing
from .words import _
from .worker import ReviewJob

SETTINGS = ReviewSettings()   # tests set a small budget here
MISTAKES_PER_SEAT = 3


def cache_folder():
    return config_dir() / "reviews"


def open_review(app, final: State) -> None:
    """The Review button: the game that ended in ``final`` (it knows its moves)."""
    app.push(ReviewScene(app, final))


class ReviewScene(Scene):
    opaque = True
    modal = True

    def __init__(self, app, final: State, settings: ReviewSettings | None = None) -> None:
        super().__init__(app)
        self.spec = final.spec
        self.options = final.options
        self.settings = settings or SETTINGS
        self.steps: list[Step] = []
        self.tokens: list[str] = []   # the record's moves, seats leaving among them
        self.job: ReviewJob | None = None
        self.error: str | None = None
        self.graph: EvalGraph | None = None
        self.ply = 0
        self.hover: int | None = None
        self.show_better = False
        self.analysis_on = False
        self.analyses = Analyses(self.spec, self.settings)   # by the index of the step analysed
        self._marked: AnalysisJob | TurnCard | None = None   # the analysis on the board
        self.cards: dict[int, TurnCard] = {}          # the reviewed turns' cards, by step
        self.mistakes: list[TurnReview] = []
        self.board = self._board_view(app)
        try:
            record = self.spec.read_record(self.spec.write_record(final), lenient=True)
            self.steps = list(steps(self.spec, record))
            self.tokens = list(record.moves)
            self.start = record.start
            self.job = ReviewJob(self.spec, record, self.settings, ReviewCache(cache_folder())).start()
        except (GameError, ValueError) as exc:
            self.error = str(exc)
        self.close_button = Button(words.CLOSE, self.close, tr=_)
        self.cancel_button = Button(words.CANCEL, self.close, tr=_)
        self.played_button = Button(words.SHOW_PLAYED, lambda: self.set_better(False), tr=_)
        self.better_button = Button(words.SHOW_BETTER, lambda: self.set_better(True), tr=_)
        self.analysis_button = Button(words.ANALYSIS, self.toggle_analysis, tr=_)
        self.here_button = play_here_button(self)
        self.panel = TurnPanel(self)
        self.listing = ReviewListing(self)
        self.move_list = MoveList(self.listing.pick_row)   # every move beside the board, a click shows it
        self.resize(app.size)

    def _board_view(self, app) -> ReviewBoard:
        if self.spec.id in app.games:
            return app.games.get(self.spec.id).review_board(app)
        return ReviewBoard(app)

    # -- state -----------------------------------------------------------------------------
    @property
    def review(self):
        return self.job.review if self.job is not None else None

    @property
    def ready(self) -> bool:
        return self.review is not None and self.graph is not None

    @property
    def count(self) -> int:
        return len(self.steps)

    def move_number(self, ply: int) -> int:
        """A ply's move number as the game's other screens say it (0: the start)."""
        return self.board.move_number(self.steps[ply - 1].after, ply) if 0 < ply <= len(self.steps) else 0

    @property
    def moves(self) -> int:
        """How many moves the game had, counted as its other screens count them."""
        rows = self.listing.rows()
        return rows[-1].number if rows else 0

    def seats(self):
        """The seats, asked at each draw (their labels follow the language)."""
        return self.spec.seats(self.options)

    def words_of(self, text: str) -> str:
        """A move's text as the game's list of moves words it."""
        try:
            return self.board.move_words(self.spec, self.spec.parse_move(text))
        except GameError:
            return text

    def turn(self) -> TurnReview | None:
        if not self.ready or self.ply == 0:
            return None
        return self.review.turns[self.ply - 1]

    def _finish(self) -> None:
        """The review arrived: build the graph, start at the worst mistake."""
        review = self.review
        seats = self.seats()
        lines = [measure.lines(review, s) for s in range(review.seats)]
        self.mistakes = measure.mistakes(review, MISTAKES_PER_SEAT)
        data = GraphData([after for _, after in lines], [s.colour for s in seats], [s.label for s in seats],
                         [(t.ply, t.seat) for t in self.mistakes], review.unit,
                         [self.move_number(ply) for ply in range(self.count + 1)],
                         [before for before, _ in lines], averaged=review.graph != "search")
        self.graph = EvalGraph(data)
        self.layout()
        self.select(self.mistakes[0].ply if self.mistakes else min(1, self.count))

    def select(self, ply: int) -> None:
        self.ply = max(0, min(self.count, ply))
        self.listing.picked = None
        turn = self.turn()
        if turn is None or turn.was_best:
            self.show_better = False
        self.better_button.enabled = turn is not None and not turn.was_best
        self._show_on_board()

    def set_better(self, better: bool) -> None:
        turn = self.turn()
        self.show_better = better and turn is not None and not turn.was_best and self.listing.picked is None
        self.analysis_on = False
        self._show_on_board()

    # -- the analysis ----------------------------------------------------------------------
    def toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on and bool(self.steps)
        self._show_on_board()

    def analysis(self) -> AnalysisJob | TurnCard | None:
        """The analysis of the position before the selected move (the start: the first
        move's): the review's card of that turn, the same search as its loss; a review
        kept without cards searches the position (one search at a time)."""
        if not self.analysis_on or not self.steps:
            return None
        index = max(1, self.ply) - 1
        review = self.review
        top = review.turns[index].top if review is not None and index < len(review.turns) else ()
        if top:
            card = self.cards.get(index)
            if card is None:
                card = self.cards[index] = TurnCard(self.spec, self.steps[index].before, top)
            return card
        return self.analyses.of(index, self.steps[index].before)

    def _show_on_board(self) -> None:
        job = self.analysis()
        if job is not None:
            step = self.steps[max(1, self.ply) - 1]
            done = job.finished and job.top is not None
            self.board.show_marks(step.before, [m for m, _ in job.top or []] if done else [], step.move)
            self._marked = job if done else None
            return
        self._marked = None
        if self.ply == 0 or not self.steps:
            start = self.steps[0].before if self.steps else self.start
            self.board.show(start, None, start, None)
            return
        step, turn = self.steps[self.ply - 1], self.turn()
        better = None if turn is None or turn.was_best else self.spec.parse_move(turn.best)
        if self.show_better and better is not None:
            self.board.show(step.before, better, step.before.play(better)[0], step.move, better=True)
        else:
            self.board.show(step.before, step.move, step.after, better)

    def next_mistake(self, step: int = 1) -> None:
        if not self.mistakes:
            return
        plies = sorted(t.ply for t in self.mistakes)
        if step > 0:
            self.select(next((p for p in plies if p > self.ply), plies[0]))
        else:
            self.select(next((p for p in reversed(plies) if p < self.ply), plies[-1]))

    def close(self) -> None:
        if self.job is not None and not self.job.finished:
            self.job.stop()
        self.app.stack.pop()

    def exit(self) -> None:
        if self.job is not None:
            self.job.stop()  # leaving any way (Menu, a new game): the search stops too
        self.analyses.stop()

    # -- layout ----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        self.margin = m = margin_of(self.size)
        self.top_rect = pygame.Rect(0, 0, w, int(max(44, h * 0.066)))
        self.bottom_rect = pygame.Rect(0, h - int(max(48, h * 0.075)), w, int(max(48, h * 0.075)))
        y0, y1 = self.top_rect.bottom + m, self.bottom_rect.y - m
        graph_h = int((y1 - y0) * 0.34)
        upper = pygame.Rect(m, y0, w - 2 * m, y1 - y0 - graph_h - m)
        board_w = min(int(upper.w * 0.54), int(upper.h * 1.08) + 2 * m)  # boards are about square
        self.board_rect = pygame.Rect(upper.x, upper.y, board_w, upper.h)
        rest = upper.right - self.board_rect.right - m
        list_w = moves_width(self.size)   # the match's and the replay's list, in the same place
        self.move_list.rect = moves_rect(self.board_rect, m, list_w)
        self.info_rect = pygame.Rect(self.move_list.rect.right + m, upper.y, rest - list_w - m, upper.h)
        self.graph_rect = pygame.Rect(m, upper.bottom + m, w - 2 * m, graph_h)
        self.text_size = max(13, int(h * 0.021))
        bh = int(min(self.bottom_rect.h * 0.7, h * 0.056))
        by = self.bottom_rect.y + (self.bottom_rect.h - bh) // 2
        cw = max(bh * 3, self.app.text.font(int(bh * 0.46), True).size(self.close_button.text)[0] + bh)
        self.close_button.rect = pygame.Rect(w - m - cw, by, cw, bh)
        aw = max(bh * 3, self.app.text.font(int(bh * 0.46), True).size(_(words.ANALYSIS))[0] + bh)
        self.analysis_button.rect = pygame.Rect(self.close_button.rect.x - m - aw, by, aw, bh)
        hw = max(bh * 3, self.app.text.font(int(bh * 0.46), True).size(self.here_button.text)[0] + bh)
        self.here_button.rect = pygame.Rect(self.analysis_button.rect.x - m - hw, by, hw, bh)
        box = self.progress_box()
        self.cancel_button.rect = pygame.Rect(box.centerx - cw // 2, box.bottom - bh - m, cw, bh)
        if self.graph is not None:
            label_w = self.app.text.font(max(11, int(graph_h * 0.07))).size(f"{words.MINUS}{self.graph.top}")[0] + 8
            names = self.app.text.font(max(11, int(graph_h * 0.065)))
            names_w = max(names.size(label)[0] for label in self.graph.data.labels) + 10
            self.graph.layout(self.graph_rect, label_w, max(12, int(graph_h * 0.085)) + 8, names_w)
        self.panel.layout(self.info_rect)

    def progress_box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 4 * self.margin, max(420, int(w * 0.5))), max(180, int(h * 0.25)))
        box.center = (w // 2, h // 2)
        return box

    def buttons(self) -> list[Button]:
        if self.ready:
            return [self.close_button, self.analysis_button, self.here_button, self.played_button,
                    self.better_button]
        if self.error is None and self.job is not None and not self.job.finished:
            return [self.cancel_button]
        return [self.close_button]

    # -- frame -----------------------------------------------------------------------------
    def frame_rate(self) -> float:
        """Frames while the search runs (the progress bar), else what the board's own
        animations ask, else still."""
        if self.job is not None and not self.job.finished and self.error is None:
            return 10.0  # enough for the bar; the search shares the interpreter
        job = self.analysis()
        if job is not None and not job.finished:
            return 10.0  # the analysis's orbit, and its moves the moment they come
        return self.board.frame_rate() if self.ready else 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.graph is None and self.job is not None and self.job.finished:
            if self.job.review is not None:
                self._finish()
            elif self.job.error is not None:
                self.error = self.job.error
        job = self.analysis()
        if job is not None and job.finished and job.top is not None and self._marked is not job:
            self._show_on_board()   # the analysis arrived: its moves go on the board
        self.board.update(dt * self.app.anim_speed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return True
        for button in self.buttons():
            if button.handle_event(event):
                return True
        if not self.ready:
            return True
        if self.move_list.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.graph.ply_at(event.pos)
            self.panel.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.graph.ply_at(event.pos)
            if ply is None:
                ply = self.panel.mistake_at(event.pos)
            if ply is not None:
                self.select(ply)
        elif event.type == pygame.MOUSEWHEEL:
            self.select(self.ply - event.y)
        return True

    def on_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif not self.ready:
            return
        elif key in (pygame.K_RIGHT, pygame.K_PERIOD):
            self.select(self.ply + 1)
        elif key in (pygame.K_LEFT, pygame.K_COMMA):
            self.select(self.ply - 1)
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(self.count)
        elif key == pygame.K_TAB:
            self.next_mistake(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_b, pygame.K_SPACE):
            self.set_better(not self.show_better)
        elif key == pygame.K_a:
            self.toggle_analysis()
        elif key == pygame.K_p:
            play_here(self)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.background(self.size), (0, 0))
        self.draw_top(surface)
        if self.ready:
            self.draw_review(surface)
        elif self.error is not None:
            self.draw_message(surface, words.failed(self.error), theme.BAD)
        elif self.job is not None and self.job.cancelled:
            self.draw_message(surface, words.working(), theme.TEXT_DIM)
        else:
            self.draw_progress(surface)
        self.draw_bottom(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        t, r = self.app.text, self.top_rect
        band(surface, r, 200)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.bottomleft, r.bottomright, 2)
        title = t.shadowed(_(words.TITLE), int(r.h * 0.5), theme.ACCENT, (0, 0, 0), 2, bold=True)
        surface.blit(title, (self.margin, r.centery - title.get_height() // 2))
        room = r.w - title.get_width() - 4 * self.margin
        sub = t.fitted(words.subtitle(self.spec.title, self.settings.iterations), max(12, int(r.h * 0.3)),
                       theme.TEXT_DIM, room)
        surface.blit(sub, sub.get_rect(midright=(r.right - self.margin, r.centery)))

    def draw_bottom(self, surface: pygame.Surface) -> None:
        t, r = self.app.text, self.bottom_rect
        band(surface, r, 215)
        pygame.draw.line(surface, theme.PANEL_EDGE, r.topleft, r.topright, 2)
        buttons = self.buttons()
        if self.ready:
            room = self.here_button.rect.x - 3 * self.margin
            line = words.keys_help()
            if self.job is not None and self.job.cached:
                line = f"{line}   \u00b7   {words.cached_note()}"
            img = t.fitted(line, self.text_size, theme.TEXT_DIM, room)
            surface.blit(img, (2 * self.margin, r.centery - img.get_height() // 2))
        for b in buttons:
            if any(b is shown for shown in (self.close_button, self.cancel_button, self.here_button)):
                b.draw(surface, t)
            elif b is self.analysis_button:
                b.draw(surface, t, focus=self.analysis_on)

    def draw_progress(self, surface: pygame.Surface) -> None:
        t, box = self.app.text, self.progress_box()
        draw_panel(surface, box, glow=theme.ACCENT_2)
        m = self.margin
        head = t.fitted(words.working(), int(self.text_size * 1.5), theme.ACCENT, box.w - 6 * m, bold=True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + m)))
        draw_orbit(surface, (box.right - 2 * m, box.y + 2 * m), max(6, m), self.app.clock_time, theme.ACCENT_2)
        bar = pygame.Rect(box.x + 2 * m, box.y + m + head.get_height() + m, box.w - 4 * m, max(14, box.h // 10))
        pygame.draw.rect(surface, (16, 18, 40), bar, border_radius=bar.h // 2)
        job = self.job
        fill = bar.copy()
        fill.w = max(bar.h, int(bar.w * (job.fraction if job else 0.0)))
        pygame.draw.rect(surface, theme.ACCENT_2, fill, border_radius=bar.h // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=bar.h // 2)
        y = bar.bottom + m // 2
        for line, colour in ((self.progress_words(), theme.TEXT),
                             (words.working_help(), theme.TEXT_DIM)):
            for part in t.wrap(line, self.text_size, box.w - 4 * m):
                img = t.render(part, self.text_size, colour)
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += img.get_height() + 2
        self.cancel_button.draw(surface, t)

    def progress_words(self) -> str:
        """The move being analysed, as the game numbers its moves, and the time left."""
        job = self.job
        if job is None or not self.steps:
            return words.working()
        ply = min(len(self.steps), job.done + 1)
        return words.progress_line(self.move_number(ply), self.moves, job.seconds_left)

    def draw_message(self, surface: pygame.Surface, message: str, colour) -> None:
        t, box = self.app.text, self.progress_box()
        draw_panel(surface, box, edge=colour)
        y = box.y + 2 * self.margin
        for line in t.wrap(message, self.text_size, box.w - 4 * self.margin)[:8]:
            img = t.render(line, self.text_size, colour)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height() + 3

    def draw_review(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.board_rect, alpha=150)
        inner = self.board_rect.inflate(-self.margin, -self.margin)
        if not self.board.draw(self.app, surface, inner):
            self.panel.draw_moves_only(surface, inner)
        self.panel.draw(surface)
        self.move_list.set(self.listing.move_entries(), self.listing.row_of(self.ply))
        self.move_list.draw(surface, self.app.text)
        self.graph.draw(surface, self.app.text, self.ply, self.hover)
