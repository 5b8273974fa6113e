"""The end of a City Blocks game: the animated final count, then the final board and
the seat table.

Per colour the board dims except that colour; its largest area floods in square by square
with a counter, its other groups flash their sizes, its free edges light up edge by edge
with a rising counter, and the colour's total lands on its seat. Then the seat table and
the winner. Space steps, F fast-forwards, S skips to the end, "Replay scoring" runs it
again. Every number is the engine's (``score_plan``).
"""

from __future__ import annotations

from typing import Callable

import pygame

from client import theme
from client.scenes.forward import forwarding
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import SCORE_NAMES, ScoreShow
from client.seat_words import LiveSeatWords, beside
from shared.cityblocks.geometry import COLOURS

from .score_beats import BeatView, beat_steps
from .score_draw import draw_beat, draw_panels, draw_table, status_words, table_cover
from .score_plan import ColourBeat, TableBeat, plan
from .screen import CityScreen
from .words import _

BEAT_GAP = 0.35
INTRO = 0.9


@forwarding("scoring", SCORE_NAMES)
class ScoreScene(CityScreen):
    """The shell's :class:`ScoreShow` (``scoring``, a part) gives the buttons, keys and
    stepping; the beats, the counters and the drawing are City Blocks'."""

    modal, freeze_below, bottom_scale = True, False, 0.1

    @property
    def show_title(self) -> str:
        # TRANSLATORS: the score show's title: the points counted at the end of the game.
        return _("THE FINAL COUNT")

    def __init__(self, app, state, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, new_game_label: str | None = None,
                 headline: str | None = None, on_replay: Callable[[], None] | None = None, show: bool = True,
                 names: dict[int, str] | LiveSeatWords | None = None) -> None:
        self.score = state.score()
        self.names = names or {}   # who plays each seat (the match's seat names)
        self.beats = plan(state, self.score)
        self.scoring = ScoreShow(self, headline)
        self.on_replay = on_replay
        self.view = BeatView(done=True)
        self.totals: list[float] = [0.0] * state.players
        self.awarded = [0] * state.players
        self.counted: set[int] = set()      # colours already counted (their rows show)
        super().__init__(app, state)
        self.sequence = BeatSequence(self.beats, self.timeline, steps=self._beat_steps, on_done=self.beat_finished,
                                     on_finish=self._finished, intro=INTRO, gap=BEAT_GAP)
        self.scoring.make_buttons(_("Replay scoring"), on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                  new_game_label=_("New game") if new_game_label is None else new_game_label)
        self.column.focus = len(self.final_buttons) - 3 if on_new_game is not None else 0
        if show and headline is None:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    # -- the show (its running order is the shell's BeatSequence) --------------------------
    def start_show(self) -> None:
        self.timeline.tracks = []
        self.banners.current = None
        self.view = BeatView(done=True)
        self.totals, self.awarded = [0.0] * self.players, [0] * self.players
        self.counted = set()
        self.sequence.start()
        self.scoring.show_buttons()
        self.announce(self.show_title, _("Space: next step   F: fast   S: skip to the end"), theme.ACCENT_2,
                      hold=0.6)

    def _beat_steps(self, beat, index: int):
        self.view = BeatView(beat=beat, index=index)
        return beat_steps(self, beat, self.view)

    def beat_finished(self, beat) -> None:
        self.view.done = True
        if isinstance(beat, ColourBeat):
            self.counted.add(beat.colour)

    def skip(self) -> None:
        if self.stage != "show":
            return
        self.sequence.skip()
        self.announce_winner()

    def _finished(self, quiet: bool) -> None:
        """The final board: every number settled from the engine's breakdown."""
        self.view = BeatView(done=True, index=len(self.beats))
        self.awarded = list(s["total"] for s in self.score["seats"])
        self.totals = [float(v) for v in self.awarded]
        self.counted = set(range(len(COLOURS)))
        self.buttons = self.final_buttons
        self.layout_buttons()
        if self.headline:
            self.announce(self.headline, "", theme.ACCENT, hold=1.6)

    def shown_points(self) -> list:
        return [round(t) for t in self.totals]   # the counters as drawn (rolling to ``awarded``)

    def final_points(self) -> list:
        return [s["total"] for s in self.score["seats"]]

    # -- hooks the beats call ------------------------------------------------------------------
    def winner_words(self) -> tuple[str, str]:
        return winner_words(self.beats[-1], self.seat_label, super().seat_label)

    def announce_winner(self) -> None:
        head, sub = self.winner_words()
        self.announce(head, sub, theme.ACCENT, hold=1.4)

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.scoring.update(dt, super().update)

    def frame_rate(self) -> float:
        return self.scoring.frame_rate(super().frame_rate())

    # -- drawing -------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """The seat's colour with who plays it, as every count names them: "Yellow (computer, easy)"."""
        return beside(super().seat_label(seat), self.names.get(seat, ""))

    def seat_short(self, seat: int) -> str:
        """Who plays the seat without its colours ("Computer, easy"), for a header too narrow
        for both: the colour chips beside it still say which seat it is."""
        who = self.names.get(seat, "")
        return who[:1].upper() + who[1:]

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return status_words(self)

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        draw_panels(self, surface, cb)

    def banner_avoids(self) -> tuple[pygame.Rect, ...]:
        return table_cover(self)

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.frame.draw(surface, cb)
        if self.stage == "show" and isinstance(self.view.beat, ColourBeat):
            draw_beat(self, surface, self.view, cb)
        if isinstance(self.view.beat, TableBeat) and self.view.table > 0:
            draw_table(self, surface, self.view.beat, self.view.table, cb)
        elif self.stage == "final":
            draw_table(self, surface, self.beats[-1], 1.0, cb, compact=True)
        self.draw_bottom(surface)
        self.scoring.draw_final_buttons(surface)
        self.draw_overlays(surface)



def winner_words(table: TableBeat, label: Callable[[int], str],
                 colour: Callable[[int], str] | None = None) -> tuple[str, str]:
    """The banner at the end: who won (or shared the win), then every seat's total (by
    ``colour`` alone where given: the table beside it says who played each)."""
    names = [label(r.seat) for r in table.rows if r.seat in table.winners]
    if len(names) == 1:
        head = _("{seat} WINS!").format(seat=names[0].upper())
    else:
        head = _("A SHARED WIN: {seats}").format(seats=", ".join(n.upper() for n in names))
    sub = "   ".join(f"{(colour or label)(r.seat)} {r.total}" for r in table.rows)
    return head, sub
