"""The end of a Sprawl game: the end show, then the final board and table.

Dead trees lift off the board one by one and their pieces fly back to their colours'
stashes; each stash is then counted pip by pip with a rising counter; when seats tie on
pips the tie-breaks are shown with the figure that decides; then the final table (3-8
rows) and the winner(s). Space steps, F fast-forwards, S skips to the end, "Replay the
show" runs it again. The running order is the shell's ``BeatSequence``; every number is
the engine's breakdown (``score_plan``).
"""

from __future__ import annotations

from typing import Callable

import pygame

from client import theme
from client.anim import Callback, Delay, Tween
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import ScoreShow
from shared.sprawl.board import COLOURS, square_name
from shared.sprawl.foresight import ended_text
from shared.sprawl.words import N_, _, ngettext, pips, sentence

from . import look
from .overlays import dead_reasons
from .score_draw import draw_flying, draw_table, draw_ties, draw_tree_focus
from .score_plan import CountBeat, TableBeat, TieBeat, TreeBeat, plan
from .screen import SprawlScreen

FLY = 0.32


class ScoreScene(ScoreShow, SprawlScreen):
    @property
    def show_title(self) -> str:
        # TRANSLATORS: the top bar while the end show runs (dead trees go home, stashes counted).
        return _("THE END SHOW")

    def __init__(self, app, state, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, new_game_label: str | None = None,
                 headline: str | None = None, on_replay: Callable[[], None] | None = None,
                 names: list[str] | None = None, show: bool = True) -> None:
        self.score = state.score()
        self.beats = plan(state, self.score)
        self.headline = headline
        self.names = names or [""] * state.n
        self.reset_view(state.n)
        super().__init__(app, state)
        self.sequence = BeatSequence(self.beats, self.timeline, steps=self._beat_steps,
                                     on_finish=self._finished, intro=0.9, gap=0.35)
        self.make_buttons(N_("Replay the show"), on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                          new_game_label=new_game_label or N_("New game"))
        for b in self.final_buttons:  # our own labels: English keys shown in the language in use
            if b.on_click == self.replay_show or (new_game_label is None and b.on_click is on_new_game):
                b.tr = _
        if show and headline is None:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    def reset_view(self, n: int) -> None:
        self.lifted: set[int] = set()           # squares whose piece has flown home
        self.landed = [[0, 0, 0] for _ in range(n)]   # pieces back per seat and size
        self.flying: list[list] = []            # [seat, square, size, p]
        self.focus: TreeBeat | None = None
        self.counting: int | None = None        # the seat being counted
        self.counted: list[int | None] = [None] * n   # counter per seat (None: not yet)
        self.lit = [0] * n                      # pieces lit by the count per seat
        self.ties = 0.0
        self.table = 0.0
        self.captions: list[str] = []
        self.hidden = frozenset()

    # -- the show ------------------------------------------------------------------------------
    def start_show(self) -> None:
        self.timeline.tracks = []
        self.banners.current = None
        self.reset_view(self.players)
        self.sequence.start()
        self.show_buttons()
        self.announce(_("THE END"), self.end_words(), theme.ACCENT_2, hold=1.6)

    def end_words(self) -> str:
        """Why the game ended (the engine's ``ended``), then what the show does."""
        show = _("Dead trees go home, stashes are counted: fewest pips wins.")
        ended = ended_text(self.state)
        return show if ended is None else f"{ended} {show}"

    def _beat_steps(self, beat, index: int) -> list:
        if isinstance(beat, TreeBeat):
            return self._tree_steps(beat)
        if isinstance(beat, CountBeat):
            return self._count_steps(beat)
        if isinstance(beat, TieBeat):
            return [Callback(lambda: self.captions.append("tie-breaks")),
                    Tween(0.5, lambda p: setattr(self, "ties", p), "out_cubic"), Delay(2.2),
                    Callback(lambda: setattr(self, "ties", 0.0))]
        return [Tween(0.8, lambda p: setattr(self, "table", p), "out_cubic"), Callback(self._fanfare), Delay(1.0)]

    def _tree_steps(self, beat: TreeBeat) -> list:
        def focus() -> None:
            self.focus = beat
            self.captions.append(f"tree {beat.tree}")
            self.sound("stamp", 0.6)

        steps: list = [Callback(focus), Delay(0.6)]
        for seat, sq, size in beat.pieces:
            fly = [seat, sq, size, 0.0]

            def lift(fly=fly) -> None:
                self.flying.append(fly)
                self.lifted.add(fly[1])
                self.hidden = frozenset(self.lifted)

            def land(fly=fly) -> None:
                if fly in self.flying:
                    self.flying.remove(fly)
                self.landed[fly[0]][fly[2] - 1] += 1
                self.sound("place", 0.6)

            steps += [Callback(lift), Tween(FLY, lambda p, fly=fly: fly.__setitem__(3, p), "in_out_quad"),
                      Callback(land)]
        steps += [Delay(0.3), Callback(lambda: setattr(self, "focus", None))]
        return steps

    def _count_steps(self, beat: CountBeat) -> list:
        seat = beat.seat
        counts = beat.counts()

        def begin() -> None:
            self.counting, self.counted[seat], self.lit[seat] = seat, 0, 0

        def walk(p: float) -> None:
            n = len(counts)
            k = n if p >= 1.0 else min(n, int(p * n + 1e-9))
            while self.lit[seat] < k:
                self.lit[seat] += 1
                self.counted[seat] = counts[self.lit[seat] - 1]
                self.sound("tick", 0.4)

        def end() -> None:
            self.counted[seat] = beat.stash
            self.captions.append(f"{COLOURS[seat]} {beat.stash}")

        duration = min(1.6, 0.25 + 0.08 * len(counts))
        return [Callback(begin), Tween(duration, walk, "linear"), Callback(end), Delay(0.35),
                Callback(lambda: setattr(self, "counting", None))]

    def _fanfare(self) -> None:
        self.sound("fanfare")
        head, sub = self.winner_words()
        self.announce(head, sub, theme.ACCENT, hold=1.4)

    def skip(self) -> None:
        if self.stage == "show":
            self.sequence.skip()

    def _finished(self, quiet: bool) -> None:
        """The final board: every number settled from the engine's breakdown."""
        seats = self.score["seats"]
        self.flying, self.focus, self.counting, self.ties = [], None, None, 0.0
        self.lifted = {sq for b in self.beats if isinstance(b, TreeBeat) for _, sq, _ in b.pieces}
        self.hidden = frozenset(self.lifted)
        self.landed = [[sum(1 for r in s["returned"] if r["size"] == k) for k in (1, 2, 3)] for s in seats]
        self.counted = [s["stash"] for s in seats]
        self.lit = [len(b.pieces) for b in self.beats if isinstance(b, CountBeat)]
        self.table = 1.0
        self.buttons = self.final_buttons
        self.layout_buttons()
        self.column.focus = 0
        if self.headline:
            self.announce(self.headline, "", theme.ACCENT, hold=1.6)
        elif quiet:
            self._fanfare()

    def shown_points(self) -> list:
        return list(self.counted)

    def final_points(self) -> list:
        return [s["stash"] for s in self.score["seats"]]

    def winner_words(self) -> tuple[str, str]:
        table: TableBeat = self.beats[-1]
        names = [look.name(w).upper() for w in table.winners]
        if len(names) == 1:
            head = _("{colour} WINS!").format(colour=names[0])
        else:
            head = _("A SHARED WIN: {colours}").format(colours=", ".join(names))
        sub = "   ".join(f"{look.name(r.seat)} {r.stash}" for r in table.rows[:4])
        sub += "   …" if len(table.rows) > 4 else ""
        return head, sub

    # -- what the panels show ---------------------------------------------------------------------
    def stash_counts(self, seat: int) -> tuple[int, int, int]:
        base = self.state.stash[seat]
        return tuple(base[k] + self.landed[seat][k] for k in range(3))

    def panel_total(self, seat: int) -> str:
        if self.counted[seat] is not None:
            return pips(self.counted[seat])
        c = self.stash_counts(seat)
        return pips(c[0] + 2 * c[1] + 3 * c[2])

    def panel_note(self, seat: int) -> str:
        s = self.score["seats"][seat]
        if self.stage == "final":
            if s["left"]:
                return _("place {place} · left the game").format(place=s["place"])
            return _("place {place}").format(place=s["place"])
        back = sum(self.landed[seat][k] * (k + 1) for k in range(3))
        # TRANSLATORS: pips a player still holds ("on hand") and pips back from dead trees.
        return _("{on_hand} on hand + {back} back").format(on_hand=s["on_hand"], back=back) if back else \
            _("{on_hand} on hand").format(on_hand=s["on_hand"])

    def seat_active(self, seat: int) -> bool:
        if self.stage == "final":
            return seat in self.beats[-1].winners
        return self.counting == seat or (self.focus is not None and self.focus.owner == seat)

    # -- drawing ---------------------------------------------------------------------------------
    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        cb = self.app.options.colour_blind
        if self.focus is not None:
            reason = dead_reasons(self.state).get(self.focus.tree, self.focus.reason)   # in today's words
            text = sentence(reason) if reason else _("The tree on {square} is dead.").format(
                square=square_name(self.focus.tree))
            return text + " " + _("Its pieces go back to their stashes."), look.text_rgb(self.focus.owner, cb)
        if self.counting is not None:
            s = self.score["seats"][self.counting]
            back = sum(r["size"] for r in s["returned"])
            n = s["stash"]   # the final figure: the counter beside the panel runs up to it
            return ngettext("{colour}'s stash: {n} pip ({on_hand} on hand + {back} back from dead trees)",
                            "{colour}'s stash: {n} pips ({on_hand} on hand + {back} back from dead trees)", n).format(
                colour=look.name(self.counting), n=n, on_hand=s["on_hand"], back=back), \
                look.text_rgb(self.counting, cb)
        ended = ended_text(self.state)  # why it ended stays said through the show and after
        keys = _("Space: next step · F: fast · S: skip to the end") if self.stage == "show" else \
            _("T shows or hides the table. The fewest pips left in the stash wins.")
        return (keys if ended is None else f"{ended} {keys}"), theme.TEXT_DIM

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.draw_frame(surface, cb)
        if self.focus is not None:
            draw_tree_focus(self, surface, self.focus, cb)
        draw_flying(self, surface, cb)
        if self.ties > 0:
            draw_ties(self, surface, self.ties, cb)
        if self.table > 0 and not (self.stage == "final" and self.table_hidden):
            draw_table(self, surface, self.beats[-1], self.table, cb)
        self.draw_bottom(surface)
        self.draw_final_buttons(surface)
        self.draw_overlays(surface)
