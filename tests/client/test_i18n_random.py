""""Random" means two things: the computer level that plays any legal move ("Computer
(Random)" in the lobby, a seat's label) and, on the vs-computer picker, a seat drawn at
random. Slovak and French need two words (agreement, idiom), so each has its own
context; English shows "Random" for both."""

from __future__ import annotations

import pytest

from client.computer import level_name
from client.scenes.picker import GamePickerScene
from tests.i18n.marks import language


def _shown(app) -> tuple[str, str]:
    """The Random level's name and the vs-computer picker's name for the random seat."""
    picker = GamePickerScene(app, "computer")
    seats = next(row for row in picker.menu.rows if row.label == "You play")
    assert seats.values[-1] == "random"
    return level_name("random"), seats.value_names()[-1]


def test_english_says_random_for_both(app):
    assert _shown(app) == ("Random", "Random")


@pytest.mark.parametrize("lang", ["sk", "fr"])
def test_the_level_and_the_seat_get_their_own_words(app, lang):
    with language(lang):
        level, seat = _shown(app)
        assert level != seat
        assert "Random" not in (level, seat)
