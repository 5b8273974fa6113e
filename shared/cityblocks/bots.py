"""Computer players for City Blocks: random, easy and medium here; hard and expert are
the game-generic search (:mod:`shared.bots.search`) with City Blocks' hooks
(:mod:`.hooks`); :func:`shared.cityblocks.players.make_bot` builds any level.

These levels read the position's anchor bitboards, so choosing never builds the
~29,000-move list. Easy is greedy over a random sample of placements on a cheap score
change (area growth, free sides won and taken) with noise. Medium looks at every
placement that touches its own colour (where area grows) plus a sample of the rest and
plays the best on a better estimate of the final score (isolated empty squares are
holes nobody can fill, so the sides around them are safe points; other free sides are
only probable). :class:`HardBot` adds a check of its best few against each opponent's
greedy reply (the game review's look-ahead); the search levels carry that on deeper.

Bots are deterministic for a seed and budget: randomness comes from a per-decision seed
made of the bot's seed and the position, and ``iterations`` caps how many placements are
valued. ``deadline_s`` and ``stop`` cut the work short (the best so far is played).
"""

from __future__ import annotations

import random
import threading
import time
import zlib
from typing import TYPE_CHECKING, Sequence, Union

from ..bots.clock import Clock
from .geometry import BOARD, ORIENTS, PIECES, W, anchor_squares, generate_combiner, groups, nth_bit
from .layout import SEAT_COLOURS
from .moves import Move
from .state import CityState

if TYPE_CHECKING:
    from shared.bots.search import MctsBot

Pick = tuple[int, int, int]   # (colour, orientation, anchor)

OPEN_SIDE = 0.35          # a side on an open empty square: often filled later
HOLE_SIDE = 1.0           # a side on an isolated empty square: nobody can fill it


# per orientation: the anchors at which some cell lands on the given board
all_touch = generate_combiner("all_touch", "|")


def decision_rng(seed: int, state: CityState) -> random.Random:
    """The same random stream for the same seed and position, in every process."""
    return random.Random(zlib.crc32(repr(state.key()).encode()) ^ (seed * 0x9E3779B1 & 0xFFFFFFFF))


def weights(state: CityState, seat: int) -> tuple[float, ...]:
    """How much each colour's score counts for ``seat``: its own +1, opponents share -1
    (4 players: -1/3 each; 3 players: blue counts for nobody)."""
    mine = SEAT_COLOURS[state.players][seat]
    others = [c for s, cs in enumerate(SEAT_COLOURS[state.players]) if s != seat for c in cs]
    w = [0.0] * 4
    for c in others:
        w[c] = -len(mine) / len(others)
    for c in mine:
        w[c] = 1.0
    return tuple(w)


def _sides(board: int, x1: int, x2: int, x3: int, x4: int) -> int:
    return ((board & x1).bit_count() + (board & x2).bit_count()
            + (board & x3).bit_count() + (board & x4).bit_count())


def _holes(empty: int) -> int:
    """Empty squares with no empty neighbour (nothing can ever cover them)."""
    return empty & ~((empty << 1) | (empty >> 1) | (empty << W) | (empty >> W))


class Valuer:
    """Values placements as the change of a weighted sum of per-colour estimates:
    largest area + sides on holes + ``open_side`` * sides on other empty squares.

    :meth:`gain` works out only what a placement changes (the sides around it, the holes
    it makes, the groups it joins), the same number as valuing the whole board again at
    about half the cost: every search level values hundreds of placements per node."""

    def __init__(self, state: CityState, w: Sequence[float], open_side: float = OPEN_SIDE) -> None:
        self.boards = state.boards
        self.w = w
        self.open = open_side
        self.empty = BOARD & ~state.occupied
        self.holes = _holes(self.empty)
        self.groups = [groups(b) for b in state.boards]
        self.areas = [g[0].bit_count() if g else 0 for g in self.groups]
        self.counted = [c for c in range(4) if w[c]]
        self.base = self._values(self.boards, self.empty, self.areas)

    def _values(self, boards: Sequence[int], empty: int, areas: Sequence[int]) -> float:
        holes = _holes(empty)
        e = (empty >> 1, empty << 1, empty >> W, empty << W)
        h = (holes >> 1, holes << 1, holes >> W, holes << W)
        total = 0.0
        for c in range(4):
            if self.w[c]:
                se = _sides(boards[c], *e)
                sh = _sides(boards[c], *h)
                total += self.w[c] * (areas[c] + HOLE_SIDE * sh + self.open * (se - sh))
        return total

    def gain(self, colour: int, mask: int) -> float:
        """Weighted score change when ``colour`` covers ``mask`` (a piece: two or more
        side-joined empty squares, so it never covers a hole)."""
        open_side = self.open
        hole_extra = HOLE_SIDE - open_side    # a side on a hole counts this much more
        m1, m2, m3, m4 = mask << 1, mask >> 1, mask << W, mask >> W
        near = m1 | m2 | m3 | m4
        empty = self.empty & ~mask
        made = empty & near & ~((empty << 1) | (empty >> 1) | (empty << W) | (empty >> W))
        total = 0.0
        for c in self.counted:
            board = self.boards[c]
            change = -open_side * _sides(board, m1, m2, m3, m4)   # its sides now covered
            if made:                                             # new holes beside it
                change += hole_extra * _sides(board, made << 1, made >> 1, made << W, made >> W)
            if c == colour:    # its own sides: the piece's sides on what stays empty
                change += (open_side * _sides(empty, m1, m2, m3, m4)
                           + hole_extra * _sides(self.holes | made, m1, m2, m3, m4))
                merged = mask.bit_count() + sum(g.bit_count() for g in self.groups[c] if g & near)
                if merged > self.areas[c]:
                    change += merged - self.areas[c]
            total += self.w[c] * change
        return total


