"""Driving the Sprawl match screen with real pygame events, as a person would."""

from __future__ import annotations

import random

import pygame

from shared.sprawl import SPRAWL, Branch, Place

from ..conftest import key, motion

SIZE_KEYS = {1: pygame.K_1, 2: pygame.K_2, 3: pygame.K_3}
DIR_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))   # screen steps for n e s w


def settle(app, scene, limit: int = 400) -> None:
    """Frames (not drawn) until the screen's blocking animations are over."""
    for _ in range(limit):
        app.step(0.05, events=[], draw=False)
        if not scene.timeline.busy:
            return


def down(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def up(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)


def tap(app, pos) -> None:
    """A left click: press and release on the same spot."""
    app.step(0.016, events=[motion(pos), down(pos)], draw=False)
    app.step(0.016, events=[up(pos)], draw=False)


def play_by_events(app, scene, move) -> None:
    """Choose the size (key), the action, point and click, or drag a branch out, like a player."""
    app.step(0.016, events=[key(SIZE_KEYS[move.size])], draw=False)
    assert scene.hand.hand_size == move.size
    centre = scene.geo.centre(move.square)
    if isinstance(move, Branch):
        dx, dy = DIR_STEP[move.direction]
        end = (centre[0] + int(dx * scene.geo.cell * 0.45), centre[1] + int(dy * scene.geo.cell * 0.45))
        app.step(0.016, events=[motion(centre), down(centre)], draw=False)
        app.step(0.016, events=[motion(end)], draw=False)
        assert scene.hand.drag_dir == move.direction
        app.step(0.016, events=[up(end)], draw=False)
        confirm(app, scene, move)
        return
    if isinstance(move, Place) and move.extra:
        app.step(0.016, events=[motion(centre), down(centre, 3)], draw=False)
        index = scene.hand.chooser.index(move)
        app.step(0.016, events=[key(pygame.K_DOWN)] * (index + 1) + [key(pygame.K_RETURN)], draw=False)
        if scene.hand.armed == move:  # it ends the game or strands a seat: a second pick plays it
            app.step(0.016, events=[key(pygame.K_RETURN)], draw=False)
        return
    if isinstance(move, Place):
        app.step(0.016, events=[key(pygame.K_p)], draw=False)
        assert scene.hand.action == "place"
    tap(app, centre)
    confirm(app, scene, move)


def confirm(app, scene, move) -> None:
    """The second click that a move ending the game (or stranding a seat) asks for."""
    if scene.hand.armed is not None:
        assert scene.hand.armed == move and scene.hand.warning(move)
        tap(app, scene.geo.centre(move.square))


def random_game(players: int, seed: int, stop_at: int | None = None, **options):
    """A finished (or ``stop_at`` plies long) game of random legal moves."""
    state = SPRAWL.new_state({"players": players, **options}, seed)
    rng = random.Random(seed)
    while not state.is_over() and (stop_at is None or state.ply < stop_at):
        state = state.play(state.legal_moves().random(rng))[0]
    return state

