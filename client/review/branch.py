"""The review's "Play from here (P)": a new local game from the move the review judges,
started before it by default (to try the better move the review recommends), or after
it, as it was played (the chooser offers both; the start before the first move alone).
Through the shell's chooser (:mod:`client.scenes.play_here`); its record says where it
branched off, numbered as the review numbers moves."""

from __future__ import annotations

from typing import Any

from client.scenes.play_here import here_button, offer
from client.view.widgets import Button


def play_here(scene: Any) -> None:
    """Offer a new game from before or after the review's selected move (after the last
    one is refused: the game is over there)."""
    ply = scene.ply
    if not scene.steps:
        offer(scene.app, scene.start, 0)
    elif ply == 0:
        offer(scene.app, scene.steps[0].before, 0)
    else:
        step = scene.steps[ply - 1]
        offer(scene.app, step.after, scene.move_number(ply), before=(step.before, scene.move_number(ply - 1)))


def play_here_button(scene: Any) -> Button:
    return here_button(lambda: play_here(scene))
