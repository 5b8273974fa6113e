"""Vs computer: the level chosen is remembered (the options keep it) for the next game."""

from client.scenes.picker import GamePickerScene


def test_the_chosen_level_is_kept_for_the_next_game(app):
    picker = GamePickerScene(app, "computer")
    assert picker.level == "easy"
    picker._set_level("hard")
    assert app.options.computer_level == "hard"
    again = GamePickerScene(app, "computer")
    assert again.level == "hard" and "hard" in again.chosen()


def test_every_games_level_descriptions_follow_the_language(app):
    """What the picker says each computer level does comes out in the language in use."""
    from shared import i18n
    for plugin in app.games:
        english = {level: plugin.describe_level(level) for level in plugin.spec.computer_levels}
        try:
            i18n.set_language("sk")
            for level in plugin.spec.computer_levels:
                assert plugin.describe_level(level) != english[level], (plugin.spec.id, level)
        finally:
            i18n.set_language("en")


def test_a_measured_level_shows_its_rating(app):
    """A level with a measured rating (the game's level_ratings.json) says it in the
    picker's lines, rounded as people read it; an unmeasured one does not."""
    from shared.gamekit.levels import level_ratings
    rated = [plugin for plugin in app.games if level_ratings(plugin.spec)]
    assert rated, "no game ships level ratings"
    picker = GamePickerScene(app, "computer")
    for plugin in app.games:
        picker.choose_game(plugin.spec.id)
        measured = level_ratings(plugin.spec)
        for level in picker.levels():  # the levels the picker offers
            picker._set_level(level)
            lines = " ".join(picker.describe())
            if level in measured:
                assert f"rated about {measured[level].about()}" in lines, (plugin.spec.id, level)
            else:
                assert "rated about" not in lines, (plugin.spec.id, level)
