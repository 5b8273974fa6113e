"""Easing curves: pure functions of progress t in [0, 1] -> eased value (0 -> 0, 1 -> 1).

Kept in a read-only registry (as Pygame Zero does) so tweens can name their curve in data
(``"out_back"``) and tests can check every curve for purity and end points.
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def in_cubic(t: float) -> float:
    return t * t * t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def out_back(t: float) -> float:
    """Overshoots a little, then settles: a piece that lands with weight."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def out_elastic(t: float) -> float:
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS: MappingProxyType[str, Easing] = MappingProxyType({
    f.__name__: f for f in (linear, in_quad, out_quad, in_out_quad, in_cubic, out_cubic,
                            in_out_cubic, in_out_sine, out_back, out_bounce, out_elastic)
})


def ease(name: str, t: float) -> float:
    """``EASINGS[name]`` at ``t`` clamped to [0, 1]."""
    return EASINGS[name](0.0 if t < 0 else 1.0 if t > 1 else t)
