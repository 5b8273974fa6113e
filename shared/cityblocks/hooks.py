"""City Blocks' hooks for the game-generic search (:mod:`shared.bots.search`).

A position offers up to ~29,000 placements, so a node tries only the medium level's
shortlist (every placement touching the seat's own colour plus a sample, ranked by the
change of :class:`~shared.cityblocks.bots.Valuer`'s final-score estimate); the other
seats are modelled as greedy players on the same estimate with a little noise (the
hard level's look-ahead, carried on deeper), and each position where the searching seat
is to move again is judged: by the hard level on the estimate itself (:func:`estimates`),
by the expert level on a forecast of the final scores that also counts the room each
colour's unplayed pieces still have (:func:`~.forecast.forecast_values`).
"""

from __future__ import annotations

import math
import random
from typing import Any

from shared.bots.search import MctsBot

from .bots import Valuer, _candidates, _move, decision_rng, weights
from .forecast import forecast_values
from .geometry import ORIENTS
from .moves import Move
from .state import CityState

REPLY_NOISE = 1.0   # points of noise in the modelled replies
SCALE = 12.0        # points of estimate difference that make a clear lead


def estimates(state: CityState) -> tuple[float, ...]:
    """Every seat's value in [-1, 1]: the returns once over, else its weighted final-score
    estimate (own colours against the others'), squashed."""
    if state.over:
        return tuple(state.returns())
    return tuple(-1.0 if seat in state.left
                 else math.tanh(Valuer(state, weights(state, seat)).base / SCALE)
                 for seat in range(state.players))


def ranked(state: CityState, rng: random.Random, sample: int,
           cap: int = 600) -> list[tuple[float, Move]]:
    """The seat to move's placements valued, best first (a pass valued 0 when it has
    no placement or every one loses value): those touching its colours plus ``sample``
    others, at most ``cap`` of them drawn at random (valuing one costs ~0.1 ms)."""
    if not state.legal_count():
        return [(0.0, state.pass_move())]
    seat = state.to_move
    assert seat is not None  # a legal placement: the game runs
    valuer = Valuer(state, weights(state, seat))
    picks = _candidates(state, rng, sample, touching=True)
    if len(picks) > cap:
        picks = rng.sample(picks, cap)
    scored = [(valuer.gain(c, ORIENTS[o].mask << a) + 0.05 * len(ORIENTS[o].cells), (c, o, a))
              for c, o, a in picks]
    scored.sort(key=lambda t: (-t[0], t[1]))
    out = [(v, _move(*p)) for v, p in scored]
    if not out or out[0][0] < 0:
        out.insert(0, (0.0, state.pass_move()))
    return out


class Hooks:
    """The hooks with their breadth: ``width`` moves tried per own node out of ``cap``
    placements valued (the root values ``root_cap``), the ``reply_top`` best replies out
    of ``reply_cap`` (``bench/cityblocks_model.py`` compares wider models of the replies)."""

    def __init__(self, width: int, cap: int, root_cap: int = 900, reply_cap: int = 120,
                 reply_top: int = 6) -> None:
        self.width = width
        self.cap = cap
        self.root_cap = root_cap
        self.reply_cap = reply_cap
        self.reply_top = reply_top

    def candidates(self, state: CityState, rng: random.Random) -> list[Move]:
        return [m for _, m in ranked(state, rng, self.cap // 3, self.cap)[:self.width]]

    def root_candidates(self, state: CityState, rng: random.Random) -> list[Move]:
        cap = self.root_cap
        return [m for _, m in ranked(state, rng, cap // 3, cap)[:self.width]]

    def replies(self, state: CityState) -> list[tuple[Move, float, None]]:
        rng = decision_rng(0, state)   # the same sample each time the position comes up
        return [(m, v, None) for v, m in ranked(state, rng, 40, self.reply_cap)[:self.reply_top]]


def search_bot(seed: int, level: str, *, iterations: int | None, think_s: float | None,
               width: int, cap: int) -> MctsBot:
    """The generic search with City Blocks' hooks (typed on the contract's State, which
    CityState is)."""
    h = Hooks(width, cap)
    judge = forecast_values if level == "expert" else estimates
    hooks: dict[str, Any] = {"evaluate": judge, "candidates": h.candidates,
                             "root_candidates": h.root_candidates, "replies": h.replies}
    return MctsBot(seed, iterations=iterations, think_s=think_s, level=level,
                   playout_plies=0, explore=0.3, widen=None, reply_noise=REPLY_NOISE, **hooks)
