"""Replay a record: step forward and back, jump to any ply, or let it play.

Positions come from the engine's record reader (``read_ppn``): the position before each
ply, then the final one. Stepping forward animates the build and claim; stepping back
or jumping shows the position at once. Rules the record broke (lenient reading) are
listed with the ply where they happened. T shows the best three builds of the position
shown (:mod:`client.scenes.replay_analysis`).
"""

from __future__ import annotations

import pygame

from client import theme
from client.computer import shown_names
from client.scenes.move_listing import ReplayMoves
from client.scenes.replay_analysis import AnalysisPart
from client.scenes.replay_controls import END_WORDS, RECORD_TITLE, ReplayControls, ReplaySteps
from client.seat_words import record_words, typed_names
from shared.aliencity import GameState, Phase, lot_name
from shared.aliencity.ppn import ReadResult, read_ppn, write_ppn
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.gamekit.computer_seats import levels_of
from shared.i18n import domain

from . import terms
from .board_scene import BoardScene
from .labels import button
from .review_board import draw_marks, list_text, move_words, short_text
from .rule_card import RuleBreakCard
from .score import ScoreScene

_, N_, ngettext, pgettext = domain("aliencity")

OPEN_GUARD = 0.3  # seconds after opening in which mouse presses still belong to the Open click


