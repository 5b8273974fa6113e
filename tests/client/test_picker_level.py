"""Vs computer: the level chosen is remembered (the options keep it) for the next game."""

from client.scenes.picker import GamePickerScene


def test_the_chosen_level_is_kept_for_the_next_game(app):
    picker = GamePickerScene(app, "computer")
    assert picker.level == "easy"
    picker._set_level("hard")
    assert app.options.computer_level == "hard"
    again = GamePickerScene(app, "computer")
    assert again.level == "hard" and "hard" in again.chosen()
