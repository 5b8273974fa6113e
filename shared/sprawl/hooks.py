"""Sprawl's hooks for the game-generic search (:mod:`shared.bots.search`).

The search plays its own moves by UCT over every legal move, tried once first in the
order of the easy level's one-ply judgement (a first tower always of the largest size:
a one-piece tower dies to either other size anyway), and models every other seat by the
easy level's judgement (:func:`~shared.sprawl.bots.easy_value`), each visit its best
answer after a little noise (``MODEL_NOISE``, the medium level's): Sprawl's other seats
are usually far from best play, and a 4-player game ends the moment a seat is stuck, so
knowing how the others answer is worth more than assuming they play best (the easy
level's own, larger noise made the search expect sloppier answers than the medium level
gives, and lose to it more often: ``bench/ladder.py --game sprawl``). Each position
where the searching seat is to move again is judged by its chance of first place
(:func:`first_values`).

The expert level draws the other seats' answers with more noise (``EXPERT_MODEL_NOISE``):
fitted to the moves a strong player (the hard level) really chooses, the easy level's
judgement with about 1.25 pips of noise is the likeliest model, so the search spreads
its look ahead over the answers a strong seat gives instead of planning against one
(``bench/sprawl_model.py`` fits it; ``bench/ladder.py --game sprawl --pairs expert-hard``
measures the level).
"""

from __future__ import annotations

import math
import random
from typing import Any

from shared.bots.search import MctsBot

from .bots import MEDIUM_NOISE, adjusted_pips, easy_value
from .fastplay import fast_apply
from .moves import Move, Place
from .state import SprawlState

MODEL_NOISE = MEDIUM_NOISE  # the other seats' answers, as the search draws them
EXPERT_MODEL_NOISE = 1.25  # the same for the expert level: the likeliest fit to hard's moves


def first_values(state: SprawlState, spread: float = 3.0) -> tuple[float, ...]:
    """Every seat's chance of first place in [-1, 1] (:func:`~shared.sprawl.bots.first_value`
    for all seats at the cost of one)."""
    n = state.n
    if state.to_move is None:
        places = state.ranking()
        firsts = places.count(1)
        returns = state.returns()
        return tuple(2.0 * (1.0 / firsts if places[s] == 1 else 0.0) - 1.0 + 0.1 * returns[s]
                     for s in range(n))
    active = [x for x in range(n) if x not in state.left]
    pips = adjusted_pips(state, active)
    out = [-1.0] * n
    for s in active:
        chance = 1.0
        for o in active:
            if o != s:
                chance /= 1.0 + math.exp(-(pips[s] - pips[o]) / spread)
        out[s] = 2.0 * chance - 1.0
    return tuple(out)


def candidates(state: SprawlState, rng: random.Random) -> list[Move]:
    """The seat to move's moves, best one-ply first (ties by text, so it is stable)."""
    seat = state.to_move
    assert seat is not None  # asked only while the game runs
    legal = state.legal_moves()
    moves: Any = legal
    if not state.started[seat]:
        big = max(k for q, k, _ in legal.places)
        moves = [Place(seat, k, q) for q, k, _ in legal.places if k == big]
    ranked = sorted(((-easy_value(fast_apply(state, m), seat), m.text(), m) for m in moves),
                    key=lambda r: (r[0], r[1]))
    return [r[2] for r in ranked]


def replies(state: SprawlState) -> list[tuple[Move, float, SprawlState]]:
    """Every reply of the seat to move with the easy level's value of it."""
    seat = state.to_move
    assert seat is not None  # a chance node: a seat is to move
    out = []
    for move in state.legal_moves():
        after = fast_apply(state, move)
        out.append((move, easy_value(after, seat), after))
    return out


def search_bot(seed: int, level: str, *, iterations: int | None,
               think_s: float | None) -> MctsBot:
    """The generic search with Sprawl's hooks (typed on the contract's State, which
    SprawlState is)."""
    hooks: dict[str, Any] = {"evaluate": first_values, "candidates": candidates,
                             "replies": replies, "advance": fast_apply}
    noise = EXPERT_MODEL_NOISE if level == "expert" else MODEL_NOISE
    return MctsBot(seed, iterations=iterations, think_s=think_s, level=level,
                   playout_plies=0, explore=0.5, widen=None, reply_noise=noise, **hooks)
