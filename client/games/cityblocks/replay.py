"""Replay a ``.cbr`` record: step forward and back, jump to any ply, or let it play.

Positions come from the engine's record reader (lenient: every piece that can go down
goes down; the rule it broke is shown at its ply, in the engine's words). Stepping
forward animates the piece; stepping back or jumping (the bar, the wheel, a move number
and Enter: the shell's ``ReplayControls``) shows the position at once. At the
end of a finished game the final count opens (C, or the Score button). T shows the best
three moves of the position shown (:mod:`client.scenes.replay_analysis`).
"""

from __future__ import annotations

import pygame

from client import theme
from client.computer import shown_names
from client.scenes.move_listing import ReplayMoves
from client.scenes.replay_analysis import AnalysisPart
from client.scenes.replay_controls import ReplayControls, ReplaySteps, replay_opener
from client.seat_words import record_words
from client.view.widgets import Button
from shared.cityblocks import CITY_BLOCKS, CityState, Move
from shared.cityblocks.record import replay as read_plies
from shared.gamekit.comments import hash_comments
from shared.gamekit.computer_seats import levels_of

from . import look
from .review_board import draw_marks, list_text
from .score import ScoreScene
from .screen import CityScreen
from .words import N_, _, ngettext

AUTOPLAY_STEP = 0.7


def own_names(names: list[str], labels: list[str]) -> dict[int, str]:
    """Each seat's name, leaving out a seat's own label ("Blue + Red" names nobody)."""
    if len(names) != len(labels):
        return {}
    return {i: n for i, n in enumerate(names) if n and n != labels[i]}


