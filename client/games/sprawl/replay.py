"""Replay a ``.spr`` record: step forward and back, jump to any ply, or let it play;
the overlays (A/S/O) work here too. Positions come from the engine's record reader
(lenient: a token the rules forbid is skipped, and the engine's warning is shown). At the
end of a finished game the end show opens (C, or the Score button). T shows the best three
moves of the position shown (:mod:`client.scenes.replay_analysis`; A is the attacks overlay).
"""

from __future__ import annotations

import pygame

from client import theme
from client.scenes.move_listing import ReplayMoves
from client.scenes.replay_analysis import AnalysisPart
from client.scenes.replay_controls import ReplayControls, ReplaySteps, replay_opener
from client.seat_words import record_words
from client.view.widgets import Button
from shared.gamekit.comments import hash_comments
from shared.gamekit.computer_seats import levels_of
from shared.sprawl import SPRAWL, parse_move
from shared.sprawl.foresight import ended_text
from shared.sprawl.serial import is_resign
from shared.sprawl.words import N_, _, ngettext

from . import look, marks, overlays
from .hand import describe
from .review_board import draw_marks, list_text, token_short, token_text
from .screen import SprawlScreen

AUTOPLAY_STEP = 0.7


class ReplayScene(SprawlScreen):
    bottom_scale = 0.115

    def __init__(self, app, start, moves: list[str], title: str = "Replay", warnings: tuple = (),
                 names: list[str] | None = None) -> None:
        self.title_text = title
        self.names = list(names or [])
        self.moves = list(moves)
        self.warnings = list(warnings)
        self.positions = [start]
        state = start
        for token in self.moves:
            seat = is_resign(token)
            state = state.resign(seat)[0] if seat is not None else state.play(parse_move(token))[0]
            self.positions.append(state)
        self.hover: int | None = None
        self.chooser = None
        self.shown: set[str] = set()
        self.stepping = ReplaySteps(self)
        self.controls = ReplayControls(len(self.positions) - 1, self.stepping.show, step_s=AUTOPLAY_STEP)
        self.score_button = Button(N_("Score"), self.score_show, key=pygame.K_c, enabled=False, accent=theme.ACCENT,
                                   tr=_)
        self.listing = Moves(self)
        self.analysis = AnalysisPart(self, self.listing, move_words=list_text)
        self.parts = (self.stepping, self.analysis)
        super().__init__(app, start)
        review = self.controls.review_buttons(app, self.positions[-1])
        slot = self.controls.end_slot(self, self.score_button)   # Score, or Play from here (P)
        self.buttons = [slot, *self.controls.buttons, *review, Button(N_("Close"), self.stepping.close, tr=_)]
        self.layout_buttons()
        self.stepping.show(0, False)

    def branch_position(self, index: int):
        """Play from here: the position (a token the rules forbid was skipped, never played)."""
        return self.positions[index], False

    @classmethod
    def from_text(cls, app, text: str, title: str = "Replay") -> "ReplayScene":
        """Raises the engine's ``RecordError`` (a ``ValueError``) for text that is no record."""
        record = SPRAWL.read_record(text, lenient=True)
        names = [n.strip() for n in record.headers.get("Seats", "").split(",")]
        names = record_words(names, levels_of(record.headers))   # computers in the language in use
        scene = cls(app, record.start, list(record.moves), title, record.warnings, names)
        scene.listing.comments = hash_comments(text)
        return scene

    @property
    def title(self) -> str:
        return _("SPRAWL REPLAY")

    def analysis_next(self, index: int):
        """The move the record plays there (a seat leaving is none)."""
        token = self.moves[index] if index < len(self.moves) else None
        return None if token is None or is_resign(token) is not None else parse_move(token)

    def draw_analysis_marks(self, surface: pygame.Surface, marks) -> None:
        draw_marks(surface, self.app, self.geo, marks)

    def top_right_room(self) -> int:
        return self.analysis.top_right_room()

    # -- navigation (the shell's ReplayControls) --------------------------------------------------
    def layout_buttons(self) -> None:
        super().layout_buttons()
        self.stepping.place_bar()

    def score_show(self) -> None:
        from .score import ScoreScene
        final = self.positions[-1]
        if not final.is_over() or self.controls.index != self.controls.count:
            return
        self.controls.playing = False
        self.app.push(ScoreScene(self.app, final, names=self.names + [""] * (final.n - len(self.names))))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.analysis.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stepping.close()
                return True
            if event.key in overlays.KEYS.values():
                self.shown ^= {next(n for n, k in overlays.KEYS.items() if k == event.key)}
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.geo.square_at(event.pos)
        if self.controls.handle_event(event):
            return True
        self.buttons_event(event)
        return True

    # -- drawing ----------------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.stepping.turn_text(super().turn_text)

    @property
    def end_words(self) -> str:
        # TRANSLATORS: what C opens at the end of a replay: the show that counts the stashes.
        return _("the end show")

    @property
    def record_title(self) -> str:
        return self.title_text

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        typed = self.stepping.typed_status()
        if typed is not None:
            return typed
        if self.controls.index == 0:
            if self.warnings:   # the first rule the record breaks says more than the keys: it alone
                n = len(self.warnings)
                return ngettext("The record breaks the rules {n} time: {first}",
                                "The record breaks the rules {n} times: {first}", n).format(
                    n=n, first=self.warnings[0]), theme.BAD
            return ngettext("Start of the game: {n} move. Right arrow or Play steps through; A/S/O overlays.",
                            "Start of the game: {n} moves. Right arrow or Play steps through; A/S/O overlays.",
                            self.controls.count).format(n=self.controls.count), theme.TEXT
        token = self.moves[self.controls.index - 1]
        before = self.positions[self.controls.index - 1]
        seat = is_resign(token)
        if seat is not None:
            said = _("Move {ply} of {count}: {colour} left the game.").format(
                ply=self.controls.index, count=self.controls.count, colour=look.name(seat))
        else:
            move = parse_move(token)
            first = not before.started[move.seat]
            # TRANSLATORS: the replay's status line: move number, who, what.
            said = _("Move {ply} of {count}: {colour}: {move}.").format(
                ply=self.controls.index, count=self.controls.count, colour=look.name(move.seat),
                move=describe(move, first))
        ended = ended_text(self.positions[self.controls.index]) if self.controls.index == self.controls.count else None
        return (said, theme.TEXT) if ended is None else (f"{said} {ended}", theme.ACCENT)

    def last_move(self):
        if not self.controls.index:
            return None
        token = self.moves[self.controls.index - 1]
        return None if is_resign(token) is not None else parse_move(token)

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.frame.draw(surface, cb)
        overlays.draw(surface, self.app.text, self.geo, self.state, self.shown, cb)
        marks.draw_last(surface, self, self.last_move())
        self.board.draw_drops(surface, self.drops, cb)
        self.draw_bottom(surface)
        self.analysis.draw(surface)
        marks.draw_dead_tip(surface, self, None if self.chooser else self.hover)
        self.draw_overlays(surface)

    def draw_bottom(self, surface: pygame.Surface) -> None:
        super().draw_bottom(surface)
        self.controls.draw_bar(surface, self.app.text)


def replay_of(app, state, headers: dict | None = None):
    """The end show's "Watch replay": this game from its first move, as a record."""
    return replay_opener(app, ReplayScene, lambda: SPRAWL.write_record(state, headers))


class Moves(ReplayMoves):
    """The list of the record's moves."""

    host: ReplayScene

    def move_texts(self) -> list[str]:
        """The record's tokens; a seat that left, in words."""
        return [token_text(token) if is_resign(token) is None else
                _("{colour} left the game.").format(colour=look.name(is_resign(token))) for token in self.host.moves]

    def move_shorts(self) -> list[str]:
        return [token_short(token) if is_resign(token) is None else "" for token in self.host.moves]
