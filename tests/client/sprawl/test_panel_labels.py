"""Every seat panel says who plays it: beside its colour while the label fits the header;
when one label does not (after shrinking), every panel writes its colour in the header
and who plays it whole on a line of its own, never the colour alone for some seats only."""

from __future__ import annotations

import pytest

from client.games.sprawl import look
from client.games.sprawl.replay import ReplayScene
from client.games.sprawl.score import ScoreScene
from client.seat_words import computer_words
from shared import i18n
from shared.sprawl import SPRAWL

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
        who = computer_words("easy")
        if scene.board.names_below:  # the colours alone in the headers, who plays under each
            assert drawn.count(who[:1].upper() + who[1:]) == 7
        else:
            for seat in range(1, 8):
                colour = look.name(seat)
                assert any(t.startswith(f"{colour} (") for t in drawn), f"{colour}'s panel names who plays it"
    finally:
        i18n.set_language("en")
        app.set_size((1280, 800))


def test_long_names_get_a_line_of_their_own_and_short_ones_stay_beside(app, monkeypatch):
    """A replay's long names would end in "…" beside the colours at the small window."""
    state = random_game(4, 8)
    long_names = "Maximilian Alexander, Bartholomew Jones, Cornelia Fitzgerald, Dorothea Weiss"
    app.set_size((896, 560))
    try:
        for names, below in ((long_names, True), ("Ann, Bob, Cy, Di", False)):
            scene = ReplayScene.from_text(app, SPRAWL.write_record(state, {"Seats": names}), "names")
            show(app, scene)
            drawn = drawn_words(app, monkeypatch)
            app.step(1 / 60, events=[])
            monkeypatch.undo()
            assert scene.board.names_below is below
            for seat, name in enumerate(names.split(", ")):
                if below:
                    assert name in drawn and look.name(seat) in drawn, "drawn whole, apart"
                else:
                    assert scene.seat_label(seat) in drawn
    finally:
        app.set_size((1280, 800))


def test_the_panels_measure_their_labels_again_only_when_one_changes(app, monkeypatch):
    """Measuring every label each frame cost a tenth of a millisecond: a still frame
    measures nothing, and a label that changes is measured (and decided) again."""
    state = random_game(4, 8)
    long_names = "Maximilian Alexander, Bartholomew Jones, Cornelia Fitzgerald, Dorothea Weiss"
    app.set_size((896, 560))
    try:
        scene = ReplayScene.from_text(app, SPRAWL.write_record(state, {"Seats": long_names}), "names")
        show(app, scene)
        app.step(1 / 60, events=[])
        assert scene.board.names_below
        measured: list[str] = []
        fits = app.text.fits
        monkeypatch.setattr(app.text, "fits", lambda text, *a, **k: measured.append(text) or fits(text, *a, **k))
        app.step(1 / 60, events=[])
        assert measured == [] and scene.board.names_below
        monkeypatch.setattr(scene, "seat_label", lambda seat: look.name(seat))
        app.step(1 / 60, events=[])
        assert measured and not scene.board.names_below
    finally:
        app.set_size((1280, 800))