class ReplayScene(CityScreen):
    bottom_scale = 0.115

    def __init__(self, app, start: CityState, plies: list[tuple[CityState, Move]], final: CityState,
                 title: str | None = None, headers: dict | None = None) -> None:
        self.title = _("Replay") if title is None else title
        names = [n.strip() for n in {k.lower(): v for k, v in (headers or {}).items()}.get("seats", "").split(",")]
        levels = levels_of(headers or {})
        labels = [seat.label for seat in CITY_BLOCKS.seats({"players": final.players})]
        self.names = own_names(shown_names(names, levels), labels)   # computers in the language in use
        self.beside = own_names(record_words(names, levels), labels)  # the score's: "computer, easy"
        self.moves = [move for _, move in plies]
        self.positions: list[CityState] = [before for before, _ in plies] + [final]
        if not plies:
            self.positions = [start if final.ply == 0 else final]
        self.broken = [before.why_not(move) for before, move in plies]
        self.stepping = ReplaySteps(self)
        self.controls = ReplayControls(len(self.positions) - 1, self.stepping.show, step_s=AUTOPLAY_STEP)
        # TRANSLATORS: replay button (key C): open the final count of the game.
        self.score_button = Button(N_("Score"), self.score_show, key=pygame.K_c, enabled=False, accent=theme.ACCENT,
                                   tr=_)
        self.listing = Moves(self)
        self.analysis = AnalysisPart(self, self.listing)
        self.parts = (self.stepping, self.analysis)
        super().__init__(app, self.positions[0])
        review = self.controls.review_buttons(app, final)
        slot = self.controls.end_slot(self, self.score_button)   # Score, or Play from here (P)
        self.buttons = [slot, *self.controls.buttons, *review, Button(N_("Close"), self.stepping.close, tr=_)]
        self.layout_buttons()
        self.stepping.show(0, False)

    def branch_position(self, index: int) -> tuple[CityState, bool]:
        """Play from here: the position and whether a piece up to it broke a rule."""
        return self.positions[index], any(b is not None for b in self.broken[:index])

    @classmethod
    def from_text(cls, app, text: str, title: str | None = None) -> "ReplayScene":
        """Raises the engine's ``RecordError`` (a ``ValueError``) for text that is no record."""
        record, plies = read_plies(text, lenient=True)
        scene = cls(app, record.start, plies, record.state, title, dict(record.headers))
        scene.listing.comments = hash_comments(text)
        return scene

    def top_right_room(self) -> int:
        return self.analysis.top_right_room()

    def analysis_next(self, index: int) -> Move | None:
        return self.moves[index] if index < len(self.moves) else None

    def draw_analysis_marks(self, surface: pygame.Surface, marks) -> None:
        draw_marks(surface, self.app, self.geo, marks)

    # -- navigation (the shell's ReplayControls) ------------------------------------------------
    def layout_buttons(self) -> None:
        super().layout_buttons()
        self.stepping.place_bar()

    def score_show(self) -> None:
        final = self.positions[-1]
        if not final.over or self.controls.index != self.controls.count:
            return
        self.controls.playing = False
        self.app.push(ScoreScene(self.app, final, names=self.beside))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.analysis.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stepping.close()
            return True
        if self.controls.handle_event(event):
            return True
        self.buttons_event(event)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.stepping.turn_text(super().turn_text)

    @property
    def record_title(self) -> str:
        return self.title

    @property
    def end_words(self) -> str:
        # TRANSLATORS: what key C opens at the end of a replayed game ("C: the final count").
        return _("the final count")

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        typed = self.stepping.typed_status()
        if typed is not None:
            return typed
        if self.controls.index == 0:
            return ngettext("Start of the game: {n} move. Right arrow or Play steps through.",
                            "Start of the game: {n} moves. Right arrow or Play steps through.",
                            self.controls.count).format(n=self.controls.count), theme.TEXT
        move = self.moves[self.controls.index - 1]
        before = self.positions[self.controls.index - 1]
        who = self.seat_label(before.to_move) if before.to_move is not None else "?"
        if move.is_pass:
            text = _("Move {n} of {count}: {colour} passed ({seat}).").format(
                n=self.controls.index, count=self.controls.count, colour=look.name(move.colour), seat=who)
        else:
            # TRANSLATORS: e.g. "Move 7/80: Blue + Red placed red r:V5:t16,t17,t18,s18,r18."
            text = _("Move {n} of {count}: {seat} placed {colour} {move}.").format(
                n=self.controls.index, count=self.controls.count, seat=who, colour=look.word(move.colour),
                move=move.text())
        broken = self.broken[self.controls.index - 1]
        if broken is not None:
            return _("{move} Against the rules: {rule}").format(move=text, rule=broken.text), theme.BAD
        return text, theme.TEXT

    def seat_names(self) -> dict[int, str]:
        return self.names

    def last_move(self) -> Move | None:
        return self.moves[self.controls.index - 1] if self.controls.index else None

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.frame.draw(surface, cb)
        move = self.last_move()
        if move is not None and not move.is_pass and not self.drops:
            look.outline(surface, self.geo, move.squares, (250, 250, 255), max(2, self.geo.cell // 10))
        self.board.draw_drops(surface, self.drops, cb)
        self.draw_bottom(surface)
        self.analysis.draw(surface)
        self.draw_overlays(surface)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        super().draw_bottom(surface)
        bar, t = self.controls.bar, self.app.text
        pygame.draw.rect(surface, (20, 22, 48), bar, border_radius=bar.h // 2)
        n = max(1, self.controls.count)
        done = pygame.Rect(bar.x, bar.y, int(self.controls.index / n * bar.w), bar.h)
        pygame.draw.rect(surface, theme.ACCENT_2, done, border_radius=bar.h // 2)
        for i, broken in enumerate(self.broken):
            if broken is not None:
                x = bar.x + int((i + 1) / n * bar.w)
                pygame.draw.line(surface, theme.BAD, (x, bar.y - 2), (x, bar.bottom + 2), 2)
        knob = (bar.x + int(self.controls.index / n * bar.w), bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, bar.h // 2 + 4)
        hover = self.controls.hover
        if hover is not None:
            tip = t.render(_("move {n}").format(n=hover), max(12, bar.h), theme.TEXT)
            surface.blit(tip, tip.get_rect(midbottom=(bar.x + int(hover / n * bar.w), bar.y - 2)))


class Moves(ReplayMoves):
    """The list of the record's moves."""

    host: ReplayScene

    def move_texts(self) -> list[str]:
        return [list_text(m) for m in self.host.moves]


def replay_of(app, state: CityState, headers: dict | None = None):
    """The score screen's "Watch replay": this game from its first move, as a record."""
    return replay_opener(app, ReplayScene, lambda: CITY_BLOCKS.write_record(state, headers))
