"""Fast random playouts on raw bitboards (bots and the bench), same rules as the state.

Each turn picks uniformly among the legal placements of the colours the seat may place,
passing only when there is none. Uniformity comes cheaply by rejection: draw an
(orientation, anchor-in-the-board) pair uniformly and keep it if it lands on free squares
(accepted draws are uniform over the legal set); after a few misses, or for a colour's
first piece, count exactly from the anchor bitboards. A colour found with no placement
never gets one again (the board only fills), so it is skipped from then on.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import TYPE_CHECKING, Sequence

from .geometry import BOARD, CORNER_ANCHORS, ORIENTS, SIZE, W, all_fits, nth_bit, orients_of
from .layout import ROUND, colours_at, seat_at

if TYPE_CHECKING:
    from .state import CityState

Pick = tuple[int, int, int]   # (colour, orientation, anchor); None is a pass

TRIES = 10
_WEIGHT = tuple((SIZE + 1 - o.width) * (SIZE + 1 - o.height) for o in ORIENTS)
_SPAN = tuple((SIZE + 1 - o.width, SIZE + 1 - o.height) for o in ORIENTS)
_MASK = tuple(o.mask for o in ORIENTS)
_PIECE = tuple(o.piece for o in ORIENTS)


class Playout:
    """One playout's mutable board; ``run`` plays to the end and returns the moves as
    (colour, orientation, anchor) or None for a pass."""

    def __init__(self, players: int, first: int, ply: int, boards: Sequence[int],
                 played: Sequence[int], passes: int = 0, left: Sequence[int] = ()) -> None:
        self.players, self.first, self.ply, self.passes = players, first, ply, passes
        self.boards = list(boards)
        self.played = list(played)
        self.left = tuple(left)
        self.occ = self.boards[0] | self.boards[1] | self.boards[2] | self.boards[3]
        self.alive = [orients_of(p) for p in self.played]
        self.dead = [False] * 4
        self._cum: list[list[int] | None] = [None] * 4

    @classmethod
    def of(cls, state: CityState) -> "Playout":
        return cls(state.players, state.first, state.ply, state.boards, state.played,
                   state.passes, state.left)

    def _cumulative(self, c: int) -> list[int]:
        cum = self._cum[c]
        if cum is None:
            total, cum = 0, []
            for o in self.alive[c]:
                total += _WEIGHT[o]
                cum.append(total)
            self._cum[c] = cum
        return cum

    def _exact(self, colours: Sequence[int], rng: random.Random) -> Pick | None:
        fits = all_fits(BOARD & ~self.occ)
        options: list[tuple[int, int, int, int]] = []
        total = 0
        for c in colours:
            corner = CORNER_ANCHORS[c] if not self.played[c] else None
            keep: list[int] = []
            count = 0
            for o in self.alive[c]:
                m = fits[o]
                if not m:
                    continue
                keep.append(o)
                if corner is not None:
                    m &= corner[o]
                    if not m:
                        continue
                n = m.bit_count()
                options.append((c, o, m, n))
                count += n
            if len(keep) != len(self.alive[c]):
                self.alive[c] = keep
                self._cum[c] = None
            if not count:
                self.dead[c] = True
            total += count
        if not total:
            return None
        k = int(rng.random() * total)
        for c, o, m, n in options:
            if k < n:
                return c, o, nth_bit(m, k)
            k -= n
        c, o, m, n = options[-1]
        return c, o, nth_bit(m, n - 1)

    def choose(self, colours: Sequence[int], rng: random.Random) -> Pick | None:
        """A uniform legal placement (colour, orientation, anchor) or None (pass)."""
        live = [c for c in colours if not self.dead[c]]
        if not live:
            return None
        if any(not self.played[c] for c in live):
            return self._exact(live, rng)
        occ = self.occ
        cums = [self._cumulative(c) for c in live]
        totals = [cum[-1] if cum else 0 for cum in cums]
        grand = sum(totals)
        if not grand:
            return self._exact(live, rng)
        rand = rng.random
        for _ in range(TRIES):
            r = rand() * grand
            i = 0
            while i < len(live) - 1 and r >= totals[i]:
                r -= totals[i]
                i += 1
            c = live[i]
            cum = cums[i]
            j = bisect_right(cum, r)
            if j >= len(cum):
                j = len(cum) - 1
            o = self.alive[c][j]
            sx, sy = _SPAN[o]
            a = int(rand() * sy) * W + int(rand() * sx)
            if not (_MASK[o] << a) & occ:
                return c, o, a
        return self._exact(live, rng)

    def place(self, c: int, o: int, a: int) -> None:
        mask = _MASK[o] << a
        self.boards[c] |= mask
        self.occ |= mask
        p = _PIECE[o]
        self.played[c] |= 1 << p
        self.alive[c] = [x for x in self.alive[c] if _PIECE[x] != p]
        self._cum[c] = None

    def turn_colours(self) -> tuple[int, ...]:
        if seat_at(self.players, self.first, self.ply) in self.left:
            return ()
        return colours_at(self.players, self.first, self.ply)

    def step(self, rng: random.Random) -> Pick | None:
        """Play one turn at random; returns the move (or None for a pass)."""
        pick = self.choose(self.turn_colours(), rng)
        self.ply += 1
        if pick is None:
            self.passes += 1
        else:
            self.place(*pick)
            self.passes = 0
        return pick

    def over(self) -> bool:
        return self.passes >= ROUND[self.players]

    def run(self, rng: random.Random, limit: int | None = None) -> list[Pick | None]:
        """Play to the end (or ``limit`` turns); the moves played."""
        moves: list[Pick | None] = []
        end = ROUND[self.players]
        while self.passes < end and (limit is None or len(moves) < limit):
            moves.append(self.step(rng))
        return moves


def random_game(players: int, seed: int, rng: random.Random | None = None) -> Playout:
    """A whole random game from the start (the bench's unit of work)."""
    from .state import new_state
    state = new_state(players, seed)
    game = Playout.of(state)
    game.run(rng or random.Random(seed))
    return game
