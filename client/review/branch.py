"""The review's "Play from here (P)": a new local game from the position on the board: the
selected move's (the position after it; the start before the first), or with Top moves (A)
on the position before it, where its best moves are numbered. Through the shell's chooser
(:mod:`client.scenes.play_here`); its record says where it branched off, numbered as the
review numbers moves."""

from __future__ import annotations

from typing import Any

from client.scenes.play_here import here_button, offer
from client.view.widgets import Button


def play_here(scene: Any) -> None:
    """Offer a new game from the review's selected position (refused at the game's end)."""
    ply = scene.ply
    if scene.analysis_on and ply > 0:  # the board shows the position before the move: try a top move
        ply -= 1
    if not scene.steps:
        state = scene.start
    else:
        state = scene.steps[ply - 1].after if ply > 0 else scene.steps[0].before
    offer(scene.app, state, scene.move_number(ply))


def play_here_button(scene: Any) -> Button:
    return here_button(lambda: play_here(scene))
