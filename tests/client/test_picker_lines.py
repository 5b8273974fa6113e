"""The local-game picker's lines under the rows are whole (nothing cut off at the box's
edge) and clear of the buttons, in every language at 1280x800 and 1024x640, also after
a seat changes to a computer (which adds what its level does)."""

import pytest

from client.scenes.picker import PERSON, GamePickerScene
from shared import i18n

from .conftest import show


@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("game,count", [("city-blocks", 3), ("city-blocks", 4), ("sprawl", 5), ("alien-city", 2)])
def test_the_pickers_lines_are_whole(app, lang, size, game, count):
    i18n.set_language(lang)
    try:
        app.set_size(size)
        picker = GamePickerScene(app, "local")
        show(app, picker)
        picker.choose_game(game)
        if count != picker.count:
            picker.set_count(count)
        app.step(1 / 60, events=[], draw=True)
        levels = picker.levels()
        for seat in range(1, picker.count):   # a person and computers of every level
            picker._set_player(seat, levels[(seat - 1) % len(levels)])
        app.step(1 / 60, events=[], draw=True)
        assert PERSON in picker.players
        said = picker.describe()
        assert any("F2" in line for line in said)
        t, size_px = app.text, picker.desc_size
        lines = sum(len(t.wrap(line, size_px, picker.desc_rect.w)) for line in said)
        assert picker.desc_rect.y + lines * (size_px + 6) - 6 <= picker.box.bottom, "lines cut off"
        assert picker.box.bottom < picker.start_button.rect.top and size_px >= 11
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
@pytest.mark.parametrize("mode", ["local", "computer"])
@pytest.mark.parametrize("count", [6, 8])
def test_many_seats_keep_the_rows_and_their_lines_off_the_buttons(app, lang, mode, count):
    """Sprawl's 6-8 seats at 896x560: every row, and the lines under them, end above the
    Back and Start buttons (lines that find no room are left unsaid, not drawn under)."""
    i18n.set_language(lang)
    try:
        app.set_size((896, 560))
        picker = GamePickerScene(app, mode)
        show(app, picker)
        picker.choose_game("sprawl")
        picker.set_count(count)
        picker.build_rows()
        picker.resize(picker.size)
        app.step(1 / 60, events=[], draw=True)
        top = min(picker.back_button.rect.top, picker.start_button.rect.top)
        assert all(row.rect.bottom <= top for row in picker.menu.rows)
        assert picker.desc_rect.bottom <= picker.box.bottom <= top
        assert all(row.rect.h >= 22 for row in picker.menu.rows), "rows stay readable"
    finally:
        i18n.set_language("en")
        app.set_size((1280, 800))
