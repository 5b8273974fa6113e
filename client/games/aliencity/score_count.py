"""The final count's numbers as the show stands, a part the score screen holds: the
beats planned from the engine's breakdown, the totals rolling up to what was awarded,
each seat's table rows, the pulses on a total just paid, the towers already counted and
the spotlight's focus. The beats' steps (``score_beats``) call ``award``, ``glide_to``,
``glide_home``, ``sound`` and ``announce_winner`` here; drawing only reads the values."""

from __future__ import annotations

import typing
from typing import Callable

from client import theme
from client.anim import Callback, Sequence, Timeline, Tween
from client.seat_words import beside
from shared.aliencity import GameState, Player
from shared.i18n import domain

from . import terms
from .board_screen import BoardView
from .score_beats import BeatView, beat_steps, row_of
from .score_plan import Beat, LocationBeat, TowerBeat, plan

_, N_, ngettext, pgettext = domain("aliencity")


class Tally:
    """``sound(name, volume)`` plays a sound unless the show runs muted (skipped)."""

    def __init__(self, state: GameState, board: BoardView, timeline: Timeline,
                 sound: Callable[[str, float], None], names: typing.Sequence[str] | None = None) -> None:
        self.score = state.score()
        self.names: typing.Sequence[str] = names or ("", "")  # who plays each seat ("computer, hard")
        self.beats = plan(state, self.score)
        self.board, self.timeline, self._sound = board, timeline, sound
        self.focus_at = (4.0, 5.0)  # lot units from the board's top-left
        self.pulse = [0.0, 0.0]
        self.reset()

    def reset(self) -> None:
        """From the top: totals at zero, nothing counted."""
        self.view = BeatView(done=True)
        self.totals = [0.0, 0.0]  # shown, rolling towards ``awarded``
        self.awarded = [0, 0]
        self.rows: dict[Player, list] = {p: [] for p in Player}
        self.scored: set[int] = set()  # claimed towers already counted (their badges show)
        self.located: set[int] = set()  # and those whose location bonus is counted too
        self.focus = 0.0

    def who(self, player: Player) -> str:
        """A seat as the count names it: its colour, with who played it ("Black (you)")."""
        return beside(terms.player(player), self.names[player])

    def sound(self, name: str, volume: float = 1.0) -> None:
        self._sound(name, volume)

    def steps(self, beat: Beat, index: int) -> list:
        """The timeline steps of beat ``index`` (the shell's ``BeatSequence`` asks)."""
        self.view = BeatView(beat=beat, index=index)
        return beat_steps(self, beat, self.view)

    def beat_finished(self, beat: Beat) -> None:
        self.view.done = True
        if isinstance(beat, TowerBeat):
            self.scored.add(beat.tower.lot)
        elif isinstance(beat, LocationBeat):
            self.located.add(beat.tower.lot)

    def finish(self, quiet: bool) -> None:
        """The show is over (or skipped): every tower counted, the totals settled."""
        self.view = BeatView(done=True, index=len(self.beats))
        if quiet or self.awarded != self.final_points():
            self.settle()
        self.scored = {t.lot for t in self.score.towers}
        self.located = set(self.scored)
        self.focus = 0.0

    def settle(self) -> None:
        """Totals and table rows straight from the beats (no show, or a resigned game)."""
        self.rows = {p: [] for p in Player}
        self.awarded = [0, 0]
        for beat in self.beats:
            who, points = beat.award
            row = row_of(beat)
            if who is not None and row is not None:
                self.rows[who].append(row)
                self.awarded[who] += points
        self.totals = [float(v) for v in self.awarded]

    def shown_points(self) -> list:
        return [round(t) for t in self.totals]   # the counters as drawn (rolling to ``awarded``)

    def final_points(self) -> list:
        return [self.score.totals[Player.BLACK], self.score.totals[Player.WHITE]]

    # -- what the beats call -----------------------------------------------------------
    def award(self, who: Player, points: int, row) -> None:
        """Points have landed on ``who``'s total: count it up and add the table row."""
        start = self.totals[who]
        self.awarded[who] += points
        end = self.awarded[who]
        self.rows[who].append(row)
        self.pulse[who] = 1.0
        if points:
            self.sound("coin", 0.7)

        def count(p: float) -> None:
            self.totals[who] = start + (end - start) * p

        self.timeline.tween(0.45, count, "out_cubic", blocking=False)

    def glide_to(self, lot: int):
        """The spotlight glides to ``lot`` (a step for the beat's sequence)."""
        geo = self.board.geo
        r = geo.lot_rect(lot, local=True)
        end = (r.centerx / geo.lot, r.centery / geo.lot)
        state = {}

        def begin() -> None:
            state["from"], state["f0"] = self.focus_at, self.focus

        def move(p: float) -> None:
            a = state.get("from", end)
            self.focus_at = (a[0] + (end[0] - a[0]) * p, a[1] + (end[1] - a[1]) * p)
            f0 = state.get("f0", 1.0)
            self.focus = f0 + (1.0 - f0) * p

        return Sequence(Callback(begin), Tween(0.42, move, "in_out_cubic"))

    def glide_home(self):
        def fade(p: float) -> None:
            self.focus = min(self.focus, 1.0 - p)
        return Tween(0.35, fade, "out_quad")

    def announce_winner(self) -> None:
        w = self.score.winner
        head = _("A DRAW!") if w is None else _("{player} WINS!").format(player=self.who(w).upper())
        sub = "{black} {a}  :  {b} {white}".format(black=self.who(Player.BLACK), a=self.score.totals[Player.BLACK],
                                                 b=self.score.totals[Player.WHITE], white=self.who(Player.WHITE))
        self.board.announce(head, sub, theme.ACCENT, hold=1.4, blocking=False)

    def update(self, dt: float) -> None:
        """The pulses on a total just paid fade (``dt`` at the show's speed)."""
        self.pulse = [max(0.0, p - dt * 2.5) for p in self.pulse]
