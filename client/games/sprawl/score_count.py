"""The Sprawl end show's numbers as the show stands, a part the score screen holds
(``tally``): the beats planned from the engine's breakdown, the pieces lifted off the
board and landed back in the stashes, the tree in focus, the counters per seat, the
tie-break box's and the table's fade. The beats' steps write these values (tweens and
callbacks only); the screen's drawing reads them."""

from __future__ import annotations

from typing import Protocol

from client.anim import Callback, Delay, Tween
from shared.sprawl.board import COLOURS
from shared.sprawl.words import _, pips

from .score_plan import CountBeat, TieBeat, TreeBeat, plan

FLY = 0.32


class TallyHost(Protocol):
    """What the tally needs of its score screen."""

    hidden: frozenset

    def sound(self, name: str, volume: float = 1.0) -> None: ...
    def fanfare(self) -> None: ...


class Tally:
    def __init__(self, host: TallyHost, state) -> None:
        self.host = host
        self.state = state
        self.score = state.score()
        self.beats = plan(state, self.score)
        self.reset(state.n)

    def reset(self, n: int) -> None:
        """From the top: nothing lifted, landed or counted."""
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
        self.final = False                      # the final board: places in the panels
        self.host.hidden = frozenset()

    # -- the beats (the shell's BeatSequence asks) ---------------------------------------------
    def steps(self, beat, index: int) -> list:
        if isinstance(beat, TreeBeat):
            return self._tree_steps(beat)
        if isinstance(beat, CountBeat):
            return self._count_steps(beat)
        if isinstance(beat, TieBeat):
            return [Callback(lambda: self.captions.append("tie-breaks")),
                    Tween(0.5, lambda p: setattr(self, "ties", p), "out_cubic"), Delay(2.2),
                    Callback(lambda: setattr(self, "ties", 0.0))]
        return [Tween(0.8, lambda p: setattr(self, "table", p), "out_cubic"), Callback(self.host.fanfare),
                Delay(1.0)]

    def _tree_steps(self, beat: TreeBeat) -> list:
        def focus() -> None:
            self.focus = beat
            self.captions.append(f"tree {beat.tree}")
            self.host.sound("stamp", 0.6)

        steps: list = [Callback(focus), Delay(0.6)]
        for seat, sq, size in beat.pieces:
            fly = [seat, sq, size, 0.0]

            def lift(fly=fly) -> None:
                self.flying.append(fly)
                self.lifted.add(fly[1])
                self.host.hidden = frozenset(self.lifted)

            def land(fly=fly) -> None:
                if fly in self.flying:
                    self.flying.remove(fly)
                self.landed[fly[0]][fly[2] - 1] += 1
                self.host.sound("place", 0.6)

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
                self.host.sound("tick", 0.4)

        def end() -> None:
            self.counted[seat] = beat.stash
            self.captions.append(f"{COLOURS[seat]} {beat.stash}")

        duration = min(1.6, 0.25 + 0.08 * len(counts))
        return [Callback(begin), Tween(duration, walk, "linear"), Callback(end), Delay(0.35),
                Callback(lambda: setattr(self, "counting", None))]

    def finish(self) -> None:
        """Every number settled from the engine's breakdown."""
        seats = self.score["seats"]
        self.flying, self.focus, self.counting, self.ties = [], None, None, 0.0
        self.lifted = {sq for b in self.beats if isinstance(b, TreeBeat) for _, sq, _ in b.pieces}
        self.host.hidden = frozenset(self.lifted)
        self.landed = [[sum(1 for r in s["returned"] if r["size"] == k) for k in (1, 2, 3)] for s in seats]
        self.counted = [s["stash"] for s in seats]
        self.lit = [len(b.pieces) for b in self.beats if isinstance(b, CountBeat)]
        self.table = 1.0
        self.final = True

    def shown_points(self) -> list:
        return list(self.counted)

    def final_points(self) -> list:
        return [s["stash"] for s in self.score["seats"]]

    # -- what the panels show ---------------------------------------------------------------------
    def stash_counts(self, seat: int) -> tuple[int, int, int]:
        base = self.state.stash[seat]
        return base[0] + self.landed[seat][0], base[1] + self.landed[seat][1], base[2] + self.landed[seat][2]

    def seat_active(self, seat: int) -> bool:
        """The final board lights the winners; the show, the seat counted or whose tree is in focus."""
        if self.final:
            return seat in self.beats[-1].winners
        return self.counting == seat or (self.focus is not None and self.focus.owner == seat)

    def panel_total(self, seat: int) -> str:
        if self.counted[seat] is not None:
            return pips(self.counted[seat])
        c = self.stash_counts(seat)
        return pips(c[0] + 2 * c[1] + 3 * c[2])

    def panel_note(self, seat: int) -> str:
        s = self.score["seats"][seat]
        if self.final:
            if s["left"]:
                return _("place {place} · left the game").format(place=s["place"])
            return _("place {place}").format(place=s["place"])
        back = sum(self.landed[seat][k] * (k + 1) for k in range(3))
        # TRANSLATORS: pips a player still holds ("on hand") and pips back from dead trees.
        return _("{on_hand} on hand + {back} back").format(on_hand=s["on_hand"], back=back) if back else \
            _("{on_hand} on hand").format(on_hand=s["on_hand"])
