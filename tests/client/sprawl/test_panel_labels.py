"""Every seat panel keeps who plays it beside its colour: a label too long for the header
shrinks, then ends in "…", never falls back to the colour alone for some seats only."""

from __future__ import annotations

import pytest

from client.games.sprawl import look
from client.games.sprawl.score import ScoreScene
from client.seat_words import computer_words
from shared import i18n

from ..conftest import show
from ..test_score_names import drawn_words
from .helpers import random_game


@pytest.mark.parametrize("language", ["sk", "fr"])
def test_each_computer_panel_says_computer_in_an_eight_seat_count(app, monkeypatch, language):
    i18n.set_language(language)
    try:
        app.set_size((896, 560))
        state = random_game(8, 3)
        names = [""] + [computer_words("easy")] * 7
        scene = ScoreScene(app, state, names=names, show=False)
        show(app, scene)
        drawn = drawn_words(app, monkeypatch)
        app.step(1 / 60, events=[])
        for seat in range(1, 8):
            colour = look.name(seat)
            assert colour not in drawn, f"{colour}'s panel lost who plays it"
            assert any(t.startswith(f"{colour} (") for t in drawn), f"{colour}'s panel names who plays it"
    finally:
        i18n.set_language("en")
        app.set_size((1280, 800))