class ReplayScene(BoardScene):
    """The shell's stepping (:class:`ReplaySteps`) and analysis around Alien City's board,
    its words and the card of the rules a ply broke (``card``)."""

    bottom_scale = 0.115
    end_words = END_WORDS

    def __init__(self, app, result: ReadResult, title: str | None = None) -> None:
        self.result = result
        self.title = title  # the record's name (data); None: just "REPLAY"
        self.positions: list[GameState] = [p.before for p in result.plies] + [result.state]
        self.stepping = ReplaySteps(self, bar_rows=(0.14, 0.3), score_delay=0.9)
        self.controls = ReplayControls(len(self.positions) - 1, self.stepping.show)
        self.score_button = button(N_("Score"), self.score_show, key=pygame.K_c, enabled=False, accent=theme.ACCENT)
        self.listing = Moves(self)
        self.analysis = AnalysisPart(self, self.listing, self.analysis_position, move_words)
        self.parts = (self.stepping, self.analysis)
        super().__init__(app, self.positions[0])
        self.board.past = lambda: True   # the top bar names the move shown, as the status line
        self.card = RuleBreakCard(app, self.board, result.plies)
        written, levels = list(record_names(result.headers)), levels_of(result.headers)
        names = shown_names(written, levels)
        self.names = [name or "" for name in record_words(written, levels)]  # beside the colours in the score
        for player, name in zip(self.panels, names):
            if name:  # who played the seat, under its colour (as in the match)
                self.panels[player].who = lambda name=name: name
        review = self.controls.review_buttons(app, AlienCityPosition(result.state))
        slot = self.controls.end_slot(self, self.score_button)   # Score, or Play from here (P)
        self.buttons = [slot, *self.controls.buttons, *review, button(N_("Close"), self.stepping.close)]
        self.layout_buttons()
        self.opened_at = app.clock_time

    def branch_position(self, index: int) -> tuple[AlienCityPosition, bool]:
        """Play from here: the position and whether a turn up to it broke a rule."""
        return AlienCityPosition(self.positions[index]), any(p.warnings for p in self.result.plies[:index])

    @property
    def record_title(self) -> str:
        return self.title or RECORD_TITLE  # untitled: a game just played

    def analysis_position(self, index: int) -> AlienCityPosition:
        return AlienCityPosition(self.positions[index])

    def analysis_next(self, index: int):
        """The build the record plays there."""
        plies = self.result.plies
        return plies[index].build if index < len(plies) else None

    def draw_analysis_marks(self, surface: pygame.Surface, marks) -> None:
        draw_marks(surface, self.app, self.geo, marks)

    def enter(self) -> None:
        super().enter()
        self.opened_at = self.app.clock_time

    def top_right_room(self) -> int:
        return self.analysis.top_right_room()

    def layout_buttons(self) -> None:
        super().layout_buttons()
        self.stepping.place_bar()

    # -- navigation (the shell's ReplaySteps) -------------------------------------------
    def score_show(self) -> None:
        """The animated final count of the record's last position (C, or the Score button)."""
        final = self.positions[-1]
        if final.phase is not Phase.OVER or self.controls.index != self.controls.count:
            return
        self.controls.playing = False
        self.app.push(ScoreScene(self.app, final, names=self.names))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.app.clock_time - self.opened_at < OPEN_GUARD:
            return True  # the click (or double click) that opened the record: not a jump to a ply
        if self.analysis.handle_event(event):
            return True
        if self.board.road_keys(event):
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.insight.click(self.geo.lot_at(event.pos))):
            return True  # a click on a structure pins its road wave
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stepping.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.track_pointer(event.pos)
        if self.controls.handle_event(event):
            return True
        self.buttons_event(event)
        return True

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The board's layers, the bottom bar, the pointed structure's card, the list of moves."""
        self.relabel()
        board, cb = self.board, self.app.options.colour_blind
        room = self.top_right_room()
        board.draw_board(surface, cb, board.panel_surfaces(cb), (), self.turn_text(), room)
        board.draw_pieces(surface, cb, None, room)
        self.draw_bottom(surface)
        board.draw_card(surface)
        board.draw_news(surface)
        self.analysis.draw(surface)

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.controls.index == self.controls.count and self.state.phase is Phase.OVER:
            return self.board.turn_text()  # who won (the shell's words name the record)
        if self.title is None:
            return _("REPLAY"), theme.ACCENT_2
        return _("REPLAY: {title}").format(title=self.title), theme.ACCENT_2

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        typed = self.stepping.typed_status()
        if typed is not None:
            return typed
        if self.controls.index == 0:
            return (ngettext("Start of the game: {n} move. Right arrow or Play to step through.",
                             "Start of the game: {n} moves. Right arrow or Play to step through.",
                             self.controls.count).format(n=self.controls.count), theme.TEXT)
        ply = self.result.plies[self.controls.index - 1]
        words = {"n": self.controls.index, "count": self.controls.count, "player": terms.player(ply.player),
                 "piece": terms.piece(ply.build.piece), "lot": lot_name(ply.build.lot)}
        if ply.claim is not None and ply.claim.lot == ply.build.lot:
            # TRANSLATORS: a replay's status line: a tower built and claimed in one turn
            text = _("Move {n} of {count}: {player} built on {lot} ({piece}) and claimed that tower.")
        elif ply.claim is not None:
            words["claimed"] = lot_name(ply.claim.lot)
            text = _("Move {n} of {count}: {player} built on {lot} ({piece}) and claimed the tower on {claimed}.")
        else:
            text = _("Move {n} of {count}: {player} built on {lot} ({piece}).")
        text = text.format(**words)
        if ply.warnings:
            return _("{ply} Against the rules (why: above).").format(ply=text), theme.BAD
        return text, theme.TEXT

    def status_short(self) -> str | None:
        """The shown move in fewer words, for a status line too small for the sentence (a
        longer translation, a small window): "Move 6 of 38: White, green pyramid g6 → e2"."""
        index = self.controls.index
        if index == 0 or self.stepping.typed_status() is not None:
            return None
        ply = self.result.plies[index - 1]
        # TRANSLATORS: a replay's status line when the whole sentence has no room: the move's
        # number, who, then the build in a few words as a narrow list of moves says it
        text = _("Move {n} of {count}: {player}, {move}").format(
            n=index, count=self.controls.count, player=terms.player(ply.player), move=short_text(ply.build, ply.claim))
        return _("{ply} Against the rules (why: above).").format(ply=text) if ply.warnings else text

    def draw_bottom(self, surface: pygame.Surface) -> None:
        self.board.draw_status(surface, self.status_text(), self.stepping.status_area(), self.buttons,
                               self.status_short())
        bad = (i + 1 for i, p in enumerate(self.result.plies) if p.warnings)
        self.controls.draw_bar(surface, self.app.text, bad)
        self.card.draw(surface, self.controls.index)  # the rules the shown ply broke, in full


class Moves(ReplayMoves):
    """The record's turns (a build and its claim are one move) and its comments."""

    host: ReplayScene

    def move_texts(self) -> list[str]:
        return [list_text(ply.build, ply.claim, ply.player) for ply in self.host.result.plies]

    def move_shorts(self) -> list[str]:
        return [short_text(ply.build, ply.claim) for ply in self.host.result.plies]

    def move_notes(self) -> list[str]:
        return [ply.comment for ply in self.host.result.plies]

    def start_note(self) -> str:
        return self.host.result.comment

    def move_seat_infos(self, before: GameState) -> tuple:
        return ALIEN_CITY.seats(ALIEN_CITY.options({}))


def record_names(headers: dict) -> tuple[str, str]:
    """The players' names a record's ``Black:``/``White:`` headers give ("" for a seat that
    carries only its colour, in any language: the client writes an unnamed person so)."""
    values = [headers.get(key) for key in ("Black", "White")]
    black, white = typed_names(ALIEN_CITY, [str(v).strip() if isinstance(v, str) else "" for v in values])
    return black, white


def replay_of(app, state: GameState, headers: dict | None = None):
    """The score screen's "Watch replay": this game from its first build, as a record
    (``headers``: the players' names, as the record would keep them)."""
    def open_replay() -> None:
        app.push(ReplayScene(app, read_ppn(write_ppn(state, headers), lenient=True), title=_("This game")))
    return open_replay
