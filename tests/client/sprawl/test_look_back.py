"""Looking back at an earlier move of a live Sprawl match shows that position alone: the
glow of the legal squares, the piece in hand, the hint and a computer's choice belong
to the present and are not drawn over the past."""

from __future__ import annotations

import random

import pygame

import client.games.sprawl.marks as marks
from client.games.sprawl.game import MatchScene
from client.scenes.seats import HumanSeat

from ..conftest import key, show


def test_looking_back_draws_no_mark_of_the_present(app, monkeypatch):
    scene = MatchScene(app, seats=[HumanSeat(name=n) for n in ("Ann", "Bo", "Cy")], seed=3, players=3)
    show(app, scene)
    rng = random.Random(4)
    for _ in range(4):
        scene.play(scene.match.state.legal_moves().random(rng))
    drawn: list[str] = []
    for name in ("draw_glow", "draw_hand", "draw_ghost", "draw_computer"):
        real = getattr(marks, name)
        monkeypatch.setattr(marks, name, lambda *a, _n=name, _r=real: (drawn.append(_n), _r(*a))[1])
    app.step(1 / 60, events=[], draw=True)
    assert "draw_glow" in drawn and "draw_hand" in drawn   # the present: its marks
    drawn.clear()
    scene.listing.look_back(1)
    assert scene.listing.looking_back == 1
    app.step(1 / 60, events=[], draw=True)
    assert drawn == [], drawn
    scene.handle_event(key(pygame.K_ESCAPE))
    app.step(1 / 60, events=[], draw=True)
    assert scene.listing.looking_back is None and "draw_hand" in drawn
