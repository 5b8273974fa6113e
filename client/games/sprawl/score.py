"""The end of a Sprawl game: the end show, then the final board and table.

Dead trees lift off the board one by one and their pieces fly back to their colours'
stashes; each stash is then counted pip by pip with a rising counter; when seats tie on
pips the tie-breaks are shown with the figure that decides; then the final table (3-8
rows) and the winner(s). Space steps, F fast-forwards, S skips to the end, "Replay the
show" runs it again. The running order is the shell's ``BeatSequence``; every number is
the engine's breakdown (``score_plan``).
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from client import theme
from client.scenes.forward import forwarding
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import SCORE_NAMES, ScoreShow
from client.seat_words import beside
from shared.sprawl.foresight import ended_text
from shared.sprawl.words import N_, _

from . import look
from .score_count import Tally
from .score_draw import draw_flying, draw_table, draw_ties, draw_tree_focus, status_words, table_cover
from .score_plan import TableBeat
from .screen import SprawlScreen


@forwarding("scoring", SCORE_NAMES)
class ScoreScene(SprawlScreen):
    """The shell's :class:`ScoreShow` (``scoring``, a part) gives the buttons, keys and
    stepping; the show's numbers are a :class:`~.score_count.Tally` (``tally``), its
    drawing :mod:`.score_draw`."""

    modal, freeze_below, bottom_scale = True, False, 0.1

    @property
    def show_title(self) -> str:
        # TRANSLATORS: the top bar while the end show runs (dead trees go home, stashes counted).
        return _("THE END SHOW")

    def __init__(self, app, state, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, new_game_label: str | None = None,
                 headline: str | None = None, on_replay: Callable[[], None] | None = None,
                 names: Sequence[str] | None = None, show: bool = True) -> None:
        self.scoring = ScoreShow(self, headline)
        self.names: Sequence[str] = names or [""] * state.n
        super().__init__(app, state)
        self.tally = Tally(self, state)   # after the frame: it hides the pieces it lifts
        self.beats = self.tally.beats
        self.board.words = self.tally
        self.sequence = BeatSequence(self.beats, self.timeline, steps=self.tally.steps,
                                     on_finish=self._finished, intro=0.9, gap=0.35)
        self.scoring.make_buttons(N_("Replay the show"), on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                  new_game_label=new_game_label or N_("New game"))
        for b in self.final_buttons:  # our own labels: English keys shown in the language in use
            if b.on_click == self.replay_show or (new_game_label is None and b.on_click is on_new_game):
                b.tr = _
        if show and headline is None:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    # -- the show ------------------------------------------------------------------------------
    def start_show(self) -> None:
        self.timeline.tracks = []
        self.banners.current = None
        self.tally.reset(self.players)
        self.sequence.start()
        self.scoring.show_buttons()
        self.announce(_("THE END"), self.end_words(), theme.ACCENT_2, hold=1.6)

    def end_words(self) -> str:
        """Why the game ended (the engine's ``ended``), then what the show does."""
        show = _("Dead trees go home, stashes are counted: fewest pips wins.")
        ended = ended_text(self.state)
        return show if ended is None else f"{ended} {show}"

    def fanfare(self) -> None:
        self.sound("fanfare")
        self.announce(*self.winner_words(), theme.ACCENT, hold=1.4)

    def skip(self) -> None:
        if self.stage == "show":
            self.sequence.skip()

    def _finished(self, quiet: bool) -> None:
        """The final board: every number settled from the engine's breakdown."""
        self.tally.finish()
        self.buttons = self.final_buttons
        self.layout_buttons()
        self.column.focus = 0
        if self.headline:
            self.announce(self.headline, "", theme.ACCENT, hold=1.6)
        elif quiet:
            self.fanfare()

    def shown_points(self) -> list:
        return self.tally.shown_points()

    def final_points(self) -> list:
        return self.tally.final_points()

    def winner_words(self) -> tuple[str, str]:
        return winner_words(self.beats[-1], self.names)

    def seat_active(self, seat: int) -> bool:
        return self.tally.seat_active(seat)  # the panels' stashes and notes are the tally's too

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.scoring.update(dt, super().update)

    def frame_rate(self) -> float:
        return self.scoring.frame_rate(super().frame_rate())

    # -- drawing ---------------------------------------------------------------------------------
    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return status_words(self)

    def banner_avoids(self) -> tuple[pygame.Rect, ...]:
        return table_cover(self)

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        tally = self.tally
        self.frame.draw(surface, cb)
        if tally.focus is not None:
            draw_tree_focus(self, surface, tally.focus, cb)
        draw_flying(self, surface, cb)
        if tally.ties > 0:
            draw_ties(self, surface, tally.ties, cb)
        if tally.table > 0 and not (self.stage == "final" and self.table_hidden):
            draw_table(self, surface, self.beats[-1], tally.table, cb)
        self.draw_bottom(surface)
        self.scoring.draw_final_buttons(surface)
        self.draw_overlays(surface)


def winner_words(table: TableBeat, players: Sequence[str]) -> tuple[str, str]:
    """The banner at the end: the winner (or those sharing the win, by their players'
    names when known), then the first rows."""
    names = [beside(look.name(w), players[w] if w < len(players) else "").upper() for w in table.winners]
    if len(names) == 1:
        head = _("{colour} WINS!").format(colour=names[0])
    else:
        head = _("A SHARED WIN: {colours}").format(colours=", ".join(names))
    sub = "   ".join(f"{look.name(r.seat)} {r.stash}" for r in table.rows[:4])
    sub += "   …" if len(table.rows) > 4 else ""
    return head, sub
