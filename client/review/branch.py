"""The review's "Play from here (P)": a new local game from the selected move's position
(the position after it; the start before the first), through the shell's chooser
(:mod:`client.scenes.play_here`). Its record says it branched off at that move, numbered
as the review numbers moves."""

from __future__ import annotations

from typing import Any

from client.scenes.play_here import here_button, offer
from client.view.widgets import Button


def play_here(scene: Any) -> None:
    """Offer a new game from the review's selected position (refused at the game's end)."""
    if not scene.steps:
        state = scene.start
    else:
        state = scene.steps[scene.ply - 1].after if scene.ply > 0 else scene.steps[0].before
    offer(scene.app, state, scene.move_number(scene.ply))


def play_here_button(scene: Any) -> Button:
    return here_button(lambda: play_here(scene))