def _candidates(state: CityState, rng: random.Random, sample: int,
                touching: bool) -> list[Pick]:
    """(colour, orientation, anchor) to value: every placement touching the colour's own
    squares (``touching``) plus a uniform sample of ``sample`` placements."""
    parts = state._parts()
    out: list[Pick] = []
    seen: set[Pick] = set()
    if touching:
        empty = BOARD & ~state.occupied
        for colour in state.colours_to_move:
            b = state.boards[colour]
            near = (b << 1 | b >> 1 | b << W | b >> W) & empty
            touch = all_touch(near)
            for c, o, m, _ in parts:
                if c != colour:
                    continue
                t = m & touch[o]
                while t:
                    low = t & -t
                    a = low.bit_length() - 1
                    out.append((c, o, a))
                    seen.add((c, o, a))
                    t ^= low
    total = sum(n for *_, n in parts)
    if total <= sample:
        for c, o, m, _ in parts:
            while m:
                low = m & -m
                a = low.bit_length() - 1
                if (c, o, a) not in seen:
                    out.append((c, o, a))
                m ^= low
        return out
    for _ in range(sample):
        k = rng.randrange(total)
        for c, o, m, n in parts:
            if k < n:
                key = (c, o, nth_bit(m, k))
                if key not in seen:
                    seen.add(key)
                    out.append(key)
                break
            k -= n
    return out


def _move(c: int, o: int, a: int) -> Move:
    return Move(c, PIECES[ORIENTS[o].piece], anchor_squares(o, a))


