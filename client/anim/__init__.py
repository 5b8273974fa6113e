"""Animation: pure easing functions and a per-scene, dt-driven Timeline."""

from .easing import EASINGS, ease
from .timeline import Callback, Delay, Parallel, Sequence, Timeline, Tween

__all__ = ["EASINGS", "ease", "Callback", "Delay", "Parallel", "Sequence", "Timeline", "Tween"]
