"""Looking back at an earlier move of a live City Blocks match shows that position alone:
where the piece in hand fits, its ghost and the hint belong to the present and are not
drawn over the past."""

from __future__ import annotations

import random

import pygame

import client.games.cityblocks.marks as marks
from client.games.cityblocks.game import MatchScene
from client.scenes.seats import HumanSeat

from ..conftest import show


def test_looking_back_draws_no_mark_of_the_present(app, monkeypatch):
    scene = MatchScene(app, seats=[HumanSeat(name=n) for n in ("Ann", "Bo")], seed=3, players=2)
    show(app, scene)
    rng = random.Random(4)
    for _ in range(3):
        scene.play(scene.match.state.legal_moves().random(rng))
    app.step(1 / 60, events=[], draw=True)
    drawn: list[str] = []
    for name in ("draw_fit", "draw_ghost", "draw_computer", "draw_online"):
        real = getattr(marks, name)
        monkeypatch.setattr(marks, name, lambda *a, _n=name, _r=real: (drawn.append(_n), _r(*a))[1])
    scene.control.show_fit = True
    app.step(1 / 60, events=[], draw=True)
    assert "draw_fit" in drawn and "draw_ghost" in drawn   # the present: its marks
    drawn.clear()
    scene.listing.look_back(1)
    assert scene.listing.looking_back == 1 and scene.state is not scene.match.state
    app.step(1 / 60, events=[], draw=True)
    assert drawn == [], drawn
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(1 / 60, events=[], draw=True)
    assert scene.listing.looking_back is None and "draw_fit" in drawn
