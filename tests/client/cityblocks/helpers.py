"""Driving the City Blocks match screen with real pygame events, as a person would."""

from __future__ import annotations

import random

import pygame

from client.games.cityblocks.pieces import pivot
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import PIECES, shape_of

from ..conftest import click, key, motion


def settle(app, scene, limit: int = 400) -> None:
    """Frames (not drawn) until the screen's animations are over."""
    for _ in range(limit):
        app.step(0.05, events=[], draw=False)
        if not scene.timeline.busy:
            return


def aim_for(move) -> tuple[int, int]:
    """The square to point at so the hand (in the move's orientation) covers its squares."""
    o = shape_of(move.squares)
    ax = min(x for x, _ in move.squares)
    ay = min(y for _, y in move.squares)
    px, py = pivot(o)
    return ax + px, ay + py


def turn_to(app, scene, target: int) -> None:
    """R (and F) until the hand is in orientation ``target``."""
    for flip in range(2):
        for _ in range(4):
            if scene.hand.orient == target:
                return
            app.step(0.016, events=[key(pygame.K_r)], draw=False)
        app.step(0.016, events=[key(pygame.K_f)], draw=False)
    assert scene.hand.orient == target, "R and F reach every orientation"


def place_by_events(app, scene, move) -> None:
    """Pick the piece in its tray, turn it, point and click, like a player."""
    tray = scene.board.tray_of(move.colour)
    slot = tray.slots[PIECES.index(move.piece)]
    app.step(0.016, events=[click(slot.center)], draw=False)
    assert (scene.hand.colour, scene.hand.piece) == (move.colour, move.piece)
    turn_to(app, scene, shape_of(move.squares))
    centre = scene.geo.centre(aim_for(move))
    app.step(0.016, events=[motion(centre)], draw=False)
    app.step(0.016, events=[click(centre)], draw=False)


def pass_by_events(app, scene) -> None:
    app.step(0.016, events=[key(pygame.K_p)], draw=False)
    if scene.passing.open:
        app.step(0.016, events=[key(pygame.K_p)], draw=False)


def random_game(players: int, seed: int, stop_at: int | None = None):
    """A finished (or ``stop_at`` plies long) game of random placements."""
    state = CITY_BLOCKS.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.over and (stop_at is None or state.ply < stop_at):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    return state

