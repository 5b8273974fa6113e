"""The end of a game: the animated score show, then the final board with every number.

The show (issue 5) walks the engine's ``ScoreBreakdown`` beat by beat (see
``client.score_plan``): the view focuses on each claimed tower, its customers light up
one by one, the road to its competitor is traced with a counter, and ``customers ×
distance = points`` flies to the owner's total; then the green bonuses, the location
bonuses (variant), the totals rolling up and the winner's banner. Space steps, S skips
to the end, "Replay scoring" runs it again; the animation-speed option applies. The
final board keeps the road tools (hover a structure, R for the overlay) and the side
panels become the table of every number, with the unpaid bonuses and their reasons below.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from client import theme
from client.scenes.forward import forwarding
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import SCORE_NAMES, STEP_KEYS, ScoreShow
from shared.aliencity import GameState, Player
from shared.aliencity.spec import AlienCityPosition
from shared.i18n import domain

from .board_scene import BoardScene, Forward
from .labels import button
from .score_count import Tally
from .score_draw import ScoreView

_, N_, ngettext, pgettext = domain("aliencity")


@forwarding("scoring", SCORE_NAMES)
class ScoreScene(BoardScene):
    """The shell's :class:`ScoreShow` (``scoring``, a part) gives the final board's column,
    its keys, the stepping and closing; the show's own two buttons (no fast mode), its
    beats, the road tools and the drawing are Alien City's: the count's numbers in a
    :class:`Tally` (``tally``), its drawing in a :class:`ScoreView` (``painter``)."""

    modal, freeze_below, bottom_scale = True, False, 0.115
    # the Tally's numbers under the screen's names (callers and tests read them here)
    score, view, totals = Forward[Any]("tally"), Forward[Any]("tally"), Forward[list[float]]("tally")
    awarded, rows = Forward[list[int]]("tally"), Forward[dict[Player, list]]("tally")

    @property
    def show_title(self) -> str:
        return _("THE FINAL COUNT")

    def __init__(self, app, state: GameState, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, demo: bool = False,
                 new_game_label: str | None = None, headline: str | None = None,
                 on_replay: Callable[[], None] | None = None, show: bool = True,
                 names: Sequence[str] | None = None) -> None:
        self.scoring = ScoreShow(self, headline)
        self.demo = demo  # attract mode (kept for callers; the show is the same)
        super().__init__(app, state)
        self.tally = Tally(state, self.board, self.timeline, self.sound, names)
        self.painter = ScoreView(app, self.board, self.tally)
        self.sequence = BeatSequence(self.tally.beats, self.timeline, steps=self.tally.steps,
                                     on_done=self.tally.beat_finished, on_finish=self.finish_show)
        self.insight.enabled = False
        self.next_button = button(N_("Next  (Space)"), self.step)
        self.skip_button = button(N_("Skip  (S)"), self.skip)
        self.on_replay = on_replay  # the caller knows how to replay (no import back here)
        # an online match names its own action ("Rematch")
        self.scoring.make_final_buttons(_("Replay scoring"), on_replay=on_replay, on_save=on_save,
                                        on_new_game=on_new_game,
                                        new_game_label=_("New game") if new_game_label is None else new_game_label)
        self.column.focus = len(self.final_buttons) - 3 if on_new_game is not None else 0
        self.buttons = [self.next_button, self.skip_button]
        self.layout_buttons()
        if show and headline is None and self.tally.beats:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    # -- layout ---------------------------------------------------------------------
    def layout_buttons(self) -> None:
        """Buttons on the lower row of the bottom bar, right-aligned."""
        r = self.bottom_rect
        bh = int(min(r.h * 0.46, self.size[1] * 0.052))
        x = self.size[0] - self.margin
        y = r.bottom - bh - int(r.h * 0.08)
        for b in reversed(self.buttons):
            bw = max(bh * 2, self.app.text.font(int(bh * 0.46), True).size(b.text)[0] + bh)
            x -= bw
            b.rect = pygame.Rect(x, y, bw, bh)
            x -= self.margin // 2 + 2

    # -- the show -------------------------------------------------------------------
    def start_show(self) -> None:
        """From the top: totals at zero, the first beat after a short intro."""
        self.timeline.tracks = []
        self.banner = None
        self.sequence.start()
        self.tally.reset()
        self.insight.enabled = False
        self.insight.unpin()
        self.insight.refresh()
        self.buttons = [self.next_button, self.skip_button]
        self.layout_buttons()
        self.board.forget_layer()
        self.announce(_("THE FINAL COUNT"), _("Space: next step   S: skip to the end"), theme.ACCENT_2, hold=0.7,
                      blocking=False)

    def skip(self) -> None:
        """S: straight to the final board (every beat still counted, silently)."""
        if self.stage != "show":
            return
        self.sequence.skip()
        self.tally.announce_winner()

    def finish_show(self, quiet: bool = False) -> None:
        """The show is over (or skipped): totals settle, the final board's buttons."""
        self.tally.finish(quiet)
        self.insight.enabled = True
        self.insight.refresh()
        self.buttons = self.final_buttons
        self.layout_buttons()
        self.board.forget_layer()
        if self.headline:
            self.announce(self.headline, "", theme.ACCENT, hold=1.6, blocking=False)

    def shown_points(self) -> list:
        return self.tally.shown_points()

    def final_points(self) -> list:
        return self.tally.final_points()

    # -- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.scoring.update(dt, super().update)  # the board, then the show's beats
        self.tally.update(dt * self.app.anim_speed)

    def frame_rate(self) -> float:
        return self.scoring.frame_rate(super().frame_rate())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.stage == "final":
                self.track_pointer(event.pos)
                self.scoring.point_at(event)  # the hovered button takes the keyboard focus
            self.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                if not self.insight.unpin():
                    self.skip() if self.stage == "show" else self.close()
            elif self.board.road_keys(event):
                pass
            elif self.stage != "show":
                self.scoring.walk_column(event)
            elif key in STEP_KEYS:
                self.step()
            elif key == pygame.K_s:
                self.skip()
            return True
        if self.buttons_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.stage == "final":
            self.insight.click(self.geo.lot_at(event.pos))
        return True  # modal: nothing reaches the screen below

    # -- actions --------------------------------------------------------------------
    def final_position(self) -> AlienCityPosition:
        return AlienCityPosition(self.state)

    def replay(self) -> None:
        """Watch this game again from its first build (when the caller offered it)."""
        if self.on_replay is not None:
            self.on_replay()

    # -- drawing --------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        """The show's title or the headline (the shell), else the board's "GAME OVER" line."""
        if self.stage == "show" or self.headline:
            return self.scoring.turn_text()
        w = self.tally.score.winner
        if w is None:
            return self.board.turn_text()
        return _("GAME OVER: {player} WINS").format(player=self.tally.who(w).upper()), theme.ACCENT

    def draw(self, surface: pygame.Surface) -> None:
        self.relabel()
        self.painter.draw(surface, self.stage, self.turn_text(), self.buttons, self.scoring.focused())