class _Bot:
    level = "?"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 think_s: float | None = None) -> None:
        self.seed = seed
        self.iterations = iterations
        self.think_s = think_s

    def _clock(self, deadline_s: float | None) -> float | None:
        limit = self.think_s
        if deadline_s is not None:
            limit = deadline_s if limit is None else min(limit, deadline_s)
        return None if limit is None else Clock.timer() + limit

    def choose(self, state: CityState, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Move:
        if state.over:
            raise ValueError("the game is over: there is no move to choose")
        return self._choose(state, decision_rng(self.seed, state), self._clock(deadline_s), stop)

    def _choose(self, state: CityState, rng: random.Random, end: float | None,
                stop: threading.Event | None) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError


class RandomBot(_Bot):
    """A uniformly random placement; passes only when none fits."""

    level = "random"

    def _choose(self, state: CityState, rng: random.Random, end: float | None,
                stop: threading.Event | None) -> Move:
        return state.legal_moves().random_placement(rng)


class EasyBot(_Bot):
    """Greedy one ply over a sample, cheap gain, noise: plays plausibly, blunders often."""

    level = "easy"
    sample = 120
    noise = 3.0

    def _choose(self, state: CityState, rng: random.Random, end: float | None,
                stop: threading.Event | None) -> Move:
        legal = state.legal_moves()
        if not legal.count:
            return state.pass_move()
        budget = self.iterations or self.sample
        seat = state.to_move
        assert seat is not None  # choose() refuses a finished game
        w = weights(state, seat)
        valuer = Valuer(state, w, open_side=1.0)
        best: Pick | None = None
        best_value = float("-inf")
        for i, (c, o, a) in enumerate(_candidates(state, rng, budget, touching=False)[:budget]):
            if i % 32 == 0 and _out_of_time(end, stop) and best is not None:
                break
            value = valuer.gain(c, ORIENTS[o].mask << a) + 0.5 * len(ORIENTS[o].cells) \
                + rng.gauss(0.0, self.noise)
            if value > best_value:
                best, best_value = (c, o, a), value
        return _move(*best) if best else legal.random_placement(rng)


class HardBot(_Bot):
    """Every placement touching its own squares plus a sample, valued on the final-score
    estimate, then the best few checked against each opponent's greedy answer."""

    level = "hard"
    sample = 400
    shortlist = 5
    reply_sample = 150

    def _choose(self, state: CityState, rng: random.Random, end: float | None,
                stop: threading.Event | None) -> Move:
        seat = state.to_move
        assert seat is not None  # choose() refuses a finished game
        legal = state.legal_moves()
        if not legal.count:
            return state.pass_move()
        w = weights(state, seat)
        valuer = Valuer(state, w)
        cands = _candidates(state, rng, self.sample, touching=True)
        if self.iterations is not None:
            cands = cands[:max(1, self.iterations)]
        scored: list[tuple[float, Pick]] = []
        for i, (c, o, a) in enumerate(cands):
            if i % 64 == 0 and _out_of_time(end, stop) and scored:
                break
            size = len(ORIENTS[o].cells)
            scored.append((valuer.gain(c, ORIENTS[o].mask << a) + 0.05 * size, (c, o, a)))
        scored.sort(key=lambda t: (-t[0], t[1]))
        best_value, best = scored[0]
        if best_value < 0:           # every placement loses value; holding a piece loses nothing
            return state.pass_move()
        top = scored[:self.shortlist]
        if len(top) > 1 and not _out_of_time(end, stop):
            best = self._look_ahead(state, seat, top, rng, end, stop)
        return _move(*best)

    def _look_ahead(self, state: CityState, seat: int, top: list[tuple[float, Pick]],
                    rng: random.Random, end: float | None,
                    stop: threading.Event | None) -> Pick:
        """Play each shortlisted move, let the next seats answer greedily for the rest of
        the round, and keep the move whose position values best for ``seat``."""
        w = weights(state, seat)
        best, best_value = top[0][1], float("-inf")
        for value, (c, o, a) in top:
            if _out_of_time(end, stop):
                break
            after = self.answer_round(state.play(_move(c, o, a))[0], seat, rng)
            total = Valuer(after, w).base
            if total > best_value:
                best, best_value = (c, o, a), total
        return best

    def answer_round(self, after: CityState, seat: int, rng: random.Random) -> CityState:
        """``after`` (just after ``seat`` moved) once the next seats have answered greedily
        for the rest of the round: how the look-ahead (and the game review) judges a move."""
        for _ in range(len(SEAT_COLOURS[after.players]) - 1):
            if after.over or after.to_move == seat:
                break
            after = self._reply(after, rng)
        return after

    def _reply(self, state: CityState, rng: random.Random) -> CityState:
        if not state.legal_count():
            return state.play(state.pass_move())[0]
        seat = state.to_move
        assert seat is not None  # a legal placement: the game runs
        valuer = Valuer(state, weights(state, seat))
        pick: Pick | None = None
        pick_value = float("-inf")
        for c, o, a in _candidates(state, rng, self.reply_sample, touching=True)[:600]:
            value = valuer.gain(c, ORIENTS[o].mask << a)
            if value > pick_value:
                pick, pick_value = (c, o, a), value
        if pick is None or pick_value < 0:
            return state.play(state.pass_move())[0]
        return state.play(_move(*pick))[0]


class MediumBot(HardBot):
    """The hard level's valuation without its look-ahead, over a smaller sample: sound
    placements, but blind to the reply."""

    level = "medium"
    sample = 200
    shortlist = 1


def _out_of_time(end: float | None, stop: threading.Event | None) -> bool:
    return (stop is not None and stop.is_set()) or (end is not None and Clock.timer() > end)


LEVELS: dict[str, type[_Bot] | None] = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot,
                                        "hard": None, "expert": None}
CityBot = Union[_Bot, "MctsBot"]
# the search levels: (seconds a move, moves tried per own node, placements valued there)
SEARCH = {"hard": (0.5, 6, 200), "expert": (9.0, 8, 300)}


def play_game(bots: Sequence[_Bot], players: int, seed: int,
              times: dict[int, list[float]] | None = None) -> CityState:
    """A whole game, ``bots[seat]`` choosing for each seat; think times per seat go into
    ``times`` when given."""
    from .state import new_state
    state = new_state(players, seed)
    while not state.over:
        seat = state.to_move
        assert seat is not None  # not over
        start = time.perf_counter()
        move = bots[seat].choose(state)
        if times is not None:
            times.setdefault(seat, []).append(time.perf_counter() - start)
        state, _ = state.play(move)
    return state



__all__ = [
    "LEVELS",
    "SEARCH",
    "CityBot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "Valuer",
    "play_game",
    "weights",
]
