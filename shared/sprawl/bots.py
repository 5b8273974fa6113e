"""Sprawl computer players: random, easy, medium, hard and expert.

- ``random``: a uniform legal move.
- ``easy``: one ply, greedy on :func:`easy_value` with noise (``EASY_NOISE``): the pip
  count and room to move of :func:`evaluate`, less the pips of its trees that one enemy
  branch could kill (:func:`exposed`), so it does not grow into an enemy's reach and
  blocks or kills a tree that threatens its own, but sees nothing deeper. The noise
  (2.5) keeps it well below the search levels.
- ``medium``: :func:`lookahead`: the easy level's judgement almost without noise
  (``MEDIUM_NOISE``) on its few best moves, each judged again after the next seats'
  answers (each the easy level's best answer, no noise), so it sees a kill or a block
  coming a round ahead.
- ``hard``, ``expert``: the game-generic search (:mod:`shared.bots.search`) with Sprawl's
  hooks (:mod:`.hooks`): its own moves by UCT, the other seats modelled by the easy
  level's judgement with noise, each position where it is to move again judged by
  :func:`first_value`. They differ in the time given (``DEFAULT_THINK_S``) and in the
  noise: hard expects the medium level's little, expert the spread of answers a strong
  seat really gives. The levels themselves are in
  :mod:`.players`; ``bench/ladder.py --game sprawl`` measures them.

Everything random comes from the bot's seed and the position, so a bot with a fixed
``iterations`` budget always answers the same move in the same position.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .fastplay import fast_apply
from .moves import Legal
from .state import BranchPiece, SprawlState, Tower

Value = Callable[[SprawlState, int], float]

DEFAULT_THINK_S = {"random": None, "easy": None, "medium": None, "hard": 1.5, "expert": 8.0}
EASY_NOISE = 2.5   # the easy level's noise
EASY_RISK = 1.0    # what each pip an enemy branch could kill costs the easy level
MEDIUM_NOISE = 0.25  # the medium level: the easy level's judgement, almost without noise
# The medium level looks again at its best few one-ply moves after the next seats answer
# each (three answers: a round at 4 seats). Against three Easy at 4 seats (400 games each
# on two seed sets) first place went from 0.45-0.47 one ply deep to 0.54-0.55.
MEDIUM_WIDTH = 6
MEDIUM_REPLIES = 3


def live_pips(state: SprawlState) -> list[int]:
    """Pips each colour has on the board in live trees (what it will not have to count)."""
    pips = [0] * state.n
    tw, br, dead = state.tw, state.br, state.dead
    for t in state.towers:
        if t in dead:
            continue
        for size, seat in tw[t]:  # type: ignore[union-attr]  # a tower square
            pips[seat] += size
        for b in state.tree_branches[t]:
            pips[br[b][0]] += br[b][1]  # type: ignore[index]  # a branch square
    return pips


def evaluate(state: SprawlState, seat: int) -> float:
    """How good the position is for ``seat``: pips safely placed against the leaders',
    plus a little room to keep placing (a seat with no moves ends the game). Room counts
    half what it once did: against three random players over 1,000 seeded games that
    took the easy level (noise 1.5) from 81 % first to 85 %."""
    if state.to_move is None:
        return 100.0 * state.returns()[seat]
    pips = live_pips(state)
    others = [pips[o] for o in range(state.n) if o != seat and o not in state.left]
    mine = pips[seat]
    value = mine - 0.6 * max(others) - 0.4 * sum(others) / len(others)
    if state.started[seat]:
        legal = state._generate(seat)
        mobility = len(legal)
        value += 0.75 * math.sqrt(mobility) + 0.25 * len(legal.places)
        if mobility == 0:
            value -= 3.0
    else:
        value += 6.0
    return value


def threatened(state: SprawlState, gens: dict[int, Legal]) -> dict[int, set[int]]:
    """Live towers some other seat could neutralize with one branch now -> those seats."""
    out: dict[int, set[int]] = {}
    tw, nb, dead, att, br = state.tw, state.geo.nb, state.dead, state.att, state.br
    for o, legal in gens.items():
        for q, k, d in legal.branches:
            t = nb[q][d]
            tower = tw[t]
            if tower is None or t in dead or state.controller(t) == o:
                continue
            sizes = [p[0] for p in tower]
            if state.superior:
                hit = sum(br[a][1] for a in att[t]) + k > sum(sizes)  # type: ignore[index, misc]  # a branch square
            else:
                hit = k not in sizes
            if hit:
                out.setdefault(t, set()).add(o)
    return out


# room to move counts in full while a seat has this many pips left, then less and less:
# at the end only pips count (40 seeded games each: 0 -> 64 %, 15 -> 68 %, 8 -> 71 % first)
MOBILITY_TAPER = 8.0


def adjusted_pips(state: SprawlState, active: list[int]) -> list[float]:
    """Pips in live trees, less half of each tree one enemy branch could kill, plus room
    to move (the common ground of :func:`values` and :func:`first_value`)."""
    gens = {x: state._generate(x) for x in active if state.started[x]}
    pips = [float(p) for p in live_pips(state)]
    tw, br = state.tw, state.br
    for t in threatened(state, gens):
        for size, placer in tw[t]:  # type: ignore[union-attr]  # a tower square
            pips[placer] -= 0.5 * size
        for b in state.tree_branches[t]:
            pips[br[b][0]] -= 0.5 * br[b][1]  # type: ignore[index]  # a branch square
    for x in active:
        legal = gens.get(x)
        if legal is None:
            pips[x] += 4.0
            continue
        room = 1.5 * math.sqrt(len(legal)) + 0.3 * len(legal.places)
        if MOBILITY_TAPER:
            room *= min(1.0, state.stash_pips(x) / MOBILITY_TAPER)
        pips[x] += room
    return pips


def first_value(state: SprawlState, seat: int, spread: float = 3.0) -> float:
    """The seat's chance of first place, in [-1, 1]: a finished game's share of first
    place (a little more the better the place), else the chance of beating every other
    seat still playing on :func:`adjusted_pips`."""
    if state.to_move is None:
        places = state.ranking()
        firsts = places.count(1)
        share = 1.0 / firsts if places[seat] == 1 else 0.0
        return 2.0 * share - 1.0 + 0.1 * state.returns()[seat]
    active = [x for x in range(state.n) if x not in state.left]
    pips = adjusted_pips(state, active)
    mine = pips[seat]
    chance = 1.0
    for o in active:
        if o != seat:
            chance /= 1.0 + math.exp(-(mine - pips[o]) / spread)
    return 2.0 * chance - 1.0


def values(state: SprawlState, spread: float = 3.0) -> list[float]:
    """Every seat's expected return in [-1, 1] (shown as the projection): :func:`adjusted_pips`
    turned into a chance of beating each other seat still playing."""
    if state.to_move is None:
        return list(state.returns())
    active = [x for x in range(state.n) if x not in state.left]
    pips = adjusted_pips(state, active)
    out = [-1.0] * state.n
    rivals = max(1, len(active) - 1)
    for s in active:
        beat = sum(1.0 / (1.0 + math.exp(-(pips[s] - pips[o]) / spread))
                   for o in active if o != s)
        out[s] = 0.8 * (2.0 * beat / rivals - 1.0)
    return out


def exposed(state: SprawlState, seat: int) -> int:
    """The seat's pips in its live trees whose tower some other seat could neutralize with
    one branch now (the same test as :func:`threatened`, asked only about the squares
    next to the seat's towers, so it costs far less than every seat's legal moves)."""
    if state.to_move is None:
        return 0
    tw: list[Tower]           # read below only on tower squares (a live tree's tower) ...
    br: list[BranchPiece]     # ... and on branch squares (attackers, a tree's branches)
    tw, br, nb, dead, stash = state.tw, state.br, state.geo.nb, state.dead, state.stash  # type: ignore[assignment]
    enemies = [o for o in range(state.n)
               if o != seat and o not in state.left and state.started[o]]
    pips = 0
    for t in state.towers:
        if t in dead or state.controller(t) != seat:
            continue
        sizes = [p[0] for p in tw[t]]
        if state.superior:
            need = sum(sizes) - sum(br[a][1] for a in state.att[t])   # a branch above this kills
            kills = [k for k in (1, 2, 3) if k > need]
        else:
            kills = [k for k in (1, 2, 3) if k not in sizes]
        if not kills or not _reachable(state, t, kills, enemies, stash, nb):
            continue
        pips += sum(size for size, placer in tw[t] if placer == seat)
        pips += sum(br[b][1] for b in state.tree_branches[t] if br[b][0] == seat)
    return pips


def _reachable(state: SprawlState, t: int, kills: list[int], enemies: list[int],
               stash: tuple[tuple[int, ...], ...], nb: list[tuple[int, ...]]) -> bool:
    """Whether an enemy can lay a branch of one of ``kills`` next to ``t``, pointing at it."""
    tw, br = state.tw, state.br
    for dq in (0, 1, 2, 3):
        q = nb[t][dq]
        if q < 0 or tw[q] is not None or br[q] is not None:
            continue
        d = (dq + 2) & 3
        for o in enemies:
            for k in kills:
                if stash[o][k - 1] and state.branch_sources(o, q, k, d):
                    return True
    return False


def easy_value(state: SprawlState, seat: int) -> float:
    """The easy level's one-ply judgement: :func:`evaluate` less the pips another seat
    could kill with one branch (so it does not grow into an enemy's reach, blocks or kills
    a tree that threatens its own, and takes a kill that the plain count favours)."""
    return evaluate(state, seat) - EASY_RISK * exposed(state, seat)


def greedy(state: SprawlState, rng: random.Random | None, noise: float,
           judge: Value | None = None) -> Any:
    """The move with the best one-ply judgement (``easy_value`` unless told) for the seat
    to move, noise added."""
    seat = state.to_move
    assert seat is not None  # asked only while the game runs
    judge = judge or easy_value
    best, best_value = None, -math.inf
    for move in state.legal_moves():
        value = judge(fast_apply(state, move), seat)
        if rng is not None and noise:
            value += rng.uniform(-noise, noise)
        if value > best_value:
            best, best_value = move, value
    return best


def lookahead(state: SprawlState, rng: random.Random | None, noise: float,
              width: int = MEDIUM_WIDTH, replies: int = MEDIUM_REPLIES) -> Any:
    """The medium level's move: the ``width`` best by :func:`easy_value` one ply deep, each
    judged again after up to ``replies`` answers of the seats after it (each the easy
    level's own best answer, without noise), noise added to that second judgement."""
    seat = state.to_move
    assert seat is not None  # asked only while the game runs
    afters = [(move, fast_apply(state, move)) for move in state.legal_moves()]
    judged = [(easy_value(after, seat), i) for i, (_move, after) in enumerate(afters)]
    judged.sort(key=lambda t: (-t[0], t[1]))
    best, best_value = None, -math.inf
    for value, index in judged[:width]:
        (move, after), answered = afters[index], 0
        while answered < replies and after.to_move is not None and after.to_move != seat:
            after = fast_apply(after, greedy(after, None, 0.0))
            answered += 1
        if answered:
            value = easy_value(after, seat)
        if rng is not None and noise:
            value += rng.uniform(-noise, noise)
        if value > best_value:
            best, best_value = move, value
    return best
